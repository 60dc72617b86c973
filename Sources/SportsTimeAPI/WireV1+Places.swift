import Foundation
import SportsTimeCore

extension WireV1 {
  /// `GET /api/places`: `{places: [PlaceEntry], attribution}`.
  public struct PlaceList: Codable, Sendable, Hashable {
    /// The places found, best first.
    public var places: [PlaceEntry]
    /// The credit to show beside them (GeoNames, CC BY 4.0).
    public var attribution: String

    /// The document of `places`.
    public init(_ places: [SportsTimeCore.Place]) {
      self.places = places.map(PlaceEntry.init)
      attribution = PlaceDirectory.attribution
    }
  }

  /// One town: `{id, name, label, admin1, country, countryName, latitude,
  /// longitude, timeZone, population}`.
  public struct PlaceEntry: Codable, Sendable, Hashable {
    /// GeoNames' id (what an item write's `placeID` takes).
    public var id: Int
    /// The name ("Arlington").
    public var name: String
    /// The name with state and country ("Arlington, TX, United States").
    public var label: String
    /// The first-level division's code ("TX"; GeoNames' number elsewhere).
    public var admin1: String
    /// ISO 3166-1 alpha-2 ("US").
    public var country: String
    /// The country's English name.
    public var countryName: String
    /// Degrees.
    public var latitude: Double
    /// Degrees.
    public var longitude: Double
    /// The IANA zone.
    public var timeZone: String
    /// GeoNames' population figure.
    public var population: Int

    /// The entry of `place`.
    public init(_ place: SportsTimeCore.Place) {
      id = place.id
      name = place.name
      label = place.label
      admin1 = place.admin1
      country = place.country
      countryName = place.countryName
      latitude = place.coordinate.latitude
      longitude = place.coordinate.longitude
      timeZone = place.timeZoneID
      population = place.population
    }
  }
}

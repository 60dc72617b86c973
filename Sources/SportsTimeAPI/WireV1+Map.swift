import Foundation
import SportsTimeCore

extension WireV1 {
  /// `GET/PUT /api/map/viewport`: the stored map view (`map --json`'s
  /// `MapView` keys, the same numbers) and the venue whose card is shown:
  /// `{centerLatitude, centerLongitude, latitudeSpan, longitudeSpan,
  /// isDefault, focus}`, `focus` a venue id or null.
  public struct MapViewState: Codable, Sendable, Hashable {
    /// Degrees north.
    public var centerLatitude: Double
    /// Degrees east.
    public var centerLongitude: Double
    /// Degrees.
    public var latitudeSpan: Double
    /// Degrees.
    public var longitudeSpan: Double
    /// Whether it is the continental-US default view (the app shows
    /// "Reset View" only when it is false).
    public var isDefault: Bool
    /// The focused venue's id (its card is shown), or null.
    @OrNull public var focus: String?

    /// The document of a stored view and focus (degrees rounded as
    /// `MapView` rounds them).
    public init(_ viewport: MapViewport, focus: Venue.ID?) {
      let view = MapView(viewport)
      centerLatitude = view.centerLatitude
      centerLongitude = view.centerLongitude
      latitudeSpan = view.latitudeSpan
      longitudeSpan = view.longitudeSpan
      isDefault = view.isDefault
      self.focus = focus?.rawValue
    }
  }

  /// `GET /api/map/pins?sport=`: `{pins: [pin]}`, every venue of the sports
  /// asked for in the map's order (`Leagues.mapVenues(sports:)`), each
  /// `{venueID, name, city, latitude, longitude, sports, visits,
  /// lastVisit}` as `MapPin` counts them (visits of every sport at the
  /// venue; `lastVisit` a local date or null).
  public struct MapPins: Codable, Sendable, Hashable {
    /// One venue on the map.
    public struct Pin: Codable, Sendable, Hashable {
      /// The venue's id (`CHI11`, `td-garden`).
      public var venueID: String
      /// Its newest name.
      public var name: String
      /// Its city.
      public var city: String
      /// WGS84 degrees.
      public var latitude: Double
      /// WGS84 degrees.
      public var longitude: Double
      /// The sports played there (`["NBA", "NHL"]`).
      public var sports: [Sport]
      /// Visits recorded there (0: not visited yet).
      public var visits: Int
      /// The local date of the latest visit, or null.
      @OrNull public var lastVisit: CalendarDate?
    }

    /// The pins.
    public var pins: [Pin]

    /// The document of `pins`; `sports` gives each venue's sports.
    public init(_ pins: [MapPin], sports: (Venue.ID) -> [Sport]) {
      self.pins = pins.map { pin in
        Pin(
          venueID: pin.venue.id.rawValue, name: pin.venue.latestName, city: pin.venue.city,
          latitude: pin.venue.coordinate.latitude, longitude: pin.venue.coordinate.longitude,
          sports: sports(pin.venue.id), visits: pin.visits, lastVisit: pin.lastVisit)
      }
    }
  }

  /// `GET /api/map/tiles`: `{tiles: {urlTemplate, attribution} | null}`,
  /// the tile server `serve --tiles` configured (null: none, the map draws
  /// only the basemap).
  public struct MapTiles: Codable, Sendable, Hashable {
    /// A tile server.
    public struct Source: Codable, Sendable, Hashable {
      /// The Leaflet URL template (`{z}/{x}/{y}`).
      public var urlTemplate: String
      /// The credit line, plain text.
      public var attribution: String
    }

    /// The configured source, or null.
    @OrNull public var tiles: Source?

    /// The document of `source`.
    public init(_ source: MapTileSource?) {
      tiles = source.map { Source(urlTemplate: $0.urlTemplate, attribution: $0.attribution) }
    }
  }
}

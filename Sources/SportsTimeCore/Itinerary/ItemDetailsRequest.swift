import Foundation

/// A custom item's details as a traveller gave them, before any rule: what
/// every front end reads (the API's JSON members, the CLI's options) and
/// turns into the item's changes with `changes(locating:directory:)`, so the
/// same details are refused by the same rule everywhere (issue 29).
///
/// `PlaceKey` is how the front end names a town of the list of towns (the
/// API: the search's id as the JSON number sent; the CLI: the name typed);
/// the front end looks it up, the rule only says when one may be given.
///
/// ```swift
/// var request = ItemDetailsRequest<String>()
/// request.latitude = .some(41.9)
/// try request.changes(locating: { _ in nil }, directory: nil)
/// // throws ItemDetailsError(.pointHalfGiven, field: .longitude)
/// ```
public struct ItemDetailsRequest<PlaceKey: Sendable & Hashable>: Sendable, Hashable {
  /// New title; nil leaves it.
  public var title: String?
  /// New category as typed (`restaurant`, `hotel`, `activity`, `note`,
  /// in any case, spaces around it ignored); nil leaves it.
  public var category: String?
  /// New local time as typed (`HH:MM`, 24-hour, spaces around it
  /// ignored); nil leaves it, `.some(nil)` clears it.
  public var time: String??
  /// New latitude in degrees (north positive); nil leaves it, `.some(nil)`
  /// clears the location (with the longitude cleared too).
  public var latitude: Double??
  /// New longitude in degrees (east positive); as `latitude`.
  public var longitude: Double??
  /// A town of the list of towns whose point, name and zone the item
  /// takes; nil leaves the location. Not with a point.
  public var place: PlaceKey?
  /// New street address; nil leaves it, `.some(nil)` clears it.
  public var address: String??

  /// Details that change nothing.
  public init() {}

  /// Details with these members.
  public init(
    title: String? = nil, category: String? = nil, time: String?? = nil,
    latitude: Double?? = nil, longitude: Double?? = nil, place: PlaceKey? = nil,
    address: String?? = nil
  ) {
    self.title = title
    self.category = category
    self.time = time
    self.latitude = latitude
    self.longitude = longitude
    self.place = place
    self.address = address
  }

  /// The item's changes these details ask for (absent members unchanged),
  /// checked by the one rule every front end shares: a category of
  /// `ItemCategory`, a time as `HH:MM`, a point given whole (both degrees,
  /// on the map) or cleared whole (both null), and a town or a point, not
  /// both. Only then is the town looked up.
  /// - Parameters:
  ///   - locating: the front end's lookup of a town; it throws its own
  ///     error for a key that names none (a search id no longer in the
  ///     list, a name shared by several towns).
  ///   - directory: the list of towns, for the zone of a point's nearest
  ///     town; nil when it is not at hand (the item then takes the nearest
  ///     venue's zone).
  /// - Throws: `ItemDetailsError` naming the detail at fault; what
  ///   `locating` throws.
  public func changes(
    locating: (PlaceKey) throws -> Place, directory: @autoclosure () -> PlaceDirectory?
  ) throws -> CustomItemChanges {
    try apply(locating: { try locating($0) }, directory: directory())
  }

  /// Checks the details by the rule of `changes(locating:directory:)`
  /// without looking a town up: what a front end can say before it opens
  /// anything (the CLI's usage errors).
  /// - Throws: `ItemDetailsError` naming the detail at fault.
  public func check() throws {
    _ = try apply(locating: { _ in nil }, directory: nil)
  }

  /// The rule; a town `locating` gives no place for is left alone.
  private func apply(
    locating: (PlaceKey) throws -> Place?, directory: @autoclosure () -> PlaceDirectory?
  ) throws -> CustomItemChanges {
    var changes = CustomItemChanges()
    if let title { changes.title = title }
    if let text = category {
      // In any case, spaces around it ignored (as typed on a command line).
      let key = text.trimmingCharacters(in: .whitespaces).lowercased()
      guard let category = ItemCategory(rawValue: key) else {
        throw ItemDetailsError(.unknownCategory(String(text.prefix(80))), field: .category)
      }
      changes.category = category
    }
    switch time {
    case nil: break
    case .some(nil): changes.time = .some(nil)
    case .some(let text?):
      // Spaces around it are not part of it (a shell's quotes keep them).
      guard let time = ClockTime(text.trimmingCharacters(in: .whitespaces)) else {
        throw ItemDetailsError(.badTime(String(text.prefix(80))), field: .time)
      }
      changes.time = .some(time)
    }
    if let place {
      // A town of the list of towns: its point, name and zone.
      guard latitude == nil, longitude == nil else {
        throw ItemDetailsError(.placeAndPoint, field: .place)
      }
      if let town = try locating(place) { changes.locate(ItemLocation(place: town)) }
    } else {
      switch (latitude, longitude) {
      case (nil, nil): break
      // Null clears the point (a null beside an absent member too).
      case (.some(nil), .some(nil)), (.some(nil), nil), (nil, .some(nil)): changes.locate(nil)
      case (.some(nil), .some(_?)):
        // Cleared together: a number beside a null is a contradiction.
        throw ItemDetailsError(.pointHalfCleared, field: .latitude)
      case (.some(_?), .some(nil)):
        throw ItemDetailsError(.pointHalfCleared, field: .longitude)
      case (.some(let lat?), .some(let lon?)):
        guard let coordinate = Coordinate(latitude: lat, longitude: lon) else {
          throw ItemDetailsError(
            .pointOffMap,
            field: Coordinate.latitudeRange.contains(lat) ? .longitude : .latitude)
        }
        changes.locate(ItemLocation(point: coordinate, directory: directory()))
      case (nil, _?):
        throw ItemDetailsError(.pointHalfGiven, field: .latitude)
      case (_?, nil):
        throw ItemDetailsError(.pointHalfGiven, field: .longitude)
      }
    }
    switch address {
    case nil: break
    case .some(let value): changes.address = .some(value)
    }
    return changes
  }
}

/// Custom item details refused by `ItemDetailsRequest.changes`: which rule,
/// and the detail at fault. Each front end names the details its own way
/// (the API: `lat` in `field` and "the latitude" in words; the CLI:
/// `--lat`), so the words differ only in those names.
public struct ItemDetailsError: Error, Sendable, Hashable {
  /// A detail, as the message and `field` name it.
  public enum Field: Sendable, Hashable, CaseIterable {
    /// The title.
    case title
    /// The category.
    case category
    /// The local time.
    case time
    /// The point's latitude.
    case latitude
    /// The point's longitude.
    case longitude
    /// The point as a whole (latitude and longitude), in words only.
    case point
    /// A town of the list of towns.
    case place
    /// The street address.
    case address
  }

  /// The rule the details broke.
  public enum Rule: Sendable, Hashable {
    /// A category that is none of `ItemCategory` (the text, at most 80
    /// characters).
    case unknownCategory(String)
    /// A time that is not `HH:MM` (the text, at most 80 characters).
    case badTime(String)
    /// One of the latitude and longitude without the other.
    case pointHalfGiven
    /// One of them cleared and the other given.
    case pointHalfCleared
    /// A latitude outside −90…90 or a longitude outside −180…180.
    case pointOffMap
    /// A town and a point both.
    case placeAndPoint
  }

  /// The rule broken.
  public var rule: Rule
  /// The detail at fault: the one to fix.
  public var field: Field

  /// The refusal of `rule`, at `field`.
  public init(_ rule: Rule, field: Field) {
    self.rule = rule
    self.field = field
  }

  /// The refusal in words, each detail named by `name` (e.g. `.latitude`
  /// as "the latitude" or "--lat"); one sentence.
  public func message(naming name: (Field) -> String) -> String {
    switch rule {
    case .unknownCategory(let text):
      return "\(name(.category)) must be restaurant, hotel, activity or note (got '\(text)')"
    case .badTime(let text):
      return "\(name(.time)) must be HH:MM, 24-hour (got '\(text)')"
    case .pointHalfGiven:
      return "Give both \(name(.latitude)) and \(name(.longitude)), or neither."
    case .pointHalfCleared:
      return
        "Give both \(name(.latitude)) and \(name(.longitude)), or clear both to remove the point."
    case .pointOffMap:
      return
        "That point is not on the map: \(name(.latitude)) goes from -90 (south) to 90 (north) and \(name(.longitude)) from -180 (west) to 180 (east), in degrees."
    case .placeAndPoint:
      return "Give either \(name(.place)) or \(name(.point)), not both."
    }
  }
}

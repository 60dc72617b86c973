import Foundation

/// A town or city of GeoNames' `cities5000` list (every populated place of
/// 5,000 people or more; `../shared/data/places/cities5000.csv`, CC BY 4.0:
/// credit "GeoNames (www.geonames.org)" where it is shown).
public struct Place: Sendable, Hashable {
  /// GeoNames' id (`4671654` is Arlington, Texas).
  public var id: Int
  /// The name as GeoNames spells it, accents included ("Montréal").
  public var name: String
  /// ISO 3166-1 alpha-2 country code ("US").
  public var country: String
  /// The first-level division: a US state's two letters ("TX"), else
  /// GeoNames' own code ("08" for Ontario).
  public var admin1: String
  /// WGS84 degrees.
  public var coordinate: Coordinate
  /// GeoNames' figure (of uneven dates).
  public var population: Int
  /// The IANA time zone of the place ("America/Chicago").
  public var timeZoneID: String

  /// Creates a place; see the properties.
  public init(
    id: Int, name: String, country: String, admin1: String, coordinate: Coordinate,
    population: Int, timeZoneID: String
  ) {
    self.id = id
    self.name = name
    self.country = country
    self.admin1 = admin1
    self.coordinate = coordinate
    self.population = population
    self.timeZoneID = timeZoneID
  }

  /// The country's English name ("United States"), the code when unknown.
  public var countryName: String { PlaceDirectory.countryName(country) }

  /// The place as a person tells it from another of the same name: the
  /// name, the state's letters in the United States (GeoNames' other
  /// division codes are numbers that say nothing to a reader, so they are
  /// left out) and the country: "Arlington, TX, United States",
  /// "Toronto, Canada".
  public var label: String {
    "\(name)\(hasLetterDivision ? ", \(admin1)" : ""), \(countryName)"
  }

  /// What a person types for this place when its name is shared: the
  /// state's letters in the United States ("Arlington, TX"), else the
  /// country ("Toronto, Canada").
  public var shortLabel: String {
    country == "US" && hasLetterDivision ? "\(name), \(admin1)" : "\(name), \(countryName)"
  }

  private var hasLetterDivision: Bool { !admin1.isEmpty && admin1.allSatisfy(\.isLetter) }
}

/// Why a typed place names no one town (`PlaceDirectory.place(named:)`).
public enum PlaceError: ClassifiedError, Sendable, Hashable, CustomStringConvertible {
  /// No town of the list has this name; `suggestions` are labels of towns
  /// whose name starts with it (at most 5, largest first).
  case noPlace(String, suggestions: [String])
  /// Several towns have this name: their labels, largest first (at most 8),
  /// and how many there are.
  case ambiguous(String, candidates: [String], count: Int, example: String)
  /// Nothing was typed.
  case empty

  /// Bad input: the traveller can say it another way.
  public var kind: ErrorKind { self == .empty ? .invalidInput : .notFound }

  /// The problem in a traveller's words, with the way forward.
  public var description: String {
    switch self {
    case .noPlace(let text, let suggestions):
      let typed = TextNormalization.excerpt(text)
      if suggestions.isEmpty {
        return
          "No town or city of 5,000 people or more is called “\(typed)”; check the spelling, or give the point's coordinates instead."
      }
      return
        "No town is called exactly “\(typed)”; did you mean \(suggestions.joined(separator: "; or "))?"
    case .ambiguous(let text, let candidates, let count, let example):
      let more = count > candidates.count ? " and \(count - candidates.count) more" : ""
      return
        "“\(TextNormalization.excerpt(text))” is the name of \(count) places: \(candidates.joined(separator: "; "))\(more). Say which with its state or country, as in “\(example)”."
    case .empty:
      return "Type the name of a town or city, as in “Arlington, TX”."
    }
  }
}

/// GeoNames' towns of 5,000 people or more, searched by name: the place
/// search of the item dialog and of `item add --place` (issue 28, 9a).
///
/// A search text is a name, then optionally a state (letters or name) and
/// a country (code or English name), separated by commas: "Arlington",
/// "Arlington, TX", "arlington, virginia", "Paris, France". Case and
/// accents do not matter ("montreal" finds Montréal).
public struct PlaceDirectory: Sendable {
  /// Every place, largest first (the file's order).
  public let places: [Place]
  /// Each place's folded name and ASCII name (`fold`), by index.
  private let keys: [(name: String, ascii: String)]

  /// The columns of `cities5000.csv`.
  public static let columns = [
    "geonameid", "name", "asciiname", "country", "admin1", "latitude", "longitude", "population",
    "timezone",
  ]

  /// The directory of a `cities5000.csv` text (header `columns`, one place
  /// a row).
  /// - Parameter file: the file's name, for errors.
  /// - Throws: `FileFormatError` naming the line and column of a row that
  ///   is not a place (a wrong field count, an id, coordinate or population
  ///   that is not a number, coordinates out of range, an empty name or
  ///   zone).
  public init(csv text: String, file: String) throws {
    var places: [Place] = []
    var keys: [(name: String, ascii: String)] = []
    for record in try CSV.table(text, file: file, columns: Self.columns) {
      try record.checkFieldCount(Self.columns.count, file: file)
      let f = record.fields
      func bad(_ column: String, _ why: String) -> FileFormatError {
        FileFormatError(file: file, line: record.line, field: column, message: why)
      }
      guard let id = Int(f[0]) else { throw bad("geonameid", "not a whole number") }
      guard !f[1].isEmpty else { throw bad("name", "empty") }
      guard let lat = Double(f[5]), let lon = Double(f[6]),
        let coordinate = Coordinate(latitude: lat, longitude: lon)
      else { throw bad("latitude", "not a latitude and longitude in degrees") }
      guard let population = Int(f[7]) else { throw bad("population", "not a whole number") }
      guard !f[8].isEmpty else { throw bad("timezone", "empty") }
      places.append(
        Place(
          id: id, name: f[1], country: f[3], admin1: f[4], coordinate: coordinate,
          population: population, timeZoneID: f[8]))
      keys.append((Self.fold(f[1]), Self.fold(f[2].isEmpty ? f[1] : f[2])))
    }
    self.places = places
    self.keys = keys
  }

  /// The directory of the file at `path`.
  /// - Throws: `FileError` when it cannot be read; `FileFormatError` as
  ///   `init(csv:file:)`.
  public static func load(path: String) throws -> PlaceDirectory {
    try PlaceDirectory(
      csv: try TextFile.readString(atPath: path), file: (path as NSString).lastPathComponent)
  }

  /// The place with GeoNames id `id`, if the list has it.
  public func place(id: Int) -> Place? {
    places.first { $0.id == id }
  }

  /// The places `text` finds, best first: names equal to its first part
  /// before names starting with it, each group largest first; every
  /// further part (after a comma) must be the place's state (letters or
  /// name) or its country (code or name), or the start of a state's or
  /// country's name.
  ///
  /// ```swift
  /// directory.search("Arlington").map(\.label)
  /// // ["Arlington, TX, United States", "Arlington, VA, United States", …]
  /// directory.search("arlington, va").first?.label   // "Arlington, VA, United States"
  /// ```
  /// - Parameter limit: the most places answered.
  /// - Complexity: O(n) in the number of places.
  public func search(_ text: String, limit: Int = 8) -> [Place] {
    let found = matches(text)
    return Array((found.exact + found.prefix).prefix(max(0, limit)))
  }

  /// The one place `text` names: the only place whose name is the text's
  /// first part, among those its further parts allow (see `search`).
  /// - Throws: `PlaceError.ambiguous` listing the candidates when several
  ///   have that name ("Arlington": Texas, Virginia, …), `.noPlace` with
  ///   the names that start so when none has it, `.empty` for no text.
  public func place(named text: String) throws -> Place {
    let found = matches(text)
    guard !Self.fold(text).isEmpty else { throw PlaceError.empty }
    if found.exact.count == 1 { return found.exact[0] }
    if found.exact.count > 1 {
      throw PlaceError.ambiguous(
        text.trimmingSpaces(), candidates: found.exact.prefix(8).map(\.label),
        count: found.exact.count, example: found.exact[0].shortLabel)
    }
    throw PlaceError.noPlace(
      text.trimmingSpaces(), suggestions: found.prefix.prefix(5).map(\.label))
  }

  /// The place nearest to `point` (great-circle distance), nil for an
  /// empty directory: whose time zone an item at a point takes.
  /// - Complexity: O(n).
  public func nearest(to point: Coordinate) -> Place? {
    // A cheap equirectangular measure picks the candidate; near the poles
    // and across the antimeridian it is still monotonic enough to compare
    // the few closest exactly.
    var best: [(Double, Int)] = []
    let cosLat = cos(point.latitude * .pi / 180)
    for (index, place) in places.enumerated() {
      var dLon = abs(place.coordinate.longitude - point.longitude)
      if dLon > 180 { dLon = 360 - dLon }
      let dLat = place.coordinate.latitude - point.latitude
      let measure = dLat * dLat + (dLon * cosLat) * (dLon * cosLat)
      if best.count < 8 {
        best.append((measure, index))
        best.sort { $0.0 < $1.0 }
      } else if let last = best.last, measure < last.0 {
        best[best.count - 1] = (measure, index)
        best.sort { $0.0 < $1.0 }
      }
    }
    return best.map { places[$0.1] }.min {
      $0.coordinate.distance(to: point) < $1.coordinate.distance(to: point)
    }
  }

  private func matches(_ text: String) -> (exact: [Place], prefix: [Place]) {
    let parts = text.split(separator: ",").map { Self.fold(String($0)) }.filter { !$0.isEmpty }
    guard let name = parts.first else { return ([], []) }
    let qualifiers = parts.dropFirst()
    var exact: [Place] = []
    var prefix: [Place] = []
    for (index, key) in keys.enumerated() {
      let isExact = key.name == name || key.ascii == name
      guard isExact || key.name.hasPrefix(name) || key.ascii.hasPrefix(name) else { continue }
      let place = places[index]
      guard qualifiers.allSatisfy({ Self.qualifies(place, $0) }) else { continue }
      if isExact { exact.append(place) } else { prefix.append(place) }
    }
    return (exact, prefix)
  }

  /// Whether `qualifier` (folded) is `place`'s state or country.
  private static func qualifies(_ place: Place, _ qualifier: String) -> Bool {
    let admin1 = fold(place.admin1)
    let country = fold(place.country)
    let countryName = fold(place.countryName)
    if qualifier == admin1 || qualifier == country || qualifier == countryName { return true }
    if countryName.hasPrefix(qualifier) && qualifier.count >= 3 { return true }
    if ["usa", "u.s.", "u.s.a.", "america"].contains(qualifier) && place.country == "US" {
      return true
    }
    if place.country == "US", let state = usStates[place.admin1].map(fold) {
      return state == qualifier || (qualifier.count >= 3 && state.hasPrefix(qualifier))
    }
    return false
  }

  /// Lower case, accents and surrounding spaces removed, inner runs of
  /// spaces one space.
  static func fold(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    )
    .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The English name of a country code ("United States"); the code when
  /// Foundation does not know it.
  static func countryName(_ code: String) -> String {
    if code == "US" { return "United States" }
    return Locale(identifier: "en_US").localizedString(forRegionCode: code) ?? code
  }

  /// The US states, DC and the territories by their letters.
  static let usStates: [String: String] = [
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
    "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois",
    "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
    "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
    "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York",
    "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma",
    "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina",
    "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
    "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin",
    "WY": "Wyoming", "PR": "Puerto Rico", "GU": "Guam", "VI": "U.S. Virgin Islands",
  ]

  /// What to show wherever these places are shown (CC BY 4.0).
  public static let attribution = "Places: GeoNames (www.geonames.org), CC BY 4.0"
}

/// Where a custom item is: a point, the town it was chosen as, and the
/// zone of its place — what an item's location is written with (issue 28,
/// 9a). A town chosen by name gives all three; a point (set on the map or
/// typed) takes the zone of the nearest town, and has no town name.
public struct ItemLocation: Sendable, Hashable {
  /// WGS84 degrees.
  public var coordinate: Coordinate
  /// `Place.label` of a chosen town; nil for a bare point.
  public var placeName: String?
  /// The IANA zone of the place; nil when no town list was at hand (the
  /// item then takes the nearest venue's zone, as before places).
  public var timeZoneID: String?

  /// The location of the town `place`.
  public init(place: Place) {
    coordinate = place.coordinate
    placeName = place.label
    timeZoneID = place.timeZoneID
  }

  /// The location of `point`, in the zone of the nearest town of
  /// `directory` (none without one).
  public init(point: Coordinate, directory: PlaceDirectory?) {
    coordinate = point
    placeName = nil
    timeZoneID = directory?.nearest(to: point)?.timeZoneID
  }
}

extension CustomItemChanges {
  /// Sets the item's new location whole (`coordinate`, `placeName`,
  /// `placeTimeZoneID`); nil clears it.
  public mutating func locate(_ location: ItemLocation?) {
    coordinate = .some(location?.coordinate)
    placeName = location?.placeName
    placeTimeZoneID = location?.timeZoneID
  }
}

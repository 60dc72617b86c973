import Foundation

/// Outlines drawn beneath the progress map's pins, read from a GeoJSON
/// `FeatureCollection` (RFC 7946) such as the US states file in
/// `../shared/data/basemap/us-states.json`.
///
/// Only `Polygon` and `MultiPolygon` geometries are kept; features with
/// other geometries (or none) are skipped. Positions are `[longitude,
/// latitude]` in WGS84 degrees (a third value, altitude, is ignored).
///
/// Quirks handled while reading (see `../shared/data/basemap/SOURCE.md`):
///
/// - **Codes come from names.** A feature named after a US state, the
///   District of Columbia or Puerto Rico gets its USPS code as `id`,
///   whatever the file says, so the file's Mississippi (`"id": "MI"`, the
///   same as Michigan) becomes `MS` and its District of Columbia (`"11"`,
///   a FIPS code) becomes `DC`. Other features keep the file's `id` (a
///   string or a number), else `feature-N` (1-based). An id that is still
///   repeated gets `-2`, `-3`, … so ids stay unique.
/// - **Longitudes beyond ±180°** (the file's western Aleutians reach
///   −188.9°) are wrapped by whole turns into −180 ..< 180; the map draws
///   each ring continuously (`MapProjection.continuousLongitudes(_:)`), so
///   such a ring still appears west of Alaska.
///
/// ```swift
/// let states = try Basemap(geoJSON: data, file: "us-states.json")
/// states.features.count                           // 52
/// states.feature("MS")?.name                      // "Mississippi"
/// ```
public struct Basemap: Sendable, Hashable {
  /// One outlined area (a state): its rings, grouped by polygon.
  public struct Feature: Sendable, Hashable {
    /// A unique code: the USPS code for a US state, DC or Puerto Rico, else
    /// the file's id, else `feature-N`.
    public var id: String
    /// The file's own `id`, as text, if it had one (`"MI"`, `"11"`).
    public var fileID: String?
    /// `properties.name`, or `""` when the file has none.
    public var name: String
    /// Polygons; each is a list of rings, the first the outer boundary and
    /// the others holes. Positions in degrees, longitudes −180 ..< 180.
    public var polygons: [[[Coordinate]]]

    /// Creates a feature; see the properties.
    public init(id: String, fileID: String? = nil, name: String, polygons: [[[Coordinate]]]) {
      self.id = id
      self.fileID = fileID
      self.name = name
      self.polygons = polygons
    }

    /// How many positions the feature has, over all rings.
    public var positionCount: Int { polygons.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } } }
  }

  /// The features in file order.
  public var features: [Feature]

  /// Creates a basemap from features already built.
  public init(features: [Feature]) {
    self.features = features
  }

  /// The name of the world's countries file that is drawn under a states
  /// file when it sits beside it: `world-countries.json` (Natural Earth
  /// 1:110m Admin 0, public domain; `../shared/data/basemap/SOURCE.md`).
  public static let countriesFileName = "world-countries.json"

  /// The countries file beside `states` (same folder, `countriesFileName`),
  /// if there is one and it is not `states` itself.
  public static func countriesFile(beside states: URL) -> URL? {
    let countries = states.deletingLastPathComponent().appendingPathComponent(countriesFileName)
    guard countries.standardizedFileURL != states.standardizedFileURL,
      FileManager.default.isReadableFile(atPath: countries.path)
    else { return nil }
    return countries
  }

  /// `states` drawn over `countries`: the countries' features first (so
  /// every map draws them beneath), each with the id `country-N` (1-based,
  /// in file order: a country's name must not take a state's code, as
  /// Georgia would take GA), then the states' as they are.
  public init(countries: Basemap, states: Basemap) {
    let under = countries.features.enumerated().map { index, feature in
      Feature(
        id: "country-\(index + 1)", fileID: feature.fileID, name: feature.name,
        polygons: feature.polygons)
    }
    self.features = under + states.features
  }

  /// The feature with `id` (after the fixes above), if any.
  public func feature(_ id: String) -> Feature? { features.first { $0.id == id } }

  /// Reads a GeoJSON `FeatureCollection`.
  /// - Parameters:
  ///   - data: the file's bytes (UTF-8 JSON).
  ///   - file: the file's name as the user gave it, for error messages.
  /// - Throws: `FileFormatError` naming the JSON path of the first problem:
  ///   not JSON, not a `FeatureCollection`, a ring with fewer than 3
  ///   positions, a position that is not two finite numbers, or a latitude
  ///   outside −90…90.
  /// - Complexity: O(n) in the number of positions.
  public init(geoJSON data: Data, file: String) throws {
    let collection: GeoJSONCollection
    do {
      collection = try JSONDecoder().decode(GeoJSONCollection.self, from: data)
    } catch let error as DecodingError {
      throw Basemap.formatError(error, file: file)
    } catch {
      throw FileFormatError(
        file: file, line: nil, field: nil, message: "cannot read it as JSON (\(error))")
    }
    guard collection.type == "FeatureCollection" else {
      throw FileFormatError(
        file: file, line: nil, field: "type",
        message: "expected a GeoJSON FeatureCollection, found '\(collection.type)'")
    }
    var features: [Feature] = []
    var used: [String: Int] = [:]
    for (index, raw) in collection.features.enumerated() {
      let place = "features[\(index)].geometry.coordinates"
      let polygons: [[[[Double]]]]
      switch raw.geometry {
      case .polygon(let rings): polygons = [rings]
      case .multiPolygon(let list): polygons = list
      case .other, nil: continue
      }
      var converted: [[[Coordinate]]] = []
      for (p, rings) in polygons.enumerated() {
        var polygon: [[Coordinate]] = []
        for (r, ring) in rings.enumerated() {
          let ringPlace =
            raw.geometry?.isMulti == true ? "\(place)[\(p)][\(r)]" : "\(place)[\(r)]"
          polygon.append(try Basemap.ring(ring, file: file, place: ringPlace))
        }
        converted.append(polygon)
      }
      let name = raw.name ?? ""
      var id = Basemap.postalCodes[name.lowercased()] ?? raw.id ?? "feature-\(index + 1)"
      let seen = used[id, default: 0]
      used[id] = seen + 1
      if seen > 0 { id += "-\(seen + 1)" }
      features.append(Feature(id: id, fileID: raw.id, name: name, polygons: converted))
    }
    self.features = features
  }

  /// Checks and converts one ring of `[longitude, latitude]` positions.
  private static func ring(_ positions: [[Double]], file: String, place: String) throws
    -> [Coordinate]
  {
    guard positions.count >= 3 else {
      throw FileFormatError(
        file: file, line: nil, field: place,
        message: "a ring needs at least 3 positions, found \(positions.count)")
    }
    return try positions.enumerated().map { i, position in
      guard position.count >= 2, position[0].isFinite, position[1].isFinite,
        (-90...90).contains(position[1])
      else {
        throw FileFormatError(
          file: file, line: nil, field: "\(place)[\(i)]",
          message:
            "expected [longitude, latitude] in degrees (latitude −90…90), found \(position)")
      }
      return Coordinate(
        checkedLatitude: position[1], longitude: MapViewport.wrappedLongitude(position[0]))
    }
  }

  /// A decoding failure as a `FileFormatError` naming its JSON path.
  private static func formatError(_ error: DecodingError, file: String) -> FileFormatError {
    func path(_ keys: [CodingKey]) -> String? {
      guard !keys.isEmpty else { return nil }
      var text = ""
      for key in keys {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text
    }
    switch error {
    case .dataCorrupted(let context):
      let keys = context.codingPath
      return FileFormatError(
        file: file, line: nil, field: path(keys),
        message: keys.isEmpty ? "not valid JSON" : context.debugDescription)
    case .keyNotFound(let key, let context):
      return FileFormatError(
        file: file, line: nil, field: path(context.codingPath),
        message: "missing '\(key.stringValue)'")
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      return FileFormatError(
        file: file, line: nil, field: path(context.codingPath),
        message: "expected \(Basemap.jsonKind(type))")
    @unknown default:
      return FileFormatError(file: file, line: nil, field: nil, message: "\(error)")
    }
  }

  /// "a number", "an array", … for a Swift type the decoder wanted.
  private static func jsonKind(_ type: Any.Type) -> String {
    if type == Double.self { return "a number" }
    if type == String.self { return "a string" }
    if type is [Any].Type || String(describing: type).hasPrefix("Array") { return "an array" }
    return "a JSON object"
  }

  /// USPS codes by lowercased name: the 50 states, DC and Puerto Rico.
  static let postalCodes: [String: String] = {
    let pairs = [
      ("Alabama", "AL"), ("Alaska", "AK"), ("Arizona", "AZ"), ("Arkansas", "AR"),
      ("California", "CA"), ("Colorado", "CO"), ("Connecticut", "CT"), ("Delaware", "DE"),
      ("District of Columbia", "DC"), ("Florida", "FL"), ("Georgia", "GA"), ("Hawaii", "HI"),
      ("Idaho", "ID"), ("Illinois", "IL"), ("Indiana", "IN"), ("Iowa", "IA"), ("Kansas", "KS"),
      ("Kentucky", "KY"), ("Louisiana", "LA"), ("Maine", "ME"), ("Maryland", "MD"),
      ("Massachusetts", "MA"), ("Michigan", "MI"), ("Minnesota", "MN"), ("Mississippi", "MS"),
      ("Missouri", "MO"), ("Montana", "MT"), ("Nebraska", "NE"), ("Nevada", "NV"),
      ("New Hampshire", "NH"), ("New Jersey", "NJ"), ("New Mexico", "NM"), ("New York", "NY"),
      ("North Carolina", "NC"), ("North Dakota", "ND"), ("Ohio", "OH"), ("Oklahoma", "OK"),
      ("Oregon", "OR"), ("Pennsylvania", "PA"), ("Rhode Island", "RI"),
      ("South Carolina", "SC"), ("South Dakota", "SD"), ("Tennessee", "TN"), ("Texas", "TX"),
      ("Utah", "UT"), ("Vermont", "VT"), ("Virginia", "VA"), ("Washington", "WA"),
      ("West Virginia", "WV"), ("Wisconsin", "WI"), ("Wyoming", "WY"), ("Puerto Rico", "PR"),
    ]
    return Dictionary(uniqueKeysWithValues: pairs.map { ($0.0.lowercased(), $0.1) })
  }()
}

// MARK: GeoJSON as decoded

/// The top level of a GeoJSON file (only what the basemap needs).
private struct GeoJSONCollection: Decodable {
  var type: String
  var features: [GeoJSONFeature]

  enum CodingKeys: String, CodingKey {
    case type, features
  }

  init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    type = try c.decode(String.self, forKey: .type)
    // A non-collection has no features; `type` is checked by the caller.
    features =
      type == "FeatureCollection" ? try c.decode([GeoJSONFeature].self, forKey: .features) : []
  }
}

/// One feature: its id (string or number), `properties.name` and geometry.
private struct GeoJSONFeature: Decodable {
  var id: String?
  var name: String?
  var geometry: GeoJSONGeometry?

  enum CodingKeys: String, CodingKey {
    case id, properties, geometry
  }

  enum PropertyKeys: String, CodingKey {
    case name
  }

  init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    if let text = try? c.decode(String.self, forKey: .id) {
      id = text
    } else if let number = try? c.decode(Int.self, forKey: .id) {
      id = String(number)
    }
    if let properties = try? c.nestedContainer(keyedBy: PropertyKeys.self, forKey: .properties) {
      name = try? properties.decode(String.self, forKey: .name)
    }
    geometry = try c.decodeIfPresent(GeoJSONGeometry.self, forKey: .geometry)
  }
}

/// A geometry: the polygon kinds the basemap draws, or another kind.
private enum GeoJSONGeometry: Decodable {
  case polygon([[[Double]]])
  case multiPolygon([[[[Double]]]])
  case other

  enum CodingKeys: String, CodingKey {
    case type, coordinates
  }

  var isMulti: Bool {
    if case .multiPolygon = self { return true }
    return false
  }

  init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    switch try c.decode(String.self, forKey: .type) {
    case "Polygon": self = .polygon(try c.decode([[[Double]]].self, forKey: .coordinates))
    case "MultiPolygon":
      self = .multiPolygon(try c.decode([[[[Double]]]].self, forKey: .coordinates))
    default: self = .other
    }
  }
}

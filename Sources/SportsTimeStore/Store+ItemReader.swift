import Foundation
import SportsTimeCore

/// A trip's items read in place from the statement (`RowReader`): the
/// columns are resolved to indices once per statement, ids are parsed from
/// the column's bytes, and only the texts an item keeps become `String`s.
/// The same rules as `Store.item(from: Row)`, which stays for single rows.
extension Store {
  /// The indices of `SELECT * FROM itinerary_items`'s columns.
  struct ItemColumns {
    let id: Int32
    let tripID: Int32
    let day: Int32
    let sortOrder: Int32
    let kind: Int32
    let title: Int32
    let category: Int32
    let time: Int32
    let timeZone: Int32
    let latitude: Int32
    let longitude: Int32
    let address: Int32
    let fromStop: Int32
    let toStop: Int32
    let fromVenue: Int32
    let toVenue: Int32
    let fromName: Int32
    let toName: Int32
    let distance: Int32
    let duration: Int32
    let travelMode: Int32
    let createdAt: Int32
    let modifiedAt: Int32

    /// Resolves every column `item(from:_:)` reads.
    /// - Throws: `StoreError.noSuchColumn` for a missing one.
    init(_ c: ResultColumns) throws {
      id = try c.index("id")
      tripID = try c.index("trip_id")
      day = try c.index("day")
      sortOrder = try c.index("sort_order")
      kind = try c.index("kind")
      title = try c.index("title")
      category = try c.index("category")
      time = try c.index("time")
      timeZone = try c.index("time_zone")
      latitude = try c.index("latitude")
      longitude = try c.index("longitude")
      address = try c.index("address")
      fromStop = try c.index("from_stop")
      toStop = try c.index("to_stop")
      fromVenue = try c.index("from_venue")
      toVenue = try c.index("to_venue")
      fromName = try c.index("from_name")
      toName = try c.index("to_name")
      distance = try c.index("distance_meters")
      duration = try c.index("duration_seconds")
      travelMode = try c.index("travel_mode")
      createdAt = try c.index("created_at")
      modifiedAt = try c.index("modified_at")
    }
  }

  /// The stored items of `sql` (a `SELECT *` of `itinerary_items`), read
  /// in place.
  /// - Throws: as `item(from: Row)`, or `StoreError`.
  func readItems(_ sql: String, _ arguments: [SQLValue]) throws -> [ItineraryItem] {
    var items: [ItineraryItem] = []
    try serialized {
      try database.forEachRow(sql, arguments, resolve: ItemColumns.init) { row, columns in
        items.append(try Store.item(from: row, columns))
      }
    }
    return items
  }

  /// The item of the row `row` is on (`item(from: Row)`'s rules and errors).
  static func item(from row: RowReader, _ c: ItemColumns) throws -> ItineraryItem {
    func corrupt(_ column: String, _ value: String) -> StoreError {
      .corruptValue(
        table: "itinerary_items", id: (try? row.string(c.id)) ?? "", column: column, value: value)
    }
    guard let id = try row.withText(c.id, ItineraryItem.ID.init(parsingUTF8:)) else {
      throw corrupt("id", try row.string(c.id))
    }
    guard let tripID = try row.withText(c.tripID, Trip.ID.init(parsingUTF8:)) else {
      throw corrupt("trip_id", try row.string(c.tripID))
    }
    let kindText = try row.string(c.kind)
    let kind: ItineraryItem.Kind
    switch kindText {
    case "travel":
      let fromVenue = try row.optionalString(c.fromVenue)
      let toVenue = try row.optionalString(c.toVenue)
      var mode = TravelMode.drive
      if let modeText = try row.optionalString(c.travelMode) {
        guard let stored = TravelMode(rawValue: modeText) else {
          throw corrupt("travel_mode", modeText)
        }
        mode = stored
      }
      let info = TravelInfo(
        fromStop: try row.optionalInt(c.fromStop), toStop: try row.optionalInt(c.toStop),
        fromVenueID: fromVenue.map { Venue.ID($0) }, toVenueID: toVenue.map { Venue.ID($0) },
        fromName: try row.optionalString(c.fromName) ?? "?",
        toName: try row.optionalString(c.toName) ?? "?",
        distanceMeters: try row.optionalDouble(c.distance) ?? 0,
        durationSeconds: try row.optionalDouble(c.duration) ?? 0, mode: mode)
      kind = .travel(info)
    case "custom":
      let categoryText = try row.optionalString(c.category) ?? "note"
      guard let category = ItemCategory(rawValue: categoryText) else {
        throw corrupt("category", categoryText)
      }
      var time: ClockTime?
      if let text = try row.optionalString(c.time) {
        guard let t = ClockTime(text) else { throw corrupt("time", text) }
        time = t
      }
      var coordinate: Coordinate?
      if let lat = try row.optionalDouble(c.latitude),
        let lon = try row.optionalDouble(c.longitude)
      {
        guard let point = Coordinate(latitude: lat, longitude: lon) else {
          throw corrupt("latitude/longitude", "\(lat),\(lon)")
        }
        coordinate = point
      }
      kind = .custom(
        CustomInfo(
          title: try row.optionalString(c.title) ?? "", category: category, time: time,
          timeZoneID: try row.optionalString(c.timeZone), coordinate: coordinate,
          address: try row.optionalString(c.address)))
    default:
      throw corrupt("kind", kindText)
    }
    return ItineraryItem(
      id: id, tripID: tripID, day: try row.int(c.day), sortOrder: try row.double(c.sortOrder),
      kind: kind, createdAt: Date(timeIntervalSinceReferenceDate: try row.double(c.createdAt)),
      modifiedAt: Date(timeIntervalSinceReferenceDate: try row.double(c.modifiedAt)))
  }
}

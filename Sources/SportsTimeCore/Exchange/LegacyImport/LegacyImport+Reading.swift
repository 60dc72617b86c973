import Foundation

extension LegacyImport {
  // MARK: Reading

  /// Reads a legacy file.
  /// - Parameters:
  ///   - data: the file's bytes (UTF-8 JSON).
  ///   - file: the name used in errors.
  /// - Throws: `FileFormatError` naming the file and the field path (e.g.
  ///   `trips[0].customItems[2].anchorType`) of the first problem: not
  ///   JSON, a missing or mistyped field, a bad id, date, time, category,
  ///   anchor type or coordinate, a blank or too long title or address, a
  ///   name refused by `Trip.validatedName(_:)`, an anchor day that is no
  ///   date, a repeated trip id, trip name, game or item id, a malformed
  ///   override key.
  public static func read(_ data: Data, file: String) throws -> LegacyFile {
    func fail(_ field: String?, _ message: String) -> FileFormatError {
      FileFormatError(file: file, line: nil, field: field, message: message)
    }
    let object = try JSONText.object(
      data, file: file, topLevel: "a JSON object with a \"trips\" array")
    guard let tripList = object["trips"] as? [Any] else {
      guard object["trips"] == nil, object["format"] as? String == TripExchange.format else {
        throw fail("trips", "missing or not an array")
      }
      var error = fail("trips", Remedy.importAsTrip.reason(for: "missing"))
      error.remedy = .importAsTrip
      throw error
    }
    let reader = FieldReader(fail: fail)
    var trips: [LegacyTrip] = []
    var tripIDs: [Trip.ID: String] = [:]
    var names: [String: String] = [:]
    var itemIDs: [ItineraryItem.ID: String] = [:]
    for (i, element) in tripList.enumerated() {
      let at = "trips[\(i)]"
      guard let o = element as? [String: Any] else { throw fail(at, "not an object") }
      let id = Trip.ID(try reader.uuid(o, "id", at: at))
      if let first = tripIDs[id] {
        throw fail("\(at).id", "trip \(id) is also \(first)")
      }
      tripIDs[id] = at
      let name = try reader.tripName(o, "name", at: at)
      if let first = names[TextNormalization.key(name)] {
        throw fail("\(at).name", "the name '\(name)' is also used by \(first)")
      }
      names[TextNormalization.key(name)] = at
      guard let gameList = reader.value(o, "games") as? [Any] else {
        throw fail("\(at).games", "missing or not an array of game ids")
      }
      var gameIDs: [String] = []
      for (j, g) in gameList.enumerated() {
        guard let gameID = g as? String else { throw fail("\(at).games[\(j)]", "not text") }
        guard !gameIDs.contains(gameID) else {
          throw fail("\(at).games[\(j)]", "game \(gameID) is listed twice")
        }
        gameIDs.append(gameID)
      }
      let start = try reader.date(o, "startDate", at: at)
      let end = try reader.date(o, "endDate", at: at)
      var items: [LegacyItem] = []
      if let value = reader.value(o, "customItems") {
        guard let list = value as? [Any] else {
          throw fail("\(at).customItems", "not an array of objects")
        }
        for (j, element) in list.enumerated() {
          let item = try readItem(element, index: j, at: "\(at).customItems[\(j)]", reader: reader)
          // An unresolved anchor keeps its day (Unscheduled when outside the
          // trip), so the day must be a real date, as `trip import` requires.
          if start.addingWithinCalendar(days: item.anchorDay - 1) == nil {
            throw fail(
              "\(item.path).anchorDay",
              "Day \(item.anchorDay) of a trip starting \(start) is not a date (years 1 to 9999)")
          }
          if let first = itemIDs[item.id] {
            throw fail(
              "\(item.path).id", "item \(item.id) is also \(first)")
          }
          itemIDs[item.id] = item.path
          items.append(item)
        }
      }
      var overrides: [LegacyOverride] = []
      if let value = reader.value(o, "travelDayOverrides") {
        guard let map = value as? [String: Any] else {
          throw fail("\(at).travelDayOverrides", "not an object of \"from->to\": day")
        }
        var keys: [String: String] = [:]
        for key in map.keys.sorted() {
          let here = "\(at).travelDayOverrides[\(JSONValue.quote(key))]"
          let parts = key.components(separatedBy: "->").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
          }
          guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw fail(here, "'\(key)' does not name a leg as \"from->to\"")
          }
          let normalised = "\(TextNormalization.key(parts[0]))->\(TextNormalization.key(parts[1]))"
          if let other = keys[normalised] {
            throw fail(here, "'\(key)' and '\(other)' name the same leg")
          }
          keys[normalised] = key
          guard let v = map[key], !(v is NSNull), let d = reader.number(v), d == d.rounded(),
            abs(d) < 1e6
          else {
            throw fail(here, "not a whole day number")
          }
          overrides.append(
            LegacyOverride(key: key, from: parts[0], to: parts[1], day: Int(d), path: here))
        }
      }
      trips.append(
        LegacyTrip(
          id: id, name: name, gameIDs: gameIDs, startDate: start, endDate: end, items: items,
          overrides: overrides, path: at))
    }
    return LegacyFile(file: file, trips: trips)
  }

  static func readItem(_ element: Any, index: Int, at: String, reader: FieldReader) throws
    -> LegacyItem
  {
    guard let o = element as? [String: Any] else { throw reader.fail(at, "not an object") }
    let id = ItineraryItem.ID(try reader.uuid(o, "id", at: at))
    let title = try reader.text(o, "title", as: .itemTitle, at: at)
    let categoryText = try reader.string(o, "category", at: at)
    guard
      let category = ItemCategory.allCases.first(where: {
        $0.rawValue == categoryText.trimmingCharacters(in: .whitespaces).lowercased()
      })
    else {
      throw reader.fail(
        "\(at).category", "'\(categoryText)' is not restaurant, hotel, activity or note")
    }
    let anchorText = try reader.string(o, "anchorType", at: at)
    guard let anchorType = LegacyAnchorType(rawValue: anchorText) else {
      throw reader.fail(
        "\(at).anchorType", "'\(anchorText)' is not startOfDay, afterGame or afterTravel")
    }
    let anchorID = try reader.optionalString(o, "anchorId", at: at)
    let anchorDay = try reader.int(o, "anchorDay", at: at)
    let sortOrder = try reader.int(o, "sortOrder", at: at)
    var coordinate: Coordinate?
    let lat = try reader.optionalFinite(o, "latitude", at: at)
    let lon = try reader.optionalFinite(o, "longitude", at: at)
    if let lat, let lon {
      guard let point = Coordinate(latitude: lat, longitude: lon) else {
        throw reader.fail("\(at).latitude", "(\(lat), \(lon)) is not a coordinate in degrees")
      }
      coordinate = point
    } else if lat != nil {
      throw reader.fail("\(at).longitude", "missing: latitude and longitude go together")
    } else if lon != nil {
      throw reader.fail("\(at).latitude", "missing: latitude and longitude go together")
    }
    var time: ClockTime?
    if let text = try reader.optionalString(o, "time", at: at) {
      guard let t = ClockTime(text) else {
        throw reader.fail("\(at).time", "'\(text)' is not a time as HH:MM")
      }
      time = t
    }
    let address = try reader.optionalText(o, "address", as: .address, at: at)
    return LegacyItem(
      id: id, title: title, category: category, anchorType: anchorType, anchorID: anchorID,
      anchorDay: anchorDay, sortOrder: sortOrder, coordinate: coordinate,
      address: address, time: time, fileIndex: index,
      path: at)
  }

}

import Foundation
import XCTest

@testable import SportsTimeStore

/// `sportstime trip new|list|show|delete` against the real 2024 schedule.
/// Shares the imported schedule, the real trips (`tightTrip`, `loopTrip`)
/// and `showJSON` with the editing tests (`ItineraryTestCase`).
final class TripCommandTests: ItineraryTestCase {
  func tripList() throws -> [TripListJSON] {
    try decode([TripListJSON].self, try runOK(["trip", "list", "--json"]).stdout)
  }

  /// Checks the itinerary against the rules every trip must follow: one header
  /// per day on consecutive dates; each game under the header of its own local
  /// date; one travel row per change of venue, between the two games, tied to
  /// those venues; validDays from the day of the departure stop's last game to
  /// the day of the arrival stop's first game (DESIGN.md, CONS-02/03).
  func assertWellFormed(
    _ itinerary: ItineraryJSON, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let trip = itinerary.trip
    XCTAssertEqual(itinerary.dayRows.count, trip.dayCount, file: file, line: line)
    XCTAssertEqual(itinerary.dayRows.first?.date, trip.startDate, file: file, line: line)
    XCTAssertEqual(itinerary.dayRows.last?.date, trip.endDate, file: file, line: line)
    let calendar: Calendar = {
      var c = Calendar(identifier: .gregorian)
      c.timeZone = TimeZone(identifier: "UTC")!
      return c
    }()
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.timeZone = calendar.timeZone
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    let start = try XCTUnwrap(formatter.date(from: trip.startDate), file: file, line: line)
    for (index, row) in itinerary.dayRows.enumerated() {
      XCTAssertEqual(row.day, index + 1, file: file, line: line)
      XCTAssertEqual(row.id, "day:\(index + 1)", file: file, line: line)
      let expected = formatter.string(from: calendar.date(byAdding: .day, value: index, to: start)!)
      XCTAssertEqual(row.date, expected, "Day \(index + 1)", file: file, line: line)
      XCTAssertNil(row.sortOrder, file: file, line: line)
      XCTAssertTrue(row.title.hasPrefix("Day \(index + 1) · "), row.title, file: file, line: line)
    }
    XCTAssertEqual(
      itinerary.rows.map(\.number), Array(1...itinerary.rows.count), file: file, line: line)
    var currentDay: ItineraryJSON.Row?
    for row in itinerary.rows {
      if row.kind == "day" {
        currentDay = row
        continue
      }
      XCTAssertEqual(
        row.day, currentDay?.day, "\(row.id) sits under its day", file: file, line: line)
      XCTAssertEqual(row.date, currentDay?.date, "\(row.id) date", file: file, line: line)
      if row.kind == "game" {
        XCTAssertEqual(row.id, "game:\(row.gameID ?? "")", file: file, line: line)
        XCTAssertEqual(
          row.start.map { String($0.prefix(10)) }, row.date, row.id, file: file, line: line)
      }
    }
    // Stops: runs of consecutive games at one venue; one travel row per leg.
    let games = itinerary.gameRows
    var stops: [String] = []
    for game in games where stops.last != game.venueID { stops.append(game.venueID ?? "?") }
    let travel = itinerary.travelRows
    XCTAssertEqual(
      travel.count, max(0, stops.count - 1), "one travel item per leg", file: file, line: line)
    for row in travel {
      let index = try XCTUnwrap(itinerary.rows.firstIndex { $0.id == row.id })
      let before = itinerary.rows[..<index].last { $0.kind == "game" }
      let after = itinerary.rows[(index + 1)...].first { $0.kind == "game" }
      XCTAssertEqual(row.fromVenueID, before?.venueID, row.title, file: file, line: line)
      XCTAssertEqual(row.toVenueID, after?.venueID, row.title, file: file, line: line)
      XCTAssertNotEqual(row.fromVenueID, row.toVenueID, file: file, line: line)
      if let before, let after {
        XCTAssertEqual(row.validDays, [before.day, after.day], row.title, file: file, line: line)
      }
      if let range = row.validDays, range.count == 2 {
        XCTAssertTrue((range[0]...range[1]).contains(row.day), row.title, file: file, line: line)
      }
      XCTAssertEqual(row.title, "\(row.from ?? "") → \(row.to ?? "")", file: file, line: line)
      XCTAssertGreaterThan(row.distanceMeters ?? 0, 0, file: file, line: line)
      XCTAssertGreaterThan(row.durationSeconds ?? 0, 0, file: file, line: line)
      XCTAssertTrue(row.id.hasPrefix("item:"), row.id, file: file, line: line)
      XCTAssertNotNil(UUID(uuidString: String(row.id.dropFirst(5))), row.id, file: file, line: line)
    }
  }

  // MARK: trip new

  func testTripNew_teamAtDateAndIdsBuildDaysStopsAndLegs() throws {
    let result = try run(Self.loopTrip)
    XCTAssertEqual(result.status, 0, result.description)
    XCTAssertEqual(result.stderr, "", "no leg of this trip is tight")
    let first = try XCTUnwrap(result.stdoutLines.first)
    XCTAssertNotNil(
      first.range(
        of:
          #"^Created trip "Chicago Loop" \([0-9a-f]{8}\): 13 days, 6 games at 4 stops, 3 travel legs\.$"#,
        options: .regularExpression), first)
    let itinerary = try showJSON("Chicago Loop")
    try assertWellFormed(itinerary)
    XCTAssertEqual(
      itinerary.trip.name, "Chicago Loop")
    XCTAssertEqual(itinerary.trip.startDate, "2024-06-03")
    XCTAssertEqual(itinerary.trip.endDate, "2024-06-15")
    XCTAssertEqual(itinerary.trip.dayCount, 13)
    XCTAssertTrue(
      first.contains("(\(itinerary.trip.id.prefix(8)))"), "the short id is the trip id's prefix")
    XCTAssertEqual(
      itinerary.gameRows.map(\.gameID),
      [
        "CHN202406040", "CHN202406050", "CHA202406060", "MIL202406100", "MIL202406110",
        "CHN202406140",
      ])
    XCTAssertEqual(itinerary.gameRows.map(\.day), [2, 3, 4, 8, 9, 12])
    // A city visited twice and two parks in one city each keep their own legs.
    XCTAssertEqual(
      itinerary.travelRows.map(\.title),
      [
        "Wrigley Field → Guaranteed Rate Field", "Guaranteed Rate Field → Milwaukee",
        "Milwaukee → Wrigley Field",
      ])
    XCTAssertEqual(itinerary.travelRows.map(\.validDays), [[3, 4], [4, 8], [9, 12]])
    XCTAssertEqual(itinerary.travelRows.map(\.fromVenueID), ["CHI11", "CHI12", "MIL06"])
    XCTAssertEqual(itinerary.travelRows.map(\.toVenueID), ["CHI12", "MIL06", "CHI11"])
    // Default placement: the first valid day, after the departure games.
    XCTAssertEqual(itinerary.travelRows.map(\.day), [3, 4, 9])
    XCTAssertEqual(itinerary.travelRows.map(\.tight), [false, false, false])
    XCTAssertEqual(itinerary.unscheduled.count, 0)
    // The text printed by `trip new` is the same itinerary `trip show` prints.
    let show = try runOK(["trip", "show", "Chicago Loop"]).stdoutLines
    XCTAssertEqual(Array(result.stdoutLines.dropFirst(2)), [show[0]] + show.dropFirst(3))
  }

  func testTripNew_defaultDaysRunFromFirstToLastGame() throws {
    try runOK(["trip", "new", "Short", "--game", "CHC@2024-06-04", "--game", "MIL@2024-06-07"])
    let itinerary = try showJSON("Short")
    try assertWellFormed(itinerary)
    XCTAssertEqual(itinerary.trip.startDate, "2024-06-04")
    XCTAssertEqual(itinerary.trip.endDate, "2024-06-07")
    XCTAssertEqual(itinerary.trip.dayCount, 4)
    // MIL@2024-06-07 is the Brewers' game that day, away at Detroit.
    XCTAssertEqual(itinerary.gameRows.map(\.gameID), ["CHN202406040", "DET202406070"])
    XCTAssertEqual(itinerary.travelRows.map(\.validDays), [[1, 4]])
  }

  func testTripNew_secondGameOfDoubleheader() throws {
    try runOK(["trip", "new", "Twin Bill", "--game", "NYM@2024-05-28#2"])
    let itinerary = try showJSON("Twin Bill")
    XCTAssertEqual(itinerary.gameRows.map(\.gameID), ["NYN202405282"])
    // The makeup from May 27 takes the 13:10 slot; the Mets' own night game
    // keeps 19:10 and is game 2.
    XCTAssertEqual(itinerary.gameRows.first?.start, "2024-05-28T19:10:00-04:00")
    try runOK(["trip", "new", "Both", "--game", "NYM@2024-05-28#2", "--game", "NYM@2024-05-28#1"])
    let both = try showJSON("Both")
    try assertWellFormed(both)
    XCTAssertEqual(
      both.gameRows.map(\.gameID), ["NYN202405281", "NYN202405282"], "start-time order")
    XCTAssertEqual(both.gameRows.map(\.sortOrder), [100, 101])
    XCTAssertEqual(both.travelRows.count, 0, "one venue, no leg")
  }

  func testTripNew_cancelledGameRefusedAndNothingSaved() throws {
    try assertFailure(
      ["trip", "new", "Rainout", "--game", "CHC@2024-06-04", "--game", "CLE202409290"],
      containing: ["CLE202409290", "cancelled"])
    try assertFailure(
      ["trip", "new", "Rainout", "--game", "CLE@2024-09-29"],
      containing: ["CLE202409290", "cancelled"])
    XCTAssertEqual(try tripList(), [])
    XCTAssertEqual(
      try runOK(["trip", "list"]).stdout,
      "No trips yet in \(database.path). Build one: sportstime trip new NAME --game G --game G …\n")
  }

  func testTripNew_startAfterEndRefusedAndNothingSaved() throws {
    let result = try run([
      "trip", "new", "Backwards", "--game", "CHC@2024-06-04", "--start", "2024-06-05", "--end",
      "2024-06-01",
    ])
    XCTAssertEqual(result.status, 64, result.description)
    XCTAssertEqual(result.stderrLines.first, "Error: --start 2024-06-05 is after --end 2024-06-01")
    XCTAssertEqual(try tripList(), [])
  }

  func testTripNew_gameOutsideStartEndRefused() throws {
    try assertFailure(
      [
        "trip", "new", "Outside", "--game", "CHC@2024-06-04", "--game", "CHC@2024-06-05", "--start",
        "2024-06-05", "--end", "2024-06-08",
      ],
      containing: [
        "CHN202406040", "2024-06-04", "outside the trip's days 2024-06-05 to 2024-06-08",
      ])
    try assertFailure(
      [
        "trip", "new", "Outside", "--game", "CHC@2024-06-04", "--start", "2024-06-01", "--end",
        "2024-06-03",
      ],
      containing: ["CHN202406040"])
    XCTAssertEqual(try tripList(), [])
  }

  func testTripNew_duplicateNameRefused() throws {
    try runOK(["trip", "new", "Once", "--game", "CHC@2024-06-04"])
    let before = try runOK(["trip", "list", "--json"]).stdout
    try assertFailure(
      ["trip", "new", "Once", "--game", "MIL@2024-06-10"],
      containing: ["a trip called 'Once' already exists"])
    XCTAssertEqual(try runOK(["trip", "list", "--json"]).stdout, before)
    XCTAssertEqual(try tripList().map(\.name), ["Once"])
  }

  /// Second review of issue 8, items 2 to 4: invisible characters in a
  /// name do not make it another name. A combining grapheme joiner, a
  /// Hangul filler, a variation selector or a braille blank (all kept
  /// before) in "Great Lakes Loop" is refused as a duplicate by `trip new`
  /// and `trip rename`; an id behind one is refused as an id; a name of
  /// only such characters is refused as empty, saying why.
  func testTripNames_invisibleCharactersDoNotMakeAnotherName() throws {
    try runOK(["trip", "new", "Great Lakes Loop", "--game", "CHC@2024-06-04"])
    try runOK(["trip", "new", "Other", "--game", "MIL@2024-06-10"])
    let baseline = try snapshot()
    let taken =
      "Error: a trip called 'Great Lakes Loop' already exists; pick another name or delete it first\n"
    for name in [
      "Great Lakes Loop\u{34F}", "Great\u{115F} Lakes Loop", "great lakes loop\u{FE0F}",
      "Great Lakes\u{2800}Loop", "G\u{17B4}reat Lakes Loop\u{1D173}",
    ] {
      let new = try assertRefused(
        ["trip", "new", name, "--game", "DET202406070"], containing: [], baseline: baseline)
      XCTAssertEqual(new.stderr, taken, name.debugDescription)
      let rename = try assertRefused(
        ["trip", "rename", "Other", name], containing: [], baseline: baseline)
      XCTAssertEqual(rename.stderr, taken, name.debugDescription)
    }
    try assertRefused(
      ["trip", "new", "c\u{34F}afe", "--game", "DET202406070"],
      containing: ["Error: the name 'cafe' looks like a trip id"], baseline: baseline)
    try assertRefused(
      ["trip", "rename", "Other", "beef\u{FE0F}"],
      containing: [
        "looks like a trip id (names are matched ignoring case, width and invisible characters, so it reads as 'beef')"
      ], baseline: baseline)
    let empty = try assertRefused(
      ["trip", "new", "\u{34F}\u{2800}", "--game", "DET202406070"], containing: [],
      baseline: baseline)
    XCTAssertEqual(
      empty.stderr,
      "Error: a trip needs a name (the one given has only control or invisible characters)\n")
    XCTAssertEqual(try tripList().map(\.name).sorted(), ["Great Lakes Loop", "Other"])
  }

  func testTripNew_tightLegWarnsNamingBothGames() throws {
    let result = try run(Self.tightTrip)
    XCTAssertEqual(result.status, 0, result.description)
    XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
    let warning = try XCTUnwrap(result.stderrLines.first)
    XCTAssertTrue(warning.hasPrefix("Warning: Tight leg Boston → Chicago"), warning)
    // Each game by matchup, venue and start at the venue, no game ids
    // (issue 28, item 15).
    XCTAssertTrue(
      warning.contains("ATL @ BOS at Fenway Park, 1:10 pm EDT est. on Wed, Jun 5, 2024"), warning)
    XCTAssertTrue(
      warning.contains("CWS @ CHC at Wrigley Field, 7:10 pm CDT est. on Wed, Jun 5, 2024"),
      warning)
    XCTAssertFalse(warning.contains("CHN202406050"), warning)
    XCTAssertTrue(
      warning.contains("4 h 00 min"), "13:10 EDT + 3 h to 19:10 CDT leaves 4 h: \(warning)")
    XCTAssertFalse(warning.contains("Jun 4"), "only the last game before the leg counts")
    XCTAssertTrue(result.stdout.contains("Boston → Chicago"), result.stdout)
    let itinerary = try showJSON("East Swing")
    try assertWellFormed(itinerary)
    let leg = try XCTUnwrap(itinerary.travelRows.first)
    XCTAssertEqual(leg.tight, true)
    XCTAssertEqual(leg.day, 2)
    XCTAssertEqual(leg.validDays, [2, 2])
    // Strictly between the Boston and Chicago games of that day.
    XCTAssertEqual(itinerary.rows.map(\.id).filter { $0.hasPrefix("game:") }.count, 3)
    let sortOrders = itinerary.rows.filter { $0.day == 2 && $0.kind != "day" }.map {
      $0.sortOrder ?? -1
    }
    XCTAssertEqual(sortOrders, sortOrders.sorted())
    XCTAssertEqual(
      itinerary.rows.filter { $0.day == 2 && $0.kind != "day" }.map(\.kind),
      ["game", "travel", "game"])
  }

  func testTripNew_jsonIncludesWarnings() throws {
    let result = try run(Self.tightTrip + ["--json"])
    XCTAssertEqual(result.status, 0, result.description)
    let itinerary = try decode(ItineraryJSON.self, result.stdout)
    XCTAssertEqual(itinerary.warnings?.count, 1)
    // The games by matchup, venue and start, no ids (issue 28, item 15).
    XCTAssertTrue(
      itinerary.warnings?.first?.contains("ATL @ BOS at Fenway Park, 1:10 pm EDT est.") ?? false)
    XCTAssertTrue(
      itinerary.warnings?.first?.contains("CWS @ CHC at Wrigley Field, 7:10 pm CDT est.") ?? false)
    XCTAssertFalse(itinerary.warnings?.first?.contains("CHN202406050") ?? true)
    XCTAssertEqual(itinerary.trip.name, "East Swing")
    // The same rows as `trip show --json`.
    let show = try runOK(["trip", "show", "East Swing", "--json"]).stdout
    let object = try XCTUnwrap(try parseJSON(result.stdout) as? [String: Any])
    XCTAssertEqual(object.sortedKeys, ["rows", "trip", "unscheduled", "warnings"])
    let showObject = try XCTUnwrap(try parseJSON(show) as? [String: Any])
    XCTAssertEqual(
      (object["rows"] as? [[String: Any]])?.compactMap { $0["id"] as? String },
      (showObject["rows"] as? [[String: Any]])?.compactMap { $0["id"] as? String })
  }

  // MARK: trip show

  func testTripShow_textHasDayHeadersNumberedRowsAndTravelInMiles() throws {
    let result = try run(Self.tightTrip)
    XCTAssertEqual(result.status, 0)
    let itinerary = try showJSON("East Swing")
    let leg = try XCTUnwrap(itinerary.travelRows.first)
    let meters = try XCTUnwrap(leg.distanceMeters)
    let seconds = try XCTUnwrap(leg.durationSeconds)
    let miles = try runOK(["trip", "show", "East Swing"]).stdoutLines
    XCTAssertEqual(
      miles,
      [
        "East Swing · Tue, Jun 4, 2024 – Wed, Jun 5, 2024 · 2 days",
        "Game times marked est. are estimates (the schedule gives only day or night).",
        "",
        "1  Day 1 · Tue, Jun 4, 2024",
        "2      7:10 pm EDT est.  ATL @ BOS  Fenway Park, Boston",
        "3  Day 2 · Wed, Jun 5, 2024",
        "4      1:10 pm EDT est.  ATL @ BOS  Fenway Park, Boston",
        "5      🚗 Boston → Chicago · \(TravelText.distance(meters, metric: false)) · \(TravelText.duration(seconds)) · Day 2 only · tight",
        "6      7:10 pm CDT est.  CWS @ CHC  Wrigley Field, Chicago",
      ])
    // Boston to Chicago is roughly 850–1,100 road miles.
    let mi = meters / TravelText.metersPerMile
    XCTAssertTrue((850...1100).contains(mi), "\(mi) mi")
    let metric = try runOK(["trip", "show", "East Swing", "--metric"]).stdoutLines
    XCTAssertEqual(metric.count, miles.count)
    XCTAssertEqual(
      metric[7],
      "5      🚗 Boston → Chicago · \(TravelText.distance(meters, metric: true)) · \(TravelText.duration(seconds)) · Day 2 only · tight"
    )
    XCTAssertTrue(metric[7].contains(" km · "))
    XCTAssertFalse(metric.joined().contains(" mi · "))
    XCTAssertEqual(
      metric.enumerated().filter { $0.offset != 7 }.map(\.element),
      miles.enumerated().filter { $0.offset != 7 }.map(\.element))
  }

  func testTripShow_multiDayRangeTextAndRestDays() throws {
    try runOK([
      "trip", "new", "Short", "--game", "CHC@2024-06-04", "--game", "MIL@2024-06-07", "--end",
      "2024-06-08",
    ])
    let lines = try runOK(["trip", "show", "Short"]).stdoutLines
    XCTAssertEqual(lines[0], "Short · Tue, Jun 4, 2024 – Sat, Jun 8, 2024 · 5 days")
    XCTAssertEqual(lines[3], "1  Day 1 · Tue, Jun 4, 2024")
    XCTAssertEqual(lines[4], "2      7:10 pm CDT est.  CWS @ CHC  Wrigley Field, Chicago")
    XCTAssertTrue(lines[5].hasPrefix("3      🚗 Chicago → Detroit · "), lines[5])
    XCTAssertTrue(lines[5].hasSuffix(" · Days 1–4"), lines[5])
    XCTAssertTrue(lines[5].contains(" mi · "), lines[5])
    XCTAssertEqual(
      Array(lines[6...]),
      [
        "4  Day 2 · Wed, Jun 5, 2024", "5  Day 3 · Thu, Jun 6, 2024", "6  Day 4 · Fri, Jun 7, 2024",
        "7      7:10 pm EDT est.  MIL @ DET  Comerica Park, Detroit", "8  Day 5 · Sat, Jun 8, 2024",
      ])
  }

  func testTripShowJSON_shape() throws {
    try run(Self.tightTrip)
    let text = try runOK(["trip", "show", "East Swing", "--json"]).stdout
    let object = try XCTUnwrap(try parseJSON(text) as? [String: Any])
    XCTAssertEqual(object.sortedKeys, ["rows", "trip", "unscheduled"])
    let trip = try XCTUnwrap(object["trip"] as? [String: Any])
    XCTAssertEqual(trip.sortedKeys, ["dayCount", "endDate", "id", "name", "startDate"])
    XCTAssertNotNil(UUID(uuidString: trip.string("id") ?? ""))
    XCTAssertEqual(trip.string("id"), trip.string("id")?.lowercased())
    XCTAssertEqual(trip.string("name"), "East Swing")
    XCTAssertEqual(trip.string("startDate"), "2024-06-04")
    XCTAssertEqual(trip.string("endDate"), "2024-06-05")
    XCTAssertEqual(trip.int("dayCount"), 2)
    XCTAssertEqual((object["unscheduled"] as? [Any])?.count, 0)
    let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
    XCTAssertEqual(
      rows.compactMap { $0.string("kind") }, ["day", "game", "day", "game", "travel", "game"])
    let common = ["date", "day", "id", "kind", "number", "sortOrder", "title"]
    for row in rows {
      switch row.string("kind") {
      case "day":
        XCTAssertEqual(row.sortedKeys, (common + ["cannotBeDone"]).sorted())
        XCTAssertTrue(row.isNull("sortOrder"), "day rows have a null sortOrder")
        XCTAssertEqual(row["cannotBeDone"] as? [String], [], "both days can be done")
      case "game":
        XCTAssertEqual(
          row.sortedKeys,
          (common + [
            "gameID", "sport", "start", "startText", "venueID", "timeEstimated", "timeUnknown",
            "status", "originalDate",
          ]).sorted())
        XCTAssertEqual(row.string("sport"), "MLB")
        XCTAssertNotNil(row.double("sortOrder"))
      case "travel":
        XCTAssertEqual(
          row.sortedKeys,
          (common + [
            "from", "to", "fromVenueID", "toVenueID", "distanceMeters", "durationSeconds",
            "validDays", "tight", "mode",
          ]).sorted())
        XCTAssertNotNil(row.double("sortOrder"))
        XCTAssertEqual((row["validDays"] as? [NSNumber])?.map(\.intValue), [2, 2])
      default:
        XCTFail("unexpected row \(row)")
      }
    }
    let rowsTyped = try decode(ItineraryJSON.self, text).rows
    XCTAssertEqual(
      rowsTyped.map(\.id).prefix(4), ["day:1", "game:BOS202406040", "day:2", "game:BOS202406050"])
    let game = rowsTyped[5]
    XCTAssertEqual(game.gameID, "CHN202406050")
    XCTAssertEqual(game.start, "2024-06-05T19:10:00-05:00")
    XCTAssertEqual(game.venueID, "CHI11")
    XCTAssertEqual(game.timeEstimated, true)
    XCTAssertEqual(game.status, "scheduled")
    XCTAssertEqual(game.title, "CWS @ CHC")
    XCTAssertEqual(game.sortOrder, 101)
    XCTAssertEqual(rowsTyped[2].title, "Day 2 · Wed, Jun 5, 2024")
    let travel = rowsTyped[4]
    XCTAssertEqual(travel.from, "Boston")
    XCTAssertEqual(travel.to, "Chicago")
    XCTAssertEqual(travel.fromVenueID, "BOS07")
    XCTAssertEqual(travel.toVenueID, "CHI11")
    XCTAssertEqual(travel.distanceMeters, travel.distanceMeters?.rounded())
    XCTAssertEqual(travel.durationSeconds, travel.durationSeconds?.rounded())
    let travelSort = try XCTUnwrap(travel.sortOrder)
    XCTAssertTrue(
      travelSort > 100 && travelSort < 101, "between the day's two games: \(travelSort)")
  }

  func testTripShow_byNameAndIdPrefix() throws {
    try runOK(["trip", "new", "Prefix Me", "--game", "CHC@2024-06-04"])
    let byName = try runOK(["trip", "show", "Prefix Me", "--json"]).stdout
    let id = try decode(ItineraryJSON.self, byName).trip.id
    XCTAssertEqual(try runOK(["trip", "show", id, "--json"]).stdout, byName)
    XCTAssertEqual(try runOK(["trip", "show", String(id.prefix(8)), "--json"]).stdout, byName)
  }

  func testTripShow_unknownTripSuggestsCloseName() throws {
    try runOK(["trip", "new", "East Swing", "--game", "BOS@2024-06-04"])
    try assertFailure(
      ["trip", "show", "East Swnig"],
      containing: ["no trip is called 'East Swnig'. Did you mean 'East Swing'?"])
    let far = try assertFailure(
      ["trip", "show", "Completely Different"],
      containing: ["no trip is called 'Completely Different'"])
    XCTAssertFalse(far.stderr.contains("Did you mean"))
  }

  /// Review of issue 8: `trip show ""` said "Did you mean 'ǅ'?" (one edit
  /// from a one-letter name). An empty or blank TRIP is refused plainly by
  /// every command that takes one, and changes nothing.
  func testTripReference_emptyOrBlankIsRefusedPlainly() throws {
    try runOK(["trip", "new", "ǅ", "--game", "BOS@2024-06-04"])
    let baseline = try snapshot()
    for reference in ["", " ", "\u{1B}"] {
      for arguments in [
        ["trip", "show", reference], ["trip", "delete", reference],
        ["trip", "export", reference, "--format", "md"],
        ["item", "add", reference, "--title", "T"], ["trip", "rename", reference, "Other"],
      ] {
        let result = try assertRefused(
          arguments, containing: [], baseline: baseline)
        XCTAssertEqual(
          result.stderr, "Error: the trip reference is empty: give a trip's name or id\n",
          "\(arguments)")
      }
    }
    try runOK(["trip", "show", "ǅ"])
  }

  func testTripShow_rescheduledGameSitsOnItsMakeupDate() throws {
    try runOK(["trip", "new", "Makeup", "--game", "NYN202403290"])
    let itinerary = try showJSON("Makeup")
    XCTAssertEqual(itinerary.gameRows.first?.status, "rescheduled")
    XCTAssertEqual(itinerary.gameRows.first?.date, "2024-03-29")
    XCTAssertEqual(itinerary.trip.startDate, "2024-03-29")
  }

  // MARK: trip list

  func testTripList_textAndJSON() throws {
    XCTAssertEqual(try tripList(), [])
    XCTAssertEqual(try runOK(["trip", "list", "--json"]).stdout, "[]\n")
    try runOK(["trip", "new", "Zeta", "--game", "CHC@2024-06-04", "--game", "MIL@2024-06-07"])
    try runOK(["trip", "new", "Alpha", "--game", "NYM@2024-05-28#1", "--end", "2024-05-30"])
    let trips = try tripList()
    let zeta = try XCTUnwrap(trips.first { $0.name == "Zeta" })
    let alpha = try XCTUnwrap(trips.first { $0.name == "Alpha" })
    XCTAssertEqual(trips.count, 2)
    XCTAssertEqual(
      zeta,
      TripListJSON(
        id: zeta.id, name: "Zeta", startDate: "2024-06-04", endDate: "2024-06-07", dayCount: 4,
        games: 2))
    XCTAssertEqual(
      alpha,
      TripListJSON(
        id: alpha.id, name: "Alpha", startDate: "2024-05-28", endDate: "2024-05-30", dayCount: 3,
        games: 1))
    XCTAssertEqual(try showJSON("Zeta").trip.id, zeta.id)
    let text = try runOK(["trip", "list"]).stdoutLines
    XCTAssertEqual(text.count, 3)
    XCTAssertEqual(
      text[0].split(separator: " ", omittingEmptySubsequences: true),
      ["NAME", "DATES", "DAYS", "GAMES", "ID"])
    let rows = Dictionary(
      uniqueKeysWithValues: text.dropFirst().map { line in
        (String(line.prefix { $0 != " " }), line.split(separator: " ").map(String.init))
      })
    XCTAssertEqual(
      rows["Zeta"], ["Zeta", "2024-06-04", "–", "2024-06-07", "4", "2", String(zeta.id.prefix(8))])
    XCTAssertEqual(
      rows["Alpha"],
      ["Alpha", "2024-05-28", "–", "2024-05-30", "3", "1", String(alpha.id.prefix(8))])
    // Columns line up.
    let dateColumn = text.map { $0.range(of: "20")?.lowerBound.utf16Offset(in: $0) ?? -1 }
    XCTAssertEqual(Set(dateColumn.dropFirst()).count, 1, text.joined(separator: "\n"))
  }

  /// Review of issue 8, finding 7: `trip list` columns misaligned after
  /// full-width names: widths counted characters, but a full-width or East
  /// Asian wide character takes two terminal columns (and a combining mark
  /// none). Checked with Python's `unicodedata` as an independent measure.
  func testTripList_columnsLineUpWithWideAndCombiningCharacters() throws {
    try runOK(["trip", "new", "Ｔｏｋｙｏ Ｌｏｏｐ", "--game", "CHC@2024-06-04"])
    try runOK(["trip", "new", "東京ドーム", "--game", "MIL@2024-06-07"])
    try runOK(["trip", "new", "Seq\u{303}uence", "--game", "DET@2024-06-08"])
    try runOK(["trip", "new", "Plain", "--game", "CLE@2024-06-04"])
    let text = try runOK(["trip", "list"]).stdout
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      """
      import sys, unicodedata
      def width(s):
          return sum(0 if unicodedata.category(c) in ('Mn', 'Me') else
                     2 if unicodedata.east_asian_width(c) in ('W', 'F') else 1 for c in s)
      for line in sys.stdin.read().splitlines():
          i = line.find('DATES') if line.startswith('NAME') else line.find('2024-')
          print(width(line[:i]))
      """,
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    let columns = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .split(separator: "\n")
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    XCTAssertEqual(columns.count, 5, text)
    XCTAssertEqual(Set(columns).count, 1, "the DATES column starts at one column:\n\(text)")
    // Ｔｏｋｙｏ Ｌｏｏｐ is 19 columns wide, the widest name.
    XCTAssertEqual(columns.first, "21", text)
  }

  // MARK: trip delete

  func testTripDelete_byName() throws {
    try run(Self.tightTrip)
    try runOK(["trip", "new", "Keep", "--game", "CHC@2024-06-04"])
    let id = try XCTUnwrap(try tripList().first { $0.name == "East Swing" }?.id)
    let result = try runOK(["trip", "delete", "East Swing"])
    XCTAssertEqual(result.stdout, "Deleted trip \"East Swing\" (\(id)) and its 1 item.\n")
    XCTAssertEqual(try tripList().map(\.name), ["Keep"])
    try assertFailure(
      ["trip", "show", "East Swing"], containing: ["no trip is called 'East Swing'"])
  }

  func testTripDelete_byIdPrefix() throws {
    try runOK(Self.loopTrip)
    let id = try XCTUnwrap(try tripList().first?.id)
    let result = try runOK(["trip", "delete", String(id.prefix(8))])
    XCTAssertEqual(result.stdout, "Deleted trip \"Chicago Loop\" (\(id)) and its 3 items.\n")
    XCTAssertEqual(try tripList(), [])
    try assertFailure(["trip", "show", id], containing: ["no trip"])
  }

  /// Issue 9: a deleted trip and its items leave tombstones dated by the
  /// command's clock (`--now`); the printed report is unchanged, and a
  /// re-import of the trip's file brings it back without them.
  func testTripDelete_leavesTombstonesAtTheCommandsClock() throws {
    try runOK(Self.loopTrip)
    let id = try XCTUnwrap(try tripList().first?.id)
    let file = scratch.appendingPathComponent("loop.json")
    try runOK(["trip", "export", id, "--format", "json", "--out", file.path])
    let result = try runOK(["trip", "delete", id, "--now", "2026-12-01T10:15:30.250+01:00"])
    XCTAssertEqual(result.stdout, "Deleted trip \"Chicago Loop\" (\(id)) and its 3 items.\n")
    do {
      let store = try Store(path: database.path)
      let stones = try store.tombstones(since: .distantPast)
      XCTAssertEqual(
        stones.map(\.kind).sorted { $0.rawValue < $1.rawValue }, [.item, .item, .item, .trip])
      XCTAssertEqual(stones.first { $0.kind == .trip }?.id.uuidString.lowercased(), id)
      XCTAssertEqual(
        try store.database.query("SELECT DISTINCT deleted_at FROM tombstones").map {
          try $0.int64("deleted_at")
        }, [1_796_116_530_250_000], "2026-12-01T09:15:30.250Z in microseconds since 1970")
      try store.close()
    }
    try runOK(["trip", "import", file.path])
    XCTAssertEqual(try tripList().map(\.id), [id])
    let store = try Store(path: database.path)
    XCTAssertEqual(try store.tombstones(since: .distantPast), [])
    try store.close()
  }

  func testTripDelete_unknownTripSuggestsCloseName() throws {
    try runOK(["trip", "new", "Midwest Swing", "--game", "CHC@2024-06-04"])
    try assertFailure(
      ["trip", "delete", "Midwest Swng"],
      containing: ["no trip is called 'Midwest Swng'. Did you mean 'Midwest Swing'?"])
    XCTAssertEqual(try tripList().map(\.name), ["Midwest Swing"], "nothing deleted")
  }

  /// Issue 8, item 3: `trip new AAAA …; trip delete AAAA; trip delete AAAA`
  /// used to delete a different trip whose id starts with `aaaa`. A name
  /// that looks like an id is refused now, and every delete names what it
  /// deleted (text and --json).
  func testTripDelete_printsNameAndIDAndIDLikeNamesAreRefused() throws {
    try runOK(Self.loopTrip)
    let loop = try XCTUnwrap(try tripList().first)
    let prefix = String(loop.id.prefix(4))
    for name in [prefix, prefix.uppercased(), "AAAA", String(loop.id.prefix(13)), loop.id] {
      try assertRefused(
        ["trip", "new", name, "--game", "CHC@2024-06-04"],
        containing: [
          "the name '\(name)' looks like a trip id",
          "a name may not be 4 to 36 hex digits (0-9, a-f) and dashes with at least 4 digits",
        ])
    }
    try runOK(["trip", "new", "Keep", "--game", "CHC@2024-06-04"])
    let keep = try XCTUnwrap(try tripList().first { $0.name == "Keep" })
    // Deleting by a prefix says which trip went.
    let deleted = try runOK(["trip", "delete", prefix])
    XCTAssertEqual(
      deleted.stdout, "Deleted trip \"Chicago Loop\" (\(loop.id)) and its 3 items.\n")
    XCTAssertEqual(try tripList().map(\.name), ["Keep"])
    let json = try runOK(["trip", "delete", "keep", "--json"])
    let object = try XCTUnwrap(try parseJSON(json.stdout) as? [String: Any])
    XCTAssertEqual(object.sortedKeys, ["id", "items", "name"])
    XCTAssertEqual(object["id"] as? String, keep.id)
    XCTAssertEqual(object["name"] as? String, "Keep")
    XCTAssertEqual(object["items"] as? Int, 0)
    XCTAssertEqual(try tripList(), [])
    try assertFailure(["trip", "delete", "Keep"], containing: ["no trip is called 'Keep'"])
  }

  /// Sets a trip's stored name behind the tool's back (with Python's
  /// sqlite3), as a database written before id-like names were refused
  /// could hold it.
  func setStoredName(_ name: String, ofTrip id: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
        + "c.execute('UPDATE trips SET name = ? WHERE id = ?', (sys.argv[2], sys.argv[3])); "
        + "c.commit(); c.close()",
      database.path, name, id,
    ]
    process.environment = ProcessInfo.processInfo.environment
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "python3 sqlite3 update")
  }

  /// Issue 8, item 3: a full id in any case finds its own trip even when
  /// another trip is named like that id; a name is tried before an id
  /// prefix.
  func testTripReference_exactIDThenNameThenPrefix() throws {
    try runOK(Self.shortTrip)
    try runOK(Self.loopTrip)
    let trips = try tripList()
    let short = try XCTUnwrap(trips.first { $0.name == "Short" })
    let loop = try XCTUnwrap(trips.first { $0.name == "Chicago Loop" })
    for reference in [short.id, short.id.uppercased(), "short", String(short.id.prefix(6))] {
      XCTAssertEqual(try showJSON(reference).trip.id, short.id, reference)
    }
    // The Loop is now named like Short's id, and Short like the Loop's
    // id prefix.
    try setStoredName(short.id, ofTrip: loop.id)
    try setStoredName(String(loop.id.prefix(8)), ofTrip: short.id)
    XCTAssertEqual(try showJSON(short.id).trip.id, short.id, "the id wins over a name")
    XCTAssertEqual(try showJSON(short.id.uppercased()).trip.id, short.id)
    XCTAssertEqual(try showJSON(loop.id).trip.id, loop.id)
    XCTAssertEqual(
      try showJSON(String(loop.id.prefix(8))).trip.id, short.id, "the name wins over a prefix")
    XCTAssertEqual(try showJSON(String(loop.id.prefix(9))).trip.id, loop.id, "a longer prefix")
    // Deleting by the full id deletes that trip and says so.
    let deleted = try runOK(["trip", "delete", short.id])
    XCTAssertEqual(
      deleted.stdout,
      "Deleted trip \"\(loop.id.prefix(8))\" (\(short.id)) and its 1 item.\n")
    XCTAssertEqual(try tripList().map(\.id), [loop.id])
  }

  /// Review of issue 8, finding 1: `trip new "ｅｃ４３" …; trip delete ec43`
  /// deleted the full-width trip instead of the trip whose id starts ec43.
  /// Such look-alikes are refused now (names are matched by the folded
  /// key), and one stored before is never preferred over an id prefix.
  func testTripReference_fullWidthLookAlikeNeverBeatsAnIDPrefix() throws {
    try runOK(Self.shortTrip)
    try runOK(Self.loopTrip)
    let trips = try tripList()
    let short = try XCTUnwrap(trips.first { $0.name == "Short" })
    let loop = try XCTUnwrap(trips.first { $0.name == "Chicago Loop" })
    /// `text` in full-width forms (U+FF01…FF5E for ASCII ! … ~).
    func fullWidth(_ text: String) -> String {
      String(
        String.UnicodeScalarView(
          text.unicodeScalars.compactMap { Unicode.Scalar($0.value + 0xFEE0) }))
    }
    let prefix = String(loop.id.prefix(8))
    for name in [fullWidth(prefix), fullWidth(prefix.uppercased()), "ＡＡＡＡ", "ﬀﬀ"] {
      try assertRefused(
        ["trip", "new", name, "--game", "CHC@2024-06-04"],
        containing: [
          "the name '\(name)' looks like a trip id (names are matched ignoring case, width and invisible characters"
        ])
    }
    // Short named like the Loop's id prefix in full width, as a database
    // written before look-alikes were refused could hold it.
    let lookAlike = fullWidth(prefix)
    try setStoredName(lookAlike, ofTrip: short.id)
    XCTAssertEqual(try showJSON(prefix).trip.id, loop.id, "the id prefix wins")
    XCTAssertEqual(try showJSON(prefix.uppercased()).trip.id, loop.id)
    XCTAssertEqual(try showJSON(lookAlike).trip.id, short.id, "the name typed as it is")
    let deleted = try runOK(["trip", "delete", prefix])
    XCTAssertEqual(
      deleted.stdout, "Deleted trip \"Chicago Loop\" (\(loop.id)) and its 3 items.\n")
    XCTAssertEqual(try tripList().map(\.id), [short.id], "the look-alike is kept")
  }

  /// Issue 8, item 3: every path that names a trip uses the one Core rule:
  /// `trip new`, `trip rename`, `trip copy`, `trip import` and `import
  /// legacy` all refuse a name that looks like an id, and store nothing.
  func testTripNames_thatLookLikeIDsAreRefusedOnEveryPath() throws {
    try runOK(Self.shortTrip)
    let reason = "the name 'Deadbeef' looks like a trip id"
    let baseline = try snapshot()
    try assertRefused(
      ["trip", "new", "Deadbeef", "--game", "MIL@2024-06-10"], containing: [reason],
      baseline: baseline)
    try assertRefused(
      ["trip", "rename", "Short", "Deadbeef"], containing: [reason], baseline: baseline)
    try assertRefused(
      ["trip", "copy", "Short", "Deadbeef"], containing: [reason], baseline: baseline)
    // An export renamed in the file, with the original gone so only the name
    // can be refused.
    let export = scratch.appendingPathComponent("short.json")
    try runOK(["trip", "export", "Short", "--format", "json", "--out", export.path])
    var file = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: try Data(contentsOf: export)) as? [String: Any])
    var trip = try XCTUnwrap(file["trip"] as? [String: Any])
    trip["name"] = "Deadbeef"
    file["trip"] = trip
    let renamed = scratch.appendingPathComponent("deadbeef.json")
    try JSONSerialization.data(withJSONObject: file).write(to: renamed)
    try runOK(["trip", "delete", "Short"])
    let empty = try snapshot()
    try assertRefused(
      ["trip", "import", renamed.path], containing: ["trip.name", reason], baseline: empty)
    // A legacy file whose first trip has such a name.
    let legacyURL = CLIProcess.repositoryRoot.appendingPathComponent(
      "Tests/Fixtures/legacy/trips.json")
    var legacy = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: try Data(contentsOf: legacyURL)) as? [String: Any])
    var legacyTrips = try XCTUnwrap(legacy["trips"] as? [[String: Any]])
    legacyTrips[0]["name"] = "Deadbeef"
    legacy["trips"] = legacyTrips
    let legacyFile = scratch.appendingPathComponent("legacy.json")
    try JSONSerialization.data(withJSONObject: legacy).write(to: legacyFile)
    try assertRefused(
      ["import", "legacy", legacyFile.path], containing: ["trips[0].name", reason],
      baseline: empty)
  }

  /// Issue 8, item 13: a start after the only game (or an end before it)
  /// names the game and the days, not "the start is after the end".
  func testTripNew_startAfterTheGameNamesTheGame() throws {
    let cases: [([String], String)] = [
      (
        ["--game", "CHC@2024-06-04", "--start", "2024-06-05"],
        "game CHN202406040 (CWS @ CHC) is on 2024-06-04, before the trip's first day 2024-06-05"
      ),
      (
        ["--game", "CHC@2024-06-04", "--end", "2024-06-03"],
        "game CHN202406040 (CWS @ CHC) is on 2024-06-04, after the trip's last day 2024-06-03"
      ),
      (
        ["--game", "CHC@2024-06-04", "--game", "MIL@2024-06-07", "--start", "2024-06-05"],
        "game CHN202406040 (CWS @ CHC) is on 2024-06-04, outside the trip's days 2024-06-05 to 2024-06-07"
      ),
    ]
    for (arguments, reason) in cases {
      let result = try assertFailure(["trip", "new", "X"] + arguments, containing: [reason])
      XCTAssertEqual(result.stderr, "Error: \(reason)\n")
    }
    XCTAssertEqual(try tripList(), [])
  }

  /// Issue 8, item 19: an Unscheduled row shows its calendar date and how
  /// far outside the trip it is, not "(Day 0)".
  func testTripShow_unscheduledRowsShowTheirDate() throws {
    try runOK(Self.shortTrip)  // Jun 4 – Jun 8
    let early = try addItem("Short", "Early bird", ["--day", "1"])
    let late = try addItem("Short", "Late show", ["--day", "5"])
    try runOK(["trip", "replan", "Short", "--start", "2024-06-02", "--end", "2024-06-07"])
    try runOK(["item", "move", "Short", early, "--day", "1"])  // now Jun 2
    try runOK(["trip", "replan", "Short", "--start", "2024-06-04"])  // Jun 2 leaves the trip
    let after = try showJSON("Short")
    XCTAssertEqual(Set(after.unscheduled.map(\.id)), ["item:\(early)", "item:\(late)"])
    let text = try runOK(["trip", "show", "Short"]).stdoutLines
    let earlyLine = try XCTUnwrap(text.first { $0.contains("Early bird") })
    let lateLine = try XCTUnwrap(text.first { $0.contains("Late show") })
    XCTAssertTrue(
      earlyLine.hasSuffix("📝 Early bird  (Sun, Jun 2, 2024, 2 days before the trip)"), earlyLine)
    XCTAssertTrue(
      lateLine.hasSuffix("📝 Late show  (Sat, Jun 8, 2024, 1 day after the trip)"), lateLine)
    XCTAssertFalse(text.contains { $0.contains("(Day ") }, text.joined(separator: "\n"))
  }

  func testTripDelete_deletingFreesTheName() throws {
    try runOK(["trip", "new", "Again", "--game", "CHC@2024-06-04"])
    try runOK(["trip", "delete", "Again"])
    try runOK(["trip", "new", "Again", "--game", "MIL@2024-06-10"])
    XCTAssertEqual(try showJSON("Again").gameRows.map(\.gameID), ["MIL202406100"])
  }
}

import Foundation
import XCTest

/// `sportstime trip show TRIP --drag ITEM [--json]`: the red-zone view of a
/// drag, checked against DESIGN.md's rule for travel legs (valid days from
/// the departure stop's last game to the arrival stop's first game; after
/// the departure game on its day, before the arrival game on its day) and
/// against what `item move` then accepts.
final class DragViewTests: ItineraryTestCase {
  /// What the rule says about slot `k` of a leg dragged over `lifted` (the
  /// rows without the leg): nil when allowed, else the refusal.
  func expectedReason(
    slot k: Int, lifted: [ItineraryJSON.Row], departure: ItineraryJSON.Row,
    arrival: ItineraryJSON.Row, legTitle: String, venues: (String, String)
  ) -> String? {
    guard k > 0 else { return "Above Day 1 is not part of any day; drop below a day header." }
    let day = lifted[k - 1].day
    guard let dep = lifted.firstIndex(where: { $0.id == departure.id }),
      let arr = lifted.firstIndex(where: { $0.id == arrival.id })
    else { return "barrier games missing" }
    if day < departure.day || day > arrival.day {
      return
        "Travel \(legTitle) must be between Day \(departure.day) (after \(departure.title)) and Day \(arrival.day) (before \(arrival.title))."
    }
    if day == departure.day && dep >= k {
      return
        "On Day \(day), travel \(legTitle) must come after \(departure.title), the last game at \(venues.0)."
    }
    if day == arrival.day && arr < k {
      return
        "On Day \(day), travel \(legTitle) must come before \(arrival.title), the first game at \(venues.1)."
    }
    return nil
  }

  /// Checks `trip show --drag LEG --json` slot by slot against the rule.
  @discardableResult
  func assertDragFollowsRule(
    trip: String, legTitle: String, departure: String, arrival: String,
    venues: (String, String), file: StaticString = #filePath, line: UInt = #line
  ) throws -> (drag: DragJSON, lifted: [ItineraryJSON.Row]) {
    let itinerary = try showJSON(trip, file: file, line: line)
    let leg = try XCTUnwrap(
      itinerary.travelRows.first { $0.title == legTitle }, legTitle, file: file, line: line)
    let dep = try XCTUnwrap(itinerary.row("game:\(departure)"), file: file, line: line)
    let arr = try XCTUnwrap(itinerary.row("game:\(arrival)"), file: file, line: line)
    let drag = try dragJSON(trip, leg.id, file: file, line: line)
    XCTAssertEqual(drag.item, leg.id, file: file, line: line)
    XCTAssertEqual(drag.validDays, [dep.day, arr.day], file: file, line: line)
    XCTAssertEqual(drag.validDays, leg.validDays, "as trip show says", file: file, line: line)
    XCTAssertEqual(drag.barriers, [departure, arrival], file: file, line: line)
    let lifted = itinerary.rows.filter { $0.id != leg.id }
    XCTAssertEqual(drag.slots.count, lifted.count + 1, file: file, line: line)
    let origin = try XCTUnwrap(itinerary.index(leg.id), file: file, line: line)
    XCTAssertEqual(drag.originSlot, origin, file: file, line: line)
    XCTAssertTrue(drag.slots[origin].valid, "where it is now is allowed", file: file, line: line)
    for (k, slot) in drag.slots.enumerated() {
      XCTAssertEqual(slot.index, k, file: file, line: line)
      XCTAssertEqual(
        slot.day, k == 0 ? nil : lifted[k - 1].day, "slot \(k)", file: file, line: line)
      XCTAssertEqual(
        slot.before, k < lifted.count ? lifted[k].id : nil, "slot \(k)", file: file, line: line)
      let expected = expectedReason(
        slot: k, lifted: lifted, departure: dep, arrival: arr, legTitle: legTitle, venues: venues)
      XCTAssertEqual(slot.valid, expected == nil, "slot \(k): \(slot)", file: file, line: line)
      XCTAssertEqual(slot.reason, expected, "slot \(k)", file: file, line: line)
      // Slots on days outside validDays are never valid.
      if let day = slot.day, !(dep.day...arr.day).contains(day) {
        XCTAssertFalse(slot.valid, "slot \(k) on Day \(day)", file: file, line: line)
      }
    }
    return (drag, lifted)
  }

  func testDragLegJSON_slotsFollowTheRuleOnEveryDay() throws {
    try runOK(Self.loopTrip)
    // Items around the barrier games, so their days have slots on both sides.
    let lunch = try addItem("Chicago Loop", "Lunch", ["--day", "4", "--top"])
    try addItem("Chicago Loop", "Tailgate", ["--before", "game:MIL202406100"])
    try addItem("Chicago Loop", "Brewery tour", ["--day", "8"])
    try addItem("Chicago Loop", "Nap", ["--day", "6"])
    let (drag, _) = try assertDragFollowsRule(
      trip: "Chicago Loop", legTitle: "Guaranteed Rate Field → Milwaukee",
      departure: "CHA202406060", arrival: "MIL202406100",
      venues: ("Guaranteed Rate Field", "American Family Field"))
    // On the departure day only the slots below BOS @ CWS are valid; on the
    // arrival day only those above TOR @ MIL.
    let day4 = drag.slots.filter { $0.day == 4 }
    XCTAssertEqual(day4.map(\.valid), [false, false, true])
    XCTAssertEqual(day4.map(\.before), ["item:\(lunch)", "game:CHA202406060", "day:5"])
    let day8 = drag.slots.filter { $0.day == 8 }
    XCTAssertEqual(day8.map(\.valid), [true, true, false, false])
    XCTAssertEqual(drag.slots.filter(\.valid).compactMap(\.day), [4, 5, 6, 6, 7, 8, 8])
    // The second visit to Wrigley Field has its own barriers, not the first visit's.
    try assertDragFollowsRule(
      trip: "Chicago Loop", legTitle: "Milwaukee → Wrigley Field", departure: "MIL202406110",
      arrival: "CHN202406140", venues: ("American Family Field", "Wrigley Field"))
    try assertDragFollowsRule(
      trip: "Chicago Loop", legTitle: "Wrigley Field → Guaranteed Rate Field",
      departure: "CHN202406050", arrival: "CHA202406060",
      venues: ("Wrigley Field", "Guaranteed Rate Field"))
  }

  func testDragLeg_everySlotIsWhatItemMoveThenDoes() throws {
    try runOK(Self.shortTrip)
    try addItem("Short", "Breakfast", ["--day", "1", "--top"])
    try addItem("Short", "Hotel", ["--day", "1", "--category", "hotel"])
    try addItem("Short", "Museum", ["--day", "3"])
    try addItem("Short", "Coney dogs", ["--after", "game:DET202406070"])
    let (drag, lifted) = try assertDragFollowsRule(
      trip: "Short", legTitle: "Chicago → Detroit", departure: "CHN202406040",
      arrival: "DET202406070", venues: ("Wrigley Field", "Comerica Park"))
    let leg = drag.item
    let origin = try XCTUnwrap(drag.originSlot)
    // Dropping on slot k is `item move --after <the row above it>`.
    for slot in drag.slots where slot.index > 0 {
      let above = lifted[slot.index - 1].id
      let move = ["item", "move", "Short", leg, "--after", above]
      if slot.valid {
        try runOK(move)
        let itinerary = try showJSON("Short")
        let at = try XCTUnwrap(itinerary.index(leg))
        XCTAssertEqual(itinerary.rows[at - 1].id, above, "slot \(slot.index)")
        XCTAssertEqual(itinerary.rows[at].day, slot.day, "slot \(slot.index)")
        XCTAssertEqual(
          itinerary.rows.filter { $0.id != leg }.map(\.id), lifted.map(\.id),
          "nothing else moved")
        // Back to where it was.
        try runOK(["item", "move", "Short", leg, "--after", lifted[origin - 1].id])
      } else {
        let result = try assertRefused(move, containing: [try XCTUnwrap(slot.reason)])
        XCTAssertEqual(result.stderr, "Error: \(slot.reason ?? "")\n")
      }
    }
    XCTAssertEqual(try showJSON("Short").index(leg), origin)
  }

  func testDragLegText_headerSlotsAndBarriers() throws {
    try runOK(Self.shortTrip)
    try addItem("Short", "Museum", ["--day", "3"])
    let itinerary = try showJSON("Short")
    let leg = try XCTUnwrap(itinerary.travelRows.first)
    let drag = try dragJSON("Short", leg.id)
    let lines = try runOK(["trip", "show", "Short", "--drag", "3"]).stdoutLines
    XCTAssertEqual(
      lines[0],
      "Dragging 🚗 Chicago → Detroit · may go on Days 1–4 · barriers: CWS @ CHC (Day 1), MIL @ DET (Day 4)"
    )
    let allowed = drag.slots.filter(\.valid).count
    XCTAssertEqual(
      lines[1],
      "\(allowed) of \(drag.slots.count) slots allowed. Move it with: sportstime item move TRIP ITEM --after ROW"
    )
    XCTAssertEqual(lines[2], "")
    let body = Array(lines.dropFirst(3))
    // Slot lines and the rows (without the dragged one) alternate.
    XCTAssertEqual(body.count, 2 * drag.slots.count - 1, body.joined(separator: "\n"))
    for (k, slot) in drag.slots.enumerated() {
      let text = body[2 * k]
      let mark =
        slot.valid
        ? "── slot \(k) ✓ allowed" : "── slot \(k) ✗ blocked: \(slot.reason ?? "?")"
      XCTAssertEqual(text.trimmingCharacters(in: .whitespaces), mark)
    }
    let rowLines = stride(from: 1, to: body.count, by: 2).map { body[$0] }
    let lifted = itinerary.rows.filter { $0.id != leg.id }
    XCTAssertEqual(rowLines.count, lifted.count)
    for (text, row) in zip(rowLines, lifted) {
      XCTAssertTrue(
        text.trimmingCharacters(in: .whitespaces).hasPrefix("\(row.number)  "),
        "rows keep their trip show numbers: \(text) vs \(row.number)")
      XCTAssertEqual(
        text.hasSuffix("◆ barrier"), row.id == "game:CHN202406040" || row.id == "game:DET202406070",
        text)
    }
    XCTAssertFalse(rowLines.contains { $0.contains("🚗") }, "the dragged row is lifted")
    XCTAssertEqual(
      body.filter { $0.contains("✗ blocked: Travel Chicago → Detroit must be between") }.count,
      drag.slots.filter { ($0.day ?? 0) == 5 }.count)
    // --json and text agree on the same data.
    XCTAssertEqual(body.filter { $0.contains("✓ allowed") }.count, allowed)
  }

  func testDragSameDayLeg_onlyBetweenItsGames() throws {
    try makeTrip(Self.tightTrip)
    let leg = try XCTUnwrap(try showJSON("East Swing").travelRows.first).id
    let note = try addItem("East Swing", "Sandwiches", ["--after", leg])
    try assertDragFollowsRule(
      trip: "East Swing", legTitle: "Boston → Chicago", departure: "BOS202406050",
      arrival: "CHN202406050", venues: ("Fenway Park", "Wrigley Field"))
    let drag = try dragJSON("East Swing", leg)
    XCTAssertEqual(drag.validDays, [2, 2])
    XCTAssertEqual(
      drag.slots.filter(\.valid).map(\.before), ["item:\(note)", "game:CHN202406050"])
    let header = try XCTUnwrap(
      runOK(["trip", "show", "East Swing", "--drag", leg]).stdoutLines.first)
    XCTAssertEqual(
      header,
      "Dragging 🚗 Boston → Chicago · may go on Day 2 only · barriers: ATL @ BOS (Day 2), CWS @ CHC (Day 2)"
    )
  }

  func testDragCustomItem_everyDaySlotAllowedNoBarriers() throws {
    try runOK(Self.shortTrip)
    let id = try addItem("Short", "Souvenirs", ["--day", "2", "--category", "activity"])
    let drag = try dragJSON("Short", "item:\(id)")
    let itinerary = try showJSON("Short")
    XCTAssertEqual(drag.item, "item:\(id)")
    XCTAssertEqual(drag.validDays, [1, 5])
    XCTAssertEqual(drag.barriers, [])
    XCTAssertEqual(drag.slots.count, itinerary.rows.count)
    XCTAssertEqual(
      drag.slots.map(\.valid), [false] + Array(repeating: true, count: itinerary.rows.count - 1))
    XCTAssertEqual(
      drag.slots[0].reason, "Above Day 1 is not part of any day; drop below a day header.")
    XCTAssertTrue(drag.slots.dropFirst().allSatisfy { $0.reason == nil })
    let lines = try runOK(["trip", "show", "Short", "--drag", id]).stdoutLines
    XCTAssertEqual(lines[0], "Dragging 🎯 Souvenirs · may go on Days 1–5")
    XCTAssertFalse(lines.joined().contains("◆ barrier"))
  }

  func testDrag_gamesHeadersAndUnknownRowsAreRefused() throws {
    try runOK(Self.shortTrip)
    for json in [[], ["--json"]] {
      try assertEachRefused([
        (
          ["trip", "show", "Short", "--drag", "2"] + json,
          "Games are fixed: CWS @ CHC cannot be moved."
        ),
        (
          ["trip", "show", "Short", "--drag", "game:DET202406070"] + json,
          "Games are fixed: MIL @ DET cannot be moved."
        ),
        (
          ["trip", "show", "Short", "--drag", "1"] + json,
          "Row 1 is the Day 1 header, not an item."
        ),
        (
          ["trip", "show", "Short", "--drag", "day:5"] + json,
          "Row day:5 is the Day 5 header, not an item."
        ),
        (
          ["trip", "show", "Short", "--drag", "42"] + json,
          "There is no row 42; 'trip show' numbers the rows 1 to 8."
        ),
        (
          ["trip", "show", "Short", "--drag", "abcdef"] + json,
          "No item of this trip has an id starting with 'abcdef'."
        ),
      ])
    }
  }
}

import Foundation
import XCTest

@testable import SportsTimeCore

/// Item edits as pure functions of an itinerary (issue 3): add, move, edit,
/// remove — each returns the stored changes or refuses with a reason and
/// changes nothing.
final class ItineraryEditTests: XCTestCase {

  private let now = Date(timeIntervalSince1970: 1_800_000_000)
  private func on(_ day: Int) -> String { Engine.on(day) }

  /// Cubs Days 1–2, Tigers Day 4 of 5; the leg on Day 3; "Lunch" on Day 1
  /// (50) with a time, address and location; "Hotel" on Day 4 (200).
  private func fixture() throws -> (
    itinerary: Itinerary, travel: ItineraryItem, lunch: ItineraryItem, hotel: ItineraryItem
  ) {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 5,
      games: [try Fixtures.cubs(on(1)), try Fixtures.cubs(on(2)), try Fixtures.tigers(on(4))])
    let travel = Fixtures.item(
      .travel(try Fixtures.leg(0, of: schedule)), day: 3, sortOrder: 50,
      id: Fixtures.uuid(0xF001))
    let lunchInfo = CustomInfo(
      title: "Lunch", category: .restaurant, time: ClockTime(hour: 12, minute: 30),
      timeZoneID: "America/Chicago",
      coordinate: Coordinate(checkedLatitude: 41.95, longitude: -87.65),
      address: "1060 W Addison St")
    let lunch = Fixtures.item(
      .custom(lunchInfo), day: 1, sortOrder: 50, id: Fixtures.uuid(0xF002))
    let hotel = Fixtures.item(
      .custom(CustomInfo(title: "Hotel", category: .hotel)), day: 4, sortOrder: 200,
      id: Fixtures.uuid(0xF003))
    return (Engine.itinerary(schedule, [travel, lunch, hotel]), travel, lunch, hotel)
  }

  // MARK: - add

  func testAdd_insertsANewItemAtTheTarget() throws {
    let (itinerary, _, _, hotel) = try fixture()
    let environment = RuleEnvironment.fixed(now: now)
    let change = try itinerary.add(
      CustomInfo(title: "  Ribs \n", category: .restaurant),
      at: .before(rowID: LayoutRow.id(item: hotel.id)), environment: environment)
    XCTAssertEqual(change.inserted, [change.item])
    XCTAssertTrue(change.updated.isEmpty)
    XCTAssertTrue(change.deleted.isEmpty)
    XCTAssertFalse(change.renormalized)
    let item = change.item
    XCTAssertEqual(item.id, Fixtures.uuid(1), "the id comes from the environment")
    XCTAssertEqual(item.tripID, itinerary.trip.id)
    XCTAssertEqual(item.title, "Ribs", "the title is trimmed")
    XCTAssertEqual(item.createdAt, now)
    XCTAssertEqual(item.modifiedAt, now)
    XCTAssertEqual(item.day, 4)
    XCTAssertEqual(item.sortOrder, 150, "between the game (100) and Hotel (200)")
    XCTAssertEqual(item.customInfo?.category, .restaurant)
  }

  func testAdd_blankTitleIsRefused() throws {
    let (itinerary, _, _, _) = try fixture()
    for title in ["", "   ", "\n\t"] {
      Engine.assertRefused(["needs a title"]) {
        try itinerary.add(
          CustomInfo(title: title, category: .note), at: .bottom(day: 1),
          environment: .fixed(now: now))
      }
    }
  }

  func testAdd_targetIsTheCallersChoice() throws {
    // `add` has no default target: the caller (the CLI) passes one, e.g.
    // the bottom of Day 1.
    let (itinerary, _, _, _) = try fixture()
    let change = try itinerary.add(
      CustomInfo(title: "Note", category: .note), at: .bottom(day: 1),
      environment: .fixed(now: now))
    XCTAssertEqual(change.item.day, 1)
    XCTAssertEqual(change.item.sortOrder, 101)
    // Every day, every row of the trip's days is a fine target; outside them not.
    for row in itinerary.layout.rows where row.id != "day:1" {
      XCTAssertNoThrow(
        try itinerary.add(
          CustomInfo(title: "x", category: .note), at: .before(rowID: row.id),
          environment: .fixed(now: now)), row.id.description)
    }
    Engine.assertRefused(["Above Day 1"]) {
      try itinerary.add(
        CustomInfo(title: "x", category: .note), at: .before(rowID: "day:1"),
        environment: .fixed(now: now))
    }
    Engine.assertRefused(["Day 6 is not in this trip"]) {
      try itinerary.add(
        CustomInfo(title: "x", category: .note), at: .top(day: 6), environment: .fixed(now: now))
    }
    Engine.assertRefused(["not in the trip's days"]) {
      try itinerary.add(
        CustomInfo(title: "x", category: .note), at: .after(rowID: "game:NOPE"),
        environment: .fixed(now: now))
    }
  }

  // MARK: - move

  func testMove_customItemAnywhere() throws {
    let (itinerary, _, lunch, _) = try fixture()
    let change = try itinerary.move(lunch.id, to: .bottom(day: 5), now: now)
    XCTAssertEqual(change.updated, [change.item])
    XCTAssertTrue(change.inserted.isEmpty)
    XCTAssertTrue(change.deleted.isEmpty)
    XCTAssertEqual(change.item.day, 5)
    XCTAssertEqual(change.item.sortOrder, 50)
    XCTAssertEqual(change.item.modifiedAt, now)
    XCTAssertEqual(change.item.createdAt, lunch.createdAt)
    XCTAssertEqual(change.item.customInfo?.title, "Lunch")
    XCTAssertEqual(change.item.customInfo?.address, lunch.customInfo?.address)
  }

  func testMove_travelOutsideItsWindowIsRefusedNamingTheBarrierGames() throws {
    let (itinerary, travel, _, _) = try fixture()
    // Valid: Day 2 after the Cubs' second game … Day 4 before the Tigers.
    Engine.assertRefused(["Chicago → Detroit", "between Day 2", "STL @ CHC", "Day 4", "CLE @ DET"])
    {
      try itinerary.move(travel.id, to: .top(day: 1), now: now)
    }
    Engine.assertRefused(["Chicago → Detroit", "Day 2", "STL @ CHC", "Day 4", "CLE @ DET"]) {
      try itinerary.move(travel.id, to: .bottom(day: 5), now: now)
    }
    Engine.assertRefused(["On Day 2", "after STL @ CHC", "Wrigley Field"]) {
      try itinerary.move(travel.id, to: .top(day: 2), now: now)
    }
    Engine.assertRefused(["On Day 4", "before CLE @ DET", "Comerica Park"]) {
      try itinerary.move(travel.id, to: .bottom(day: 4), now: now)
    }
    // Inside the window it moves.
    XCTAssertEqual(try itinerary.move(travel.id, to: .bottom(day: 2), now: now).item.day, 2)
    XCTAssertEqual(try itinerary.move(travel.id, to: .top(day: 4), now: now).item.sortOrder, 99)
  }

  func testMove_unknownItemAndGamesAreRefused() throws {
    let (itinerary, _, _, _) = try fixture()
    Engine.assertRefused(["That item is no longer in the trip"]) {
      try itinerary.move(Fixtures.uuid(0xBEEF), to: .top(day: 1), now: now)
    }
  }

  // MARK: - edit

  func testEdit_travelIsRefused() throws {
    let (itinerary, travel, _, _) = try fixture()
    Engine.assertRefused(["Chicago → Detroit", "leg of the route", "only moved"]) {
      try itinerary.edit(travel.id, CustomItemChanges(title: "Road"), now: now)
    }
  }

  func testEdit_blankTitleAndNoChangeAreRefused() throws {
    let (itinerary, _, lunch, _) = try fixture()
    Engine.assertRefused(["needs a title"]) {
      try itinerary.edit(lunch.id, CustomItemChanges(title: "  "), now: now)
    }
    Engine.assertRefused(["Nothing to change"]) {
      try itinerary.edit(lunch.id, CustomItemChanges(), now: now)
    }
    // Values equal to the current ones change nothing either.
    Engine.assertRefused(["Nothing to change", "already has these values"]) {
      try itinerary.edit(
        lunch.id, CustomItemChanges(title: " Lunch ", category: .restaurant), now: now)
    }
    Engine.assertRefused(["That item is no longer in the trip"]) {
      try itinerary.edit(Fixtures.uuid(0xBEEF), CustomItemChanges(title: "x"), now: now)
    }
  }

  func testEdit_changesDetailsButNotThePosition() throws {
    let (itinerary, _, lunch, _) = try fixture()
    let change = try itinerary.edit(
      lunch.id, CustomItemChanges(title: " Brunch ", category: .activity), now: now)
    XCTAssertEqual(change.updated, [change.item])
    XCTAssertTrue(change.inserted.isEmpty)
    XCTAssertTrue(change.deleted.isEmpty)
    XCTAssertEqual(change.item.title, "Brunch")
    XCTAssertEqual(change.item.customInfo?.category, .activity)
    XCTAssertEqual(change.item.day, lunch.day)
    XCTAssertEqual(change.item.sortOrder, lunch.sortOrder)
    XCTAssertEqual(change.item.modifiedAt, now)
    XCTAssertEqual(change.item.customInfo?.time, lunch.customInfo?.time)
    XCTAssertEqual(change.item.customInfo?.address, lunch.customInfo?.address)
    XCTAssertEqual(change.item.customInfo?.coordinate, lunch.customInfo?.coordinate)
  }

  func testEdit_clearsTimeLocationAndAddress() throws {
    let (itinerary, _, lunch, _) = try fixture()
    let noTime = try itinerary.edit(lunch.id, CustomItemChanges(time: .some(nil)), now: now)
    XCTAssertNil(noTime.item.customInfo?.time)
    XCTAssertNil(noTime.item.customInfo?.timeZoneID, "no time, no zone")
    XCTAssertNotNil(noTime.item.customInfo?.coordinate)
    let noPlace = try itinerary.edit(
      lunch.id, CustomItemChanges(coordinate: .some(nil), address: .some(nil)), now: now)
    XCTAssertNil(noPlace.item.customInfo?.coordinate)
    XCTAssertNil(noPlace.item.customInfo?.address)
    XCTAssertNotNil(noPlace.item.customInfo?.time)
    // A blank address clears it too; a padded one is trimmed.
    let blank = try itinerary.edit(lunch.id, CustomItemChanges(address: .some("   ")), now: now)
    XCTAssertNil(blank.item.customInfo?.address)
    let padded = try itinerary.edit(
      lunch.id, CustomItemChanges(address: .some("  333 W 35th St ")), now: now)
    XCTAssertEqual(padded.item.customInfo?.address, "333 W 35th St")
  }

  /// Second review of issue 8: an address of only invisible characters is
  /// no address (adding or editing), as a blank one is: an edit clears it.
  func testAddAndEdit_addressWithNoVisibleCharactersIsNone() throws {
    let (itinerary, _, lunch, _) = try fixture()
    let invisible = "\u{200B}\u{2066}\u{34F}\u{2800}"
    XCTAssertEqual(lunch.customInfo?.address, "1060 W Addison St")
    let cleared = try itinerary.edit(
      lunch.id, CustomItemChanges(address: .some(invisible)), now: now)
    XCTAssertNil(cleared.item.customInfo?.address)
    let added = try itinerary.add(
      CustomInfo(title: "Bar", category: .restaurant, address: invisible),
      at: .bottom(day: 1), environment: .fixed(now: now))
    XCTAssertNil(added.item.customInfo?.address)
    // A title of only invisible characters is refused, in the text rule's
    // own words (lowercase, as a trip's name is refused).
    XCTAssertThrowsError(
      try itinerary.add(
        CustomInfo(title: "\u{34F}\u{115F}", category: .note), at: .bottom(day: 1),
        environment: .fixed(now: now))
    ) { error in
      let refusal = error as? ItineraryRefusal
      XCTAssertEqual(refusal?.text, TextError(field: .itemTitle, problem: .empty(hadText: true)))
      XCTAssertEqual(
        refusal?.reason,
        "an item needs a title (the one given has only control or invisible characters)")
    }
  }

  func testEdit_settingATimeTakesTheZoneOfWhereTheItemIs() throws {
    let (itinerary, _, _, hotel) = try fixture()
    // Hotel is on Day 4 after the Tigers game, past the leg to Detroit.
    let change = try itinerary.edit(
      hotel.id, CustomItemChanges(time: .some(ClockTime(hour: 22, minute: 0))), now: now)
    XCTAssertEqual(change.item.customInfo?.time, ClockTime(hour: 22, minute: 0))
    XCTAssertEqual(change.item.customInfo?.timeZoneID, "America/Detroit")
  }

  // MARK: - remove

  /// Moving a leg changes where the trip is around it, so a timed item that
  /// ends up on the other side of it takes the new place's zone.
  func testMove_legCarriesTimedItemsToTheirNewZone() throws {
    let (itinerary, travel, _, hotel) = try fixture()
    // Dinner at 18:00 on Day 3 below the leg (in Detroit).
    let dinner = Fixtures.item(
      .custom(
        CustomInfo(
          title: "Dinner", category: .restaurant, time: ClockTime(hour: 18, minute: 0),
          timeZoneID: "America/Detroit")), day: 3, sortOrder: 60, id: Fixtures.uuid(0xF004))
    let withDinner = Engine.itinerary(itinerary.schedule, itinerary.items + [dinner])
    // The leg moves to Day 4, so on Day 3 the trip is still in Chicago.
    let change = try withDinner.move(travel.id, to: .top(day: 4), now: now)
    let fixed = try XCTUnwrap(change.updated.first { $0.id == dinner.id })
    XCTAssertEqual(fixed.customInfo?.timeZoneID, "America/Chicago")
    XCTAssertEqual(fixed.customInfo?.time, ClockTime(hour: 18, minute: 0), "the wall clock stays")
    XCTAssertEqual(fixed.sortOrder, dinner.sortOrder, "its place does not change")
    XCTAssertEqual(Set(change.updated.map(\.id)).count, change.updated.count, "no duplicates")
    XCTAssertFalse(change.updated.contains { $0.id == hotel.id }, "untimed items are left alone")
    // Moving it back to Day 3 above Dinner puts Dinner in Detroit again.
    let moved = Engine.itinerary(
      itinerary.schedule,
      withDinner.items.map { item in change.updated.first { $0.id == item.id } ?? item })
    let back = try moved.move(travel.id, to: .top(day: 3), now: now)
    XCTAssertEqual(
      back.updated.first { $0.id == dinner.id }?.customInfo?.timeZoneID, "America/Detroit")
  }

  func testRemove_customItemIsDeleted() throws {
    let (itinerary, _, lunch, _) = try fixture()
    let change = try itinerary.remove(lunch.id)
    XCTAssertEqual(change.deleted, [lunch.id])
    XCTAssertEqual(change.item, lunch)
    XCTAssertTrue(change.inserted.isEmpty)
    XCTAssertTrue(change.updated.isEmpty)
    var model = ItemModel(itinerary.items)
    model.apply(change)
    XCTAssertEqual(
      Set(model.items.map(\.id)), Set(itinerary.items.map(\.id)).subtracting([lunch.id]))
  }

  func testRemove_travelAndUnknownAreRefused() throws {
    let (itinerary, travel, _, _) = try fixture()
    Engine.assertRefused(["Chicago → Detroit", "cannot be removed", "move it instead"]) {
      try itinerary.remove(travel.id)
    }
    Engine.assertRefused(["That item is no longer in the trip"]) {
      try itinerary.remove(Fixtures.uuid(0xBEEF))
    }
  }
}

extension DragSession {
  /// What is wrong with this drag, in words (empty when nothing is): the
  /// checks a property test runs on every drag (issue 9, "Layout").
  ///
  /// There is one slot per gap, `rowCount + 1`, numbered in order; slot 0
  /// (above Day 1) is refused and has no day; every other slot has the day
  /// of the nearest header above it; a slot is valid exactly when it has no
  /// refusal reason; the dragged row is not among the lifted rows and
  /// `originSlot` points at it; a custom item may go in every slot below
  /// Day 1; a valid slot's day is within `validDays`; barrier games are
  /// games of the trip, and no valid slot of a leg is above its departure
  /// game or below its arrival game on their days.
  /// - Complexity: O(n) for n rows.
  public func checkInvariants() -> [String] {
    var problems: [String] = []
    if slots.count != rowCount + 1 {
      problems.append("\(slots.count) slots for \(rowCount) rows")
    }
    for (k, slot) in slots.enumerated() where slot.index != k {
      problems.append("slot \(k) is numbered \(slot.index)")
    }
    if let first = slots.first, first.isValid || first.day != nil {
      problems.append("slot 0 (above Day 1) is valid or has a day")
    }
    let bounds = item.travelInfo.map { constraints.bounds(for: $0) }
    var departureRow: Int?
    var arrivalRow: Int?
    var day: Int?
    for k in 0..<rowCount {
      let row = row(k)
      if let game = row.game {
        if game.id == bounds?.departureGame?.id { departureRow = k }
        if game.id == bounds?.arrivalGame?.id { arrivalRow = k }
      }
      if row.itemID == item.id { problems.append("the dragged row is still at \(k)") }
      if case .day(let d, _) = row.content { day = d }
      guard k + 1 < slots.count else { break }
      let slot = slots[k + 1]
      if slot.day != day {
        problems.append(
          "slot \(k + 1) is on day \(slot.day.map(String.init) ?? "none"), not \(day.map(String.init) ?? "none")"
        )
      }
      if slot.isValid != (slot.reason == nil) {
        problems.append(
          "slot \(k + 1) is \(slot.isValid ? "valid" : "refused") with reason \(slot.reason ?? "none")"
        )
      }
      if item.travelInfo == nil, !slot.isValid {
        problems.append("slot \(k + 1) refuses a custom item: \(slot.reason ?? "")")
      }
      if slot.isValid, let d = slot.day, let range = validDays, !range.contains(d) {
        problems.append("slot \(k + 1) is valid on day \(d), outside days \(range)")
      }
    }
    for slot in slots where slot.isValid {
      if let game = bounds?.departureGame, slot.day == game.day, let r = departureRow,
        slot.index <= r
      {
        problems.append("slot \(slot.index) is valid above the departure game \(game.id)")
      }
      if let game = bounds?.arrivalGame, slot.day == game.day, let r = arrivalRow, slot.index > r {
        problems.append("slot \(slot.index) is valid below the arrival game \(game.id)")
      }
    }
    if let origin = originSlot, !(base.indices.contains(origin) && base[origin].itemID == item.id) {
      problems.append("origin slot \(origin) is not the dragged row")
    }
    let gameIDs = Set(constraints.schedule.games.map(\.id))
    for game in barrierGames where !gameIDs.contains(game.id) {
      problems.append("barrier \(game.id) is not a game of the trip")
    }
    return problems
  }

  /// Stops a debug build when `checkInvariants()` finds a problem: the
  /// end of the public initializer calls it, so every test that starts a
  /// drag checks it (STYLE.md 25). Release builds compile nothing here.
  /// - Complexity: O(n) for n rows in debug builds; nothing in release.
  @inline(__always)
  func assertInvariants() {
    #if DEBUG
      let problems = checkInvariants()
      assert(problems.isEmpty, "DragSession: " + problems.joined(separator: "; "))
    #endif
  }

  /// This drag with its slots replaced, unchecked: for tests of
  /// `checkInvariants()`.
  func replacingSlots(_ slots: [InsertionSlot]) -> DragSession {
    DragSession(
      item: item, slots: slots, barrierGames: barrierGames, validDays: validDays,
      originSlot: originSlot, constraints: constraints, base: base)
  }

  /// A drag of exactly these parts, unchecked.
  private init(
    item: ItineraryItem, slots: [InsertionSlot], barrierGames: [PlacedGame],
    validDays: ClosedRange<Int>?, originSlot: Int?, constraints: ItineraryConstraints,
    base: [LayoutRow]
  ) {
    self.item = item
    self.slots = slots
    self.barrierGames = barrierGames
    self.validDays = validDays
    self.originSlot = originSlot
    self.constraints = constraints
    self.base = base
  }
}

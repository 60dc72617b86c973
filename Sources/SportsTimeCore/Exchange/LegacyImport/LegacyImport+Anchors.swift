import Foundation

extension LegacyImport {
  // MARK: Helpers

  /// Where an item is added.
  enum Target {
    case top(Int)
    case afterRow(RowID)
    case bottom(Int)
    case unscheduled(Int)

    var rank: Int {
      switch self {
      case .top: return 0
      case .afterRow(let id): return id.kind == .game ? 1 : 2
      case .bottom: return 3
      case .unscheduled: return 4
      }
    }

    var groupKey: String {
      switch self {
      case .top(let day): return String(format: "top:%09d", day)
      case .afterRow(let id): return id.description
      case .bottom(let day): return String(format: "bottom:%09d", day)
      case .unscheduled(let day): return "unscheduled:\(day)"
      }
    }
  }

  /// Resolves an item's anchor: the target, why it did not resolve, a note.
  static func resolve(
    _ item: LegacyItem, schedule: TripSchedule, legs: [TripLeg],
    travelItem: (TripLeg) -> ItineraryItem?
  ) -> (Target, String?, String?) {
    let day = item.anchorDay
    func unresolved(_ reason: String) -> (Target, String?, String?) {
      schedule.contains(day: day) ? (.bottom(day), reason, nil) : (.unscheduled(day), reason, nil)
    }
    switch item.anchorType {
    case .startOfDay:
      guard schedule.contains(day: day) else {
        return unresolved(
          "Day \(day) is not in this trip (it has \(Plural.count(schedule.dayCount, "day")))."
        )
      }
      return (.top(day), nil, nil)
    case .afterGame:
      guard let id = item.anchorID, !id.isEmpty else {
        return unresolved("It is anchored after a game but names none.")
      }
      guard let game = schedule.games.first(where: { $0.id.rawValue == id }) else {
        return unresolved("Game \(id) is not one of this trip's games.")
      }
      let note =
        game.day == day
        ? nil
        : "Game \(game.title) (\(id)) is on Day \(game.day), not Day \(day); the item follows it."
      return (.afterRow(.game(game.id)), nil, note)
    case .afterTravel:
      guard let key = item.anchorID, !key.isEmpty else {
        return unresolved("It is anchored after travel but names no leg.")
      }
      let parts = key.components(separatedBy: "->").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        return unresolved("'\(key)' does not name a leg as \"from->to\".")
      }
      let candidates = legs.filter { matches(leg: $0, from: parts[0], to: parts[1]) }
        .compactMap(travelItem)
      // A repeated city pair has several legs: the one on the anchor day,
      // else the one whose valid days include it, else the first.
      let constraints = ItineraryConstraints(schedule: schedule)
      let onDay = candidates.first { $0.day == day }
      let window = candidates.first { constraints.validDayRange(for: $0)?.contains(day) ?? false }
      guard let leg = onDay ?? window ?? candidates.first else {
        return unresolved("This trip has no leg from \(parts[0]) to \(parts[1]).")
      }
      let note =
        leg.day == day
        ? nil : "Travel \(leg.title) is on Day \(leg.day), not Day \(day); the item follows it."
      return (.afterRow(.item(leg.id)), nil, note)
    }
  }

  /// Whether a legacy key's cities name `leg`: each end compared, ignoring
  /// case, with its stop's venue city (or any of the venue's names).
  static func matches(leg: TripLeg, from: String, to: String) -> Bool {
    func same(_ name: String, _ stop: TripStop) -> Bool {
      let key = TextNormalization.key(name)
      return key == TextNormalization.key(stop.venue.city)
        || stop.venue.allNames.contains { key == TextNormalization.key($0) }
    }
    return same(from, leg.from) && same(to, leg.to)
  }

  /// The new model's details of a legacy item (its zone is set on adding).
  static func customInfo(_ item: LegacyItem) -> CustomInfo {
    CustomInfo(
      title: item.title, category: item.category, time: item.time, coordinate: item.coordinate,
      address: item.address)
  }

  /// The field a `TripError` is about.
  static func field(of error: TripError, in trip: LegacyTrip) -> String {
    func game(_ id: Game.ID) -> String {
      trip.gameIDs.firstIndex(of: id.rawValue).map { "\(trip.path).games[\($0)]" }
        ?? "\(trip.path).games"
    }
    switch error {
    case .emptyName, .invalidName, .nameLooksLikeID, .sameName: return "\(trip.path).name"
    case .noGames, .removesEveryGame: return "\(trip.path).games"
    case .duplicateGame(let id), .cancelledGame(let id): return game(id)
    case .gameNotInTrip(let id, _, _, _), .gameAlreadyInTrip(let id, _, _, _),
      .gameAddedAndRemoved(let id, _, _):
      return game(id)
    case .gameOutsideTrip(let id, _, _, _, _): return game(id)
    case .startAfterEnd, .tooLong: return "\(trip.path).endDate"
    case .revisionConflict: return trip.path
    }
  }
}

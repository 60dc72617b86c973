import Foundation

/// The visits that attending a trip's games records (`sportstime trip
/// attended`), and the games it leaves out with the reason.
///
/// A game already recorded as a visit (same game id) is never recorded
/// twice, so attending the same trip again records nothing new.
public struct Attendance: Sendable, Hashable {
  /// Why a game of the trip gets no new visit.
  public enum Reason: String, Sendable, Hashable, Codable {
    /// A visit with this game id already exists.
    case alreadyRecorded = "already-recorded"
    /// A visit typed by hand was this game, and is now linked to it.
    case linked
    /// The game starts after now.
    case notPlayed = "not-played"
    /// The game was cancelled.
    case cancelled
  }

  /// A game left out, and why.
  public struct Skipped: Sendable, Hashable {
    /// The game.
    public var game: Game
    /// Why.
    public var reason: Reason
  }

  /// The new visits, in the games' start order.
  public var recorded: [Visit]
  /// The games left out, in start order.
  public var skipped: [Skipped]

  /// Plans the visits for a trip's games.
  ///
  /// Without `requested`, every game of the trip that has started by
  /// `environment.now` is attended, except cancelled ones; games still to
  /// come are reported as `.notPlayed`. With `requested`, exactly those
  /// games: each must be one of the trip's, played and not cancelled.
  /// Either way a game with a visit already is reported as
  /// `.alreadyRecorded` and gets no second visit.
  ///
  /// ```swift
  /// let first = try Attendance.plan(
  ///   tripName: "Loop", games: trip.games, recordedGameIDs: [], environment: env)
  /// let again = try Attendance.plan(
  ///   tripName: "Loop", games: trip.games,
  ///   recordedGameIDs: Set(first.recorded.compactMap(\.gameID)), environment: env)
  /// again.recorded   // []
  /// ```
  /// - Parameters:
  ///   - tripName: the trip's name, for errors.
  ///   - games: the trip's games.
  ///   - requested: the games asked for, or nil for all played ones.
  ///   - recordedGameIDs: the game ids that already have a visit.
  /// - Throws: `VisitError.gameNotInTrip`, `.gameCancelled` or
  ///   `.gameNotPlayed` for a requested game.
  /// - Complexity: O(n log n) in the number of games.
  public static func plan(
    tripName: String, games: [Game], requested: [Game]? = nil, recordedGameIDs: Set<Game.ID>,
    linkedGameIDs: Set<Game.ID> = [], environment: RuleEnvironment
  ) throws -> Attendance {
    let now = environment.now()
    let tripIDs = Set(games.map(\.id))
    var chosen: [Game]
    if let requested {
      chosen = []
      var seen: Set<Game.ID> = []
      for game in requested where seen.insert(game.id).inserted {
        guard tripIDs.contains(game.id) else {
          throw VisitError.gameNotInTrip(gameID: game.id, trip: tripName)
        }
        if game.status == .cancelled { throw VisitError.gameCancelled(gameID: game.id) }
        if game.start > now {
          throw VisitError.gameNotPlayed(
            gameID: game.id, start: LocalTime.iso8601(game.start, in: game.timeZone))
        }
        chosen.append(game)
      }
    } else {
      chosen = games
    }
    chosen.sort { ($0.start, $0.id) < ($1.start, $1.id) }
    var result = Attendance(recorded: [], skipped: [])
    for game in chosen {
      if linkedGameIDs.contains(game.id) {
        result.skipped.append(Skipped(game: game, reason: .linked))
      } else if recordedGameIDs.contains(game.id) {
        result.skipped.append(Skipped(game: game, reason: .alreadyRecorded))
      } else if game.status == .cancelled {
        result.skipped.append(Skipped(game: game, reason: .cancelled))
      } else if game.start > now {
        result.skipped.append(Skipped(game: game, reason: .notPlayed))
      } else {
        result.recorded.append(Visit(game: game, id: Visit.ID(environment.uuid()), now: now))
      }
    }
    return result
  }
}

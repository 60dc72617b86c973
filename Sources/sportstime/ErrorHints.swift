import CLIKit
import Foundation
import SportsTimeCore

/// The command line's own hints on Core's errors. Core and Store messages
/// describe the problem and name no command or option; the command line
/// says, by error case, which of its commands or options fixes it.
enum ErrorHints {
  /// Runs `body`, rethrowing a visit error (or a venue of another sport)
  /// as the message with the command line's hint.
  static func visits<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as VisitError {
      throw CommandError(message(for: error))
    } catch let error as CatalogError {
      guard case .venueOfOtherSport(_, _, let sports, _, _) = error else { throw error }
      throw CommandError(
        "\(Terminal.sanitize(error.description)) (for that venue give "
          + sports.map { "--sport \($0.rawValue)" }.joined(separator: " or ") + ")")
    }
  }

  /// Runs `body`, rethrowing a file error about a game the database lacks
  /// with the command line's way to import its schedule.
  static func legacyImport<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as FileFormatError where error.missingGameID != nil {
      throw CommandError("\(error) ('sportstime schedule import FILE')")
    }
  }

  /// Runs `body`, rethrowing a refusal that has a remedy with the command
  /// line's words for it.
  static func rows<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let refusal as ItineraryRefusal {
      guard let problem = refusal.problem, let remedy = refusal.remedy else { throw refusal }
      switch remedy {
      case .pickRow(let count):
        throw ItineraryRefusal(reason: "\(problem); 'trip show' numbers the rows 1 to \(count).")
      }
    }
  }

  /// `error`'s description with the command line's hint where a case has
  /// one.
  static func message(for error: VisitError) -> String {
    switch error {
    case .gameNotInTrip:
      return "\(error) (see 'sportstime trip show')"
    case .matchupFromGame(let id):
      return "the matchup comes from game \(id); give --away/--home only without a game"
    case .linkedToGame(let visit, let id, let field):
      return
        "visit \(visit) is for game \(id), which sets its \(field); add --no-game to unlink it first"
    case .missingVenue:
      return "say where: a VENUE or --game G"
    case .missingDate:
      return "say when: --date YYYY-MM-DD or --game G"
    case .sportNeeded(let venue, let sports):
      return "\(venue) hosts " + sports.map(\.rawValue).joined(separator: " and ")
        + " games; add --sport " + sports.map(\.rawValue).joined(separator: " or --sport ")
    case .gameElsewhere:
      return "\(error); give --venue and --date as well to move the visit to that game"
    case .gameAtOtherVenue, .gameOnOtherDate, .gameOfOtherSport, .gameCancelled,
      .gameNotPlayed, .venueNotOfSport, .futureDate, .sameTeam, .unknownTeam, .invalidNotes,
      .nothingToChange:
      return error.description
    }
  }

  /// The command line's warning for a typed matchup the schedule lacks.
  static func message(for warning: UnscheduledMatchup) -> String {
    "\(warning); use --game to record the scheduled game"
  }
}

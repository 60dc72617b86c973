import CLIKit
import Foundation
import SportsTimeCore
import SportsTimeStore

/// The command line's own hints after the library's errors. Core and Store
/// messages describe the problem and name no command or flag; here, by the
/// error's case, the CLI adds what to run next (the printed text is what it
/// was when the hints lived in the library): every command's errors through
/// `adding(to:)`, and the visit, legacy-import and row errors whose wording
/// depends on the command through the wrappers below.
enum ErrorHints {
  /// `error`'s message followed by the CLI's hint for its case, or nil when
  /// the CLI has none for it.
  static func hint(for error: any Error) -> String? {
    switch error {
    case RecordError.tripNotFound(_, nil):
      return "\(error) (see 'sportstime trip list')"
    case RecordError.gameNotFound:
      return "\(error) ('sportstime schedule import FILE')"
    case RecordError.visitNotFound:
      return "\(error) (see 'sportstime visit list')"
    case RecordError.gameAlreadyVisited(_, let visitID, _):
      return "\(error)\n(to change it: sportstime visit edit \(visitID.prefix(8)) …)"
    case StoreError.unknownMigration:
      return "\(error) Upgrade sportstime or use another --db."
    case GameLookupError.noGamesYet:
      return "\(error) ('sportstime schedule import FILE')"
    case GameLookupError.noSuchGame(let id):
      return
        "\(GameLookupError.noSuchGame(Game.ID(Terminal.sanitize(id.description)))) (see 'sportstime games', or use TEAM@YYYY-MM-DD)"
    case let refusal as ItineraryRefusal where refusal.remedy != nil:
      return phrase(refusal.reason, refusal.remedy)
    case let error as FileFormatError where error.remedy != nil:
      var phrased = error
      phrased.message = phrase(error.message, error.remedy)
      return phrased.description
    case TripError.removesEveryGame(let trip):
      return
        "\(TripError.removesEveryGame(trip: Terminal.sanitize(trip))) (add one with --add-game, or delete the trip with 'sportstime trip delete')"
    default:
      return nil
    }
  }

  /// The message the CLI prints for `error`: with its hint when it has one.
  static func message(for error: any Error) -> String {
    hint(for: error) ?? String(describing: error)
  }

  /// `spec` and every command under it, each action's errors given their
  /// hint (`hint(for:)`); other errors (usage errors, clean exits) pass
  /// through unchanged. The subcommands stay lazy: each gets its hints when
  /// it is built.
  static func adding(to spec: CommandSpec) -> CommandSpec {
    var spec = spec
    spec.lazySubcommands = spec.lazySubcommands.map { $0.map { adding(to: $0) } }
    if let run = spec.run {
      spec.run = { arguments in
        do {
          try run(arguments)
        } catch {
          guard let hinted = hint(for: error) else { throw error }
          throw CommandError(hinted)
        }
      }
    }
    return spec
  }

  // MARK: Per-command hints (visits, legacy import, row refusals)

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
      throw ItineraryRefusal(reason: "\(problem); \(words(for: remedy)).")
    }
  }

  // MARK: Remedies

  /// The command line's words for `remedy` (what to run or look at).
  static func words(for remedy: Remedy) -> String {
    switch remedy {
    case .pickRow(let count): return "'trip show' numbers the rows 1 to \(count)"
    case .replanTrip: return "run 'sportstime trip replan' to re-plan the trip"
    case .removeGame(let id):
      return "remove it with 'sportstime trip replan TRIP --remove-game \(id)'"
    case .importAsLegacyTrips:
      return
        "it looks like the original app's trips: import it with 'sportstime import legacy FILE'"
    case .importAsTrip:
      return "it looks like a trip export: import it with 'sportstime trip import FILE'"
    }
  }

  /// `reason` (a library reason ending with `remedy`'s neutral text,
  /// `Remedy.reason(for:)`) with the command line's words for the remedy
  /// instead; `reason` unchanged without a remedy.
  static func phrase(_ reason: String, _ remedy: Remedy?) -> String {
    guard let remedy, let problem = remedy.problem(in: reason) else { return reason }
    return "\(problem); \(words(for: remedy))."
  }

  /// `problem` with its reason phrased by the command line (`phrase`).
  static func phrased(_ problem: TripProblem) -> TripProblem {
    var phrased = problem
    phrased.reason = phrase(problem.reason, problem.remedy)
    return phrased
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
    case .gameElsewhere(_, let venueID, _, let date, let visitVenueID, _, let visitDate):
      let options = [
        venueID == visitVenueID ? nil : "--venue", date == visitDate ? nil : "--date",
      ].compactMap { $0 }.joined(separator: " and ")
      return "\(error); give \(options) as well to move the visit to that game"
    case .matchupOfOtherSport(let visit, let matchup, let from, let to):
      return "visit \(visit)'s matchup \(matchup) names \(from.rawValue) teams; "
        + "give its \(to.rawValue) teams with --away and --home, or add --no-matchup"
    case .gameAtOtherVenue, .gameOnOtherDate, .gameOfOtherSport, .gameCancelled,
      .gameNotPlayed, .venueNotOfSport, .futureDate, .sameTeam, .unknownTeam, .invalidNotes,
      .nothingToChange:
      return error.description
    }
  }

  /// The command line's warning for what the schedule says against a visit.
  static func message(for warning: VisitWarning) -> String {
    switch warning {
    case .unscheduledMatchup:
      return "\(warning); use --game to record the scheduled game"
    case .differentScore(let different):
      return "\(warning); kept as recorded (--score \(different.final) sets the schedule's)"
    }
  }
}

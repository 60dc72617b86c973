import CLIKit
import Foundation
import SportsTimeCore
import SportsTimeStore

/// The command line's own hints after the library's errors. Core and Store
/// messages describe the problem and name no command or flag; here, by the
/// error's case, the CLI adds what to run next (the printed text is what it
/// was when the hints lived in the Store).
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
    case RecordError.gameAlreadyVisited(_, let visitID):
      return "\(error) ('sportstime visit edit \(visitID.prefix(8)) …')"
    case StoreError.unknownMigration:
      return "\(error) Upgrade sportstime or use another --db."
    case GameLookupError.noGamesYet:
      return "\(error) ('sportstime schedule import FILE')"
    case GameLookupError.noSuchGame(let id):
      return
        "\(GameLookupError.noSuchGame(Terminal.sanitize(id))) (see 'sportstime games', or use TEAM@YYYY-MM-DD)"
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
  /// through unchanged.
  static func adding(to spec: CommandSpec) -> CommandSpec {
    var spec = spec
    spec.subcommands = spec.subcommands.map(adding(to:))
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
}

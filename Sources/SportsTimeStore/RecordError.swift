import Foundation
import SportsTimeCore

/// What the store refuses or cannot find among its records (trips, items,
/// games, visits), in words for the traveller, with a kind so a front end
/// can answer without reading the message (`kind`: 404, 400, 422).
///
/// The messages name no command or flag of any front end: each front end
/// adds its own hint (the CLI: "(see 'sportstime trip list')"). SQLite and
/// file failures are `StoreError`.
public enum RecordError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The trip reference is empty (or blank once cleaned): it names no trip.
  case emptyTripReference

  /// No trip has this name or id; `suggestion` is the closest name.
  case tripNotFound(String, suggestion: String?)

  /// Several trips' ids start with this text, or several names match it
  /// only once folded (`candidates`: their names).
  case ambiguousTrip(String, candidates: [String])

  /// A trip with this name (ignoring case, width and invisible characters)
  /// already exists.
  case duplicateTripName(String)

  /// A trip with this id already exists (e.g. importing the same file
  /// twice); `name` is the stored trip's name.
  case duplicateTripID(String, name: String)

  /// No game with this id (or these ids, comma-separated) is in the
  /// database.
  case gameNotFound(String)

  /// No stored itinerary item has this id.
  case itemNotFound(String)

  /// An item cannot be stored as given (e.g. a NaN position); the reason.
  case invalidItem(String)

  /// A text that is not stored as given: it was not cleaned
  /// (`TextNormalization.validated`) or is too long. `field` names it
  /// ("trip's name", "item's title").
  case invalidText(field: String)

  /// No visit has this id or id prefix.
  case visitNotFound(String)

  /// An id prefix shorter than the 4 characters a visit reference needs.
  case visitIDTooShort(String)

  /// Several visits' ids start with this text (their short ids).
  case ambiguousVisit(String, candidates: [String])

  /// The game already has a visit (a game is attended once); `visitID` is
  /// that visit's id, `game` the game in words ("CWS @ CHC at Wrigley
  /// Field, 7:05 pm CDT on Wed, Jun 5, 2024", `Leagues.gameText`).
  case gameAlreadyVisited(gameID: Game.ID, visitID: String, game: String)

  /// A schedule import would remove these games (the schedule no longer
  /// lists them), but trips or visits use them. Nothing was changed.
  case gamesInUse([GameInUse])

  /// What kind of failure this is: `.notFound` for a trip, game, item or
  /// visit that does not exist; `.invalidInput` for a reference or value
  /// that cannot name or be stored; `.refused` for a rule of the records
  /// (unique names and ids, one visit per game, games still in use).
  public var kind: ErrorKind {
    switch self {
    case .tripNotFound, .gameNotFound, .itemNotFound, .visitNotFound: return .notFound
    case .emptyTripReference, .ambiguousTrip, .invalidItem, .invalidText, .visitIDTooShort,
      .ambiguousVisit:
      return .invalidInput
    case .duplicateTripName, .duplicateTripID, .gameAlreadyVisited, .gamesInUse: return .refused
    }
  }

  /// The field of the request a refusal is about, when one is: `name` for
  /// a taken trip name, `id` for a taken trip id, the text's field for
  /// `invalidText` ("item's title"), `game` for a game already visited;
  /// nil otherwise.
  public var field: String? {
    switch self {
    case .duplicateTripName: return "name"
    case .duplicateTripID: return "id"
    case .invalidText(let field): return field
    case .gameAlreadyVisited: return "game"
    default: return nil
    }
  }

  /// The games a refusal is about (the barrier games of the rule): the
  /// games still in use for `gamesInUse`, the visited game for
  /// `gameAlreadyVisited`; empty otherwise.
  public var games: [Game.ID] {
    switch self {
    case .gamesInUse(let games): return games.map(\.gameID)
    case .gameAlreadyVisited(let gameID, _, _): return [gameID]
    default: return []
    }
  }

  /// The problem in plain words, naming no command or flag.
  public var description: String {
    switch self {
    case .emptyTripReference:
      return "the trip reference is empty: give a trip's name or id"
    case .tripNotFound(let reference, let suggestion):
      if suggestion == nil, UUID(uuidString: reference) != nil {
        return "no trip has the id '\(reference)'"
      }
      return "no trip is called '\(reference)'"
        + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
    case .ambiguousTrip(let reference, let candidates):
      return
        "'\(reference)' matches several trips (\(candidates.joined(separator: ", "))); give more of the id or the name"
    case .duplicateTripName(let name):
      return "a trip called '\(name)' already exists; pick another name or delete it first"
    case .duplicateTripID(let id, let name):
      return "trip \(id) is already here as '\(name)'; delete it first to import it again"
    case .gameNotFound(let id):
      return "no game \(id) in the database; import its schedule first"
    case .itemNotFound:
      // The id was the trip's when the change was asked for: it was
      // removed meanwhile (issue 28, item 15: no ids in messages).
      return "that item is no longer in the trip; it may have been removed elsewhere"
    case .invalidItem(let reason):
      return "the item cannot be stored: \(reason)"
    case .invalidText(let field):
      return
        "the \(field) cannot be stored as given: it holds control or invisible characters or extra spaces, or is too long"
    case .visitIDTooShort(let reference):
      return
        "'\(TextNormalization.excerpt(reference))' is too short to name a visit; give at least 4 characters of its id"
    case .visitNotFound(let reference):
      return "no visit has the id '\(reference)'"
    case .ambiguousVisit(let reference, let candidates):
      return
        "'\(reference)' matches several visits (\(candidates.joined(separator: ", "))); give more of the id"
    case .gameAlreadyVisited(_, _, let game):
      // Issue 28, item 15: the game by matchup, venue and start, no ids;
      // the CLI adds the visit's id to edit on a line of its own.
      return "you have already recorded \(game) as a visit; edit that visit instead"
    case .gamesInUse(let games):
      return RecordError.describeInUse(games)
    }
  }

  /// `2 games the schedule no longer lists are still used, so nothing was
  /// changed: MIL202406100 (trip 'Brewers'), …` — at most 10 games named.
  private static func describeInUse(_ games: [GameInUse]) -> String {
    let shown = games.prefix(10).map { game -> String in
      let uses =
        game.tripNames.map { "trip '\($0)'" }
        + game.visits.map { "visit \($0.key.prefix(8)) on \($0.date.longDescription)" }
      return "\(game.gameID) (\(uses.joined(separator: ", ")))"
    }
    let more = games.count > shown.count ? ", and \(games.count - shown.count) more" : ""
    let count = Plural.count(games.count, "game")
    return
      "\(count) the schedule no longer lists \(Plural.form(games.count, one: "is", other: "are")) still used, "
      + "so nothing was changed: \(shown.joined(separator: ", "))\(more)"
  }
}

/// Makes `localizedDescription` return `description`.
extension RecordError: LocalizedError {
  /// Same text as `description`.
  public var errorDescription: String? { description }
}

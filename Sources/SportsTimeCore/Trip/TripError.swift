import Foundation

/// Why a trip cannot be built or changed, in traveller's words.
public enum TripError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The name is empty or only white space.
  case emptyName
  /// The name is too long once cleaned, or has nothing visible left
  /// although it was not only white space (only control or invisible
  /// characters).
  case invalidName(TextError)
  /// The name could be read as a trip id or id prefix
  /// (`Trip.looksLikeID(_:)`, applied to the name as it is matched); the
  /// cleaned name as given.
  case nameLooksLikeID(String)
  /// A rename to the name the trip already has.
  case sameName(String)
  /// No game was picked.
  case noGames
  /// This game id is picked twice.
  case duplicateGame(Game.ID)
  /// This game id is cancelled.
  case cancelledGame(Game.ID)
  /// Day 1 comes after the last day.
  case startAfterEnd(CalendarDate, CalendarDate)
  /// A game (id, "AWAY @ HOME", local date) lies outside the trip's days:
  /// before `first` or after `last`. A bound is nil when it is not known
  /// (only the other one was given and the derived one would contradict
  /// it).
  case gameOutsideTrip(
    Game.ID, title: String, date: CalendarDate, first: CalendarDate?, last: CalendarDate?)
  /// The trip would have this many days, over `TripBuilder.maximumDays`.
  case tooLong(Int)
  /// A re-plan removes a game (id, "AWAY @ HOME", local date) that the
  /// trip (its name) does not have.
  case gameNotInTrip(Game.ID, title: String, date: CalendarDate, trip: String)
  /// A re-plan adds a game (id, "AWAY @ HOME", local date) that the trip
  /// (its name) already has.
  case gameAlreadyInTrip(Game.ID, title: String, date: CalendarDate, trip: String)
  /// A re-plan both adds and removes this game (id, "AWAY @ HOME", local
  /// date).
  case gameAddedAndRemoved(Game.ID, title: String, date: CalendarDate)
  /// A re-plan would remove every game of the trip (its name).
  case removesEveryGame(trip: String)
  /// A write based on revision `expected` of the trip (its name) came
  /// after the trip moved on to revision `current` (another change was
  /// committed in between); nothing was changed.
  case revisionConflict(trip: String, expected: Int, current: Int)

  /// What kind of failure this is, for a front end that answers by kind
  /// (an HTTP server: 400 for `.invalidInput`, 422 for `.refused`, 409 for
  /// `.conflict`).
  public var kind: ErrorKind {
    switch self {
    case .emptyName, .invalidName, .nameLooksLikeID, .sameName, .noGames, .duplicateGame,
      .startAfterEnd, .tooLong, .gameAddedAndRemoved:
      return .invalidInput
    case .cancelledGame, .gameOutsideTrip, .gameNotInTrip, .gameAlreadyInTrip,
      .removesEveryGame:
      return .refused
    case .revisionConflict: return .conflict
    }
  }

  /// The reason in the words of a screen where games are picked, not
  /// typed: a game by its matchup and date instead of its id ("The CWS @
  /// CHC game on Wed, Jun 5, 2024 is before the first day, Thu, Jun 6,
  /// 2024: choose an earlier first day, or leave it empty."), dates in the
  /// long form, a capital and a full stop. The other reasons as
  /// `description`, capitalized.
  public var forPickedGames: String {
    func sentence(_ text: String) -> String {
      let body = text.hasSuffix(".") ? text : text + "."
      return body.prefix(1).uppercased() + body.dropFirst()
    }
    switch self {
    case .gameOutsideTrip(_, let title, let date, let first, let last):
      let game = "The \(title) game on \(date.longDescription)"
      if let first, date < first {
        return
          "\(game) is before the first day, \(first.longDescription): choose an earlier first day, or leave it empty."
      }
      if let last, date > last {
        return
          "\(game) is after the last day, \(last.longDescription): choose a later last day, or leave it empty."
      }
      return "\(game) is outside the trip's days: change the first or last day."
    case .duplicateGame: return "A game is picked twice: pick each game once."
    case .cancelledGame:
      return
        "A picked game was cancelled (postponed with no makeup date): remove it from your picks."
    case .startAfterEnd(let start, let end):
      return
        "The first day, \(start.longDescription), is after the last day, \(end.longDescription): swap them, or leave one empty."
    default: return sentence(description)
    }
  }

  /// Which of a new trip's inputs the reason is about: `name`, `start`,
  /// `end` or `games` (the body keys of `POST /api/trips` and the new-trip
  /// screen's fields), nil for none in particular.
  public var field: String? {
    switch self {
    case .emptyName, .invalidName, .nameLooksLikeID, .sameName: return "name"
    case .startAfterEnd: return "end"
    case .gameOutsideTrip(_, _, let date, let first, _):
      if let first, date < first { return "start" }
      return first == nil ? "end" : "start"
    case .tooLong: return "end"
    case .noGames, .duplicateGame, .cancelledGame: return "games"
    default: return nil
    }
  }

  /// The reason, in a traveller's words.
  public var description: String {
    switch self {
    case .emptyName: return "a trip needs a name"
    case .invalidName(let error): return error.description
    case .nameLooksLikeID(let name):
      let key = TextNormalization.key(name)
      let folded =
        key == name.lowercased()
        ? ""
        : " (names are matched ignoring case, width and invisible characters, so it reads as '\(key)')"
      return
        "the name '\(name)' looks like a trip id\(folded): a name may not be 4 to 36 hex digits (0-9, a-f) and dashes with at least 4 digits, since a trip can be named by its id or an id prefix; add a word or another letter"
    case .sameName(let name): return "the trip is already called '\(name)'"
    case .noGames: return "a trip needs at least one game"
    case .duplicateGame(let id): return "game \(id) is picked twice"
    case .cancelledGame(let id):
      return
        "game \(id) was cancelled (postponed with no makeup date) and cannot be added to a trip"
    case .startAfterEnd(let s, let e):
      return "the start date \(s) is after the end date \(e)"
    case .gameOutsideTrip(let id, let title, let date, let first, let last):
      let game = "game \(id) (\(title)) is on \(date)"
      switch (first, last) {
      case (let first?, let last?):
        return "\(game), outside the trip's days \(first) to \(last)"
      case (let first?, nil):
        return "\(game), before the trip's first day \(first)"
      case (nil, let last?):
        return "\(game), after the trip's last day \(last)"
      case (nil, nil):
        return "\(game), outside the trip's days"
      }
    case .tooLong(let days):
      return "a trip of \(days) days is longer than the \(TripBuilder.maximumDays)-day limit"
    case .gameNotInTrip(let id, let title, let date, let trip):
      return
        "game \(id) (\(title) on \(date)) is not in the trip \"\(TextNormalization.excerpt(trip))\", so it cannot be removed"
    case .gameAlreadyInTrip(let id, let title, let date, let trip):
      return
        "game \(id) (\(title) on \(date)) is already in the trip \"\(TextNormalization.excerpt(trip))\""
    case .gameAddedAndRemoved(let id, let title, let date):
      return "game \(id) (\(title) on \(date)) is both added and removed"
    case .removesEveryGame(let trip):
      return
        "this would remove every game of \"\(TextNormalization.excerpt(trip))\"; a trip needs at least one game"
    case .revisionConflict(let trip, let expected, let current):
      return
        "the trip \"\(TextNormalization.excerpt(trip))\" was changed by someone else: this change was based on revision \(expected), but the trip is now at revision \(current), so nothing was changed; look at the trip again and redo the change"
    }
  }
}

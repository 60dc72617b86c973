import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime schedule …`: bringing real schedules in.
enum ScheduleCommands {
  static let spec = CommandSpec(
    name: "schedule", abstract: "Import game schedules.",
    lazySubcommands: [LazyCommandSpec(name: "import") { importSpec }])

  static let importSpec = CommandSpec(
    name: "import",
    abstract:
      "Import a schedule file (Retrosheet MLB, NBA, NHL or nflverse NFL) into the database.",
    discussion: """
      The format is recognised from the header: Retrosheet yyyyschedule.csv (MLB), the \
      NBA file with UTC tip-offs (Match Number,Round Number,Date,…), the NHL as-played \
      file (Date,Start Time (Sask),Start Time (ET),…) or the nflverse schedules export \
      (game_id,season,game_type,…); --format names it instead.
      Reads the whole file in one transaction: a malformed row (wrong column count, \
      impossible date, unknown team or park) stops the import with its file, line and \
      field, and the database is left as it was. Importing the same file again \
      changes nothing. Postponed games move to their makeup date (forming a \
      doubleheader when the home team already plays that day); those never made up \
      are kept as cancelled. A team may not play two games at once (a game takes 3 \
      hours from its start: first pitch, tip-off, puck drop or kickoff). Retrosheet start times are estimates: 13:10 for day \
      games and 19:10 for night games, local to the ballpark. NBA, NHL and NFL files \
      give real start times and final scores; each game lands on its local date in \
      its venue's zone (neutral sites such as London or Prague included). NFL \
      postseason games and the NBA Cup final are kept, marked by their round; the \
      summary counts the regular season apart.
      Re-importing a newer file updates games in place: a game it moves keeps its \
      identity, trips follow it, and a visit keeps its own date (it loses its game \
      when the game no longer falls on it). Stored games of the file's seasons that \
      it no longer lists are kept, unless --replace removes them; --replace refuses, \
      changing nothing, when a trip or a visit uses one of them.
      Data: Retrosheet (www.retrosheet.org); nflverse (github.com/nflverse).
      """,
    options: [
      .value(
        "format", valueName: "FORMAT",
        kind: .parsed(.choice(of: ScheduleFormat.self)),
        help:
          "The file's format, instead of recognising it from the header (retrosheet, nba, nhl or nfl)."
      ),
      .flag(
        "replace",
        help: "Remove the stored games of the file's seasons that it no longer lists."),
      .flag("json", help: "Print what was imported as JSON."),
    ],
    positionals: [
      PositionalSpec(
        name: "FILE", help: "A schedule CSV: Retrosheet, NBA, NHL or nflverse (CRLF or LF).")
    ],
    run: { try run(try Context($0)) })

  static func run(_ context: Context) throws {
    let path = try context.arguments.requiredPositional("FILE")
    let text = try TextFile.readString(atPath: path)
    let replace = context.arguments.flag("replace")
    let format = try ScheduleFormat.of(
      text, named: context.arguments.value("format", as: ScheduleFormat.self), file: path)
    guard format == .retrosheet else {
      try importLeague(context, path: path, text: text, format: format, replace: replace)
      return
    }
    // The same file over the same games: the record of the last import
    // that changed nothing says it all (a database that does not exist yet
    // is not created for a file that may turn out malformed).
    // Into a new database the file is not hashed unless the import
    // changes nothing (only then is the record kept).
    let existing = try context.openExistingStore()
    let known = existing.map { _ in RetrosheetSchedule.fingerprint(of: text) }
    if let existing, let known,
      let record = try existing.unchangedScheduleImport(fingerprint: known, replace: replace)
    {
      try report(
        context, path: path, counts: record.counts, result: record.result,
        catalog: { try context.catalog() })
      return
    }
    // MLB's own catalog: a Retrosheet file names MLB teams and parks only
    // (and the other sports' tables are not built for it).
    let catalog = try Catalog.mlb()
    let parsed = try RetrosheetSchedule.parse(text, file: path, catalog: catalog)
    let store = try existing ?? context.openStore()
    let result: GameImportResult
    do {
      result = try store.importSchedule(
        parsed, replace: replace, fingerprint: known ?? RetrosheetSchedule.fingerprint(of: text))
    } catch let error as FileFormatError where !replace {
      throw CommandError(
        "\(error); stored games this file no longer lists stay unless you import it with --replace"
      )
    } catch RecordError.gamesInUse(let games) {
      let error = RecordError.gamesInUse(games)
      // Name only the kinds of use there are.
      var ways: [String] = []
      if games.contains(where: { !$0.tripNames.isEmpty }) {
        ways.append("those trips ('sportstime trip replan TRIP --remove-game G')")
      }
      if games.contains(where: { !$0.visits.isEmpty }) {
        ways.append("those visits ('sportstime visit edit ID --no-game')")
      }
      throw CommandError(
        "\(error). Take them out of \(ways.joined(separator: " and ")), or import without --replace"
      )
    }
    try report(context, path: path, counts: parsed.counts, result: result, catalog: { catalog })
  }

  /// Imports an NBA, NHL or NFL file (`format`): parsed whole, then stored
  /// in one transaction as a Retrosheet file is (no record of an unchanged
  /// import is kept: the comparison is quick for these files).
  static func importLeague(
    _ context: Context, path: String, text: String, format: ScheduleFormat, replace: Bool
  ) throws {
    let parsed = try format.parse(text, file: path, leagues: try context.leagues())
    let store = try context.openStore()
    let result: GameImportResult
    do {
      result = try store.importSchedule(parsed, replace: replace)
    } catch let error as FileFormatError where !replace {
      throw CommandError(
        "\(error); stored games this file no longer lists stay unless you import it with --replace"
      )
    }
    try report(
      context, path: path, counts: parsed.counts, result: result,
      catalog: { try context.catalog() }, league: parsed)
  }

  /// Prints what importing `path` (`counts`) did (`result`); `catalog`
  /// names the teams and venues of changed games (not asked for when
  /// nothing changed).
  private static func report(
    _ context: Context, path: String, counts: ScheduleImport.Counts, result: GameImportResult,
    catalog loadCatalog: () throws -> Catalog, league: ScheduleImport? = nil
  ) throws {
    if context.arguments.flag("json") {
      var document = WireV1.ScheduleImport(
        file: path, counts: counts, inserted: result.inserted, updated: result.updated,
        unchanged: result.unchanged, notInFile: result.notInFile, moved: result.renamed,
        changedInTrips: result.updatedInTrips, removed: result.removed,
        trips: result.trips.map { .init(id: $0.id, name: $0.name, games: $0.gameIDs) },
        visits: result.visits)
      if let league { document.describe(league) }
      try context.print(wire: document)
      return
    }
    let name = context.safe((path as NSString).lastPathComponent)
    if let league, let sport = league.games.first?.sport {
      let others = league.roundCounts.map { "\($0.games) \($0.round)" }
      let season =
        others.isEmpty
        ? "" : " (\(league.regularSeasonCount) regular season, \(others.joined(separator: ", ")))"
      context.print(
        "Read \(name): \(Plural.count(counts.games, "\(sport.rawValue) game"))\(season), \(Plural.count(counts.venues, "venue")), \(Plural.count(counts.teams, "team"))."
      )
    } else {
      context.print(
        "Read \(name): \(Plural.count(counts.games, "game")), \(counts.rescheduled) rescheduled, \(counts.cancelled) cancelled, \(Plural.count(counts.venues, "venue")), \(Plural.count(counts.teams, "team"))."
      )
    }
    if counts.doubleheadersFormed > 0 {
      context.print(
        "\(Plural.count(counts.doubleheadersFormed, "makeup date")) formed a doubleheader."
      )
    }
    if result.isNoOp {
      context.print(
        result.unchanged == 1
          ? "No changes: the 1 game was already in the database."
          : "No changes: all \(result.unchanged) games were already in the database.")
    } else {
      var parts = ["\(result.inserted) new", "\(result.updated) updated"]
      let moved = result.idChanges.filter(\.movesDate).count
      let renumbered = result.idChanges.filter(\.isRenumbered).count
      let why = [
        moved > 0 ? "\(moved) moved to another date" : nil,
        renumbered > 0
          ? "\(renumbered) renumbered on \(renumbered == 1 ? "its" : "their") date" : nil,
      ].compactMap { $0 }
      if !why.isEmpty { parts[1] += " (\(why.joined(separator: ", ")))" }
      parts.append("\(result.unchanged) unchanged")
      if !result.removed.isEmpty { parts.append("\(result.removed.count) removed") }
      context.print("Database: " + parts.joined(separator: ", ") + ".")
    }
    // Removed games first, by the ids they had: a game moved below may
    // take one of those ids, and is said to.
    let removedIDs = Set(result.removed)
    if !result.removed.isEmpty {
      let catalog = try loadCatalog()
      let shown = result.removedGames.prefix(20).map { game in
        "\(game.id) (\(Format.matchup(game, catalog: catalog)), \(game.localDate.longDescription))"
      }.joined(separator: ", ")
      let more = result.removed.count > 20 ? ", and \(result.removed.count - 20) more" : ""
      context.print(
        "Removed \(Plural.count(result.removed.count, "game")) this file no longer lists: \(shown)\(more)."
      )
    }
    for change in result.idChanges {
      let (old, new) = (change.old, change.new)
      let what = "\(old.id) (\(Format.matchup(old, catalog: try loadCatalog())))"
      let taken = removedIDs.contains(new.id) ? ", the id the removed game had" : ""
      if change.movesDate {
        context.print(
          "  \(what) moved from \(old.localDate.longDescription) to \(new.localDate.longDescription): now \(new.id)\(taken)."
        )
      } else {
        let how =
          old.gameNumber == 0
          ? "now game \(new.gameNumber) of a doubleheader"
          : new.gameNumber == 0
            ? "no longer in a doubleheader"
            : "game \(old.gameNumber) of the doubleheader is now game \(new.gameNumber)"
        context.print(
          "  \(what) renumbered on \(new.localDate.longDescription) (\(how)): now \(new.id)\(taken)."
        )
      }
    }
    if result.removed.isEmpty && result.notInFile > 0 {
      context.warn(
        "\(Plural.count(result.notInFile, "stored game")) of this season \(result.notInFile == 1 ? "is" : "are") not in this file; \(result.notInFile == 1 ? "it was" : "they were") left as \(result.notInFile == 1 ? "it was" : "they were") (--replace removes \(result.notInFile == 1 ? "it" : "them"))."
      )
    }
    let formerID = Dictionary(
      result.renamed.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
    for trip in result.trips {
      let games = trip.gameIDs.map { id in
        formerID[id].map { "\(id) (was \($0))" } ?? id.description
      }
      let name = context.safe(trip.name)
      context.warn(
        "trip '\(name)' uses \(trip.gameIDs.count == 1 ? "a changed game" : "changed games"): \(games.joined(separator: ", ")); check it with: \(Format.suggestedCommand("sportstime trip check", name))"
      )
    }
    for change in result.visits {
      let visit = "visit \(change.visit.key.prefix(8)) (\(change.visit.date.longDescription))"
      if !change.keepsLink {
        let game = change.game
        let moved = change.oldGame.id == game.id ? "" : " (now \(game.id))"
        let catalog = try loadCatalog()
        let venue =
          game.venueID == change.visit.venueID
          ? "" : " at \(Format.venue(game.venueID, catalog: catalog))"
        context.warn(
          "\(visit) no longer points to game \(change.oldGame.id)\(moved): that game is now \(Format.matchup(game, catalog: catalog))\(venue) on \(game.localDate.longDescription); the visit keeps its own date."
        )
      } else if change.oldGame.id != change.game.id {
        context.print("  \(visit) follows its game: \(change.oldGame.id) is now \(change.game.id).")
      }
    }
    if league == nil {
      context.print("Start times are estimates (13:10 day, 19:10 night, local to the ballpark).")
    } else {
      context.print("Start times and scores are the file's own, local to each venue.")
    }
  }
}

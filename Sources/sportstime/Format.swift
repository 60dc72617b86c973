import CLIKit
import Foundation
import SportsTimeCore

/// Text and JSON presentation shared by commands (no rules: just how
/// values look).
enum Format {
  /// "92 mi" or, metric, "148 km" (the exports' wording).
  static func distance(_ meters: Double, metric: Bool) -> String {
    ExportSupport.distance(meters, metric: metric)
  }

  /// "1 h 32 min" / "45 min" (the exports' wording).
  static func duration(_ seconds: Double) -> String { ExportSupport.duration(seconds) }

  /// "7:10 pm CDT est." / "TBD CDT" — a game's local start at its venue.
  static func gameTime(_ game: Game) -> String {
    // "TBD" already says the time is unknown: no "est." after it.
    ExportSupport.gameTime(game, estimated: " est.", unknown: "")
  }

  /// "SD @ CHC".
  static func matchup(_ game: Game, catalog: Catalog) -> String {
    let away = Team.printedCode(game.awayTeamID, sport: game.sport, teams: catalog.teams)
    let home = Team.printedCode(game.homeTeamID, sport: game.sport, teams: catalog.teams)
    return "\(away) @ \(home)"
  }

  /// " (NHL)" after a game of another league than MLB's (a trip may mix
  /// them: "STL @ BOS (NHL)" is the Blues, not the Cardinals), with its
  /// round when it has one (" (NFL, Super Bowl)"); nothing after an MLB
  /// game, as before other leagues could be imported.
  static func league(_ game: Game) -> String {
    if game.sport == .mlb { return game.roundName.map { " (\($0))" } ?? "" }
    return " (\(game.sport.rawValue)\(game.roundName.map { ", \($0)" } ?? ""))"
  }

  /// "Wrigley Field, Chicago".
  static func venue(_ id: Venue.ID, catalog: Catalog) -> String {
    guard let v = catalog.venue(id) else { return id.rawValue }
    return "\(v.name), \(v.city)"
  }

  /// Left-aligns columns of plain cells (each row the same count), two spaces
  /// apart; the last column is not padded. Widths are terminal columns
  /// (`DisplayWidth`: a full-width or East Asian wide character takes 2, a
  /// combining mark 0), so columns line up after names like `東京` or
  /// `ｅｃ４３`; cells are padded, never cut.
  static func table(_ rows: [[String]]) -> [String] {
    guard let width = rows.first?.count else { return [] }
    // Each cell's width is measured once (`TableLayout`); each line is
    // written into one string of the right capacity, its padding one of
    // the runs of spaces made up front.
    let layout = TableLayout(rows)
    let widths = layout.widths
    let cellWidths = layout.cellWidths
    let pads = (0...(widths.max() ?? 0)).map { String(repeating: " ", count: $0) }
    return zip(rows, cellWidths).map { row, measured in
      // The line's length is known before it is written: one allocation
      // instead of a string grown (and copied) several times per line.
      var bytes = 0
      for (i, cell) in row.enumerated() {
        bytes += cell.utf8.count + (i > 0 ? 2 : 0)
        if i < width - 1 { bytes += max(0, widths[i] - measured[i]) }
      }
      var line = ""
      line.reserveCapacity(bytes)
      for (i, cell) in row.enumerated() {
        if i > 0 { line += "  " }
        line += cell
        if i < width - 1 {
          line += pads[max(0, widths[i] - measured[i])]
        }
      }
      return line
    }
  }

  /// `table(_:)` laid out once, each line then written as UTF-8 bytes
  /// straight into the caller's output buffer (`TableLayout.write`): no
  /// `String` per line, no copy of it with its newline (`history` prints
  /// thousands of lines). The same bytes as `table(_:)`'s lines.
  struct TableLayout {
    /// The cells, as given.
    let rows: [[String]]
    /// Each column's width (terminal columns); the last is not padded.
    let widths: [Int]
    /// Each cell's width (0 for the last column).
    let cellWidths: [[Int]]

    /// Measures `rows` (each row the same count) as `table(_:)` does.
    init(_ rows: [[String]]) {
      self.rows = rows
      let width = rows.first?.count ?? 0
      var widths = [Int](repeating: 0, count: width)
      let cellWidths = rows.map { row in
        row.enumerated().map { i, cell in i < width - 1 ? DisplayWidth.of(cell) : 0 }
      }
      for row in cellWidths {
        for (i, cell) in row.enumerated() where i < width - 1 { widths[i] = max(widths[i], cell) }
      }
      self.widths = widths
      self.cellWidths = cellWidths
    }

    /// Appends line `index` of the table and a newline to `bytes`.
    func write(line index: Int, to bytes: inout [UInt8]) {
      let row = rows[index]
      let measured = cellWidths[index]
      let last = widths.count - 1
      for (i, cell) in row.enumerated() {
        if i > 0 {
          bytes.append(0x20)
          bytes.append(0x20)
        }
        bytes.append(contentsOf: cell.utf8)
        if i < last {
          for _ in 0..<max(0, widths[i] - measured[i]) { bytes.append(0x20) }
        }
      }
      bytes.append(0x0A)
    }
  }

  /// `message` with a hint for the command line after a semicolon, keeping
  /// its final period when it is a sentence: "'celtics' is the Boston
  /// Celtics, an NBA team, not an MLB team; games lists the imported MLB
  /// schedules".
  static func hinted(_ message: String, _ hint: String) -> String {
    message.hasSuffix(".") ? "\(message.dropLast()); \(hint)." : "\(message); \(hint)"
  }

  /// `text` as one POSIX shell word, for the commands the CLI suggests
  /// (so a suggestion pasted into `sh`, `bash` or `zsh` reaches the same
  /// trip or venue): bare when it is a non-empty run of
  /// `[A-Za-z0-9_./:@%+=,-]`, else in single quotes, each `'` written as
  /// `'\''` (inside single quotes nothing is special: `"`, `$`, `` ` ``,
  /// `!` and `\` stay as they are).
  ///
  /// ```swift
  /// Format.shellWord("CHI11")           // CHI11
  /// Format.shellWord("Bob's \"$5\" trip") // 'Bob'\''s "$5" trip'
  /// Format.shellWord("")                // ''
  /// ```
  static func shellWord(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || ("0"..."9").contains(scalar) || "_./:@%+=,-".unicodeScalars.contains(scalar))
      }
    if plain { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// A suggested command line: `command` (fixed words) followed by the
  /// user's `arguments` as shell words (`shellWord(_:)`), with `--` before
  /// them when one starts with `-`, so it is read as a value, not an
  /// option: `sportstime trip check -- -x`.
  static func suggestedCommand(_ command: String, _ arguments: String...) -> String {
    let words = arguments.map(shellWord)
    let terminator = arguments.contains { $0.hasPrefix("-") } ? ["--"] : []
    return ([command] + terminator + words).joined(separator: " ")
  }

  /// The game references given to a (repeatable) option such as `--game`:
  /// a game id or `TEAM@YYYY-MM-DD[#N]` each.
  /// - Throws: a usage error naming the first reference that is malformed.
  static func gameReferences(_ option: String, arguments: ParsedArguments) throws
    -> [GameReference]
  {
    try arguments.values(option).map { try gameReference($0, arguments: arguments) }
  }

  /// One game reference typed on the command line.
  /// - Throws: a usage error saying what is wrong with it.
  static func gameReference(_ text: String, arguments: ParsedArguments) throws -> GameReference {
    do {
      return try GameReference(parsing: text)
    } catch let error as GameReferenceError {
      throw arguments.usageError(Terminal.sanitize(error.description))
    }
  }

  /// The check of `--start` and `--end` (dates) together: the usage error
  /// `--start 2024-06-05 is after --end 2024-06-01` when they are reversed.
  static let checkStartBeforeEnd: CommandSpec.Validation = { args in
    if let start = args.value("start", as: CalendarDate.self),
      let end = args.value("end", as: CalendarDate.self), start > end
    {
      throw args.usageError("--start \(start) is after --end \(end)")
    }
  }

  /// A calendar date option value, `YYYY-MM-DD` (`CalendarDate(iso:)`;
  /// surrounding spaces ignored, as for every typed value), parsed while
  /// the command line is: `--from 2024-6-1` is the usage error
  /// `--from expects a date as YYYY-MM-DD, got '2024-6-1'`. Read it with
  /// `args.value("from", as: CalendarDate.self)`.
  static let date = OptionSpec.ValueKind.parsed(
    ValueParser(name: "date") { text in
      guard let date = CalendarDate(iso: text.trimmingCharacters(in: .whitespaces)) else {
        throw InvalidOptionValue(expected: "a date as YYYY-MM-DD")
      }
      return date
    })
}

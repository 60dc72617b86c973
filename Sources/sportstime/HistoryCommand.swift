import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime history`: every game attended, grouped by year.
enum HistoryCommand {
  static let spec = CommandSpec(
    name: "history", abstract: "Every game you attended, grouped by year, newest first.",
    discussion: """
      Rows: date, away @ home ("vs" at a neutral site), venue, score, sport. --sport keeps \
      the sports named (comma-separated or repeated); --year keeps one year.
      Example:
        sportstime history --sport MLB,NBA --year 2024
      """,
    options: [
      .value(
        "sport", valueName: "SPORT", repeatable: true, kind: VisitCommands.sportList,
        help: "Only these sports (MLB, NBA, NHL, NFL; comma-separated or repeated)."),
      .value(
        "year", valueName: "YYYY", kind: .parsed(HistoryCommand.year),
        help: "Only this year (four digits, e.g. 2024)."),
      .flag("json", help: "Print {total, years: [{year, games: [...]}]} (format in docs/JSON.md)."),
    ],
    run: { try run(try Context($0)) })

  /// `--year`: four ASCII digits, 0001–9999 (a year such as "24" is a
  /// typo for 2024 more often than the year 24).
  static let year = ValueParser(name: "year") { given -> Int in
    let text = given.trimmingCharacters(in: .whitespaces)
    guard text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
      value >= 1
    else {
      throw InvalidOptionValue(expected: "a four-digit year such as 2024")
    }
    return value
  }

  static func run(_ context: Context) throws {
    let args = context.arguments
    let sports = VisitCommands.sports("sport", arguments: args)
    let year = args.value("year", as: Int.self)
    let leagues = try context.leagues()
    let store = try context.openStore()
    let visits = try store.visits()
    let history = GamesHistory(
      visits: visits, leagues: leagues, sports: sports.isEmpty ? nil : Set(sports), year: year,
      starts: try store.visitGameStarts())
    if args.flag("json") {
      try context.print(wire: WireV1.History(history))
      return
    }
    if visits.isEmpty {
      context.print("No games recorded yet. Add your first visit!")
      return
    }
    var header = "\(Plural.count(history.total, "Game")) Attended"
    let filters = sports.map(\.rawValue) + (year.map { [String($0)] } ?? [])
    if !filters.isEmpty { header += " · " + filters.joined(separator: ", ") }
    context.print(context.style(header, .bold))
    if history.years.isEmpty {
      context.print("No games match these filters.")
      return
    }
    let rows = history.years.flatMap { section in
      section.entries.map { entry -> [String] in
        let date = entry.visit.date
        return [
          "  \(date.weekdayName.prefix(3)), \(date.shortDescription)", entry.matchupText ?? "—",
          entry.venueName, entry.visit.score?.description ?? "—", entry.visit.sport.rawValue,
        ]
      }
    }
    // Every section into one buffer, the table's lines written as bytes.
    let table = Format.TableLayout(rows)
    var out: [UInt8] = []
    out.reserveCapacity(rows.count * 80)
    var line = 0
    for section in history.years {
      out.append(0x0A)
      out.append(contentsOf: context.style(String(section.year), .bold).utf8)
      out.append(0x0A)
      for _ in section.entries where line < rows.count {
        table.write(line: line, to: &out)
        line += 1
      }
    }
    context.write(bytes: out)
  }
}

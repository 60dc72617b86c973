import Foundation
import XCTest

@testable import sportstime

/// `--help`, `help …`, `--version` of the built binary.
final class HelpAndVersionTests: EndToEndTestCase {
  /// Every command and subcommand with the start of its usage synopsis.
  static let commands: [(path: [String], usage: String)] = [
    ([], "sportstime <subcommand>"),
    (["schedule"], "sportstime schedule <subcommand>"),
    (
      ["schedule", "import"],
      "sportstime schedule import <FILE> [--format <FORMAT>] [--replace] [--json]"
    ),
    (["games"], "sportstime games [--sport <SPORT> ...] [--team <TEAM> ...]"),
    (["trip"], "sportstime trip <subcommand>"),
    (["trip", "new"], "sportstime trip new <NAME> --game <G> [--game <G> ...] [--start <DATE>]"),
    (["trip", "list"], "sportstime trip list [--json]"),
    (["trip", "show"], "sportstime trip show <TRIP> [--json] [--metric] [--drag <ITEM>]"),
    (["trip", "delete"], "sportstime trip delete <TRIP>"),
  ]

  func testHelp_everyCommandWithLongFlag() throws {
    for (path, usage) in Self.commands {
      let result = try runOK(path + ["--help"])
      XCTAssertTrue(
        result.stdout.contains("USAGE:\n  \(usage)"), "sportstime \(path) --help:\n\(result.stdout)"
      )
      XCTAssertTrue(result.stdout.contains("-h, --help"), "\(path)")
      XCTAssertTrue(result.stdout.contains("--db <PATH>"), "global options listed for \(path)")
    }
    XCTAssertFalse(fileExists(database), "--help must not open the database")
  }

  func testHelp_everyCommandWithShortFlagMatchesLongFlag() throws {
    for (path, _) in Self.commands {
      let long = try runOK(path + ["--help"])
      let short = try runOK(path + ["-h"])
      XCTAssertEqual(short.stdout, long.stdout, "\(path)")
    }
  }

  func testHelp_helpWordMatchesHelpFlag() throws {
    for (path, _) in Self.commands where !path.isEmpty {
      let word = try runOK(["help"] + path)
      let flag = try runOK(path + ["--help"])
      XCTAssertEqual(word.stdout, flag.stdout, "sportstime help \(path)")
    }
  }

  func testHelp_tripNewShowsArgumentsOptionsAndExample() throws {
    let result = try runOK(["help", "trip", "new"])
    let out = result.stdout
    XCTAssertTrue(
      out.hasPrefix(
        "Build a trip from games: its days, stops, and travel legs placed where they fit.\n\nUSAGE:\n  sportstime trip new <NAME> --game <G> [--game <G> ...] [--start <DATE>]\n    [--end <DATE>] [--json]\n"
      ), out)
    for pattern in [
      #"\nARGUMENTS:\n  <NAME> +The trip's name \(unique; not 4 to 36 hex digits and dashes,\n +which read as an id\)\.\n"#,
      // Flights exist: the help says legs are drives or flights.
      #"a travel leg placed on its first possible\nday: a drive, or a flight between countries no road joins"#,
      #"A leg whose drive or\nflight does not fit between the games is warned about"#,
      #"\nOPTIONS:\n  -g, --game <G> +A game to attend \(repeat for each\)\. \(required\) \(repeatable\)\n"#,
      #"\n  --start <DATE> +Day 1 \(YYYY-MM-DD\); default: the first game's date\.\n"#,
      #"\n  --end <DATE> +The last day \(YYYY-MM-DD\); default: the last game's date\.\n"#,
      #"\nGLOBAL OPTIONS:\n  --db <PATH> +Database file\."#,
    ] {
      XCTAssertNotNil(out.range(of: pattern, options: .regularExpression), "\(pattern)\n\(out)")
    }
    XCTAssertTrue(
      out.hasSuffix(
        "  sportstime trip new \"Midwest Swing\" \\\n    --game CHC@2024-06-04 --game MIL@2024-06-07\n"
      ),
      out)
  }

  /// Help is wrapped greedily at 80 columns: no line (outside indented
  /// blocks) could have taken the first word of the line after it.
  /// Review of issue 8, finding 7: `trip replan --json` prints `warnings`
  /// too, and its help says so; the help says a game already in the trip
  /// or not in it is refused.
  func testHelp_tripReplanNamesWarningsAndTheGameRule() throws {
    let out = try runOK(["trip", "replan", "--help"]).stdout
    let flat = out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(
      flat.contains(
        "Print {kept, reset, removed, added, redated, unscheduled, returned, rezoned} as row ids, reasons, and warnings."
      ), out)
    XCTAssertTrue(
      flat.contains(
        "Adding a game the trip already has, or removing one it does not have, is refused (naming the game)"
      ), out)
  }

  /// Review of issue 8, finding 7: the README tour imported
  /// `old-trips.json`, a file that does not exist. Every file the tour reads
  /// (schedule and trip imports, legacy files, basemaps) is in the
  /// repository or the shared data, unless an earlier tour line writes it.
  func testReadmeTour_readsOnlyFilesThatExist() throws {
    let root = CLIProcess.repositoryRoot
    let readme = try String(
      contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let tour = try XCTUnwrap(
      readme.range(of: "## A short tour").map { String(readme[$0.upperBound...]) })
    let block = try XCTUnwrap(tour.components(separatedBy: "```").dropFirst().first)
    var written: Set<String> = []
    var read: [String] = []
    for line in block.split(separator: "\n") where !line.hasPrefix("#") {
      let words = line.split(separator: " ").map(String.init)
      for (i, word) in words.enumerated() where i + 1 < words.count {
        let next = words[i + 1]
        if word == "--out" { written.insert(next) }
        if word == "--basemap" { read.append(next) }
        let command = i > 0 ? "\(words[i - 1]) \(word)" : word
        if ["schedule import", "trip import", "import legacy"].contains(command) {
          read.append(next)
        }
      }
    }
    XCTAssertTrue(read.contains("Tests/Fixtures/legacy/trips.json"), "\(read)")
    XCTAssertGreaterThanOrEqual(read.count, 3, "\(read)")
    for path in read where !written.contains(path) {
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path),
        "the README tour reads \(path), which does not exist")
    }
  }

  func testHelp_discussionWrapsIntoFullLines() throws {
    for (path, _) in Self.commands {
      let lines = try runOK(path + ["--help"]).stdoutLines
      for line in lines where !line.hasPrefix(" ") {
        XCTAssertLessThanOrEqual(line.count, 80, "sportstime \(path) --help: \(line)")
      }
      for (a, b) in zip(lines, lines.dropFirst()) {
        guard !a.isEmpty, !b.isEmpty, !a.hasPrefix(" "), !b.hasPrefix(" "),
          !a.hasSuffix("."), !a.hasSuffix(":"), let next = b.split(separator: " ").first
        else { continue }
        XCTAssertGreaterThan(
          a.count + 1 + next.count, 80,
          "sportstime \(path) --help breaks a sentence early:\n\(a)\n\(b)")
      }
    }
  }

  func testHelp_wrapsToColumns() throws {
    let wide = try runOK(["trip", "new", "--help"], extra: ["COLUMNS": "120"]).stdout
    XCTAssertTrue(
      wide.contains(
        "USAGE:\n  sportstime trip new <NAME> --game <G> [--game <G> ...] [--start <DATE>] [--end <DATE>] [--json]\n"
      ), wide)
    let narrow = try runOK(["trip", "new", "--help"], extra: ["COLUMNS": "50"]).stdoutLines
    // Only verbatim examples and single overlong words may exceed the width.
    let overlong = narrow.filter {
      $0.count > 50 && !$0.hasPrefix("  sportstime")
        && $0.trimmingCharacters(in: .whitespaces).contains(" ")
    }
    XCTAssertEqual(overlong, [])
    XCTAssertGreaterThan(narrow.count, try runOK(["trip", "new", "--help"]).stdoutLines.count)
  }

  func testHelp_groupWithoutSubcommandPrintsItsHelp() throws {
    let bare = try runOK([])
    XCTAssertEqual(bare.stdout, try runOK(["--help"]).stdout)
    XCTAssertTrue(bare.stdout.contains("SUBCOMMANDS:\n  schedule  "), bare.stdout)
    let trip = try runOK(["trip"])
    XCTAssertEqual(trip.stdout, try runOK(["trip", "--help"]).stdout)
    for name in ["new", "list", "show", "delete"] {
      XCTAssertTrue(trip.stdout.contains("\n  \(name) "), "trip help lists \(name)")
    }
  }

  func testVersion_printsVersionOnly() throws {
    let result = try runOK(["--version"])
    XCTAssertEqual(result.stdout, RootCommand.version + "\n")
    XCTAssertNotNil(
      result.stdout.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+\n$"#, options: .regularExpression),
      result.stdout)
    XCTAssertFalse(fileExists(database))
  }

  func testVersion_afterSubcommandIsUnknownOption() throws {
    try assertUsageError(
      ["trip", "--version"], message: "Unknown option '--version'.",
      usage: "sportstime trip <subcommand>", help: "sportstime trip")
  }
}

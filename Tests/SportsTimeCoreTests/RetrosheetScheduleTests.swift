import Foundation
import XCTest

@testable import SportsTimeCore

/// Reading the real Retrosheet 2024 and 2025 schedules from
/// `../shared/data/retrosheet/` (never copied), and malformed copies of them.
final class RetrosheetScheduleTests: XCTestCase {

  private var tempDir: URL!

  override func setUpWithError() throws {
    tempDir = FileManager.default.temporaryDirectory
      .appendingPathComponent("sportstime-retrosheet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: tempDir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    if let tempDir { try? FileManager.default.removeItem(at: tempDir) }
  }

  // MARK: - Helpers

  private func game(
    _ id: Game.ID, _ year: Int = 2024, file: StaticString = #filePath, line: UInt = #line
  ) throws -> Game {
    try Fixtures.seasonGame(id, year: year, file: file, line: line)
  }

  private func localClock(_ g: Game) -> String {
    let c = Fixtures.clock(g.start, in: g.timeZone)
    return String(format: "%02d:%02d", c.hour, c.minute)
  }

  /// The 2024 file's lines (CRLF split), header first.
  private func lines2024() throws -> [String] {
    let text = try Fixtures.retrosheetText("2024schedule.csv")
    var lines = text.components(separatedBy: "\r\n")
    XCTAssertEqual(lines.last, "", "file ends with CRLF")
    lines.removeLast()
    return lines
  }

  /// Writes `lines` as a CRLF file in the temp dir, reads it back and parses
  /// it, returning the error it must throw.
  private func parseError(
    _ lines: [String], name: String, file: StaticString = #filePath, line: UInt = #line
  ) throws -> FileFormatError {
    let url = tempDir.appendingPathComponent(name)
    try (lines.joined(separator: "\r\n") + "\r\n").write(to: url, atomically: true, encoding: .utf8)
    let text = try String(contentsOf: url, encoding: .utf8)
    do {
      let result = try RetrosheetSchedule.parse(text, file: name, catalog: try Fixtures.catalog())
      XCTFail("parsed \(result.games.count) games instead of failing", file: file, line: line)
      throw FixtureError(message: "no error")
    } catch let error as FileFormatError {
      XCTAssertEqual(error.file, name, file: file, line: line)
      XCTAssertFalse(error.message.isEmpty, file: file, line: line)
      return error
    }
  }

  /// Line `number` (1-based, header = 1) of the 2024 file with field `index`
  /// (0-based) replaced by `value`.
  private func replacing(_ lines: [String], line number: Int, field index: Int, with value: String)
    -> [String]
  {
    var copy = lines
    var fields = copy[number - 1].components(separatedBy: ",")
    fields[index] = value
    copy[number - 1] = fields.joined(separator: ",")
    return copy
  }

  // MARK: - 2024

  func testParse2024_countsRescheduledAndCancelled() throws {
    let s = try Fixtures.season(2024)
    XCTAssertEqual(s.rowCount, 2430)
    XCTAssertEqual(s.games.count, 2430)
    XCTAssertEqual(s.rescheduledCount, 34)
    XCTAssertEqual(s.cancelledCount, 1)
    XCTAssertEqual(s.games.filter { $0.status == .rescheduled }.count, 34)
    XCTAssertEqual(s.teamIDs.count, 30)
    XCTAssertEqual(s.venueIDs.count, 35)
    XCTAssertTrue(s.venueIDs.isSuperset(of: ["SEO01", "MEX02", "LON01", "BIR01", "WIL02"]))
    XCTAssertEqual(Set(s.games.map(\.id)).count, 2430, "ids are unique")
    XCTAssertTrue(s.games.allSatisfy(\.timeEstimated))

    let cancelled = s.games.filter { $0.status == .cancelled }
    XCTAssertEqual(cancelled.map(\.id), ["CLE202409290"])
    let hou = try XCTUnwrap(cancelled.first)
    XCTAssertEqual(hou.awayTeamID, "HOU")
    XCTAssertEqual(hou.localDate.iso, "2024-09-29")
    XCTAssertEqual(hou.originalDate?.iso, "2024-09-29")
    XCTAssertEqual(hou.postponementReason, "Rain")
  }

  func testParse2024_seoulGameIsOnItsSeoulDate() throws {
    let g = try game("SDN202403200")
    XCTAssertEqual(g.venueID, "SEO01")
    XCTAssertEqual(g.awayTeamID, "LAN")
    XCTAssertEqual(g.timeZoneID, "Asia/Seoul")
    XCTAssertEqual(g.localDate.iso, "2024-03-20")
    XCTAssertEqual(localClock(g), "19:10")
    XCTAssertEqual(LocalTime.iso8601(g.start, in: g.timeZone), "2024-03-20T19:10:00+09:00")
    // 10:10 UTC; still the morning of March 20 in Los Angeles.
    XCTAssertEqual(g.start, Date(timeIntervalSince1970: 1_710_929_400))
    let la = try XCTUnwrap(TimeZone(identifier: "America/Los_Angeles"))
    XCTAssertEqual(CalendarDate(g.start, in: la).iso, "2024-03-20")
    XCTAssertEqual(LocalTime.iso8601(g.start, in: la), "2024-03-20T03:10:00-07:00")
  }

  func testParse2024_makeupsFormDoubleheaderInAtlanta() throws {
    // NYN@ATL 2024-04-10 (rain) and 2024-09-25 (Hurricane Helene), both made up 2024-09-30.
    let first = try game("ATL202409301")
    let second = try game("ATL202409302")
    XCTAssertEqual(first.status, .rescheduled)
    XCTAssertEqual(second.status, .rescheduled)
    XCTAssertEqual(first.originalDate?.iso, "2024-04-10")
    XCTAssertEqual(second.originalDate?.iso, "2024-09-25")
    XCTAssertEqual(second.postponementReason, "Hurricane Helene")
    XCTAssertEqual([first.localDate.iso, second.localDate.iso], ["2024-09-30", "2024-09-30"])
    XCTAssertEqual([first.gameNumber, second.gameNumber], [1, 2])
    XCTAssertGreaterThanOrEqual(second.start.timeIntervalSince(first.start), 3.5 * 3600)
    let s = try Fixtures.season(2024)
    XCTAssertFalse(s.games.contains { $0.id == "ATL202404100" || $0.id == "ATL202409250" })
  }

  func testParse2024_makeupDateInPostponedColumnFormsDoubleheader() throws {
    // 2024-06-15 OAK@MIN has 20240616 in Postponed and an empty Makeup.
    let own = try game("MIN202406161")
    let makeup = try game("MIN202406162")
    XCTAssertEqual(own.status, .scheduled)
    XCTAssertNil(own.originalDate)
    XCTAssertEqual(makeup.status, .rescheduled)
    XCTAssertEqual(makeup.awayTeamID, "OAK")
    XCTAssertEqual(makeup.originalDate?.iso, "2024-06-15")
    XCTAssertEqual(makeup.localDate.iso, "2024-06-16")
    XCTAssertNil(makeup.postponementReason, "a date is not a reason")
    XCTAssertGreaterThanOrEqual(makeup.start.timeIntervalSince(own.start), 3.5 * 3600)
    XCTAssertFalse(try Fixtures.season(2024).games.contains { $0.id == "MIN202406150" })
  }

  func testParse2024_unknownDayNightFlagIsTimeUnknownOrderedAsNight() throws {
    for id: Game.ID in ["CLE202404080", "NYA202404080", "CLE202409010"] {
      let g = try game(id)
      XCTAssertTrue(g.timeUnknown, id.description)
      XCTAssertEqual(localClock(g), "19:10", id.description)
    }
    XCTAssertTrue(try game("OAK202405082").timeUnknown)
    XCTAssertEqual(try Fixtures.season(2024).games.filter(\.timeUnknown).count, 5)
    // Flags d and n: 13:10 and 19:10 local, and not unknown.
    let day = try game("WAS202404040")
    XCTAssertFalse(day.timeUnknown)
    XCTAssertEqual(localClock(day), "13:10")
    let night = try game("LAN202404010")
    XCTAssertEqual(localClock(night), "19:10")
  }

  func testParse_everyDoubleheaderIsNumberedAndSpaced() throws {
    // Independently counted from the files: home-team dates with more than one
    // game once postponements move (2024: 29, of which 27 formed by makeups
    // plus the scheduled ones at OAK 05-08 and SFN 07-27; 2025: 28).
    for (year, groupsExpected, formedExpected) in [(2024, 29, 27), (2025, 28, 28)] {
      let s = try Fixtures.season(year)
      XCTAssertEqual(s.doubleheadersFormed, formedExpected, "\(year)")
      let played = s.games.filter { $0.status != .cancelled }
      let groups = Dictionary(grouping: played) { "\($0.homeTeamID)\($0.localDate.compact)" }
      let multi = groups.values.filter { $0.count > 1 }
      XCTAssertEqual(multi.count, groupsExpected, "\(year)")
      for group in multi {
        let ordered = group.sorted { $0.start < $1.start }
        XCTAssertEqual(
          ordered.map(\.gameNumber), Array(1...ordered.count), ordered.map(\.id).description)
        for (a, b) in zip(ordered, ordered.dropFirst()) {
          XCTAssertGreaterThanOrEqual(
            b.start.timeIntervalSince(a.start), 3.5 * 3600, "\(a.id) → \(b.id)")
        }
      }
      for single in groups.values where single.count == 1 {
        XCTAssertEqual(single[0].gameNumber, 0, single[0].id.description)
      }
      for g in s.games where g.status == .rescheduled {
        XCTAssertNotNil(g.originalDate, g.id.description)
        XCTAssertNotEqual(g.originalDate, g.localDate, g.id.description)
        XCTAssertTrue(
          g.id.rawValue.hasPrefix(g.homeTeamID + g.localDate.compact), g.id.description)
      }
    }
  }

  func testParse2024_scheduledDoubleheaderKeepsNumbersAndGap() throws {
    // 2024-05-08 TEX@OAK game 1 (day) and game 2 (flag 0).
    let g1 = try game("OAK202405081")
    let g2 = try game("OAK202405082")
    XCTAssertEqual([g1.gameNumber, g2.gameNumber], [1, 2])
    XCTAssertGreaterThanOrEqual(g2.start.timeIntervalSince(g1.start), 3.5 * 3600)
  }

  // MARK: - 2025

  func testParse2025_LFFileWithChainedMakeups() throws {
    let text = try Fixtures.retrosheetText("2025schedule.csv")
    XCTAssertFalse(text.contains("\r"), "the 2025 file uses LF")
    let s = try Fixtures.season(2025)
    XCTAssertEqual(s.games.count, 2430)
    XCTAssertEqual(s.rescheduledCount, 31)
    XCTAssertEqual(s.cancelledCount, 0)
    XCTAssertEqual(s.teamIDs.count, 30)
    XCTAssertTrue(s.teamIDs.contains("ATH"))
    XCTAssertFalse(s.teamIDs.contains("OAK"))
    // 2025-06-18 MIL@CHN → 2025-08-18, whose own game moved to 2025-08-19.
    let june = try game("CHN202508180", 2025)
    XCTAssertEqual(june.status, .rescheduled)
    XCTAssertEqual(june.originalDate?.iso, "2025-06-18")
    XCTAssertEqual(june.gameNumber, 0)
    // The makeup takes the 13:10 slot (game 1); the Cubs' own night game
    // keeps 19:10 (game 2).
    let moved = try game("CHN202508191", 2025)
    XCTAssertEqual(moved.status, .rescheduled)
    XCTAssertEqual(moved.originalDate?.iso, "2025-08-18")
    XCTAssertEqual(localClock(moved), "13:10")
    let own = try game("CHN202508192", 2025)
    XCTAssertEqual(own.status, .scheduled)
    XCTAssertEqual(localClock(own), "19:10")
    XCTAssertGreaterThanOrEqual(own.start.timeIntervalSince(moved.start), 3.5 * 3600)
    XCTAssertFalse(s.games.contains { $0.id == "CHN202506180" })
  }

  // MARK: - Line endings

  func testParse_CRLFAndLFGiveIdenticalGames() throws {
    let crlf = try Fixtures.retrosheetText("2024schedule.csv")
    XCTAssertTrue(crlf.contains("\r\n"))
    let lf = crlf.replacingOccurrences(of: "\r\n", with: "\n")
    let catalog = try Fixtures.catalog()
    let a = try RetrosheetSchedule.parse(crlf, file: "crlf.csv", catalog: catalog)
    let b = try RetrosheetSchedule.parse(lf, file: "lf.csv", catalog: catalog)
    XCTAssertEqual(a.games, b.games)
    XCTAssertEqual(a.rescheduledCount, b.rescheduledCount)
  }

  func testParse_sameFileTwiceGivesSameIDs() throws {
    let text = try Fixtures.retrosheetText("2024schedule.csv")
    let again = try RetrosheetSchedule.parse(
      text, file: "again.csv", catalog: try Fixtures.catalog())
    XCTAssertEqual(again.games.map(\.id), try Fixtures.season(2024).games.map(\.id))
  }

  // MARK: - Malformed copies

  func testParse_wrongColumnCountNamesLine() throws {
    var lines = try lines2024()
    lines[99] = lines[99].components(separatedBy: ",").dropLast().joined(separator: ",")
    let error = try parseError(lines, name: "columns.csv")
    XCTAssertEqual(error.line, 100)
    XCTAssertNil(error.field)
    XCTAssertTrue(error.message.contains("13"), error.message)
    XCTAssertTrue(error.message.contains("12"), error.message)
  }

  func testParse_impossibleDateNamesLineAndField() throws {
    let error = try parseError(
      replacing(try lines2024(), line: 100, field: 0, with: "20240231"), name: "date.csv")
    XCTAssertEqual(error.line, 100)
    XCTAssertEqual(error.field, "1 (Date)")
    XCTAssertTrue(error.message.contains("20240231"), error.message)
    XCTAssertTrue(
      error.description.contains("date.csv, line 100, field 1 (Date)"), error.description)
  }

  func testParse_unknownTeamNamesLineAndField() throws {
    let visitor = try parseError(
      replacing(try lines2024(), line: 250, field: 3, with: "XYZ"), name: "visitor.csv")
    XCTAssertEqual(visitor.line, 250)
    XCTAssertEqual(visitor.field, "4 (Visitor)")
    XCTAssertTrue(visitor.message.contains("XYZ"), visitor.message)
    let home = try parseError(
      replacing(try lines2024(), line: 2431, field: 6, with: "QQQ"), name: "home.csv")
    XCTAssertEqual(home.line, 2431)
    XCTAssertEqual(home.field, "7 (Home)")
  }

  func testParse_unknownParkNamesLineAndField() throws {
    let error = try parseError(
      replacing(try lines2024(), line: 2, field: 10, with: "ZZZ99"), name: "park.csv")
    XCTAssertEqual(error.line, 2)
    XCTAssertEqual(error.field, "11 (Location)")
    XCTAssertTrue(error.message.contains("ZZZ99"), error.message)
  }

  func testParse_badDayNightFlagNamesLineAndField() throws {
    for bad in ["x", "dn", ""] {
      let error = try parseError(
        replacing(try lines2024(), line: 1500, field: 9, with: bad), name: "flag.csv")
      XCTAssertEqual(error.line, 1500, bad)
      XCTAssertEqual(error.field, "10 (Day/Night)", bad)
    }
  }

  func testParse_duplicatedRowIsRefusedNamingBothLines() throws {
    var lines = try lines2024()
    lines.insert(lines[99], at: 100)  // line 100 repeated as line 101
    let error = try parseError(lines, name: "dup.csv")
    XCTAssertEqual(error.line, 101)
    XCTAssertTrue(error.message.contains("line 100"), error.message)
    XCTAssertTrue(error.message.contains("WAS202404040"), error.message)
  }

  /// A row making the Cubs play in St. Louis while the file has them at
  /// home at the same time (both night games, 19:10 CDT) is refused at
  /// that row's Visitor field, naming the other line.
  func testParse_teamInTwoPlacesAtOnceIsRefused() throws {
    var lines = try lines2024()
    XCTAssertEqual(lines[731], "20240521,0,Tuesday,ATL,NL,47,CHN,NL,49,n,CHI11,,")
    XCTAssertEqual(lines[733], "20240521,0,Tuesday,BAL,AL,47,SLN,NL,49,n,STL10,,")
    lines = replacing(lines, line: 734, field: 3, with: "CHN")
    let error = try parseError(lines, name: "two-places.csv")
    XCTAssertEqual(error.line, 734)
    XCTAssertEqual(error.field, "4 (Visitor)")
    XCTAssertEqual(
      error.message,
      "CHC would play two games at once: this row's CHC @ STL at Busch Stadium, 7:10 pm CDT "
        + "on Tue, May 21, 2024 and line 732's ATL @ CHC at Wrigley Field, 7:10 pm CDT on Tue, "
        + "May 21, 2024 overlap (a game takes 3 hours from first pitch)")

    // The home team too: the Braves hosting the Orioles (as their season
    // game 170, a number no row uses) while they play in Chicago.
    let braves = replacing(try lines2024(), line: 734, field: 6, with: "ATL")
    let home = try parseError(
      replacing(braves, line: 734, field: 8, with: "170"), name: "home.csv")
    XCTAssertEqual(home.line, 734)
    XCTAssertEqual(home.field, "7 (Home)")
    XCTAssertTrue(home.message.hasPrefix("ATL would play two games at once"), home.message)
  }

  /// Review of issue 8, finding 5: a new row CHN @ PIT on the night PIT
  /// hosts LAN, with the same game number, was "the same game" as line
  /// 930. It is two games of PIT that day with one game number, and says
  /// so with the printed abbreviations; a real copy of a row is still a
  /// duplicate.
  func testParse_twoGamesOfOneHomeTeamWithOneGameNumberAreNamedAsSuch() throws {
    var lines = try lines2024()
    XCTAssertEqual(lines[929], "20240605,0,Wednesday,LAN,NL,63,PIT,NL,61,n,PIT08,,")
    lines.insert("20240605,0,Wednesday,CHN,NL,62,PIT,NL,99,n,PIT08,,", at: 931)
    let error = try parseError(lines, name: "cubs-at-pittsburgh.csv")
    XCTAssertEqual(error.line, 932)
    XCTAssertEqual(error.field, "2 (Num)")
    XCTAssertEqual(
      error.message,
      "PIT would play two games on Wed, Jun 5, 2024 with game number 0 (PIT202406050): this "
        + "row's CHC @ PIT and line 930's LAD @ PIT; a doubleheader's games are numbered 1 and 2")
    var copied = try lines2024()
    copied.insert(copied[929], at: 931)
    let copy = try parseError(copied, name: "copy.csv")
    XCTAssertEqual(copy.line, 932)
    XCTAssertEqual(
      copy.message,
      "this row and line 930 both list LAD @ PIT on Wed, Jun 5, 2024 with game number 0 "
        + "(PIT202406050); remove the duplicate, or number a doubleheader's games 1 and 2")
  }

  /// A makeup moved onto a night when the team plays elsewhere is the row at
  /// fault, whichever line comes later: its Makeup field is named (or the
  /// Postponed field when the date sits there).
  func testParse_makeupOntoAnotherGameOfTheTeamNamesTheMakeupField() throws {
    // The Cubs play at Boston on the night of Fri, Apr 26 (line 390).
    let lines = try lines2024()
    XCTAssertEqual(lines[389], "20240426,0,Friday,CHN,NL,26,BOS,AL,27,n,BOS07,,")
    // Line 354 (HOU @ CHN, Apr 23) rained out to Apr 26, when Houston is
    // off: 19:10 CDT in Chicago is an hour after first pitch in Boston.
    XCTAssertEqual(lines[353], "20240423,0,Tuesday,HOU,AL,24,CHN,NL,23,n,CHI11,,")
    var makeup = replacing(lines, line: 354, field: 11, with: "Rain")
    makeup = replacing(makeup, line: 354, field: 12, with: "20240426")
    let error = try parseError(makeup, name: "makeup.csv")
    XCTAssertEqual(error.line, 354)
    XCTAssertEqual(error.field, "13 (Makeup)")
    XCTAssertEqual(
      error.message,
      "CHC would play two games at once: this row's HOU @ CHC at Wrigley Field, 7:10 pm CDT "
        + "on Fri, Apr 26, 2024 and line 390's CHC @ BOS at Fenway Park, 7:10 pm EDT on Fri, "
        + "Apr 26, 2024 overlap (a game takes 3 hours from first pitch)")

    let inPostponed = try parseError(
      replacing(lines, line: 354, field: 11, with: "20240426"), name: "postponed.csv")
    XCTAssertEqual(inPostponed.line, 354)
    XCTAssertEqual(inPostponed.field, "12 (Postponed)")
  }

  /// What a doubleheader legitimately looks like is accepted: the same
  /// matchup twice at one park on one day, 3 h 30 min apart (a scheduled
  /// one, and one formed by a makeup onto a day the teams already play
  /// there). Both real files have no team in two places at once.
  func testParse_doubleheadersAreNotTwoPlacesAtOnce() throws {
    var lines = try lines2024()
    // Line 734 (BAL @ SLN, May 21) made up on May 22, when BAL plays at SLN again.
    XCTAssertEqual(lines[739], "20240522,0,Wednesday,BAL,AL,48,SLN,NL,50,d,STL10,,")
    lines = replacing(lines, line: 734, field: 11, with: "Rain")
    lines = replacing(lines, line: 734, field: 12, with: "20240522")
    let url = tempDir.appendingPathComponent("doubleheader.csv")
    try (lines.joined(separator: "\r\n") + "\r\n").write(to: url, atomically: true, encoding: .utf8)
    let parsed = try RetrosheetSchedule.parse(
      try String(contentsOf: url, encoding: .utf8), file: "doubleheader.csv",
      catalog: try Fixtures.catalog())
    let pair = parsed.games.filter { $0.id.rawValue.hasPrefix("SLN20240522") }.sorted {
      $0.start < $1.start
    }
    XCTAssertEqual(pair.map(\.id), ["SLN202405221", "SLN202405222"])
    XCTAssertEqual(pair.map(\.awayTeamID), ["BAL", "BAL"])
    for year in [2024, 2025] {
      XCTAssertEqual(Game.teamOverlaps(in: try Fixtures.season(year).games).count, 0, "\(year)")
    }
  }

  /// Games overlap when one starts before the other's 3 hours are over;
  /// games that only touch, and cancelled games, do not.
  func testTeamOverlaps_halfOpenThreeHoursPlayedGamesOnly() throws {
    let first = try Fixtures.cubs("2024-06-04", hour: 13)
    var touching = try Fixtures.cubs("2024-06-04", hour: 16, number: 2)
    touching.id = "CHN202406042"
    XCTAssertEqual(Game.teamOverlaps(in: [first, touching]).count, 0)
    touching.start = touching.start.addingTimeInterval(-1)
    let clash = Game.teamOverlaps(in: [touching, first])
    // Both teams (CHN and SLN) play both games.
    XCTAssertEqual(clash.map(\.first), [1, 1])
    XCTAssertEqual(clash.map(\.second), [0, 0])
    XCTAssertEqual(clash.map(\.team), ["CHN", "SLN"])
    touching.status = .cancelled
    XCTAssertEqual(Game.teamOverlaps(in: [first, touching]).count, 0)
  }

  func testParse_cancelledGameDoesNotTakeTheIDOfAMakeupPlayedThatDay() throws {
    // A CLE game cancelled on 2024-09-01 and another CLE game made up that
    // day: the played makeup keeps CLE202409010, the cancelled one moves to
    // the next free number instead of clashing.
    let text = """
      Date,Num,Day,Visitor,League,Game,Home,League,Game,Day/Night,Location,Postponed,Makeup
      20240830,0,Friday,PIT,NL,1,CLE,AL,1,n,CLE08,Rain,20240901
      20240901,0,Sunday,PIT,NL,2,CLE,AL,2,d,CLE08,Rain,none

      """
    let parsed = try RetrosheetSchedule.parse(text, file: "clash.csv", catalog: Catalog.mlb())
    let byID = Dictionary(uniqueKeysWithValues: parsed.games.map { ($0.id, $0) })
    XCTAssertEqual(byID["CLE202409010"]?.status, .rescheduled)
    XCTAssertEqual(byID["CLE202409010"]?.originalDate, CalendarDate(year: 2024, month: 8, day: 30))
    XCTAssertEqual(byID["CLE202409011"]?.status, .cancelled)
    XCTAssertEqual(parsed.games.count, 2)
  }

  func testParse_headerWithOtherColumnNamesIsRefused() throws {
    var lines = try lines2024()
    lines[0] = lines[0].replacingOccurrences(of: ",Home,", with: ",QQQ,")
    let error = try parseError(lines, name: "renamed-header.csv")
    XCTAssertEqual(error.line, 1)
    XCTAssertEqual(error.field, "7")
    XCTAssertTrue(error.message.contains("'QQQ'"), error.message)
  }

  func testParse_notAScheduleOrEmptyIsRefused() throws {
    let catalog = try Fixtures.catalog()
    XCTAssertThrowsError(try RetrosheetSchedule.parse("", file: "empty.csv", catalog: catalog)) {
      XCTAssertEqual(($0 as? FileFormatError)?.line, 1)
    }
    let headerOnly = try lines2024()[0] + "\r\n"
    XCTAssertThrowsError(try RetrosheetSchedule.parse(headerOnly, file: "h.csv", catalog: catalog))
    {
      XCTAssertTrue(($0 as? FileFormatError)?.message.contains("no games") ?? false)
    }
    XCTAssertThrowsError(
      try RetrosheetSchedule.parse(
        "park_id,name\r\nCHI11,Wrigley\r\n", file: "v.csv", catalog: catalog)
    ) {
      XCTAssertTrue(
        ($0 as? FileFormatError)?.message.contains("not a Retrosheet schedule") ?? false)
    }
  }
}

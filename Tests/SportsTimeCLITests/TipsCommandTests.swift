import Foundation
import SportsTimePlanner
import XCTest

/// `sportstime tips`: a few tips at random, every tip, one topic, the JSON
/// array and the usage errors. It reads no database.
final class TipsCommandTests: EndToEndTestCase {
  /// The line `tips` prints for `tip` (without colour).
  private func line(_ tip: PlanningTip) -> String { "\(tip.topic.title): \(tip.text)" }

  /// The tips a run printed, each line matched to its tip.
  private func printedTips(
    _ arguments: [String], file: StaticString = #filePath, line: UInt = #line
  ) throws -> [PlanningTip] {
    let lines = try runOK(["tips"] + arguments, file: file, line: line).stdoutLines
    let byLine = Dictionary(uniqueKeysWithValues: PlanningTips.all.map { (self.line($0), $0) })
    return try lines.map { text in
      try XCTUnwrap(byLine[text], "not a tip: \(text)", file: file, line: line)
    }
  }

  func testTips_default_printsThreeDistinctTips() throws {
    let tips = try printedTips([])
    XCTAssertEqual(tips.count, 3)
    XCTAssertEqual(Set(tips.map(\.id)).count, 3)
    XCTAssertFalse(fileExists(database), "tips opens no database")
  }

  func testTips_count_printsThatMany() throws {
    for count in [1, 5, PlanningTips.all.count] {
      let tips = try printedTips(["--count", String(count)])
      XCTAssertEqual(tips.count, count)
      XCTAssertEqual(Set(tips.map(\.id)).count, count)
    }
  }

  func testTips_all_printsEveryTipInOrder() throws {
    XCTAssertEqual(try printedTips(["--all"]), PlanningTips.all)
  }

  func testTips_topic_keepsThatTopic_anyCase() throws {
    let zones = PlanningTips.tips(about: .timeZones)
    XCTAssertEqual(try printedTips(["--topic", "TIMEZONES", "--all"]), zones)
    let two = try printedTips(["--topic", "timeZones", "--count", "2"])
    XCTAssertEqual(two.count, 2)
    XCTAssertTrue(two.allSatisfy { $0.topic == .timeZones })
    // More than the topic has: all of them, each once.
    let more = try printedTips(["--topic", "timezones", "--count", String(zones.count + 5)])
    XCTAssertEqual(Set(more), Set(zones))
    XCTAssertEqual(more.count, zones.count)
  }

  func testTips_json_isAnArrayOfIDTopicTitleText() throws {
    let result = try runOK(["tips", "--json", "--count", "4"])
    let array = try XCTUnwrap(parseJSON(result.stdout) as? [[String: Any]])
    XCTAssertEqual(array.count, 4)
    let byID = Dictionary(uniqueKeysWithValues: PlanningTips.all.map { ($0.id, $0) })
    for object in array {
      XCTAssertEqual(object.sortedKeys, ["id", "text", "topic", "topicTitle"])
      let tip = try XCTUnwrap(byID[object.string("id") ?? ""], "\(object)")
      XCTAssertEqual(object.string("topic"), tip.topic.rawValue)
      XCTAssertEqual(object.string("topicTitle"), tip.topic.title)
      XCTAssertEqual(object.string("text"), tip.text)
    }
    XCTAssertEqual(Set(array.compactMap { $0.string("id") }).count, 4)
    // Keys in the documented order.
    let keys = result.stdoutLines.filter { $0.hasPrefix("    \"") }.prefix(4).map {
      String($0.dropFirst(5).prefix { $0 != "\"" })
    }
    XCTAssertEqual(keys, ["id", "topic", "topicTitle", "text"])

    let all = try runOK(["tips", "--json", "--all", "--topic", "weather"])
    let weather = try XCTUnwrap(parseJSON(all.stdout) as? [[String: Any]])
    XCTAssertEqual(
      weather.compactMap { $0.string("id") }, PlanningTips.tips(about: .weather).map(\.id))
  }

  func testTips_badValues_areUsageErrors() throws {
    let usage = "sportstime tips [--count <N>] [--all] [--topic <TOPIC>] [--json]"
    let count = PlanningTips.all.count
    try assertUsageError(
      ["tips", "--count", "0"], message: "--count must be between 1 and \(count) (got 0)",
      usage: usage, help: "sportstime tips")
    try assertUsageError(
      ["tips", "--count", "\(count + 1)"],
      message: "--count must be between 1 and \(count) (got \(count + 1))", usage: usage,
      help: "sportstime tips")
    try assertUsageError(
      ["tips", "--count", "three"], message: "--count expects a whole number, got 'three'",
      usage: usage, help: "sportstime tips")
    let topics = PlanningTip.Topic.allCases.map(\.rawValue)
    try assertUsageError(
      ["tips", "--topic", "cricket"],
      message:
        "--topic expects \(topics.dropLast().joined(separator: ", ")) or \(topics.last ?? ""), got 'cricket'",
      usage: usage, help: "sportstime tips")
    try assertUsageError(
      ["tips", "--all", "--count", "2"], message: "give --count or --all, not both", usage: usage,
      help: "sportstime tips")
  }

  func testTips_help() throws {
    let help = try runOK(["tips", "--help"]).stdout
    XCTAssertTrue(help.hasPrefix("Practical tips for sports road trips, a few at random.\n"), help)
    XCTAssertTrue(help.contains("--count <N>"), help)
    XCTAssertTrue(help.contains("--topic <TOPIC>"), help)
    let root = try runOK(["--help"]).stdout
    XCTAssertTrue(root.contains("tips"), root)
  }
}

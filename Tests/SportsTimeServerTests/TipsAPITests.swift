import Foundation
import SportsTimePlanner
import SportsTimeServer
import SportsTimeTestSupport
import XCTest

/// `GET /api/tips`: random planning tips for the home screen, their count,
/// the tips a page already shows left out, and the 400 for a bad count.
final class TipsAPITests: APITestCase {
  /// The answer's tips (checked to be an object `{tips: [...]}`).
  private func tips(
    _ target: String, file: StaticString = #filePath, line: UInt = #line
  ) throws -> [[String: Any]] {
    let answer = try send("GET", target)
    XCTAssertEqual(answer.status, 200, answer.text, file: file, line: line)
    let object = try self.object(answer, file: file, line: line)
    XCTAssertEqual(object.keys.sorted(), ["tips"], file: file, line: line)
    return try XCTUnwrap(object["tips"] as? [[String: Any]], file: file, line: line)
  }

  private func ids(_ tips: [[String: Any]]) -> [String] { tips.compactMap { $0["id"] as? String } }

  func testTips_default_areThreeDistinctKnownTips() throws {
    let tips = try tips("/api/tips")
    XCTAssertEqual(tips.count, 3)
    XCTAssertEqual(Set(ids(tips)).count, 3)
    let byID = Dictionary(uniqueKeysWithValues: PlanningTips.all.map { ($0.id, $0) })
    for tip in tips {
      XCTAssertEqual(tip.keys.sorted(), ["id", "text", "topic", "topicTitle"])
      let known = try XCTUnwrap(byID[tip["id"] as? String ?? ""], "\(tip)")
      XCTAssertEqual(tip["topic"] as? String, known.topic.rawValue)
      XCTAssertEqual(tip["topicTitle"] as? String, known.topic.title)
      XCTAssertEqual(tip["text"] as? String, known.text)
    }
  }

  func testTips_count() throws {
    XCTAssertEqual(try tips("/api/tips?count=3").count, 3)
    XCTAssertEqual(try tips("/api/tips?count=1").count, 1)
    XCTAssertEqual(try tips("/api/tips?count=").count, 3, "empty: the default")
    let every = try tips("/api/tips?count=\(PlanningTips.all.count)")
    XCTAssertEqual(Set(ids(every)), Set(PlanningTips.all.map(\.id)))
  }

  func testTips_exclude_leavesThoseOut() throws {
    let shown = try ids(tips("/api/tips?count=3"))
    for _ in 0..<20 {
      let next = try ids(tips("/api/tips?count=3&exclude=\(shown.joined(separator: ","))"))
      XCTAssertEqual(next.count, 3)
      XCTAssertTrue(Set(next).isDisjoint(with: shown), "\(next) repeats one of \(shown)")
    }
    // All but two left out: those two (and no more); unknown ids are ignored.
    let kept = PlanningTips.all.suffix(2).map(\.id)
    let others = PlanningTips.all.dropLast(2).map(\.id) + ["no-such-tip"]
    let rest = try ids(tips("/api/tips?count=3&exclude=\(others.joined(separator: ","))"))
    XCTAssertEqual(Set(rest), Set(kept))
    XCTAssertEqual(rest.count, 2)
  }

  func testTips_badCount_is400NamingCount() throws {
    let maximum = PlanningTips.all.count
    for bad in ["0", "-1", "\(maximum + 1)", "three", "1.5", "99999999999999999999999"] {
      let answer = try send("GET", "/api/tips?count=\(bad)")
      XCTAssertEqual(answer.status, 400, "count=\(bad): \(answer.text)")
      let error = try XCTUnwrap(try object(answer)["error"] as? [String: Any], answer.text)
      XCTAssertEqual(error["kind"] as? String, "invalid-input")
      XCTAssertEqual(error["field"] as? String, "count")
      XCTAssertEqual(
        error["message"] as? String,
        "count must be a whole number from 1 to \(maximum) (got '\(bad.prefix(20))')")
    }
  }

  func testTips_otherQueriesAndMethods_areRefused() throws {
    let unknown = try send("GET", "/api/tips?topic=weather")
    XCTAssertEqual(unknown.status, 400, unknown.text)
    XCTAssertEqual(
      (try object(unknown)["error"] as? [String: Any])?["field"] as? String, "topic")
    XCTAssertEqual(try send("GET", "/api/tips?count=2&count=3").status, 400)
    let post = try send("POST", "/api/tips", json: [String: Any]())
    XCTAssertEqual(post.status, 405, post.text)
    XCTAssertEqual(try send("HEAD", "/api/tips").status, 200)
  }
}

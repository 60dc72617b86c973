import Foundation
import SportsTimePlanner
import SportsTimeTestSupport
import XCTest

/// `PlanningTips`: the list itself (enough tips, unique, short, every
/// topic used) and random picks (distinct, the count asked, clamped).
final class PlanningTipsTests: XCTestCase {
  func testAll_hasAtLeastAHundredTips() {
    XCTAssertGreaterThanOrEqual(PlanningTips.all.count, 100)
  }

  func testAll_idsAndTextsAreUnique() {
    let ids = PlanningTips.all.map(\.id)
    XCTAssertEqual(Set(ids).count, ids.count, "repeated ids: \(repeated(ids))")
    let texts = PlanningTips.all.map { $0.text.lowercased() }
    XCTAssertEqual(Set(texts).count, texts.count, "repeated texts: \(repeated(texts))")
  }

  func testAll_idsAreShortSlugs() {
    for tip in PlanningTips.all {
      XCTAssertFalse(tip.id.isEmpty)
      XCTAssertLessThanOrEqual(tip.id.count, 32, tip.id)
      XCTAssertTrue(
        tip.id.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        },
        "not a lowercase slug: \(tip.id)")
      XCTAssertFalse(
        tip.id.hasPrefix("-") || tip.id.hasSuffix("-") || tip.id.contains("--"), tip.id)
    }
  }

  func testAll_textsAreShortSentencesEndingWithAPeriod() {
    for tip in PlanningTips.all {
      let text = tip.text
      XCTAssertFalse(text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, tip.id)
      XCTAssertEqual(text, text.trimmingCharacters(in: .whitespacesAndNewlines), tip.id)
      XCTAssertTrue(text.hasSuffix("."), "\(tip.id) does not end with a period")
      XCTAssertLessThanOrEqual(text.count, 200, "\(tip.id) has \(text.count) characters")
      XCTAssertFalse(text.contains("  "), "\(tip.id) has a double space")
      XCTAssertFalse(text.contains("\n"), "\(tip.id) has a line break")
      XCTAssertTrue(text.first?.isUppercase ?? false, "\(tip.id) starts in lower case")
    }
  }

  func testAll_everyTopicIsUsed() {
    let used = Set(PlanningTips.all.map(\.topic))
    for topic in PlanningTip.Topic.allCases {
      XCTAssertTrue(used.contains(topic), "no tip about \(topic)")
      XCTAssertFalse(PlanningTips.tips(about: topic).isEmpty, "\(topic)")
    }
  }

  func testAll_isGroupedByTopicInTheTopicsOrder() {
    let order = PlanningTip.Topic.allCases
    let indices = PlanningTips.all.compactMap { tip in order.firstIndex(of: tip.topic) }
    XCTAssertEqual(indices, indices.sorted())
    XCTAssertEqual(
      PlanningTip.Topic.allCases.flatMap { PlanningTips.tips(about: $0) }, PlanningTips.all)
  }

  func testTopic_titles() {
    XCTAssertEqual(PlanningTip.Topic.timeZones.title, "Time zones")
    XCTAssertEqual(PlanningTip.Topic.timeZones.rawValue, "timeZones")
    XCTAssertEqual(PlanningTip.Topic.otherSports.title, "NBA, NHL and NFL")
    let titles = PlanningTip.Topic.allCases.map(\.title)
    XCTAssertEqual(Set(titles).count, titles.count)
  }

  func testTip_codableRoundTrip() throws {
    let tip = try XCTUnwrap(PlanningTips.all.first)
    let data = try JSONEncoder().encode(tip)
    XCTAssertEqual(try JSONDecoder().decode(PlanningTip.self, from: data), tip)
  }

  func testRandom_returnsTheCountAskedOfDistinctTips() {
    for seed: UInt64 in [1, 2, 3, 42, 2024] {
      var generator = SplitMix64(seed: seed)
      for count in [0, 1, 3, 10, PlanningTips.all.count] {
        let tips = PlanningTips.random(count, using: &generator)
        XCTAssertEqual(tips.count, count, "seed \(seed), count \(count)")
        XCTAssertEqual(Set(tips.map(\.id)).count, count, "seed \(seed), count \(count)")
        for tip in tips {
          XCTAssertTrue(PlanningTips.all.contains(tip), "seed \(seed): \(tip.id)")
        }
      }
    }
  }

  func testRandom_aboveAllOrNegative_isClamped() {
    var generator = SplitMix64(seed: 7)
    let every = PlanningTips.random(PlanningTips.all.count + 50, using: &generator)
    XCTAssertEqual(every.count, PlanningTips.all.count)
    XCTAssertEqual(Set(every), Set(PlanningTips.all))
    XCTAssertEqual(PlanningTips.random(.max, using: &generator).count, PlanningTips.all.count)
    XCTAssertEqual(PlanningTips.random(-1, using: &generator), [])
    XCTAssertEqual(PlanningTips.random(.min, using: &generator), [])
  }

  func testRandom_sameSeed_samePicks_otherSeed_otherPicks() {
    var first = SplitMix64(seed: 12)
    var second = SplitMix64(seed: 12)
    var other = SplitMix64(seed: 13)
    let picks = PlanningTips.random(5, using: &first)
    XCTAssertEqual(PlanningTips.random(5, using: &second), picks)
    XCTAssertNotEqual(PlanningTips.random(5, using: &other), picks, "seeds 12 and 13")
  }

  func testRandom_picksEveryTipSooner_orLater() {
    // Seeded: every tip can come up (none is stuck at the end of the list).
    let seed: UInt64 = 99
    var generator = SplitMix64(seed: seed)
    var seen: Set<String> = []
    for _ in 0..<2_000 {
      for tip in PlanningTips.random(3, using: &generator) { seen.insert(tip.id) }
    }
    XCTAssertEqual(seen.count, PlanningTips.all.count, "seed \(seed)")
  }

  func testRandomFromPool_staysInThePoolAndDropsRepeatedIDs() {
    var generator = SplitMix64(seed: 5)
    let pool = PlanningTips.tips(about: .timeZones)
    let picks = PlanningTips.random(3, from: pool, using: &generator)
    XCTAssertEqual(picks.count, 3)
    XCTAssertTrue(picks.allSatisfy { $0.topic == .timeZones })
    let doubled = pool + pool
    let all = PlanningTips.random(doubled.count, from: doubled, using: &generator)
    XCTAssertEqual(all.count, pool.count)
    XCTAssertEqual(Set(all.map(\.id)).count, pool.count)
    XCTAssertEqual(PlanningTips.random(3, from: [], using: &generator), [])
  }

  /// The members of `values` that appear more than once.
  private func repeated(_ values: [String]) -> [String] {
    Dictionary(grouping: values, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
  }
}

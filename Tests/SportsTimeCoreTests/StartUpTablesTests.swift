import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// Issue 9, small commands: the built-in tables are read once per process
/// and shared, their spaces are trimmed without Foundation's `NSString`
/// round trip, and the default route estimator's texts are written without
/// `String(format:)` — each giving exactly what it replaced.
final class StartUpTablesTests: XCTestCase {
  private static let pieces: [String] = [
    " ", " ", "\t", "\u{00A0}", "\u{2003}", "\u{3000}", "\u{202F}", "\n", "\r\n", "\u{85}",
    "\u{200B}", "\u{FEFF}", "a", "BRK", "Sixers", "é", "e\u{301}", "\u{301}", "日本", "🇺🇸", ";",
  ]

  func testTrimmingSpaces_isFoundationsWhitespaceTrimming() {
    var rng = SplitMix64(seed: 0x15_0009_5A11)
    for _ in 0..<20_000 {
      var text = ""
      for _ in 0..<Int(rng.next() % 9) {
        text += Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))]
      }
      let expected = text.trimmingCharacters(in: .whitespaces)
      XCTAssertEqual(text.trimmingSpaces(), expected, text.debugDescription)
      XCTAssertEqual(
        text.unicodeScalars.elementsEqual(text.trimmingSpaces().unicodeScalars),
        text.unicodeScalars.elementsEqual(expected.unicodeScalars))
      if text.trimmingSpaces() != expected { return }
    }
    // Every scalar Foundation counts as a space, and no other (U+200B is
    // one, though no longer Zs).
    XCTAssertEqual("\u{200B}x\u{200B}".trimmingSpaces(), "x")
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let one = String(Character(scalar))
      if one.trimmingSpaces().isEmpty != one.trimmingCharacters(in: .whitespaces).isEmpty {
        return XCTFail("U+\(String(value, radix: 16))")
      }
    }
  }

  func testBuiltInTables_areReadOnceAndAreWhatAFreshReadGives() throws {
    let fresh = try Catalog.readMLB()
    let shared = try Catalog.mlb()
    XCTAssertEqual(shared.venues, fresh.venues)
    XCTAssertEqual(shared.teams, fresh.teams)
    XCTAssertEqual(shared.venues.count, 39)
    let leagues = try Leagues.builtIn()
    let again = try Leagues.readBuiltIn()
    XCTAssertEqual(leagues.mlb.venues, fresh.venues)
    XCTAssertEqual(leagues.sports, [.mlb, .nba, .nhl, .nfl])
    for sport in Sport.allCases {
      let a = try XCTUnwrap(leagues.league(sport))
      let b = try XCTUnwrap(again.league(sport))
      XCTAssertEqual(a.venues, b.venues, "\(sport)")
      XCTAssertEqual(a.franchises, b.franchises, "\(sport)")
      XCTAssertEqual(a.abbreviations, b.abbreviations, "\(sport)")
      XCTAssertEqual(a.catalog.teams, b.catalog.teams, "\(sport)")
    }
    // A nickname of the other sports' team tables is found.
    XCTAssertEqual(try leagues.team(named: "sixers", sport: .nba, season: 2024).id, "PHI")
  }

  func testDefaultEstimator_summariesAreTheFormattedOnes() {
    let m = RouteEstimator.defaultModel
    let formatted = RouteEstimator.greatCircle(
      roadFactor: m.roadFactor, averageSpeed: m.averageSpeed, flightSpeed: m.flightSpeed,
      airportSeconds: m.airportSeconds)
    XCTAssertEqual(RouteEstimator.default.driveSummary, formatted.driveSummary)
    XCTAssertEqual(RouteEstimator.default.flightSummary, formatted.flightSummary)
    XCTAssertEqual(RouteEstimator.default.metricDriveSummary, formatted.metricDriveSummary)
    XCTAssertEqual(RouteEstimator.default.metricDriveSummary, "great-circle × 1.2 at 97 km/h")
    XCTAssertEqual(RouteEstimator.default.driveSummary, "great-circle × 1.2 at 60 mph")
    let seoul = RoutePlace(
      coordinate: Coordinate(latitude: 37.498, longitude: 126.867)!, country: "KR")
    let la = RoutePlace(
      coordinate: Coordinate(latitude: 34.074, longitude: -118.24)!, country: "US")
    let chicago = RoutePlace(
      coordinate: Coordinate(latitude: 41.948, longitude: -87.656)!, country: "US")
    XCTAssertEqual(RouteEstimator.default.estimate(seoul, la), formatted.estimate(seoul, la))
    XCTAssertEqual(RouteEstimator.default.estimate(la, chicago), formatted.estimate(la, chicago))
  }
}

/// `League.franchise(ofTeam:)` looks the id up in an index instead of
/// scanning every franchise: the same franchise as the scan, for every
/// code of every built-in league in any case, and for near misses.
final class FranchiseIndexTests: XCTestCase {
  func testFranchiseOfTeam_isTheFirstFranchiseListingTheIdInAnyCase() throws {
    let leagues = try Leagues.builtIn()
    var tried = 0
    for sport in Sport.allCases {
      let league = try XCTUnwrap(leagues.league(sport))
      let ids = league.franchises.flatMap(\.teamIDs) + league.catalog.teams.keys
      for id in ids {
        for text in [
          id, id.lowercased(), id.capitalized, id + "X", String(id.dropLast()), " " + id,
        ] {
          let key = text.uppercased()
          let scanned = league.franchises.first {
            $0.teamIDs.contains { $0.uppercased() == key }
          }
          XCTAssertEqual(league.franchise(ofTeam: text), scanned, "\(sport) \(text)")
          tried += 1
        }
      }
    }
    XCTAssertGreaterThan(tried, 600)
    // A league built from franchises sharing a code: the first by id wins.
    let shared = League(
      sport: .nba, venues: [],
      franchises: [
        Franchise(id: "B", name: "B", teamIDs: ["b", "X"], homes: [:]),
        Franchise(id: "A", name: "A", teamIDs: ["x"], homes: [:]),
      ])
    XCTAssertEqual(shared.franchise(ofTeam: "X")?.id, "A")
    XCTAssertEqual(shared.franchise(ofTeam: "b")?.id, "B")
    XCTAssertEqual(shared.franchise(ofTeam: "ß")?.id, nil)
  }
}

/// Game and venue zones come from a per-process cache
/// (`TimeZoneCache`): the zone Foundation makes for each identifier, an
/// unknown one still nil (UTC for a game), from many threads at once.
final class TimeZoneCacheTests: XCTestCase {
  func testZone_isFoundationsZoneForEveryIdentifierFromAnyThread() throws {
    let ids = TimeZone.knownTimeZoneIdentifiers + ["Not/AZone", "", "UTC", "GMT+5"]
    let results = Locked([String: TimeZone?]())
    DispatchQueue.concurrentPerform(iterations: 8) { round in
      for id in ids.shuffled() {
        let zone = TimeZoneCache.zone(id)
        if round == 0 { results.update { $0[id] = .some(zone) } }
      }
    }
    for id in ids {
      let cached = try XCTUnwrap(results.current[id], id)
      XCTAssertEqual(cached, TimeZone(identifier: id), id)
      XCTAssertEqual(TimeZoneCache.zone(id), TimeZone(identifier: id), id)
    }
    XCTAssertNil(TimeZoneCache.zone("Not/AZone"))
    let venue = try XCTUnwrap(Catalog.mlb().venue("CHI11"))
    XCTAssertEqual(venue.timeZone.identifier, "America/Chicago")
  }
}

import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// A trip's items are put in id order by sorting keys and indices, then
/// moving the items once (`Store.sortedByID`; issue 9, speed: sorting the
/// items themselves moved whole values). The order is `ItineraryItem.ID`'s
/// `<`, as sorting the items by it gives.
final class ItemOrderTests: XCTestCase {
  /// An item with id `id` (the other fields do not take part).
  private func item(_ id: UUID, _ n: Int) -> ItineraryItem {
    ItineraryItem(
      id: ItineraryItem.ID(id), tripID: Trip.ID(UUID()), day: 1 + n % 7, sortOrder: Double(n),
      kind: .custom(CustomInfo(title: "Item \(n)", category: .note)),
      createdAt: Date(timeIntervalSinceReferenceDate: 0),
      modifiedAt: Date(timeIntervalSinceReferenceDate: 0))
  }

  /// Random ids, many of them sharing their first 8 bytes (the low word
  /// decides), and ids with bytes at 0x00/0xFF/0x7F/0x80 (the sign bit of a
  /// word): the same order as sorting the items by id; an empty and a
  /// one-item array stay as they are.
  func testSortedByID_ordersAsTheIDsCompare() {
    var rng = SplitMix64(seed: 0x0009_0C09)
    let edges: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF]
    func randomUUID(sharing prefix: [UInt8]?) -> UUID {
      var bytes = (0..<16).map { _ in
        rng.next() % 4 == 0 ? edges[Int(rng.next() % 6)] : UInt8(rng.next() % 256)
      }
      if let prefix { bytes.replaceSubrange(0..<8, with: prefix) }
      return bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }
    for round in 0..<40 {
      let count = round == 0 ? 0 : round == 1 ? 1 : Int(rng.next() % 400) + 2
      let prefix = (0..<8).map { _ in UInt8(rng.next() % 256) }
      let items = (0..<count).map { n in
        item(randomUUID(sharing: rng.next() % 3 == 0 ? prefix : nil), n)
      }
      let expected = items.sorted { $0.id < $1.id }
      XCTAssertEqual(Store.sortedByID(items), expected, "round \(round)")
      // Sorted input, reversed input: still the ids' order.
      XCTAssertEqual(Store.sortedByID(expected), expected)
      XCTAssertEqual(Store.sortedByID(expected.reversed()), expected)
    }
    // The text order the store relies on: lowercase UUID text.
    let items = (0..<500).map { item(randomUUID(sharing: nil), $0) }
    XCTAssertEqual(
      Store.sortedByID(items).map(\.id.description), items.map(\.id.description).sorted())
  }
}

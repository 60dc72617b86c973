import Foundation
import SportsTimeCore

/// A quick heuristic for the all-parks question (issue 12): a short trip
/// through every venue of a model, found by a beam search over the order
/// the venues are visited in. It proves nothing; `AllParksPlanner` runs it
/// before its exact search, which proves the lower bound, so that a search
/// stopped early still answers with a good trip.
///
/// A trip is an order of the venues from a first game. Its other games
/// follow from the order: at each next venue, the earliest game a legal
/// leg (`PlanningModel.isLegal`) reaches. The earliest is always the one
/// to take: a leg legal from a later game at the same venue is legal from
/// an earlier one too (its start leaves more time, its date as many days
/// or more). So a partial trip is its set of venues seen and the game it
/// ends at, and of two with the same set and last venue the earlier
/// dominates. (Trips that go back through a venue already seen are not
/// tried: a same-day game there can stretch the next leg's daily limit,
/// which the exact search allows, so this search may miss such a trip.)
///
/// From each first game, the beam keeps layer by layer (trips through
/// 1, 2, … venues) the `width` partial trips that end soonest, each
/// extended by every unseen venue's earliest reachable game. Once a trip
/// of D days is found, only partial trips that reach a game at every
/// unseen venue within D − 1 days of their first are kept, so later first
/// games search only for shorter trips. Rounds with wider beams search
/// every first game again.
///
/// For 2025 MLB with an 8-hour daily limit, widths 100 then 300 find a
/// 37-day trip (2025-06-02 to 07-08) in about 32 s of a release build
/// (width 100 alone: 38 days in 7 s); the exact search has proven 30 a
/// lower bound. Wider beams found nothing shorter (1,000 from every first
/// game, 20,000 from those of 2025-05-30 to 06-04).
///
/// Every leg of the trip was checked by `isLegal`; the search is
/// deterministic (ties are broken by the venues seen).
public enum AllParksTour {
  /// The most venues the search handles (a trip's venues are a 64-bit
  /// mask, its last venue in the top bits of a key).
  public static let maximumVenues = 58

  /// The shortest trip found through every venue of `model`: its slot
  /// indices in trip order, or nil when none was found (or the model has
  /// more than `maximumVenues` venues, or the search was stopped first).
  /// - Parameters:
  ///   - model: the games; every one of its venues is to be seen.
  ///   - widths: the beam's width in each round (partial trips kept per
  ///     layer), e.g. `[100, 300]`.
  ///   - shouldStop: asked at each layer of each beam (a few milliseconds
  ///     apart); true ends the search with the best trip so far.
  /// - Complexity: O(n·V·log n) for the table of earliest legs (n games, V
  ///   venues), then for each round and first game O(V²·w·log(V·w)) for a
  ///   width w.
  public static func search(
    _ model: PlanningModel, widths: [Int], shouldStop: () -> Bool = { false }
  ) -> [Int]? {
    guard model.venues.count <= maximumVenues, let tables = Tables(model) else { return nil }
    var best: [Int]?
    var bestSpan = Int.max
    for width in widths {
      for first in model.slots.indices {
        if shouldStop() { return best }
        // Only trips shorter than the best so far are worth finding.
        let deadline =
          bestSpan == Int.max ? Int.max : Int(tables.day[first]) + bestSpan - 2
        guard
          let trip = beam(
            tables, first: first, width: max(1, width), deadline: deadline,
            shouldStop: shouldStop),
          let last = trip.last
        else { continue }
        let span = Int(tables.day[last] - tables.day[first]) + 1
        if span < bestSpan {
          bestSpan = span
          best = trip
        }
      }
    }
    return best
  }

  /// Look-up tables over the model's games.
  struct Tables {
    let model: PlanningModel
    /// Venues.
    let venues: Int
    /// Each slot's day, from the model's first.
    let day: [Int32]
    /// next[i·V + w]: the earliest slot at venue w a legal leg from slot i
    /// reaches, or −1.
    let next: [Int32]

    init?(_ model: PlanningModel) {
      let n = model.slots.count
      let v = model.venues.count
      guard n > 0, v > 0 else { return nil }
      self.model = model
      venues = v
      let first = model.slots.map(\.day).min() ?? 0
      day = model.slots.map { Int32($0.day - first) }
      var at = [[Int]](repeating: [], count: v)
      for (i, slot) in model.slots.enumerated() { at[slot.venue].append(i) }
      var next = [Int32](repeating: -1, count: n * v)
      for i in 0..<n {
        let from = model.slots[i]
        for w in 0..<v where w != from.venue {
          // No game starting before the arrival can be legal: the scan
          // starts there (the slots at w are in start order).
          let arrival = from.start + Game.duration + model.travel(from.venue, w)
          let list = at[w]
          var low = 0
          var high = list.count
          while low < high {
            let mid = (low + high) / 2
            if model.slots[list[mid]].start < arrival { low = mid + 1 } else { high = mid }
          }
          while low < list.count && !model.isLegal(i, list[low]) { low += 1 }
          if low < list.count { next[i * v + w] = Int32(list[low]) }
        }
      }
      self.next = next
    }
  }

  /// The trip the beam finds from slot `first` through every venue, ending
  /// by day `deadline` (from the model's first; Int.max: any), or nil.
  static func beam(
    _ t: Tables, first: Int, width: Int, deadline: Int, shouldStop: () -> Bool
  ) -> [Int]? {
    let v = t.venues
    var sets: [UInt64] = [1 << UInt64(t.model.slots[first].venue)]
    var ends: [Int32] = [Int32(first)]
    // Each layer's ends and, from the second, each one's parent in the
    // layer before.
    var layers: [[Int32]] = [ends]
    var parents: [[Int32]] = []
    var index: [UInt64: Int] = [:]
    for _ in 1..<v {
      if shouldStop() { return nil }
      var grownSets: [UInt64] = []
      var grownEnds: [Int32] = []
      var grownParents: [Int32] = []
      index.removeAll(keepingCapacity: true)
      for p in sets.indices {
        let slot = Int(ends[p])
        let set = sets[p]
        for w in 0..<v where set & (1 << UInt64(w)) == 0 {
          let n = t.next[slot * v + w]
          guard n >= 0, Int(t.day[Int(n)]) <= deadline else { continue }
          let grown = set | (1 << UInt64(w))
          let key = grown | (UInt64(w) << 58)
          if let old = index[key] {
            // The same venues and last venue: the earlier end dominates.
            if grownEnds[old] > n {
              grownEnds[old] = n
              grownParents[old] = Int32(p)
            }
            continue
          }
          index[key] = grownEnds.count
          grownSets.append(grown)
          grownEnds.append(n)
          grownParents.append(Int32(p))
        }
      }
      guard !grownEnds.isEmpty else { return nil }
      var kept = Array(grownEnds.indices)
      kept.sort { (grownEnds[$0], grownSets[$0]) < (grownEnds[$1], grownSets[$1]) }
      if deadline != Int.max {
        // The earliest `width` that can still see every venue in time.
        var chosen: [Int] = []
        chosen.reserveCapacity(min(width, kept.count))
        for k in kept where chosen.count < width {
          guard fits(t, grownSets[k], from: Int(grownEnds[k]), by: deadline) else { continue }
          chosen.append(k)
        }
        kept = chosen
        guard !kept.isEmpty else { return nil }
      } else if kept.count > width {
        kept.removeLast(kept.count - width)
      }
      sets = kept.map { grownSets[$0] }
      ends = kept.map { grownEnds[$0] }
      parents.append(kept.map { grownParents[$0] })
      layers.append(ends)
    }
    guard var k = ends.indices.min(by: { ends[$0] < ends[$1] }) else { return nil }
    var trip: [Int] = []
    for depth in stride(from: layers.count - 1, through: 0, by: -1) {
      trip.append(Int(layers[depth][k]))
      if depth > 0 { k = Int(parents[depth - 1][k]) }
    }
    return trip.reversed()
  }

  /// Whether every venue not in `seen` has a game reachable from slot
  /// `slot` by day `deadline` (a necessary condition for finishing by then).
  @inline(__always)
  static func fits(_ t: Tables, _ seen: UInt64, from slot: Int, by deadline: Int) -> Bool {
    let v = t.venues
    for u in 0..<v where seen & (1 << UInt64(u)) == 0 {
      let m = t.next[slot * v + u]
      if m < 0 || Int(t.day[Int(m)]) > deadline { return false }
    }
    return true
  }
}

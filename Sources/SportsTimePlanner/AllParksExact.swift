import Foundation
import SportsTimeCore

/// The exact all-parks decision (issue 12): is there a legal trip through
/// every venue of a model whose span is at most `days`?
///
/// It is a dynamic programme over the order in which the venues are first
/// seen, over every start day at once. A state is the set of venues seen,
/// the venue of the last first visit and the game there, and the trip's
/// first day. From a game, the earliest game at a venue that any legal path
/// reaches (`Tables.earliest`: direct, or through other venues) is the one
/// to go on from: a leg legal from a later game at a venue is legal from an
/// earlier one, so a trip arriving earlier can do whatever a later one can
/// (first-in first-out). Of two states with the same venues and last venue,
/// one is dropped when the other arrived no later and started no earlier.
/// Any legal trip (revisits and all) maps onto a state at each of its first
/// visits that arrived no later, so a question the programme refutes has no
/// answer; a trip it finds is expanded into real legs.
///
/// A state is dropped when some unseen venue (or some two, in either
/// order) cannot be reached by the trip's last allowed day, or when a
/// `SubsetBound` says the unseen venues of its group cannot all be seen by
/// then.
public enum AllParksExact {
  /// The outcome of one decision.
  public struct Outcome: Sendable {
    /// A trip of at most the span asked (slot indices in trip order), or nil.
    public var trip: [Int]?
    /// Whether the search ran to the end (a nil trip then proves none exists).
    public var proven: Bool
    /// States created.
    public var states: Int
  }

  /// Look-up tables over a model's games (`AllParksTour.Tables` and the
  /// earliest arrival through any path).
  public struct Tables: Sendable {
    let base: AllParksTour.Tables
    /// earliest[i·V + w]: the earliest slot at venue w that a legal path
    /// from slot i reaches (through any venues), or Int32.max.
    let earliest: [Int32]
    /// via[i·V + w]: the first venue of that path (w itself when direct).
    let via: [Int32]
    /// Day of each slot (from the model's first).
    let day: [Int32]

    /// Builds the tables, or nil for an empty model or one with more
    /// venues than `AllParksTour.maximumVenues`.
    public init?(_ model: PlanningModel) {
      guard model.venues.count <= AllParksTour.maximumVenues,
        let base = AllParksTour.Tables(model)
      else { return nil }
      self.base = base
      let n = model.slots.count
      let v = base.venues
      var earliest = [Int32](repeating: Int32.max, count: n * v)
      var via = [Int32](repeating: -1, count: n * v)
      for i in stride(from: n - 1, through: 0, by: -1) {
        let row = i * v
        for x in 0..<v {
          let hop = base.next[row + x]
          guard hop >= 0 else { continue }
          if hop < earliest[row + x] {
            earliest[row + x] = hop
            via[row + x] = Int32(x)
          }
          let further = Int(hop) * v
          for w in 0..<v where earliest[further + w] < earliest[row + w] {
            earliest[row + w] = earliest[further + w]
            via[row + w] = Int32(x)
          }
        }
      }
      self.earliest = earliest
      self.via = via
      day = base.day
    }

    /// The day of slot `slot`, from the model's first day.
    public func day(of slot: Int) -> Int { Int(day[slot]) }

    /// The slots of the legal path from slot `i` to slot `earliest[i·V + w]`
    /// (excluding i).
    func path(from i: Int, to w: Int) -> [Int] {
      var out: [Int] = []
      var at = i
      let v = base.venues
      while true {
        let x = Int(via[at * v + w])
        let hop = Int(base.next[at * v + x])
        out.append(hop)
        if x == w { return out }
        at = hop
      }
    }
  }

  /// The exact earliest day a trip can have seen a subset of some venues
  /// K (at most 16), from each game: bound[t·2^|K| + U] is the least day
  /// (from the model's first) of a game that ends a legal path from slot t
  /// through every venue of K in U (a mask over K's order), 255 when none
  /// can (days past 254 are stored as 254, which keeps it a lower bound).
  /// Computed from the last game back: the path goes first to some u of
  /// U, at the earliest game any path reaches there (first-in first-out
  /// makes that the best), so the table is exact for K alone and a lower
  /// bound for any trip that must also see K.
  public struct SubsetBound: Sendable {
    /// The venues of K (model indices).
    let venues: [Int]
    /// The least days, `n·2^|K|` bytes (see above).
    let table: [UInt8]

    /// Builds the table for venues `venues` (model indices, at most 16),
    /// or nil when `shouldStop` (asked every 64 games) says to stop.
    public init?(_ t: Tables, venues: [Int], shouldStop: () -> Bool = { false }) {
      precondition(venues.count <= 16, "at most 16 venues")
      self.venues = venues
      let n = t.day.count
      let k = venues.count
      let size = 1 << k
      let v = t.base.venues
      var table = [UInt8](repeating: UInt8.max, count: n * size)
      let finished = table.withUnsafeMutableBufferPointer { out in
        t.earliest.withUnsafeBufferPointer { earliest in
          for i in stride(from: n - 1, through: 0, by: -1) {
            if i % 64 == 0, shouldStop() { return false }
            let row = i * size
            out[row] = UInt8(min(254, t.day[i]))
            var hop = [Int](repeating: -1, count: k)
            for u in 0..<k {
              let e = earliest[i * v + venues[u]]
              if e != Int32.max { hop[u] = Int(e) * size }
            }
            for mask in 1..<size {
              var best = UInt8.max
              var rest = mask
              while rest != 0 {
                let u = rest.trailingZeroBitCount
                rest &= rest - 1
                let h = hop[u]
                if h < 0 { continue }
                let value = out[h + (mask & ~(1 << u))]
                if value < best { best = value }
              }
              out[row + mask] = best
            }
          }
          return true
        }
      }
      guard finished else { return nil }
      self.table = table
    }

    /// The least day by which a trip at slot `slot` that has seen `seen`
    /// (a mask over the model's venues) can have seen every venue of K.
    @inline(__always)
    public func day(at slot: Int, seen: UInt64) -> Int {
      var mask = 0
      for (k, w) in venues.enumerated() where seen & (1 << UInt64(w)) == 0 { mask |= 1 << k }
      let d = table[slot << venues.count | mask]
      return d == UInt8.max ? Int.max : Int(d)
    }
  }

  /// The subset bounds `decide` uses: the venues split into groups of at
  /// most `groupSize` three ways (every g-th venue by longitude, by
  /// latitude, and every g-th pair by longitude, g the number of groups),
  /// so that each group spreads over the whole map and its tour alone
  /// takes long. A model of at most `groupSize` venues gets one table,
  /// which is exact.
  /// - Complexity: n·2^k·k/2 steps and n·2^k bytes per table (n games,
  ///   k = the group's size): for 2025 MLB's 2,426 games and 30 venues,
  ///   six tables of 15, about 80 MB each.
  ///
  /// Returns nil when `shouldStop` says to stop first.
  public static func bounds(
    _ t: Tables, groupSize: Int = 15, shouldStop: () -> Bool = { false }
  ) -> [SubsetBound]? {
    let venues = t.base.model.venues
    let v = venues.count
    guard v > 0 else { return [] }
    let size = max(1, min(16, groupSize))
    let groups = (v + size - 1) / size
    let byLongitude = venues.indices.sorted {
      (venues[$0].coordinate.longitude, $0) < (venues[$1].coordinate.longitude, $1)
    }
    let byLatitude = venues.indices.sorted {
      (venues[$0].coordinate.latitude, $0) < (venues[$1].coordinate.latitude, $1)
    }
    var seen = Set<[Int]>()
    var out: [SubsetBound] = []
    for (order, pair) in [(byLongitude, 1), (byLatitude, 1), (byLongitude, 2)] {
      for g in 0..<groups {
        let members = order.indices.filter { ($0 / pair) % groups == g }.map { order[$0] }.sorted()
        guard !members.isEmpty, seen.insert(members).inserted else { continue }
        guard let bound = SubsetBound(t, venues: members, shouldStop: shouldStop) else {
          return nil
        }
        out.append(bound)
      }
    }
    return out
  }

  /// The least span, in days, of any legal trip through every venue by
  /// the bounds alone (each bound's least, from each first game), or nil
  /// when some bound finds no trip at all.
  public static func lowerBound(_ t: Tables, bounds: [SubsetBound]) -> Int? {
    var best = Int.max
    for f in t.day.indices {
      let seen = UInt64(1) << UInt64(t.base.model.slots[f].venue)
      var span = 1
      for b in bounds {
        let d = b.day(at: f, seen: seen)
        if d == Int.max {
          span = Int.max
          break
        }
        span = max(span, d - Int(t.day[f]) + 1)
      }
      best = min(best, span)
    }
    return best == Int.max ? nil : best
  }

  /// Decides whether a legal trip through every venue of the tables' model
  /// spans at most `days` days (its first game's local date to its last's,
  /// both counted).
  /// - Parameters:
  ///   - bounds: subset bounds (`bounds(_:groupSize:)`) that drop states
  ///     which cannot finish in time; any, or none, give the same answer.
  ///   - shouldStop: asked at each layer and every few milliseconds; true ends
  ///     the search unproven.
  /// - Returns: a trip (its legs checked by construction: each is a leg of
  ///   `Tables`' earliest paths) when one exists, else nil, with `proven`
  ///   false when stopped.
  /// - Complexity: exponential in the worst case; for 2025 MLB (30 parks,
  ///   8 h a day) a 34-day question keeps about 450,000 states in 1.5 s,
  ///   36 days a few million.
  public static func decide(
    _ t: Tables, days: Int, bounds: [SubsetBound] = [], shouldStop: () -> Bool = { false }
  ) -> Outcome {
    let v = t.base.venues
    let n = t.day.count
    let full: UInt64 = (1 << UInt64(v)) - 1  // v ≤ AllParksTour.maximumVenues (58)
    let venueOf = t.base.model.slots.map { Int32($0.venue) }
    @inline(__always) func dayOf(_ slot: Int32) -> Int32 {
      slot == Int32.max ? Int32.max : t.day[Int(slot)]
    }
    // Whether a state can still reach every unseen venue (and every two)
    // by its deadline.
    var unseenList = [Int](repeating: 0, count: v)
    var reachAt = [Int32](repeating: 0, count: v)
    func fits(_ set: UInt64, _ slot: Int32, _ deadline: Int32) -> Bool {
      for b in bounds where b.day(at: Int(slot), seen: set) > Int(deadline) { return false }
      let row = Int(slot) * v
      var k = 0
      for u in 0..<v where set & (1 << UInt64(u)) == 0 {
        let e = t.earliest[row + u]
        if e == Int32.max || t.day[Int(e)] > deadline { return false }
        unseenList[k] = u
        reachAt[k] = e
        k += 1
      }
      // Pairs: u then w, or w then u.
      if k >= 2 {
        for a in 0..<(k - 1) {
          let ea = Int(reachAt[a]) * v
          let ua = unseenList[a]
          for b in (a + 1)..<k {
            let ub = unseenList[b]
            if dayOf(t.earliest[ea + ub]) <= deadline { continue }
            let eb = Int(reachAt[b]) * v
            if dayOf(t.earliest[eb + ua]) <= deadline { continue }
            return false
          }
        }
      }
      return true
    }
    // Layer 1: every first game.
    var sets: [UInt64] = []
    var slots: [Int32] = []
    var starts: [Int32] = []
    var parents: [[Int32]] = []
    var slotLayers: [[Int32]] = []
    var states = 0
    do {
      var index: [UInt64: [Int]] = [:]
      for f in 0..<n {
        let set = UInt64(1) << UInt64(venueOf[f])
        let s = t.day[f]
        guard fits(set, Int32(f), s + Int32(days) - 1) else { continue }
        let key = set | (UInt64(venueOf[f]) << 58)
        if let list = index[key],
          list.contains(where: { slots[$0] <= Int32(f) && starts[$0] >= s })
        {
          continue
        }
        index[key, default: []].append(slots.count)
        sets.append(set)
        slots.append(Int32(f))
        starts.append(s)
      }
      states += sets.count
    }
    slotLayers.append(slots)
    var index: [UInt64: Int32] = [:]
    for _ in 1..<v {
      if shouldStop() { return Outcome(trip: nil, proven: false, states: states) }
      var grownSets: [UInt64] = []
      var grownSlots: [Int32] = []
      var grownStarts: [Int32] = []
      var grownParents: [Int32] = []
      var chain: [Int32] = []  // next state with the same key, or -1
      var dead: [Bool] = []
      index.removeAll(keepingCapacity: true)
      var work = 0
      for p in sets.indices {
        // Asked by the work done (a long chain of rivals costs as much as
        // many states), about every few milliseconds.
        work += 1
        if work >= 4096 {
          work = 0
          if shouldStop() { return Outcome(trip: nil, proven: false, states: states) }
        }
        let set = sets[p]
        let slot = Int(slots[p])
        let s = starts[p]
        let deadline = s + Int32(days) - 1
        let row = slot * v
        for w in 0..<v where set & (1 << UInt64(w)) == 0 {
          let e = t.earliest[row + w]
          guard e != Int32.max, t.day[Int(e)] <= deadline else { continue }
          work += 1
          let grown = set | (1 << UInt64(w))
          let key = grown | (UInt64(w) << 58)
          // Dominance among states with the same key.
          var dominated = false
          var cursor = index[key] ?? -1
          while cursor >= 0 {
            work += 1
            let c = Int(cursor)
            if !dead[c] {
              if grownSlots[c] <= e && grownStarts[c] >= s {
                dominated = true
                break
              }
              if e <= grownSlots[c] && s >= grownStarts[c] { dead[c] = true }
            }
            cursor = chain[c]
          }
          if dominated { continue }
          guard fits(grown, e, deadline) else { continue }
          chain.append(index[key] ?? -1)
          index[key] = Int32(grownSets.count)
          grownSets.append(grown)
          grownSlots.append(e)
          grownStarts.append(s)
          grownParents.append(Int32(p))
          dead.append(false)
        }
      }
      var keptSets: [UInt64] = []
      var keptSlots: [Int32] = []
      var keptStarts: [Int32] = []
      var keptParents: [Int32] = []
      for k in grownSets.indices where !dead[k] {
        keptSets.append(grownSets[k])
        keptSlots.append(grownSlots[k])
        keptStarts.append(grownStarts[k])
        keptParents.append(grownParents[k])
      }
      states += keptSets.count
      guard !keptSets.isEmpty else { return Outcome(trip: nil, proven: true, states: states) }
      sets = keptSets
      slots = keptSlots
      starts = keptStarts
      parents.append(keptParents)
      slotLayers.append(keptSlots)
    }
    // Every state left has seen every venue within its span.
    guard let best = sets.indices.first(where: { sets[$0] == full }) else {
      return Outcome(trip: nil, proven: true, states: states)
    }
    // The first visits, back to front, then expanded into real legs.
    var firsts: [Int] = []
    var k = best
    for depth in stride(from: slotLayers.count - 1, through: 0, by: -1) {
      firsts.append(Int(slotLayers[depth][k]))
      if depth > 0 { k = Int(parents[depth - 1][k]) }
    }
    firsts.reverse()
    var trip = [firsts[0]]
    for next in firsts.dropFirst() {
      trip += t.path(from: trip[trip.count - 1], to: Int(venueOf[next]))
    }
    return Outcome(trip: trip, proven: true, states: states)
  }
}

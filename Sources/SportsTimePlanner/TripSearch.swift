import Foundation
import SportsTimeCore

/// The exact search behind the window, must-see, follow and route queries:
/// the trips through the model's games (legal under `PlanningModel`) that
/// see the most distinct venues, ties broken by the least travel time.
///
/// It is a label-setting dynamic programme over the games in start order.
/// A label is a partial trip ending at a game: the set of venues seen, the
/// travel so far and its previous label. A label at game g is dropped when
/// another at g has seen a superset of its venues with no more travel (no
/// continuation can make it better: the dominance rule), or when even the
/// longest legal continuation from g cannot reach the best trip found so
/// far (an upper bound from the games' DAG). What is left is searched
/// completely, so the best trip found is optimal (`proven`) unless the
/// search was stopped.
///
/// Must-see games are checkpoints: a trip starts at or before the first,
/// ends at or after the last, and no leg jumps over one (the games are in
/// start order, so a game jumped over can never be seen).
public struct TripSearch: Sendable {
  /// What the search may use and must include.
  public struct Constraints: Sendable {
    /// Slots a trip may start at (nil: any).
    public var starts: Set<Int>?
    /// Slots a trip may end at (nil: any).
    public var ends: Set<Int>?
    /// Slots every trip must include.
    public var must: Set<Int> = []
    /// Creates constraints.
    public init(starts: Set<Int>? = nil, ends: Set<Int>? = nil, must: Set<Int> = []) {
      self.starts = starts
      self.ends = ends
      self.must = must
    }
  }

  /// A trip found: its slots in order with its figures.
  public struct Found: Sendable, Hashable {
    /// The model's slot indices, in trip order.
    public var slots: [Int]
    /// Distinct venues.
    public var parks: Int
    /// Travel seconds in all.
    public var travelSeconds: Double
  }

  /// The result: the best trips (best first) and whether the first is
  /// proven optimal.
  public struct Outcome: Sendable {
    /// Candidate trips, best first: most parks, then least travel.
    public var trips: [Found]
    /// Whether the search ran to the end (the first trip is optimal).
    public var proven: Bool
    /// Labels created, for progress and benchmarks.
    public var labels: Int
  }

  private struct Label {
    var set: VenueSet
    var count: Int32
    var slot: Int32
    var parent: Int32
    var travel: Double
  }

  /// Runs the search.
  /// - Parameters:
  ///   - model: the games and travel.
  ///   - constraints: starts, ends, must-see games.
  ///   - keep: how many candidate trips to return (the best ones; at least 1).
  ///   - shouldStop: asked now and then; true stops the search with what it
  ///     has (`proven` false).
  public static func run(
    _ model: PlanningModel, constraints: Constraints = Constraints(), keep: Int = 10,
    shouldStop: () -> Bool = { false }
  ) -> Outcome {
    // A quick pass keeping a few labels per game finds a good trip; its
    // parks are a lower bound that prunes the exact pass from its start.
    let quick = search(
      model, constraints: constraints, keep: keep, shouldStop: shouldStop, initialBest: 0,
      cap: 6)
    let floor = Int32(quick.trips.first?.parks ?? 0)
    // The exact pass keeps only labels that can still tie the best (it
    // proves the optimum); the quick pass's other trips fill the options
    // below it.
    var exact = search(
      model, constraints: constraints, keep: keep, shouldStop: shouldStop, initialBest: floor,
      cap: nil)
    exact.labels += quick.labels
    var seen = Set(exact.trips.map(\.slots))
    for trip in quick.trips where seen.insert(trip.slots).inserted {
      exact.trips.append(trip)
    }
    exact.trips.sort { a, b in
      if a.parks != b.parks { return a.parks > b.parks }
      if a.travelSeconds != b.travelSeconds { return a.travelSeconds < b.travelSeconds }
      return a.slots.lexicographicallyPrecedes(b.slots)
    }
    exact.trips = Array(exact.trips.prefix(max(1, keep)))
    return exact
  }

  private static func search(
    _ model: PlanningModel, constraints: Constraints, keep: Int, shouldStop: () -> Bool,
    initialBest: Int32, cap: Int?
  ) -> Outcome {
    let n = model.slots.count
    guard n > 0, model.venues.count <= VenueSet.capacity else {
      return Outcome(trips: [], proven: n == 0, labels: 0)
    }
    let must = constraints.must.sorted()
    let firstMust = must.first ?? Int.max
    let lastMust = must.last ?? -1
    // nextMust[i]: the first must-see slot after i (a leg from i may not pass it).
    var nextMust = [Int](repeating: Int.max, count: n + 1)
    var upcoming = Int.max
    for i in stride(from: n - 1, through: 0, by: -1) {
      nextMust[i] = upcoming
      if constraints.must.contains(i) { upcoming = i }
    }
    // Successors: every later game reachable by a legal leg (not past a
    // must) from which a trip can still end where it may (alive), computed
    // from the last game back, so that a label never goes where no allowed
    // end can follow and the bounds below count only what a finished trip
    // can see.
    var successors = [[Int32]](repeating: [], count: n)
    var alive = [Bool](repeating: false, count: n)
    for i in stride(from: n - 1, through: 0, by: -1) {
      let earliest = model.slots[i].start + Game.duration
      var j = i + 1
      while j < n && model.slots[j].start < earliest { j += 1 }
      let limit = min(n - 1, nextMust[i])
      while j <= limit {
        if alive[j], model.isLegal(i, j) { successors[i].append(Int32(j)) }
        j += 1
      }
      let canEnd = i >= lastMust && (constraints.ends?.contains(i) ?? true)
      alive[i] = canEnd || !successors[i].isEmpty
    }
    // reach[i]: the most venue changes on a legal path from i, plus one
    // (an upper bound on the venues a trip at i can still see, i's own
    // included: each venue after i's is entered by a change).
    var reach = [Int32](repeating: 1, count: n)
    // reachable[i]: every venue a legal path from i can see (i's own included).
    var reachable = [VenueSet](repeating: VenueSet(), count: n)
    for i in stride(from: n - 1, through: 0, by: -1) {
      let v = model.slots[i].venue
      var venues = VenueSet(v)
      for j32 in successors[i] {
        let j = Int(j32)
        let w = model.slots[j].venue
        reach[i] = max(reach[i], reach[j] + (w == v ? 0 : 1))
        venues.formUnion(reachable[j])
      }
      reachable[i] = venues
    }
    // The most venues a label at slot j can end with: the games left, and
    // the venues left to see that it can still reach.
    func bound(_ label: Label, at j: Int) -> Int32 {
      let games = label.count + reach[j] - 1
      let venues = label.count + Int32(reachable[j].subtracting(label.set).count)
      return min(games, venues)
    }
    let keep = max(1, keep)
    var arena: [Label] = []
    var atSlot = [[Int32]](repeating: [], count: n)
    var best: Int32 = initialBest
    var ends: [Int32] = []
    var stopped = false

    func insert(_ label: Label, at j: Int) {
      if bound(label, at: j) < best { return }

      var list = atSlot[j]
      for id in list {
        let other = arena[Int(id)]
        if other.count >= label.count, label.set.isSubset(of: other.set),
          other.travel <= label.travel
        {
          return
        }
      }
      list.removeAll { id in
        let other = arena[Int(id)]
        return other.count <= label.count && other.set.isSubset(of: label.set)
          && label.travel <= other.travel
      }
      if let cap, list.count >= cap {
        // The quick pass: keep the best few (most venues, least travel).
        var worst = 0
        for k in list.indices.dropFirst()
        where worse(arena[Int(list[k])], arena[Int(list[worst])]) {
          worst = k
        }
        guard worse(arena[Int(list[worst])], label) else { return }
        list.remove(at: worst)
      }
      list.append(Int32(arena.count))
      arena.append(label)
      atSlot[j] = list
    }

    for i in 0..<n {
      if i % 16 == 0, shouldStop() {
        stopped = true
        break
      }
      if i <= firstMust, alive[i], constraints.starts?.contains(i) ?? true {
        let v = model.slots[i].venue
        insert(
          Label(set: VenueSet(v), count: 1, slot: Int32(i), parent: -1, travel: 0), at: i)
      }
      let canEnd = i >= lastMust && (constraints.ends?.contains(i) ?? true)
      let labels = atSlot[i]
      atSlot[i] = []
      for (k, id) in labels.enumerated() {
        if k % 512 == 511, shouldStop() {
          stopped = true
          break
        }
        let label = arena[Int(id)]
        if bound(label, at: i) < best { continue }
        if canEnd {
          if label.count > best { best = label.count }
          ends.append(id)
          if ends.count > 8 * keep + 256 {
            ends = bestEnds(ends, arena: arena, count: 4 * keep + 64)
          }
        }
        let from = model.slots[i].venue
        for j32 in successors[i] {
          let j = Int(j32)
          let to = model.slots[j].venue
          let added = label.set.contains(to) ? 0 : 1
          insert(
            Label(
              set: added == 1 ? label.set.inserting(to) : label.set,
              count: label.count + Int32(added), slot: j32, parent: id,
              travel: label.travel + model.travel(from, to)), at: j)
        }
      }
      if stopped { break }
    }
    let chosen = bestEnds(ends, arena: arena, count: ends.count)
    var trips: [Found] = []
    for id in chosen {
      var path: [Int] = []
      var cursor = id
      while cursor >= 0 {
        let label = arena[Int(cursor)]
        path.append(Int(label.slot))
        cursor = label.parent
      }
      let label = arena[Int(id)]
      trips.append(
        Found(slots: path.reversed(), parks: Int(label.count), travelSeconds: label.travel))
    }
    return Outcome(trips: trips, proven: !stopped, labels: arena.count)
  }

  /// Whether `a` is worse than `b`: fewer venues, or as many with more travel.
  private static func worse(_ a: Label, _ b: Label) -> Bool {
    a.count != b.count ? a.count < b.count : a.travel > b.travel
  }

  /// The `count` best end labels: most venues, then least travel, then the
  /// earlier slot (a stable order).
  private static func bestEnds(_ ids: [Int32], arena: [Label], count: Int) -> [Int32] {
    let sorted = ids.sorted { a, b in
      let x = arena[Int(a)]
      let y = arena[Int(b)]
      if x.count != y.count { return x.count > y.count }
      if x.travel != y.travel { return x.travel < y.travel }
      return a < b
    }
    return Array(sorted.prefix(count))
  }
}

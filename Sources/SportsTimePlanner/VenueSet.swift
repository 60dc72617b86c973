/// A set of venue indices below 256, as four 64-bit words: union, subset
/// and count in a few instructions (the search's labels carry one each).
public struct VenueSet: Sendable, Hashable {
  var w0: UInt64 = 0
  var w1: UInt64 = 0
  var w2: UInt64 = 0
  var w3: UInt64 = 0

  /// The largest number of venues a set holds (indices 0 ..< 256).
  public static let capacity = 256

  /// The empty set.
  public init() {}

  /// The set of one index (0 ..< 256).
  public init(_ index: Int) { insert(index) }

  /// A set of the given indices (each below `capacity`).
  public init(_ indices: some Sequence<Int>) {
    for index in indices { insert(index) }
  }

  /// Adds `index` (0 ..< 256).
  @inline(__always)
  public mutating func insert(_ index: Int) {
    let bit = UInt64(1) << UInt64(index & 63)
    switch index >> 6 {
    case 0: w0 |= bit
    case 1: w1 |= bit
    case 2: w2 |= bit
    default: w3 |= bit
    }
  }

  /// Whether `index` is in the set.
  @inline(__always)
  public func contains(_ index: Int) -> Bool {
    let bit = UInt64(1) << UInt64(index & 63)
    switch index >> 6 {
    case 0: return w0 & bit != 0
    case 1: return w1 & bit != 0
    case 2: return w2 & bit != 0
    default: return w3 & bit != 0
    }
  }

  /// The set with `index` added.
  @inline(__always)
  public func inserting(_ index: Int) -> VenueSet {
    var copy = self
    copy.insert(index)
    return copy
  }

  /// Adds every member of `other`.
  @inline(__always)
  public mutating func formUnion(_ other: VenueSet) {
    w0 |= other.w0
    w1 |= other.w1
    w2 |= other.w2
    w3 |= other.w3
  }

  /// The members of `self` not in `other`.
  @inline(__always)
  public func subtracting(_ other: VenueSet) -> VenueSet {
    var result = VenueSet()
    result.w0 = w0 & ~other.w0
    result.w1 = w1 & ~other.w1
    result.w2 = w2 & ~other.w2
    result.w3 = w3 & ~other.w3
    return result
  }

  /// Whether every member of `self` is in `other`.
  @inline(__always)
  public func isSubset(of other: VenueSet) -> Bool {
    w0 & ~other.w0 == 0 && w1 & ~other.w1 == 0 && w2 & ~other.w2 == 0 && w3 & ~other.w3 == 0
  }

  /// How many indices the set holds.
  @inline(__always)
  public var count: Int {
    w0.nonzeroBitCount + w1.nonzeroBitCount + w2.nonzeroBitCount + w3.nonzeroBitCount
  }

  /// The members, ascending.
  public var members: [Int] {
    (0..<VenueSet.capacity).filter(contains)
  }
}

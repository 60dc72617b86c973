/// SHA-256 (FIPS 180-4), in Swift with Foundation only: the content hash
/// that lets a re-import of an unchanged schedule file skip its work.
///
/// A real cryptographic hash rather than a fast checksum, so that two
/// different files can in practice never share a digest: a collision would
/// make a changed file look unchanged and its changes be skipped silently.
/// Feed bytes in any pieces with `update`, then read `finalize()` once.
///
/// ```swift
/// var hash = SHA256()
/// hash.update(Array("abc".utf8))
/// hash.finalize().hex
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
///
/// Source: https://csrc.nist.gov/pubs/fips/180-4/upd1/final (sections
/// 4.2.2, 5.1.1, 6.2).
public struct SHA256: Sendable {
  /// A 32-byte digest.
  public struct Digest: Sendable, Hashable {
    /// The digest's 32 bytes, most significant first.
    public let bytes: [UInt8]

    /// The digest as 64 lowercase hexadecimal digits.
    public var hex: String {
      let digits = Array("0123456789abcdef".utf8)
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count * 2)
      for byte in bytes {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0f)])
      }
      return String(decoding: out, as: UTF8.self)
    }
  }

  /// The round constants (the first 32 bits of the fractional parts of the
  /// cube roots of the first 64 primes).
  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  /// The hash value so far (H0…H7).
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19
  )
  /// Bytes not yet hashed (fewer than one 64-byte block).
  private var pending: [UInt8] = []
  /// Bytes fed so far.
  private var length: UInt64 = 0

  /// A hash of no bytes yet.
  public init() {
    pending.reserveCapacity(64)
  }

  /// The digest of `bytes`.
  /// - Complexity: O(n) in the number of bytes.
  public static func digest<Bytes: Sequence>(_ bytes: Bytes) -> Digest
  where Bytes.Element == UInt8 {
    var hash = SHA256()
    hash.update(bytes)
    return hash.finalize()
  }

  /// Feeds `bytes` (any sequence of bytes: an array, `Data`, a string's
  /// `utf8` view).
  /// - Complexity: O(n) in the number of bytes.
  public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      update(UnsafeRawBufferPointer(buffer))
    }
    if done == nil {
      let copy = Array(bytes)
      copy.withUnsafeBytes { update($0) }
    }
  }

  /// Feeds the bytes of `buffer`.
  private mutating func update(_ buffer: UnsafeRawBufferPointer) {
    length &+= UInt64(buffer.count)
    var start = 0
    if !pending.isEmpty {
      let take = min(64 - pending.count, buffer.count)
      pending.append(contentsOf: buffer[0..<take])
      start = take
      guard pending.count == 64 else { return }
      pending.withUnsafeBytes { compress($0, at: 0) }
      pending.removeAll(keepingCapacity: true)
    }
    while buffer.count - start >= 64 {
      compress(buffer, at: start)
      start += 64
    }
    pending.append(contentsOf: buffer[start...])
  }

  /// The digest of every byte fed. Call it once: the hash is spent.
  public mutating func finalize() -> Digest {
    let bits = length &* 8
    var tail = pending
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }
    tail.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        compress(buffer, at: offset)
        offset += 64
      }
    }
    pending.removeAll()
    let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
    return Digest(
      bytes: words.flatMap { word in
        (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) }
      })
  }

  /// Processes the 64-byte block of `buffer` at `offset` (section 6.2.2).
  private mutating func compress(_ buffer: UnsafeRawBufferPointer, at offset: Int) {
    var w = [UInt32](repeating: 0, count: 64)
    for t in 0..<16 {
      let i = offset + t * 4
      w[t] =
        UInt32(buffer[i]) << 24 | UInt32(buffer[i + 1]) << 16 | UInt32(buffer[i + 2]) << 8
        | UInt32(buffer[i + 3])
    }
    for t in 16..<64 {
      let s0 = rotate(w[t - 15], 7) ^ rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
      let s1 = rotate(w[t - 2], 17) ^ rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
      w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
    }
    var (a, b, c, d, e, f, g, h) = state
    for t in 0..<64 {
      let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
      let choice = (e & f) ^ (~e & g)
      let t1 = h &+ s1 &+ choice &+ SHA256.k[t] &+ w[t]
      let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let t2 = s0 &+ majority
      h = g
      g = f
      f = e
      e = d &+ t1
      d = c
      c = b
      b = a
      a = t1 &+ t2
    }
    state = (
      state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f,
      state.6 &+ g, state.7 &+ h
    )
  }

  /// `x` rotated right by `n` bits.
  @inline(__always)
  private func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
}

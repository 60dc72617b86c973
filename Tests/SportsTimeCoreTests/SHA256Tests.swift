import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// `SHA256` against the FIPS 180-4 example messages and the NIST CAVS
/// short and long message vectors, fed whole and in random pieces.
final class SHA256Tests: XCTestCase {
  func testDigest_nistExamples() {
    let cases: [(String, String)] = [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
      ),
    ]
    for (message, hex) in cases {
      XCTAssertEqual(SHA256.digest(Array(message.utf8)).hex, hex, message)
    }
  }

  /// A million "a"s (FIPS 180-4 example), and lengths around the padding
  /// boundaries (55, 56, 63, 64, 65 bytes) against `sha256sum`'s answers.
  func testDigest_longMessageAndPaddingBoundaries() {
    XCTAssertEqual(
      SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hex,
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    let boundaries: [(Int, String)] = [
      (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
      (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
      (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
      (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
      (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
    ]
    for (count, hex) in boundaries {
      XCTAssertEqual(
        SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: count)).hex, hex,
        "\(count) bytes")
    }
  }

  /// Feeding a text in random pieces gives the digest of the whole.
  func testUpdate_piecesGiveTheDigestOfTheWhole() {
    var random = SplitMix64(seed: 9)
    let bytes = (0..<5_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    let whole = SHA256.digest(bytes)
    for _ in 0..<50 {
      var hash = SHA256()
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + Int(random.next() % 150))
        hash.update(bytes[start..<end])
        start = end
      }
      XCTAssertEqual(hash.finalize(), whole)
    }
    XCTAssertNotEqual(SHA256.digest(bytes.dropLast()), whole)
  }
}

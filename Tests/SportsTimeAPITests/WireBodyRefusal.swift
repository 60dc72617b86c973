import Foundation
import SportsTimeAPI
import XCTest

extension XCTestCase {
  /// The `WireBodyError` reading `json` as a `type` body gives; fails the
  /// test (and is nil) when the body is read, or refused with another error.
  func refusal<T: Decodable>(
    _ type: T.Type, _ json: String, file: StaticString = #filePath, line: UInt = #line
  ) -> WireBodyError? {
    do {
      _ = try Wire.decodeBody(type, from: Data(json.utf8))
      XCTFail("\(json) was read", file: file, line: line)
      return nil
    } catch {
      guard let refusal = error as? WireBodyError else {
        XCTFail("\(json): \(error) is no WireBodyError", file: file, line: line)
        return nil
      }
      return refusal
    }
  }
}

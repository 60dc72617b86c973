import Foundation
import SportsTimeTestSupport
import XCTest

/// `sportstime serve`: prints its address, answers on it from the same
/// database as the other commands, and stops cleanly on SIGTERM and SIGINT.
final class ServeCommandTests: EndToEndTestCase {
  func testServe_printsItsAddressAnswersAndStopsOnSignals() throws {
    try installImported2024()
    try runOK(["trip", "new", "Served", "--game", "CHC@2024-06-05"])
    for stopSignal in [SIGTERM, SIGINT] {
      let process = Process()
      process.executableURL = try CLIProcess.binary.get()
      process.arguments = ["serve", "--port", "0"]
      process.environment = environment
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      var seen = Data()
      let deadline = Date().addingTimeInterval(20)
      while !String(decoding: seen, as: UTF8.self).contains("Press Ctrl-C"), Date() < deadline {
        seen.append(output.fileHandleForReading.availableData)
      }
      let text = String(decoding: seen, as: UTF8.self)
      let port = try XCTUnwrap(
        text.split(separator: "\n").first?.split(separator: ":").last.flatMap {
          Int($0.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
        }, text)
      XCTAssertTrue(text.hasPrefix("SportsTime is running at http://127.0.0.1:\(port)/\n"), text)
      let trips = try RawHTTPClient(port: UInt16(port)).send("GET", "/api/trips")
      XCTAssertEqual(trips.status, 200)
      XCTAssertTrue(trips.text.contains("\"name\": \"Served\""), trips.text)
      kill(process.processIdentifier, stopSignal)
      process.waitUntilExit()
      let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      XCTAssertEqual(process.terminationStatus, 0, text + rest)
      XCTAssertTrue(rest.hasSuffix("Stopped.\n"), rest)
    }
  }

  func testServe_refusesAHostThatIsNoAddress() throws {
    let result = try run(["serve", "--host", "example.com", "--port", "0"])
    XCTAssertEqual(result.status, 1, result.description)
    XCTAssertEqual(
      result.stderr,
      "Error: 'example.com' is not an IP address (give one such as 127.0.0.1 or ::1, or localhost)\n"
    )
  }
}

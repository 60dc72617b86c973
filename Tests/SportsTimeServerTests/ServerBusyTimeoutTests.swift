import Foundation
import SportsTimeCore
import SportsTimeStore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeServer

/// The server's own connections to the database (the one for reads, the
/// watcher's) wait for another connection's lock as long as the store it
/// was given: a test's short busy timeout holds for all of them.
final class ServerBusyTimeoutTests: XCTestCase {
  func testTheReadConnection_keepsTheStoresBusyTimeout() throws {
    let scratch = try TemporaryDirectory(prefix: "server-busy-timeout")
    defer { scratch.remove() }
    let path = scratch.url.appendingPathComponent("app.sqlite").path
    for milliseconds in [50, Database.defaultBusyTimeoutMilliseconds] {
      let store = try Store(path: path, busyTimeoutMilliseconds: milliseconds)
      let app = SportsTimeApp(
        store: store, catalog: try Catalog.mlb(),
        configuration: SportsTimeApp.Configuration(
          host: "127.0.0.1", port: 0, timeZone: TimeZone(secondsFromGMT: 0) ?? .current))
      XCTAssertFalse(app.readStore === store, "a connection of its own")
      XCTAssertEqual(app.readStore.busyTimeoutMilliseconds, milliseconds)
      app.stopWatching()
      try store.close()
    }
  }
}

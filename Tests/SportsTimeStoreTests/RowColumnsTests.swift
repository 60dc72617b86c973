import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// The rows of one query share one `RowColumns`, which resolves each column
/// name to its index once (issue 9, speed: `Row.value(_:)` searched the
/// names of every row for every column read). The look-up keeps the rules
/// of the scan it replaced: the exact name first, then ASCII
/// case-insensitively, the first column winning when a name repeats.
final class RowColumnsTests: XCTestCase {
  /// The replaced scan.
  private func reference(_ names: [String], _ column: String) -> Int? {
    if let index = names.firstIndex(of: column) { return index }
    let folded = column.lowercased()
    return names.firstIndex { $0.lowercased() == folded }
  }

  func testIndex_isTheScansIndex() {
    var rng = SplitMix64(seed: 0x0009_0C01)
    let pool = ["id", "ID", "Id", "name", "NAME", "sport", "local_date", "Local_Date", "x", ""]
    for _ in 0..<3_000 {
      let names = (0..<Int(rng.next() % 7)).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }
      let columns = RowColumns(names)
      for column in pool + ["missing", "iD"] {
        XCTAssertEqual(columns.index(of: column), reference(names, column), "\(names) \(column)")
      }
    }
  }

  func testQueryRows_shareOneResolutionAndReadByName() throws {
    let database = try Database(path: ":memory:")
    try database.executeScript(
      "CREATE TABLE t (id INTEGER, Name TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c');")
    let rows = try database.query("SELECT id, Name, id AS ID FROM t ORDER BY id")
    XCTAssertEqual(rows.count, 3)
    XCTAssertTrue(rows.allSatisfy { $0.columns === rows[0].columns })
    XCTAssertEqual(try rows.map { try $0.string("name") }, ["a", "b", "c"])
    XCTAssertEqual(try rows.map { try $0.int("ID") }, [1, 2, 3])
    XCTAssertThrowsError(try rows[0].value("missing")) { error in
      guard case StoreError.noSuchColumn(let column, _) = error else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(column, "missing")
    }
    // A row built by hand equals the query's row of the same names and values.
    XCTAssertEqual(
      Row(columnNames: ["id", "Name", "ID"], values: [1, .text("a"), 1], sql: rows[0].sql), rows[0])
    XCTAssertNotEqual(
      Row(columnNames: ["id", "name", "ID"], values: [1, .text("a"), 1], sql: rows[0].sql), rows[0])
    let statement = try database.prepare("SELECT Name FROM t WHERE id = 2")
    XCTAssertEqual(try statement.step()?.string("NAME"), "b")
  }
}

import Foundation
import XCTest

@testable import SportsTimeCore

/// RFC 4180 reading: quoting, line ends, line numbers and errors.
final class CSVTests: XCTestCase {

  func testParse_quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
    let text = "a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"two\r\nlines\",x,\"\"\r\nlast,1,2\r\n"
    let records = try CSV.parse(text, file: "q.csv")
    XCTAssertEqual(
      records.map(\.fields),
      [
        ["a", "b,c", "say \"hi\""],
        ["two\r\nlines", "x", ""],
        ["last", "1", "2"],
      ])
    // The second record starts on line 2 and spans two lines.
    XCTAssertEqual(records.map(\.line), [1, 2, 4])
  }

  func testParse_CRLFAndLFGiveSameRecords() throws {
    let lf = try CSV.parse("h1,h2\n1,2\n3,4\n", file: "lf.csv")
    let crlf = try CSV.parse("h1,h2\r\n1,2\r\n3,4\r\n", file: "crlf.csv")
    XCTAssertEqual(lf, crlf)
    XCTAssertEqual(lf.map(\.fields), [["h1", "h2"], ["1", "2"], ["3", "4"]])
    XCTAssertEqual(lf.map(\.line), [1, 2, 3])
  }

  func testParse_emptyLinesSkippedButCounted() throws {
    let records = try CSV.parse("a,b\n\n\r\nc,d\n", file: "e.csv")
    XCTAssertEqual(records.map(\.fields), [["a", "b"], ["c", "d"]])
    XCTAssertEqual(records.map(\.line), [1, 4])
  }

  func testParse_emptyFieldsAndMissingFinalTerminator() throws {
    let records = try CSV.parse("a,,b\n,\nx,", file: "f.csv")
    XCTAssertEqual(records.map(\.fields), [["a", "", "b"], ["", ""], ["x", ""]])
    XCTAssertEqual(try CSV.parse("only", file: "o.csv").map(\.fields), [["only"]])
    XCTAssertEqual(try CSV.parse("", file: "z.csv"), [])
  }

  func testParse_byteOrderMarkIsIgnored() throws {
    let records = try CSV.parse("\u{FEFF}Date,Num\n1,2\n", file: "bom.csv")
    XCTAssertEqual(records.first?.fields.first, "Date")
  }

  func testParse_nonASCIIKept() throws {
    let records = try CSV.parse(
      "MEX02,Estadio Alfredo Harp Helú,\"J.J. Dobson’s\"\n", file: "u.csv")
    XCTAssertEqual(records.first?.fields, ["MEX02", "Estadio Alfredo Harp Helú", "J.J. Dobson’s"])
  }

  func testParse_unterminatedQuoteNamesItsLine() {
    XCTAssertThrowsError(try CSV.parse("a,b\r\nc,\"never\r\nclosed\r\n", file: "u.csv")) { error in
      let e = error as? FileFormatError
      XCTAssertEqual(e?.file, "u.csv")
      XCTAssertEqual(e?.line, 2)
      XCTAssertTrue(e?.message.contains("never closed") ?? false, "\(error)")
    }
  }

  func testParse_textAfterClosingQuoteIsRefused() {
    XCTAssertThrowsError(try CSV.parse("ok\n\"a\"b,c\n", file: "t.csv")) { error in
      let e = error as? FileFormatError
      XCTAssertEqual(e?.line, 2)
      XCTAssertTrue(e?.message.contains("closing quote") ?? false, "\(error)")
    }
  }

  func testFileFormatError_describesFileLineAndField() {
    let e = FileFormatError(file: "x.csv", line: 7, field: "12 (Postponed)", message: "bad")
    XCTAssertEqual(e.description, "x.csv, line 7, field 12 (Postponed): bad")
    XCTAssertEqual(
      FileFormatError(file: "x.csv", line: nil, field: nil, message: "m").description, "x.csv: m")
  }

  /// A table's header must be its columns exactly; each record's field
  /// count is checked by its reader, so the first problem in file order
  /// is the one reported — here by the venue table reader, on real rows.
  func testTable_headerAndFieldCounts() throws {
    let columns = ["a", "b", "c"]
    XCTAssertEqual(
      try CSV.table("a,b,c\n1,2,3\n4,5\n", file: "t.csv", columns: columns).map(\.fields),
      [["1", "2", "3"], ["4", "5"]])
    XCTAssertThrowsError(try CSV.table("a,c,b\n1,2,3\n", file: "t.csv", columns: columns)) {
      XCTAssertEqual("\($0)", "t.csv, line 1: expected the header a,b,c")
    }
    let short = try CSV.table("a,b,c\n1,2,3\n4,5\n", file: "t.csv", columns: columns)[1]
    XCTAssertThrowsError(try short.checkFieldCount(3, file: "t.csv")) {
      XCTAssertEqual("\($0)", "t.csv, line 3: expected 3 fields, found 2")
    }
    let venues = try Catalog.resource("venues")
    var lines = venues.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[3] = "ATL03,Truist Park,Atlanta"
    lines[2] = lines[2].replacingOccurrences(of: "America/", with: "Nowhere/")
    XCTAssertThrowsError(
      try Catalog.parseVenues(lines.joined(separator: "\n"), file: "venues.csv")
    ) {
      XCTAssertTrue("\($0)".hasPrefix("venues.csv, line 3, field time_zone:"), "\($0)")
    }
  }
}

import Foundation

/// One record of a CSV file: its fields and the 1-based line it starts on.
public struct CSVRecord: Sendable, Hashable {
  /// 1-based line number of the record's first character in the file.
  public var line: Int
  /// The record's fields, unquoted.
  public var fields: [String]

  /// Refuses a record without exactly `count` fields.
  /// - Throws: `FileFormatError` naming `file` and the record's line
  ///   ("expected 9 fields, found 8").
  public func checkFieldCount(_ count: Int, file: String) throws {
    guard fields.count == count else {
      throw FileFormatError(
        file: file, line: line, field: nil,
        message: "expected \(count) fields, found \(fields.count)")
    }
  }
}

/// Reads comma-separated text per RFC 4180: double-quoted fields may hold
/// commas, quotes (doubled) and line breaks; records end with CRLF or LF.
///
/// A final line terminator is optional; empty lines are skipped.
///
/// ```swift
/// try CSV.parse("a,\"b,c\"\r\n1,2\n", file: "x.csv")
/// // [CSVRecord(line: 1, fields: ["a", "b,c"]), CSVRecord(line: 2, fields: ["1", "2"])]
/// ```
public enum CSV {
  /// Parses `text` into records.
  /// - Parameter file: the file name used in errors.
  /// - Throws: `FileFormatError` naming the file and line of an unterminated
  ///   quoted field or a character after a closing quote.
  /// - Complexity: O(n) in the length of `text`.
  /// The data records of a table whose first record must be exactly
  /// `columns` (each record's field count is checked by its reader, in
  /// file order: `CSVRecord.checkFieldCount(_:file:)`).
  /// - Throws: `FileFormatError` naming `file` and line 1 for another
  ///   header ("expected the header a,b,c"), or as `parse(_:file:)`.
  public static func table(_ text: String, file: String, columns: [String]) throws
    -> [CSVRecord]
  {
    let records = try parse(text, file: file)
    guard let header = records.first, header.fields == columns else {
      throw FileFormatError(
        file: file, line: 1, field: nil,
        message: "expected the header \(columns.joined(separator: ","))")
    }
    return Array(records.dropFirst())
  }

  public static func parse(_ text: String, file: String) throws -> [CSVRecord] {
    let table = try fields(text, file: file)
    return (0..<table.recordCount).map { record in
      CSVRecord(
        line: table.line(of: record),
        fields: table.fieldRange(of: record).map { table.string(field: $0) })
    }
  }

  /// The records of `text` as byte ranges (`CSVFieldTable`): the same
  /// records, fields, lines and errors as `parse(_:file:)`, without a
  /// `String` per field.
  /// - Throws: as `parse(_:file:)`.
  static func fields(_ text: String, file: String) throws -> CSVFieldTable {
    var text = text
    return try text.withUTF8 { try fields(utf8: $0, file: file) }
  }

  /// The reader over the text's UTF-8 bytes. Every byte the format gives a
  /// meaning to (comma, quote, CR, LF) is ASCII, which never occurs inside
  /// a multi-byte UTF-8 sequence, so fields are whole byte runs of valid
  /// UTF-8; each field's unquoted bytes are copied once into the table.
  private static func fields(utf8 bytes: UnsafeBufferPointer<UInt8>, file: String) throws
    -> CSVFieldTable
  {
    let comma = UInt8(ascii: ",")
    let quote = UInt8(ascii: "\"")
    let cr = UInt8(ascii: "\r")
    let lf = UInt8(ascii: "\n")
    var table = CSVFieldTable()
    table.bytes.reserveCapacity(bytes.count)
    // Fields of the record being read start at `table.fieldEnds.count`
    // (`recordFirstField`); the field being read starts at `fieldStart`.
    var recordFirstField = 0
    var fieldStart = 0
    var line = 1
    var recordLine = 1
    var inQuotes = false
    var afterQuote = false
    var fieldStarted = false
    var index = 0
    let end = bytes.count
    // A byte order mark (EF BB BF) is not part of the first field.
    if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }

    func endField() {
      table.fieldEnds.append(table.bytes.count)
      fieldStart = table.bytes.count
    }
    func endRecord() {
      let empty = table.bytes.count == fieldStart
      endField()
      if table.fieldEnds.count - recordFirstField == 1 && empty && !fieldStarted {
        // An empty line: no record.
        table.fieldEnds.removeLast()
      } else {
        table.recordLines.append(recordLine)
        table.recordFirstFields.append(table.fieldEnds.count)
        recordFirstField = table.fieldEnds.count
      }
      fieldStarted = false
      afterQuote = false
    }

    while index < end {
      let c = bytes[index]
      index += 1
      if inQuotes {
        if c == quote {
          if index < end, bytes[index] == quote {
            table.bytes.append(quote)
            index += 1
          } else {
            inQuotes = false
            afterQuote = true
          }
        } else {
          if c == lf { line += 1 }
          table.bytes.append(c)
        }
        continue
      }
      switch c {
      case comma:
        endField()
        fieldStarted = true
        afterQuote = false
      case cr:
        if index < end, bytes[index] == lf { continue }
        endRecord()
        line += 1
        recordLine = line
      case lf:
        endRecord()
        line += 1
        recordLine = line
      case quote where table.bytes.count == fieldStart && !afterQuote:
        inQuotes = true
        fieldStarted = true
      default:
        if afterQuote {
          throw FileFormatError(
            file: file, line: line, field: nil,
            message:
              "unexpected text after a closing quote (a quote inside a field must be doubled)")
        }
        fieldStarted = true
        table.bytes.append(c)
      }
    }
    if inQuotes {
      throw FileFormatError(
        file: file, line: recordLine, field: nil,
        message: "a quoted field is never closed")
    }
    if table.bytes.count != fieldStart || table.fieldEnds.count != recordFirstField
      || fieldStarted
    {
      endRecord()
    }
    return table
  }
}

/// The records of a CSV text as byte ranges of one buffer
/// (`CSV.fields(_:file:)`): every field's unquoted bytes one after the
/// other, the end of each field, and each record's first line and first
/// field. Fields are valid UTF-8 when the text was.
struct CSVFieldTable {
  /// The fields' unquoted bytes, field after field.
  var bytes: [UInt8] = []
  /// The end (in `bytes`) of each field; a field starts where the one
  /// before it ends (the first at 0).
  var fieldEnds: [Int] = []
  /// The 1-based line each record starts on.
  var recordLines: [Int] = []
  /// The index of each record's first field, and one more: the number of
  /// fields (record `r`'s fields are `recordFirstFields[r]..<recordFirstFields[r + 1]`).
  var recordFirstFields: [Int] = [0]

  /// The number of records.
  var recordCount: Int { recordLines.count }

  /// The 1-based line record `record` starts on.
  func line(of record: Int) -> Int { recordLines[record] }

  /// The indices of record `record`'s fields.
  func fieldRange(of record: Int) -> Range<Int> {
    recordFirstFields[record]..<recordFirstFields[record + 1]
  }

  /// The byte range of field `field` in `bytes`.
  func byteRange(of field: Int) -> Range<Int> {
    (field == 0 ? 0 : fieldEnds[field - 1])..<fieldEnds[field]
  }

  /// Field `field` as text.
  func string(field: Int) -> String {
    String(decoding: bytes[byteRange(of: field)], as: UTF8.self)
  }
}

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
    var text = text
    return try text.withUTF8 { try parse(utf8: $0, file: file) }
  }

  /// The reader over the text's UTF-8 bytes. Every byte the format gives a
  /// meaning to (comma, quote, CR, LF) is ASCII, which never occurs inside
  /// a multi-byte UTF-8 sequence, so fields are whole byte runs of valid
  /// UTF-8; each is copied once into its `String`.
  private static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, file: String) throws
    -> [CSVRecord]
  {
    let comma = UInt8(ascii: ",")
    let quote = UInt8(ascii: "\"")
    let cr = UInt8(ascii: "\r")
    let lf = UInt8(ascii: "\n")
    var records: [CSVRecord] = []
    var fields: [String] = []
    var field: [UInt8] = []
    field.reserveCapacity(64)
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
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
    }
    func endRecord() {
      let empty = field.isEmpty
      endField()
      if !(fields.count == 1 && empty && !fieldStarted) {
        records.append(CSVRecord(line: recordLine, fields: fields))
      }
      fields = []
      fieldStarted = false
      afterQuote = false
    }

    while index < end {
      let c = bytes[index]
      index += 1
      if inQuotes {
        if c == quote {
          if index < end, bytes[index] == quote {
            field.append(quote)
            index += 1
          } else {
            inQuotes = false
            afterQuote = true
          }
        } else {
          if c == lf { line += 1 }
          field.append(c)
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
      case quote where field.isEmpty && !afterQuote:
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
        field.append(c)
      }
    }
    if inQuotes {
      throw FileFormatError(
        file: file, line: recordLine, field: nil,
        message: "a quoted field is never closed")
    }
    if !field.isEmpty || !fields.isEmpty || fieldStarted { endRecord() }
    return records
  }
}

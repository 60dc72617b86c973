import Foundation

/// One record of a CSV file: its fields and the 1-based line it starts on.
public struct CSVRecord: Sendable, Hashable {
  /// 1-based line number of the record's first character in the file.
  public var line: Int
  /// The record's fields, unquoted.
  public var fields: [String]
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
  public static func parse(_ text: String, file: String) throws -> [CSVRecord] {
    var records: [CSVRecord] = []
    var fields: [String] = []
    var field = ""
    var line = 1
    var recordLine = 1
    var inQuotes = false
    var afterQuote = false
    var fieldStarted = false
    var scalars = Array(text.unicodeScalars)[...]
    if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }

    func endRecord() {
      fields.append(field)
      if !(fields.count == 1 && fields[0].isEmpty && !fieldStarted) {
        records.append(CSVRecord(line: recordLine, fields: fields))
      }
      fields = []
      field = ""
      fieldStarted = false
      afterQuote = false
    }

    var index = scalars.startIndex
    while index < scalars.endIndex {
      let c = scalars[index]
      index = scalars.index(after: index)
      if inQuotes {
        if c == "\"" {
          if index < scalars.endIndex, scalars[index] == "\"" {
            field.unicodeScalars.append("\"")
            index = scalars.index(after: index)
          } else {
            inQuotes = false
            afterQuote = true
          }
        } else {
          if c == "\n" { line += 1 }
          field.unicodeScalars.append(c)
        }
        continue
      }
      switch c {
      case ",":
        fields.append(field)
        field = ""
        fieldStarted = true
        afterQuote = false
      case "\r":
        if index < scalars.endIndex, scalars[index] == "\n" { continue }
        endRecord()
        line += 1
        recordLine = line
      case "\n":
        endRecord()
        line += 1
        recordLine = line
      case "\"" where field.isEmpty && !afterQuote:
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
        field.unicodeScalars.append(c)
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

/// A problem in an input file, located by file, line and field, worded for
/// the person who has to fix the file (DESIGN.md, "Bad input").
public struct FileFormatError: Error, Sendable, Hashable,
  CustomStringConvertible
{
  /// The file's name or path as the user gave it.
  public var file: String
  /// 1-based line number, when known.
  public var line: Int?
  /// The column's name (e.g. "Makeup"), when one field is at fault.
  public var field: String?
  /// What is wrong, in plain words (naming no command or option).
  public var message: String
  /// The game the file names that the database does not hold, when that
  /// is the problem (a front end may say how to import its schedule).
  public var missingGameID: String?
  /// What the traveller can do about it, when there is one thing to do (a
  /// trip file whose leg no longer matches the route: `.replanTrip`); the
  /// message then ends with the remedy's neutral text
  /// (`Remedy.reason(for:)`), which a front end may replace.
  public var remedy: Remedy?

  /// Creates an error; see the properties.
  public init(
    file: String, line: Int?, field: String?, message: String, missingGameID: String? = nil,
    remedy: Remedy? = nil
  ) {
    self.file = file
    self.line = line
    self.field = field
    self.message = message
    self.missingGameID = missingGameID
    self.remedy = remedy
  }

  /// What kind of failure this is: the file is the input, so
  /// `.invalidInput`.
  public var kind: ErrorKind { .invalidInput }

  /// `file:line: field Makeup: message`.
  public var description: String {
    var place = file
    if let line { place += ", line \(line)" }
    if let field { place += ", field \(field)" }
    return "\(place): \(message)"
  }
}

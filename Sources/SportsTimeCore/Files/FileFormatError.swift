import Foundation

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

import Foundation

/// An error that says what kind of failure it is (`ErrorKind`), so a front
/// end answers it without reading its message: the command line's exit
/// status, an HTTP server's 404 / 400 / 422 / 409 / 503 (issue 9, "Types a
/// server can trust"). Every error Core and Store throw at a caller
/// conforms; `ErrorKind.of(_:)` reads it from any error.
public protocol ClassifiedError: Error {
  /// What kind of failure this is.
  var kind: ErrorKind { get }
}

extension ErrorKind {
  /// The kind of `error`: its own when it is a `ClassifiedError`, else nil
  /// (an error of another library, a front end's own).
  public static func of(_ error: any Error) -> ErrorKind? {
    (error as? any ClassifiedError)?.kind
  }
}

extension FileFormatError: ClassifiedError {}
extension VisitError: ClassifiedError {}
extension ItineraryRefusal: ClassifiedError {}
extension TripError: ClassifiedError {}

extension CatalogError: ClassifiedError {
  /// An unknown team or venue is not found; an ambiguous name, or a venue
  /// or team of another sport than the one asked for, is bad input.
  public var kind: ErrorKind {
    switch self {
    case .unknownTeam, .unknownVenue: return .notFound
    case .ambiguousTeam, .ambiguousVenue, .venueOfOtherSport, .teamOfOtherSport,
      .teamOfSeveralSports:
      return .invalidInput
    }
  }
}

extension GameReferenceError: ClassifiedError {}

extension LocalTimeError: ClassifiedError {
  /// A zone this system does not know, or a wall time that does not exist
  /// there that day (a daylight-saving gap): bad input either way.
  public var kind: ErrorKind { .invalidInput }
}

extension TextError: ClassifiedError {
  /// A text empty once cleaned or too long for its field: bad input.
  public var kind: ErrorKind { .invalidInput }
}

extension JSONSyntaxError: ClassifiedError {
  /// Text that is not valid JSON: bad input.
  public var kind: ErrorKind { .invalidInput }
}

extension FileError: ClassifiedError {
  /// A file that is not there is not found; one that must not be written
  /// (the database in use, an SQLite file) or cannot be read as text is
  /// refused or bad input; a system failure (permissions, a full disk) is
  /// unavailable.
  public var kind: ErrorKind {
    switch reason {
    case .notFound, .directoryMissing: return .notFound
    case .empty, .notUTF8, .isDirectory, .notRegularFile, .notADirectory: return .invalidInput
    case .databaseFile, .sqliteDatabase, .sqliteCompanion, .readOnly: return .refused
    case .permissionDenied, .system: return .unavailable
    }
  }
}

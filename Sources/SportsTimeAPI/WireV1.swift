import Foundation
import SportsTimeCore

/// Version 1 of the wire format: the JSON documents `--json` prints and the
/// coming HTTP server serves (docs/JSON.md). Each type's keys
/// encode in the order docs/JSON.md documents; `Wire.render` prints it.
///
/// Documents carry no version key (the output of version 1 predates this
/// namespace and must stay byte-identical): a front end that serves more
/// than one version says which by where it serves it. A later version is a
/// new namespace (`WireV2`); version 1's keys are never renamed or removed,
/// new keys may be added.
public enum WireV1 {
  /// This namespace's version.
  public static let version = 1
}

extension WireV1 {
  /// `{id, name, startDate, endDate, dayCount}` of a trip.
  public struct TripHead: Decodable, WireWritable, Sendable, Hashable {
    /// The trip's id, lowercase UUID text.
    public var id: String
    /// Its name.
    public var name: String
    /// Its first day.
    public var startDate: CalendarDate
    /// Its last day.
    public var endDate: CalendarDate
    /// How many days.
    public var dayCount: Int

    /// The head of `trip`.
    public init(_ trip: Trip) {
      id = trip.id.description
      name = trip.name
      startDate = trip.startDate
      endDate = trip.endDate
      dayCount = trip.dayCount
    }
  }

  /// `{id, name}` of a trip (`trip copy --json`'s `copiedFrom`).
  public struct TripRef: Decodable, WireWritable, Sendable, Hashable {
    /// Lowercase UUID text.
    public var id: String
    /// The trip's name.
    public var name: String

    /// The reference of `trip`.
    public init(_ trip: Trip) {
      id = trip.id.description
      name = trip.name
    }
  }

  /// `trip list --json`: one of the array's objects.
  public struct TripListEntry: Codable, Sendable, Hashable {
    /// Lowercase UUID text.
    public var id: String
    /// The trip's name.
    public var name: String
    /// Its first day.
    public var startDate: CalendarDate
    /// Its last day.
    public var endDate: CalendarDate
    /// How many days.
    public var dayCount: Int
    /// How many games.
    public var games: Int
    /// Its revision; only in the app's lists (`TripLists`), absent from
    /// `trip list --json`.
    public var revision: Int?

    /// The entry of `trip`, with its revision when `withRevision`.
    public init(_ trip: Trip, withRevision: Bool = false) {
      id = trip.id.description
      name = trip.name
      startDate = trip.startDate
      endDate = trip.endDate
      dayCount = trip.dayCount
      games = trip.gameIDs.count
      revision = withRevision ? trip.revision : nil
    }
  }

  /// `trip rename --json`: `{id, name, previousName}`.
  public struct TripRenamed: Codable, Sendable, Hashable {
    /// Lowercase UUID text.
    public var id: String
    /// The new name.
    public var name: String
    /// The name before.
    public var previousName: String

    /// The rename of `before` to `after` (the same trip).
    public init(before: Trip, after: Trip) {
      id = after.id.description
      name = after.name
      previousName = before.name
    }
  }

  /// `trip delete --json`: `{id, name, items}` of the deleted trip.
  public struct TripDeleted: Codable, Sendable, Hashable {
    /// Lowercase UUID text.
    public var id: String
    /// The deleted trip's name.
    public var name: String
    /// How many stored items went with it.
    public var items: Int

    /// The deletion of `trip` with `items` stored items.
    public init(_ trip: Trip, items: Int) {
      id = trip.id.description
      name = trip.name
      self.items = items
    }
  }

  /// The error document of a front end: `{"error": {kind, message, field?,
  /// barriers?}}` (DESIGN.md, "Front ends and their contract").
  public struct ErrorDocument: Codable, Sendable, Hashable {
    /// The error's parts.
    public struct Body: Codable, Sendable, Hashable {
      /// What kind of failure (`ErrorKind`'s raw value, e.g. `not-found`).
      public var kind: String
      /// The message for a user.
      public var message: String
      /// The input field involved, e.g. `items[3].travel.durationSeconds`;
      /// left out when none.
      public var field: String?
      /// The row ids of the games that bound a refused move; left out
      /// when none.
      public var barriers: [String]?
    }

    /// The error.
    public var error: Body

    /// An error of `kind`.
    public init(kind: ErrorKind, message: String, field: String? = nil, barriers: [String]? = nil) {
      error = Body(kind: kind.rawValue, message: message, field: field, barriers: barriers)
    }

    /// The document of any error: its kind (`ErrorKind.of(_:)`; an error
    /// that says none is `unavailable`, the server's fault rather than the
    /// request's) and its message, `field` and `barriers` when the caller
    /// knows them.
    public init(_ error: any Error, field: String? = nil, barriers: [String]? = nil) {
      self.init(
        kind: ErrorKind.of(error) ?? .unavailable, message: String(describing: error),
        field: field, barriers: barriers)
    }

    /// The kind, when it is one `ErrorKind` knows.
    public var kind: ErrorKind? { ErrorKind(rawValue: error.kind) }
  }
}

extension WireV1.TripHead {
  /// Writes `{id, name, startDate, endDate, dayCount}`.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key(literal: "id")
    writer.string(id)
    writer.key(literal: "name")
    writer.string(name)
    writer.key(literal: "startDate")
    writer.date(startDate)
    writer.key(literal: "endDate")
    writer.date(endDate)
    writer.key(literal: "dayCount")
    writer.int(dayCount)
    writer.endObject()
  }

  /// Through the wire encoder only (`Wire.encode(_:to:)`).
  /// - Throws: `EncodingError.invalidValue` for another encoder.
  public func encode(to encoder: any Encoder) throws { try Wire.encode(self, to: encoder) }
}

extension WireV1.TripRef {
  /// Writes `{id, name}`.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key(literal: "id")
    writer.string(id)
    writer.key(literal: "name")
    writer.string(name)
    writer.endObject()
  }

  /// Through the wire encoder only (`Wire.encode(_:to:)`).
  /// - Throws: `EncodingError.invalidValue` for another encoder.
  public func encode(to encoder: any Encoder) throws { try Wire.encode(self, to: encoder) }
}

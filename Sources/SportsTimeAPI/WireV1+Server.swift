import Foundation
import SportsTimeCore

extension WireV1 {
  /// `GET /api/trips/{id}`: the `trip show --json` document with the
  /// trip's `revision` as its last key.
  ///
  /// The app also gets `venues`: each stop's venue by id, `{name, city,
  /// timeZone, latitude, longitude}` (name as on the stop's first game
  /// day), so a page can show a game's venue and local time.
  public struct TripDocument: Decodable, WireWritable, Sendable, Hashable {
    /// A venue of the trip.
    public struct VenueEntry: Codable, Sendable, Hashable {
      /// Its name on the stop's first game day.
      public var name: String
      /// Its city.
      public var city: String
      /// Its IANA time zone.
      public var timeZone: String
      /// WGS84 degrees.
      public var latitude: Double
      /// WGS84 degrees.
      public var longitude: Double

      /// Creates an entry; see the properties.
      public init(
        name: String, city: String, timeZone: String, latitude: Double, longitude: Double
      ) {
        self.name = name
        self.city = city
        self.timeZone = timeZone
        self.latitude = latitude
        self.longitude = longitude
      }

      /// The entry of `venue` under its current name (`Venue.name(on: nil)`).
      public init(current venue: Venue) {
        self.init(
          name: venue.name(on: nil), city: venue.city, timeZone: venue.timeZoneID,
          latitude: venue.coordinate.latitude, longitude: venue.coordinate.longitude)
      }
    }

    /// The itinerary document (built from the trip when a document made
    /// by `init(_:undo:redo:)` is asked for it: writing one streams the
    /// rows instead, `ItineraryDocument`).
    public var itinerary: Itinerary {
      get {
        switch content {
        case .value(let value): value
        case .trip(let trip): Itinerary(trip)
        }
      }
      set { content = .value(newValue) }
    }
    /// What the itinerary is written from: a decoded value, or the trip
    /// itself (the server's and the CLI's documents), written by the one
    /// writer of `trip show --json` (`ItineraryDocument`), no row value
    /// made on the way.
    private var content: Content
    /// The trip's revision (raised by each stored change).
    public var revision: Int
    /// The stops' venues by id, in route order.
    public var venues: OrderedMap<VenueEntry>
    /// The edit an undo would take back, in words; null when none (set by
    /// the server from the journal).
    @OrNull public var undo: String?
    /// The edit a redo would make again; null when none.
    @OrNull public var redo: String?
    /// Only in the answer to `POST /api/trips`: the warnings `trip new`
    /// prints (a leg that cannot be travelled in the time between its
    /// games, `TightLeg.message`), in route order; absent (not written)
    /// in every other trip document.
    public var warnings: [String]?

    private enum Keys: String, CodingKey { case revision, venues, undo, redo, warnings }

    private enum Content: Sendable {
      case value(Itinerary)
      case trip(SportsTimeCore.Itinerary)
    }

    /// The document of `itinerary` at its trip's revision, with the
    /// journal's next undo and redo.
    public init(_ itinerary: SportsTimeCore.Itinerary, undo: String? = nil, redo: String? = nil) {
      self.undo = undo
      self.redo = redo
      content = .trip(itinerary)
      revision = itinerary.trip.revision
      venues = OrderedMap(
        itinerary.schedule.stops.map { stop in
          (
            stop.venue.id.rawValue,
            VenueEntry(
              name: stop.games.first.map { stop.venueName(on: $0.game.localDate) }
                ?? stop.venue.name(on: nil),
              city: stop.venue.city, timeZone: stop.venue.timeZoneID,
              latitude: stop.venue.coordinate.latitude, longitude: stop.venue.coordinate.longitude)
          )
        })
    }

    /// Writes the itinerary's keys, then `revision`, `venues`, `undo` and
    /// `redo`, in one object.
    public func write(to writer: inout JSONWriter) {
      writer.beginObject()
      switch content {
      case .value(let value): value.writeMembers(to: &writer)
      case .trip(let trip): ItineraryDocument(trip).writeMembers(to: &writer)
      }
      writer.key(literal: "revision")
      writer.int(revision)
      writer.key(literal: "venues")
      writer.beginObject()
      for entry in venues.entries {
        writer.key(entry.key)
        writer.beginObject()
        writer.key(literal: "name")
        writer.string(entry.value.name)
        writer.key(literal: "city")
        writer.string(entry.value.city)
        writer.key(literal: "timeZone")
        writer.string(entry.value.timeZone)
        writer.key(literal: "latitude")
        writer.number(entry.value.latitude)
        writer.key(literal: "longitude")
        writer.number(entry.value.longitude)
        writer.endObject()
      }
      writer.endObject()
      writer.key(literal: "undo")
      writer.optional(undo)
      writer.key(literal: "redo")
      writer.optional(redo)
      if let warnings {
        writer.key(literal: "warnings")
        writer.beginArray()
        for warning in warnings { writer.string(warning) }
        writer.endArray()
      }
      writer.endObject()
    }

    /// Through the wire encoder only (`Wire.encode(_:to:)`).
    /// - Throws: `EncodingError.invalidValue` for another encoder.
    public func encode(to encoder: any Encoder) throws { try Wire.encode(self, to: encoder) }

    public init(from decoder: any Decoder) throws {
      content = .value(try Itinerary(from: decoder))
      let container = try decoder.container(keyedBy: Keys.self)
      revision = try container.decode(Int.self, forKey: .revision)
      venues = try container.decode(OrderedMap<VenueEntry>.self, forKey: .venues)
      _undo = try container.decode(OrNull<String>.self, forKey: .undo)
      _redo = try container.decode(OrNull<String>.self, forKey: .redo)
      warnings = try container.decodeIfPresent([String].self, forKey: .warnings)
    }

    /// Equal when every member is, the itinerary compared as a value.
    public static func == (lhs: TripDocument, rhs: TripDocument) -> Bool {
      lhs.revision == rhs.revision && lhs.venues == rhs.venues && lhs.undo == rhs.undo
        && lhs.redo == rhs.redo && lhs.warnings == rhs.warnings && lhs.itinerary == rhs.itinerary
    }

    /// Hashes every member, the itinerary as a value.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(itinerary)
      hasher.combine(revision)
      hasher.combine(venues)
      hasher.combine(undo)
      hasher.combine(redo)
      hasher.combine(warnings)
    }
  }

  /// `GET /api/trips`: the trips grouped as the trips screen shows them
  /// (`TripGroups`), each entry with its revision.
  public struct TripLists: Codable, Sendable, Hashable {
    /// Trips whose last day is today or later, soonest first.
    public var upcoming: [TripListEntry]
    /// Trips that are over, most recent first.
    public var past: [TripListEntry]

    /// The lists of `groups`.
    public init(_ groups: TripGroups) {
      upcoming = groups.upcoming.map { TripListEntry($0, withRevision: true) }
      past = groups.past.map { TripListEntry($0, withRevision: true) }
    }
  }

  /// The answer to an item write (`POST …/items`, `…/move`, `PATCH`,
  /// `DELETE`): the item's row (nil after a removal), whether anything
  /// changed, warnings in words, and the whole trip as it is now.
  public struct ItemWrite: Codable, Sendable, Hashable {
    /// The item's row as in the trip document; left out after a removal.
    public var row: Row?
    /// False when the write changed nothing (a move to where it was).
    public var changed: Bool
    /// What the traveller should know (a time that happens twice).
    public var warnings: [String]
    /// The trip after the write.
    public var itinerary: TripDocument

    /// Creates an answer; see the properties.
    public init(row: Row?, changed: Bool, warnings: [String], itinerary: TripDocument) {
      self.row = row
      self.changed = changed
      self.warnings = warnings
      self.itinerary = itinerary
    }
  }

  /// The answer to `PATCH /api/trips/{id}`: the trip after the change and
  /// the re-plan's report when its dates were given.
  public struct TripPatch: Codable, Sendable, Hashable {
    /// The trip after the change.
    public var itinerary: TripDocument
    /// The re-plan (null when only the name changed).
    @OrNull public var replan: ReplanReport?
    /// Whether anything changed.
    public var changed: Bool

    /// Creates an answer; see the properties.
    public init(itinerary: TripDocument, replan: ReplanReport?, changed: Bool) {
      self.itinerary = itinerary
      self.replan = replan
      self.changed = changed
    }
  }

  /// The data of a `trip-changed` event: `{id, revision}`, `revision`
  /// null once the trip is deleted.
  public struct TripChanged: Codable, Sendable, Hashable {
    /// Lowercase UUID text.
    public var id: String
    /// The revision now; nil after a deletion.
    @OrNull public var revision: Int?

    /// Creates the event's data.
    public init(id: Trip.ID, revision: Int?) {
      self.id = id.description
      self.revision = revision
    }
  }
}

extension WireV1 {
  /// The answer to an undo or redo (`POST /api/trips/{id}/undo|redo`,
  /// `sportstime undo|redo --json`): which way, the edit in words, and the
  /// trip as it is now.
  public struct JournalAnswer: Codable, Sendable, Hashable {
    /// `undo` or `redo`.
    public var direction: String
    /// The edit that was taken back or made again ("Move “Deep dish”").
    public var label: String
    /// The trip afterwards.
    public var itinerary: TripDocument

    /// The answer of `step`, with the trip after it.
    public init(_ step: JournalStep, itinerary: TripDocument) {
      direction = step.direction.rawValue
      label = step.label
      self.itinerary = itinerary
    }
  }
}

extension WireV1 {
  /// `GET /api/venues`: `{venues: {id: {name, city, timeZone, latitude,
  /// longitude}}}`, by id.
  public struct VenueList: Codable, Sendable, Hashable {
    /// The venues by id.
    public var venues: OrderedMap<TripDocument.VenueEntry>

    /// The list of `entries` (id and venue), in the order given.
    public init(entries: [(String, TripDocument.VenueEntry)]) {
      venues = OrderedMap(entries)
    }
  }
}

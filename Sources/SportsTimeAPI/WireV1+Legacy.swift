import Foundation
import SportsTimeCore

extension WireV1 {
  /// `import legacy --json`: `{file, imported, alreadyImported, trips}`.
  public struct LegacyImport: Codable, Sendable, Hashable {
    /// One item placed: `{id, row, rowID, title, category, anchorType,
    /// anchorId, anchorDay, day, sortOrder, unscheduled, resolved, reason,
    /// note, time, timeZone}`.
    public struct Item: Codable, Sendable, Hashable {
      /// The item's id (lowercase UUID text).
      public var id: String
      /// Its row number in the converted trip.
      public var row: Int
      /// Its row id.
      public var rowID: String
      /// Its title.
      public var title: String
      /// A custom item's category, or null.
      @OrNull public var category: ItemCategory?
      /// `startOfDay`, `afterGame` or `afterTravel`.
      public var anchorType: String
      /// The anchor's id, or null.
      @OrNull public var anchorId: String?
      /// The anchor's day.
      public var anchorDay: Int
      /// The day it landed on.
      public var day: Int
      /// Its sortOrder there.
      public var sortOrder: Double
      /// Whether it is outside the trip's days.
      public var unscheduled: Bool
      /// Whether its anchor was found.
      public var resolved: Bool
      /// Why not, or null.
      @OrNull public var reason: String?
      /// What else to know, or null.
      @OrNull public var note: String?
      /// `HH:MM`, or null.
      @OrNull public var time: String?
      /// The time's zone, or null.
      @OrNull public var timeZone: String?

      init(_ p: LegacyPlacement) {
        let info = p.item.customInfo
        id = p.item.id.description
        row = p.rowNumber
        rowID = p.rowID.description
        title = p.item.title
        category = info?.category
        anchorType = p.anchorType.rawValue
        anchorId = p.anchorID
        anchorDay = p.anchorDay
        day = p.item.day
        sortOrder = p.item.sortOrder
        unscheduled = p.isUnscheduled
        resolved = p.unresolvedReason == nil
        reason = p.unresolvedReason
        note = p.note
        time = info?.time?.description
        timeZone = info?.timeZoneID
      }
    }

    /// One travel-day override: `{key, day, leg, applied, reason, legDay}`.
    public struct Override: Codable, Sendable, Hashable {
      /// The override's key as read.
      public var key: String
      /// The day it asks for.
      public var day: Int
      /// The leg it matched, or null.
      @OrNull public var leg: String?
      /// Whether the leg now sits on that day.
      public var applied: Bool
      /// Why not, or null.
      @OrNull public var reason: String?
      /// The leg's resulting day, or null.
      @OrNull public var legDay: Int?
    }

    /// An item whose anchor was not found: `{id, title, anchorType,
    /// anchorId, anchorDay, day, unscheduled, reason}`.
    public struct Unresolved: Codable, Sendable, Hashable {
      /// The item's id.
      public var id: String
      /// Its title.
      public var title: String
      /// The anchor's type.
      public var anchorType: String
      /// The anchor's id, or null.
      @OrNull public var anchorId: String?
      /// The anchor's day.
      public var anchorDay: Int
      /// The day it landed on.
      public var day: Int
      /// Whether it is outside the trip's days.
      public var unscheduled: Bool
      /// Why, or null.
      @OrNull public var reason: String?
    }

    /// One trip: `{id, name, status, startDate, endDate, dayCount, games,
    /// travelLegs, items, overrides, unresolved, warnings}`. An
    /// `alreadyImported` trip has the stored trip's name, dates and games,
    /// `travelLegs` null and empty arrays.
    public struct Trip: Codable, Sendable, Hashable {
      /// The trip's id.
      public var id: String
      /// Its name.
      public var name: String
      /// `imported` or `alreadyImported`.
      public var status: String
      /// Its first day.
      public var startDate: CalendarDate
      /// Its last day.
      public var endDate: CalendarDate
      /// How many days.
      public var dayCount: Int
      /// How many games.
      public var games: Int
      /// How many travel legs; null for an already imported trip.
      @OrNull public var travelLegs: Int?
      /// Its items, in row order.
      public var items: [Item]
      /// Its overrides.
      public var overrides: [Override]
      /// Its unresolved items.
      public var unresolved: [Unresolved]
      /// Tight legs and time warnings.
      public var warnings: [String]

      init(_ result: LegacyTripResult) {
        id = result.legacy.id.description
        switch result {
        case .alreadyImported(_, let stored):
          name = stored.name
          status = "alreadyImported"
          startDate = stored.startDate
          endDate = stored.endDate
          dayCount = stored.dayCount
          games = stored.gameIDs.count
          travelLegs = nil
          items = []
          overrides = []
          unresolved = []
          warnings = []
        case .imported(let c):
          name = c.trip.name
          status = "imported"
          startDate = c.trip.startDate
          endDate = c.trip.endDate
          dayCount = c.trip.dayCount
          games = c.trip.gameIDs.count
          travelLegs = c.itinerary.schedule.legs.count
          items = c.placements.map(Item.init)
          overrides = c.overrides.map { o in
            Override(
              key: o.override.key, day: o.override.day, leg: o.legTitle, applied: o.applied,
              reason: o.reason, legDay: o.legDay)
          }
          unresolved = c.unresolved.map { p in
            Unresolved(
              id: p.item.id.description, title: p.item.title,
              anchorType: p.anchorType.rawValue, anchorId: p.anchorID, anchorDay: p.anchorDay,
              day: p.item.day, unscheduled: p.isUnscheduled, reason: p.unresolvedReason)
          }
          warnings = c.tightLegs.map(\.message) + c.timeWarnings
        }
      }
    }

    /// The file read (as given).
    public var file: String
    /// How many trips were imported.
    public var imported: Int
    /// How many were stored already.
    public var alreadyImported: Int
    /// Each trip, in file order.
    public var trips: [Trip]

    /// The report of importing `file` with `results`.
    public init(_ results: [LegacyTripResult], file: String) {
      self.file = file
      trips = results.map(Trip.init)
      imported = trips.filter { $0.status == "imported" }.count
      alreadyImported = results.count - imported
    }
  }
}

import Foundation

/// A planned road trip: a run of calendar days and the games picked for it.
///
/// Day N is `startDate + (N − 1)` calendar days (DESIGN.md, "Time").
public struct Trip: Sendable, Hashable, Identifiable {
  /// Stable identifier.
  public var id: ID
  /// The name the traveller gave it; unique among their trips.
  public var name: String
  /// Day 1.
  public var startDate: CalendarDate
  /// The last day (inclusive).
  public var endDate: CalendarDate
  /// Ids of the games picked, in time order.
  public var gameIDs: [Game.ID]
  /// When the trip was created (UTC instant).
  public var createdAt: Date
  /// When the trip or any of its items last changed (UTC instant).
  public var modifiedAt: Date
  /// How many committed changes the stored trip has seen: 1 for a new
  /// trip, up by exactly 1 with each committed change to it or anything in
  /// it (items, legs, days, games, name). Set by the store when it reads
  /// the trip; a front end passes it back with a write so that the write is
  /// refused if the trip changed in between (`TripError.revisionConflict`).
  /// Not part of the trip file.
  public var revision: Int

  /// Creates a trip; see the properties (`revision` 1: a new trip).
  public init(
    id: ID, name: String, startDate: CalendarDate, endDate: CalendarDate,
    gameIDs: [Game.ID], createdAt: Date, modifiedAt: Date, revision: Int = 1
  ) {
    self.id = id
    self.name = name
    self.startDate = startDate
    self.endDate = endDate
    self.gameIDs = gameIDs
    self.createdAt = createdAt
    self.modifiedAt = modifiedAt
    self.revision = revision
  }

  /// Number of days, `endDate − startDate + 1` (≥ 1 for a valid trip).
  public var dayCount: Int { startDate.days(to: endDate) + 1 }

  /// The calendar date of 1-based `day` (may lie outside the trip).
  public func date(ofDay day: Int) -> CalendarDate {
    startDate.adding(days: day - 1)
  }

  /// The calendar date of 1-based `day` when it is a real date (years
  /// 1–9999), else nil. A stored item may sit on any such day: inside the
  /// trip it is scheduled, outside it is Unscheduled (as a re-plan that
  /// moves the trip's days leaves it).
  public func realDate(ofDay day: Int) -> CalendarDate? {
    startDate.addingWithinCalendar(days: day - 1)
  }

  /// The 1-based day number of `date` (≤ 0 or > dayCount when outside).
  public func day(of date: CalendarDate) -> Int {
    startDate.days(to: date) + 1
  }
}

extension Trip {
  /// The one rule for a trip's name, used wherever a name is set (a new
  /// trip, a rename, a copy, an imported or legacy trip): the name as
  /// stored (`TextNormalization.validated(_:as: .tripName)`: cleaned, at
  /// most 200 characters), refused when it is blank or when it could be
  /// read as a trip id (`looksLikeID(_:)`).
  ///
  /// ```swift
  /// try Trip.validatedName("  Great\u{1B}  Lakes Loop\n")   // "Great Lakes Loop"
  /// try Trip.validatedName("CAFE")                   // throws .nameLooksLikeID
  /// ```
  /// - Parameter text: the name as typed or read from a file.
  /// - Returns: the cleaned name.
  /// - Throws: `TripError.emptyName` (blank), `.invalidName` (too long, or
  ///   nothing visible left of a text that was not only white space:
  ///   "a trip needs a name (the one given has only control or invisible
  ///   characters)", as a title is refused) or
  ///   `.nameLooksLikeID`.
  public static func validatedName(_ text: String) throws -> String {
    let name: String
    do {
      name = try TextNormalization.validated(text, as: .tripName)
    } catch let error as TextError {
      if error.problem == .empty(hadText: false) { throw TripError.emptyName }
      throw TripError.invalidName(error)
    }
    guard !looksLikeID(name) else { throw TripError.nameLooksLikeID(name) }
    return name
  }

  /// True when `name` could be taken for a trip id or an id prefix. The
  /// rule is applied to the name as names are matched, its key
  /// (`TextNormalization.key`: cleaned, without invisible characters,
  /// case and width folded), so a
  /// look-alike that matches like an id is caught too: the key is 4 to 36
  /// characters, every one a hexadecimal digit or a dash, at least 4 of
  /// them digits. A trip reference is resolved as an exact id first and an
  /// id prefix before a name that matches only once folded, so such a name
  /// would hide a trip or be hidden by one.
  ///
  /// ```swift
  /// Trip.looksLikeID("aaaa")          // true
  /// Trip.looksLikeID("AB12-CD34")     // true
  /// Trip.looksLikeID("ｅｃ４３")       // true (full-width: matched as "ec43")
  /// Trip.looksLikeID("ﬀﬀ")            // true (the ligature folds to "ffff")
  /// Trip.looksLikeID("beef\u{FE0F}")   // true (the variation selector is ignored)
  /// Trip.looksLikeID("𝐚𝐚𝐚𝐚")          // false (not folded: "aaaa" never finds it)
  /// Trip.looksLikeID("Cafe Tour")     // false
  /// Trip.looksLikeID("abc")           // false (too short for a prefix)
  /// ```
  public static func looksLikeID(_ name: String) -> Bool {
    isIDLike(TextNormalization.key(name))
  }

  /// True when `text`, as it is (not folded), is 4 to 36 characters of
  /// hexadecimal digits (any case) and dashes with at least 4 digits: the
  /// shape of a trip id or of an id prefix long enough to be one.
  static func isIDLike(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count <= 36 else { return false }
    var digits = 0
    for scalar in scalars {
      switch scalar {
      case "0"..."9", "a"..."f", "A"..."F": digits += 1
      case "-": continue
      default: return false
      }
    }
    return digits >= 4
  }

  /// The trip under a new name, modified at `now`.
  /// - Parameters:
  ///   - name: the new name, checked by `validatedName(_:)`.
  ///   - now: the modification instant (UTC).
  /// - Throws: as `validatedName(_:)`, or `TripError.sameName` when the
  ///   trip already has exactly that name. Whether another trip has it is
  ///   for the store to check.
  public func renamed(to name: String, now: Date) throws -> Trip {
    let newName = try Trip.validatedName(name)
    guard newName != self.name else { throw TripError.sameName(newName) }
    var trip = self
    trip.name = newName
    trip.modifiedAt = now
    return trip
  }

  /// A copy of the trip and its stored items under a new name: a new trip
  /// id and new item ids; the same days, games, and items at the same
  /// days and sortOrders; the trip and every item created and modified at
  /// `environment.now()`.
  ///
  /// The layout breaks ties in sortOrder by creation time and then id
  /// (`ItineraryLayout.precedes`), so the new ids are handed out in the old
  /// items' (createdAt, id) order, sorted: the copy lays out exactly as the
  /// original even though every item now has the same creation time.
  /// - Parameters:
  ///   - name: the copy's name, checked by `validatedName(_:)`.
  ///   - items: the trip's stored travel and custom items.
  ///   - environment: the clock and the id source.
  /// - Returns: the new trip (at revision 1) and its items.
  /// - Throws: as `validatedName(_:)`. Whether another trip has the name is
  ///   for the store to check.
  /// - Complexity: O(n log n) for n items.
  public func copy(
    named name: String, items: [ItineraryItem], environment: RuleEnvironment
  ) throws -> (trip: Trip, items: [ItineraryItem]) {
    let newName = try Trip.validatedName(name)
    let now = environment.now()
    var trip = self
    trip.id = Trip.ID(environment.uuid())
    trip.name = newName
    trip.createdAt = now
    trip.modifiedAt = now
    trip.revision = 1
    let old = items.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    let newIDs = old.map { _ in ItineraryItem.ID(environment.uuid()) }.sorted()
    let copies = zip(old, newIDs).map { item, id in
      var copy = item.withStorableTexts()
      copy.id = id
      copy.tripID = trip.id
      copy.createdAt = now
      copy.modifiedAt = now
      return copy
    }
    return (trip, copies)
  }
}

import Foundation
import SportsTimeCore
import SportsTimePlanner

/// The request bodies of the app's API (docs/API.md), one type a body
/// shape, read with `Wire.decodeBody` (unknown keys refused, every error
/// naming its member). Each turns into its Core value by one mapping the
/// CLI shares (`PlacementRequest`, `ItemDetailsRequest`).
extension WireV1 {
  /// `place` of an item write: `{before: rowID}`, `{after: rowID}` or
  /// `{day: N, at: "top"|"bottom"}` (`at` defaults to the bottom). Row ids
  /// are read once here, as `RowID` in its exact text form.
  public struct Place: Decodable, Sendable, Hashable {
    /// The members, as the place asks.
    public var request: PlacementRequest<RowID>
    /// Where the object is in the body (`place`).
    public var field: String

    enum CodingKeys: String, CodingKey, CaseIterable { case before, after, day, at }

    /// Reads a place object.
    /// - Throws: `WireBodyError` for a row id not in its text form
    ///   (`day:3`, `game:CHN202406040`, `item:<uuid>`), a day that is not
    ///   a whole number, an `at` other than "top" or "bottom".
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      field = Wire.field(c.codingPath)
      func row(_ key: CodingKeys) throws -> RowID? {
        guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let id = RowID(text), id.description == text else {
          throw c.refusal(key) {
            "\($0) must be a row id: day:N, game:ID or item:UUID (got '\(text.prefix(80))')"
          }
        }
        return id
      }
      var request = PlacementRequest<RowID>(before: try row(.before), after: try row(.after))
      request.day = try c.wholeNumber(forKey: .day)
      if let text = try c.decodeIfPresent(String.self, forKey: .at) {
        guard let edge = DayEdge(rawValue: text) else {
          throw c.refusal(.at) { "\($0) must be \"top\" or \"bottom\"" }
        }
        request.edge = edge
      }
      self.request = request
    }

    /// The drop target (`PlacementRequest.target()`, the rule the CLI's
    /// `--before/--after/--day` share).
    /// - Throws: `WireBodyError` naming the member at fault, or the place
    ///   itself when it names nothing.
    public func target() throws -> DropTarget {
      let target: DropTarget?
      do {
        target = try request.target()
      } catch let error as PlacementError {
        throw WireBodyError(
          error.message(naming: name), field: error.rule == .edgeWithoutDay ? name(.edge) : field)
      }
      guard let target else {
        throw WireBodyError(
          "\(field) must be {before: rowID}, {after: rowID} or {day: N, at: \"top\"|\"bottom\"}",
          field: field)
      }
      return target
    }

    /// How the API names a member of the place: its path.
    public func name(_ member: PlacementError.Field) -> String {
      switch member {
      case .before: return "\(field).before"
      case .after: return "\(field).after"
      case .day: return "\(field).day"
      case .edge: return "\(field).at"
      }
    }
  }

  /// A custom item's details in an item write (`title`, `category`,
  /// `time`, `lat`, `lon`, `placeID`, `address`; absent members unchanged,
  /// null clears `time`, the point and `address`), read from the members
  /// of the write's body beside its own.
  public struct ItemDetails: Sendable, Hashable {
    /// The details as given; `placeID` is the place search's id as sent
    /// (nil for null: it names no town either).
    public var request: ItemDetailsRequest<Double?>

    /// The members the details read, in the order refusals list them.
    static let keys = ["title", "category", "time", "lat", "lon", "placeID", "address"]

    /// Reads the details members of the body `decoder` reads (the body's
    /// own type refuses unknown members).
    /// - Throws: `WireBodyError` for a member of the wrong type.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: MemberKey.self)
      func key(_ name: String) -> MemberKey { MemberKey(name) }
      var request = ItemDetailsRequest<Double?>()
      request.title = try c.unclearable(String.self, forKey: key("title"))
      request.category = try c.unclearable(String.self, forKey: key("category"))
      request.time = try c.clearable(String.self, forKey: key("time"))
      request.latitude = try c.clearable(Double.self, forKey: key("lat"))
      request.longitude = try c.clearable(Double.self, forKey: key("lon"))
      // Null too: the search's lookup refuses what names no town.
      request.place = try c.clearable(Double.self, forKey: key("placeID"))
      request.address = try c.clearable(String.self, forKey: key("address"))
      self.request = request
    }

    /// The item's changes (`ItemDetailsRequest.changes`, the rule the
    /// CLI's options share), the town looked up by `locating`.
    /// - Throws: `WireBodyError` naming the member at fault (`lat`,
    ///   `placeID`, …); what `locating` throws.
    public func changes(
      locating: (Double?) throws -> SportsTimeCore.Place,
      directory: @autoclosure () -> PlaceDirectory?
    ) throws -> CustomItemChanges {
      do {
        return try request.changes(locating: locating, directory: directory())
      } catch let error as ItemDetailsError {
        throw WireBodyError(
          error.message(naming: Self.words), field: Self.member(error.field))
      }
    }

    /// The member of a detail (`lat`).
    public static func member(_ field: ItemDetailsError.Field) -> String {
      switch field {
      case .title: return "title"
      case .category: return "category"
      case .time: return "time"
      case .latitude, .point: return "lat"
      case .longitude: return "lon"
      case .place: return "placeID"
      case .address: return "address"
      }
    }

    /// How the API's messages name a detail ("the latitude").
    public static func words(_ field: ItemDetailsError.Field) -> String {
      switch field {
      case .latitude: return "the latitude"
      case .longitude: return "the longitude"
      case .point: return "a latitude and longitude"
      case .place: return "a place from the search"
      default: return member(field)
      }
    }
  }

  /// `POST /api/trips/{id}/items`: `{title, category?, time?, lat?, lon?,
  /// placeID?, address?, place?, revision?}`; without `place`, the bottom
  /// of Day 1.
  public struct AddItem: Decodable, Sendable, Hashable {
    /// The new item's title.
    public var title: String
    /// Its details.
    public var details: ItemDetails
    /// Where it goes, or nil.
    public var place: Place?
    /// The revision the write is based on, or nil.
    public var revision: Int?

    enum CodingKeys: String, CodingKey, CaseIterable {
      case title, category, time, lat, lon, placeID, address, place, revision
    }

    /// Reads the body.
    /// - Throws: `WireBodyError`.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      title = try c.decode(String.self, forKey: .title)
      details = try ItemDetails(from: decoder)
      place = try c.decodeIfPresent(Place.self, forKey: .place)
      revision = try c.revision(forKey: .revision)
    }
  }

  /// `POST /api/trips/{id}/items/{item}/move`: `{place, revision?}`.
  public struct MoveItem: Decodable, Sendable, Hashable {
    /// Where the item goes.
    public var place: Place
    /// The revision the write is based on, or nil.
    public var revision: Int?

    enum CodingKeys: String, CodingKey, CaseIterable { case place, revision }

    /// Reads the body.
    /// - Throws: `WireBodyError` (`place is missing`, …).
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      place = try c.decode(Place.self, forKey: .place)
      revision = try c.revision(forKey: .revision)
    }
  }

  /// `PATCH /api/trips/{id}/items/{item}`: the details to change and
  /// `revision?`.
  public struct EditItem: Decodable, Sendable, Hashable {
    /// The details to change.
    public var details: ItemDetails
    /// The revision the write is based on, or nil.
    public var revision: Int?

    enum CodingKeys: String, CodingKey, CaseIterable {
      case title, category, time, lat, lon, placeID, address, revision
    }

    /// Reads the body.
    /// - Throws: `WireBodyError`.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      details = try ItemDetails(from: decoder)
      revision = try c.revision(forKey: .revision)
    }
  }

  /// `POST /api/trips`: `{name, games, start?, end?}`, the games as `trip
  /// new --game` takes them.
  public struct NewTrip: Decodable, Sendable, Hashable {
    /// The trip's name.
    public var name: String
    /// Its games (at least one).
    public var games: [GameReference]
    /// The first day, or nil for the first game's.
    public var start: CalendarDate?
    /// The last day, or nil for the last game's.
    public var end: CalendarDate?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, games, start, end }

    /// Reads the body.
    /// - Throws: `WireBodyError` (`games[2]` for a reference that does not
    ///   parse).
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      name = try c.decode(String.self, forKey: .name)
      games = try Self.references(c, .games)
      guard !games.isEmpty else { throw c.refusal(.games) { "\($0) is missing or empty" } }
      start = try c.date(forKey: .start)
      end = try c.date(forKey: .end)
    }

    /// The game references at `key` (none when absent).
    static func references<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws
      -> [GameReference]
    {
      let texts = try c.decodeIfPresent([String].self, forKey: key) ?? []
      return try texts.enumerated().map { index, text in
        do {
          return try GameReference(parsing: text)
        } catch {
          throw WireBodyError(
            "\(error)", field: "\(Wire.field(c.codingPath, key.stringValue))[\(index)]")
        }
      }
    }
  }

  /// `PATCH /api/trips/{id}`: `{name?, start?, end?, addGames?,
  /// removeGames?, revision?}`.
  public struct EditTrip: Decodable, Sendable, Hashable {
    /// A new name, or nil.
    public var name: String?
    /// A new first day, or nil.
    public var start: CalendarDate?
    /// A new last day, or nil.
    public var end: CalendarDate?
    /// Games to add.
    public var addGames: [GameReference]
    /// Games to remove.
    public var removeGames: [GameReference]
    /// The revision the write is based on, or nil.
    public var revision: Int?

    enum CodingKeys: String, CodingKey, CaseIterable {
      case name, start, end, addGames, removeGames, revision
    }

    /// Reads the body.
    /// - Throws: `WireBodyError`.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      revision = try c.revision(forKey: .revision)
      name = try c.decodeIfPresent(String.self, forKey: .name)
      start = try c.date(forKey: .start)
      end = try c.date(forKey: .end)
      addGames = try NewTrip.references(c, .addGames)
      removeGames = try NewTrip.references(c, .removeGames)
    }
  }

  /// `POST /api/trips/{id}/copy`: `{name}`.
  public struct CopyTrip: Decodable, Sendable, Hashable {
    /// The copy's name.
    public var name: String

    enum CodingKeys: String, CodingKey, CaseIterable { case name }
  }

  /// A body of only `{revision?}` (undo, redo).
  public struct RevisionOnly: Decodable, Sendable, Hashable {
    /// The revision the write is based on, or nil.
    public var revision: Int?

    enum CodingKeys: String, CodingKey, CaseIterable { case revision }

    /// Reads the body.
    /// - Throws: `WireBodyError`.
    public init(from decoder: any Decoder) throws {
      revision = try decoder.container(keyedBy: CodingKeys.self).revision(forKey: .revision)
    }
  }
}

extension WireV1 {
  /// `PUT /api/map/viewport`: one of a view (`centerLatitude`,
  /// `centerLongitude`, `latitudeSpan`, `longitudeSpan`, degrees; the
  /// focus kept), `{"focus": venueID}` (close up on the venue),
  /// `{"focus": null}` (no card, the view kept) or `{"reset": true}` (the
  /// default view, no focus). The server turns it into a `MapChange`, the
  /// rule `map --reset/--focus` shares.
  public struct MapViewportChange: Decodable, Sendable, Hashable {
    /// What the body asks for.
    public enum Form: Sendable, Hashable {
      /// This view, checked (`MapViewport(validatingLatitude:…)`).
      case view(MapViewport)
      /// Focus on the venue of this id (as sent; the server looks it up).
      case focus(String)
      /// No focus.
      case unfocus
      /// The default view, no focus.
      case reset
    }

    /// What the body asks for.
    public var form: Form

    enum CodingKeys: String, CodingKey, CaseIterable {
      case centerLatitude, centerLongitude, latitudeSpan, longitudeSpan, focus, reset
    }

    /// The members of a view, in `MapViewport(validatingLatitude:…)` order.
    static let viewKeys: [CodingKeys] = [
      .centerLatitude, .centerLongitude, .latitudeSpan, .longitudeSpan,
    ]

    /// Reads the body.
    /// - Throws: `WireBodyError`: none or more than one of a view, focus
    ///   and reset; a view missing one of its numbers or out of bounds
    ///   (`MapViewportError`'s words and member); `reset` other than true;
    ///   `focus` neither a string nor null.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      let forms = [
        Self.viewKeys.contains(where: c.contains) ? "a view" : nil,
        c.contains(.focus) ? "focus" : nil, c.contains(.reset) ? "reset" : nil,
      ].compactMap { $0 }
      guard forms.count == 1, let given = forms.first else {
        let names = Self.viewKeys.map(\.stringValue).joined(separator: ", ")
        throw WireBodyError(
          forms.isEmpty
            ? "say what to store: a view (\(names)), focus or reset"
            : "give a view, focus or reset, one at a time (got \(forms.joined(separator: " and ")))",
          field: forms.count > 1 ? (c.contains(.focus) ? "focus" : "reset") : nil)
      }
      switch given {
      case "reset":
        guard (try? c.decode(Bool.self, forKey: .reset)) == true else {
          throw c.refusal(.reset) { "\($0) must be true" }
        }
        form = .reset
      case "focus":
        form =
          try c.decodeNil(forKey: .focus) ? .unfocus : .focus(c.decode(String.self, forKey: .focus))
      default:
        var values: [Double] = []
        for key in Self.viewKeys {
          guard let value = try c.decodeIfPresent(Double.self, forKey: key) else {
            throw c.refusal(key) { "\($0) is missing (a view gives all four numbers)" }
          }
          values.append(value)
        }
        do {
          form = .view(
            try MapViewport(
              validatingLatitude: values[0], longitude: values[1], latitudeSpan: values[2],
              longitudeSpan: values[3]))
        } catch let error as MapViewportError {
          throw WireBodyError(error.message, field: error.field)
        }
      }
    }
  }

  /// A body that says nothing (`DELETE /api/visits/{id}`): `{}` or none;
  /// any member is refused.
  public struct EmptyBody: Decodable, Sendable, Hashable {
    /// Reads the body.
    /// - Throws: `WireBodyError` for any member.
    public init(from decoder: any Decoder) throws {
      _ = try decoder.container(keyedBy: NoKey.self)
    }

    /// No key at all (the refusal lists none).
    struct NoKey: CodingKey, CaseIterable {
      static var allCases: [NoKey] { [] }
      var stringValue: String { "" }
      var intValue: Int? { nil }
      init?(stringValue: String) { nil }
      init?(intValue: Int) { nil }
    }
  }
}

extension WireV1 {
  /// The members of a visit's body (`POST`/`PATCH /api/visits`), in the
  /// order refusals list them.
  enum VisitKeys: String, CodingKey, CaseIterable {
    case game, venue, sport, date, away, home, score, notes
  }

  /// `POST /api/visits`: `{game?, venue?, sport?, date?, away?, home?,
  /// score?, notes?}`, a visit from a game (`game`) or typed (`venue`,
  /// `date`, …); null is the same as absent.
  public struct AddVisit: Decodable, Sendable, Hashable {
    /// The visit as asked (`Leagues.recordVisit(_:game:environment:)`, the
    /// path `visit add` takes).
    public var request: VisitRequest

    /// Reads the body.
    /// - Throws: `WireBodyError` naming the member at fault: a game
    ///   reference that does not parse, one of `away` and `home` alone, a
    ///   sport other than MLB, NBA, NHL or NFL, a bad date or score.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: VisitKeys.self)
      var request = VisitRequest()
      request.game = try Self.game(c).map { .some($0) }
      request.matchup = try Self.matchup(c).map { .some($0) }
      request.sport = try Self.sport(c)
      request.date = try c.date(forKey: .date)
      request.score = try c.decodeIfPresent(VisitScore.self, forKey: .score).map { .some($0.score) }
      request.notes = try c.decodeIfPresent(String.self, forKey: .notes).map { .some($0) }
      request.venue = try c.decodeIfPresent(String.self, forKey: .venue)
      self.request = request
    }

    /// `game`: a game reference (`GameReference(parsing:)`), or nil.
    static func game(_ c: KeyedDecodingContainer<VisitKeys>) throws -> GameReference? {
      guard let text = try c.decodeIfPresent(String.self, forKey: .game) else { return nil }
      do {
        return try GameReference(parsing: text)
      } catch {
        throw WireBodyError("\(error)", field: "game")
      }
    }

    /// `away` and `home`: both or neither (`TypedMatchup.given`, the rule
    /// `visit add --away/--home` shares).
    static func matchup(_ c: KeyedDecodingContainer<VisitKeys>) throws -> TypedMatchup? {
      do {
        return try TypedMatchup.given(
          away: try c.decodeIfPresent(String.self, forKey: .away),
          home: try c.decodeIfPresent(String.self, forKey: .home))
      } catch let error as MatchupError {
        let name: (MatchupError.Side) -> String = { $0 == .away ? "away" : "home" }
        throw WireBodyError(error.message(naming: name), field: name(error.missing))
      }
    }

    /// `sport`: MLB, NBA, NHL or NFL in any case, or nil.
    static func sport(_ c: KeyedDecodingContainer<VisitKeys>) throws -> Sport? {
      guard let text = try c.decodeIfPresent(String.self, forKey: .sport) else { return nil }
      guard let sport = Sport(rawValue: text.uppercased()) else {
        throw c.refusal(.sport) { "\($0) must be MLB, NBA, NHL or NFL (got '\(text.prefix(80))')" }
      }
      return sport
    }
  }

  /// `PATCH /api/visits/{id}`: the members of `AddVisit`, each optional;
  /// null clears `game` (unlinks), `away` and `home` (together), `score`
  /// and `notes`.
  public struct EditVisit: Decodable, Sendable, Hashable {
    /// The changes as asked (`Leagues.editVisit(_:_:game:environment:)`,
    /// the path `visit edit` takes).
    public var request: VisitRequest

    /// Reads the body.
    /// - Throws: `WireBodyError` as `AddVisit`, and for one of `away` and
    ///   `home` null without the other.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: VisitKeys.self)
      var request = VisitRequest()
      request.sport = try AddVisit.sport(c)
      request.date = try c.date(forKey: .date)
      if let reference = try AddVisit.game(c) {
        request.game = .some(reference)
      } else if c.contains(.game) {
        request.game = .some(nil)
      }
      let awayNull = try c.contains(.away) && c.decodeNil(forKey: .away)
      let homeNull = try c.contains(.home) && c.decodeNil(forKey: .home)
      if awayNull || homeNull {
        guard awayNull, homeNull else {
          throw WireBodyError(
            "away and home go together: give both teams, or both as null to clear the matchup",
            field: awayNull ? "home" : "away")
        }
        request.matchup = .some(nil)
      } else {
        request.matchup = try AddVisit.matchup(c).map { .some($0) }
      }
      request.score = try c.clearable(VisitScore.self, forKey: .score).map { $0?.score }
      request.notes = try c.clearable(String.self, forKey: .notes)
      request.venue = try c.decodeIfPresent(String.self, forKey: .venue)
      self.request = request
    }
  }

  /// A visit's `score`: `{"away", "home"}`, whole numbers 0…999 (visitors
  /// first).
  struct VisitScore: Decodable, Sendable, Hashable {
    /// The score.
    var score: SportsTimeCore.Score

    enum CodingKeys: String, CodingKey, CaseIterable { case away, home }

    /// Reads the score.
    /// - Throws: `WireBodyError` for a side that is missing or no whole
    ///   number from 0 to `SportsTimeCore.Score.maximum`.
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      guard let away = try c.wholeNumber(forKey: .away),
        let home = try c.wholeNumber(forKey: .home),
        let score = SportsTimeCore.Score(away: away, home: home)
      else {
        // Met in the visit dialog with one side left empty (issue 28, item
        // 15): said for the person, the members named in words.
        throw WireBodyError(
          "The score needs both teams' numbers, the visitors' and the home team's, "
            + "each a whole number from 0 to \(SportsTimeCore.Score.maximum).",
          field: Wire.field(c.codingPath))
      }
      self.score = score
    }
  }

  /// `POST /api/trips/{id}/attended`: `{games?, dryRun?}`, the games (as
  /// `trip attended --game` takes them) to record of the trip's, every
  /// game played without `games`.
  public struct AttendTrip: Decodable, Sendable, Hashable {
    /// The games asked for; nil for every game played.
    public var games: [GameReference]?
    /// Whether to say what would be recorded without recording it.
    public var dryRun: Bool

    enum CodingKeys: String, CodingKey, CaseIterable { case games, dryRun }

    /// Reads the body.
    /// - Throws: `WireBodyError` for an empty `games` (it asks for no game,
    ///   not for every one: review 10) or a reference that does not parse
    ///   (`games[2]`).
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      dryRun = try c.decodeIfPresent(Bool.self, forKey: .dryRun) ?? false
      let texts = try c.strings(forKey: .games) ?? []
      if c.contains(.games), texts.isEmpty {
        throw c.refusal(.games) {
          "\($0) is empty: list the games to record, or leave games out to record every game played"
        }
      }
      games = texts.isEmpty ? nil : try NewTrip.references(c, .games)
    }
  }
}

extension WireV1 {
  /// `POST /api/plan`: `{kind, …}` as docs/API.md gives it, each kind
  /// reading its own members (an unknown one refused, the message listing
  /// the kind's). Ranges and defaults are `PlanBounds`, which `sportstime
  /// plan` shares; teams, games and places are left as sent, for the
  /// server to look up.
  public struct PlanQuestion: Decodable, Sendable, Hashable {
    /// The kinds of question.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
      case window, follow, route
      case allParks = "all-parks"
    }

    /// A start or end place: `{city, radiusHours?}`.
    public struct Near: Decodable, Sendable, Hashable {
      /// The city or venue as sent (not empty).
      public var city: String
      /// Hours of travel around it (`PlanBounds.radiusHours`).
      public var radiusHours: Double

      enum CodingKeys: String, CodingKey, CaseIterable { case city, radiusHours }

      /// Reads the place.
      /// - Throws: `WireBodyError` for a missing or empty city, a radius
      ///   out of bounds.
      public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        city = try c.decode(String.self, forKey: .city)
        guard !city.trimmingCharacters(in: .whitespaces).isEmpty else {
          throw c.refusal(.city) { "\($0) is empty" }
        }
        radiusHours =
          try PlanQuestion.number(c, .radiusHours, in: PlanBounds.radiusHours)
          ?? PlanBounds.defaultRadiusHours
      }
    }

    /// The members of a window, follow or route question.
    public struct Window: Sendable, Hashable {
      /// The first day.
      public var from: CalendarDate
      /// The last day.
      public var to: CalendarDate
      /// Where to start and end, or nil (both given for a route).
      public var startNear: Near?
      /// Where to end, or nil.
      public var endNear: Near?
      /// The team to follow as sent (a follow question's only).
      public var follow: String?
      /// The must-see games as sent (`must[i]`).
      public var must: [String]
      /// The order of the options.
      public var sort: PlanSort
      /// How many options (`PlanBounds.options`).
      public var options: Int
    }

    /// The members of an all-parks question.
    public struct AllParks: Sendable, Hashable {
      /// The season (`PlanBounds.seasons`).
      public var season: Int
      /// The league (MLB unless `sports` names one).
      public var sport: Sport
      /// The teams as sent (`teams[i]`).
      public var teams: [String]
      /// Start on or after this day, or nil.
      public var from: CalendarDate?
    }

    /// The kind of question.
    public var kind: Kind
    /// The sports asked for (`sports`, any case), each once, in
    /// `Sport.allCases` order.
    public var sports: [Sport]
    /// The daily drive limit in hours, or nil.
    public var maxDriveHours: Double?
    /// The search id as sent (the server checks it), or nil.
    public var search: String?
    /// The kind's own members.
    public var details: Details

    /// The members of each kind.
    public enum Details: Sendable, Hashable {
      /// A window, follow or route question's.
      case window(Window)
      /// An all-parks question's.
      case allParks(AllParks)
    }

    enum WindowKeys: String, CodingKey, CaseIterable {
      case kind, from, to, sports, startNear, endNear, must, maxDriveHours, sort, options, search
    }
    enum FollowKeys: String, CodingKey, CaseIterable {
      case kind, from, to, sports, startNear, endNear, must, maxDriveHours, sort, options, search
      case follow
    }
    enum AllParksKeys: String, CodingKey, CaseIterable {
      case kind, season, sports, from, teams, maxDriveHours, search
    }

    /// Reads the body: `kind` first, then `sports` and `maxDriveHours`,
    /// then the kind's own members (anything else refused).
    /// - Throws: `WireBodyError` naming the member at fault.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: MemberKey.self)
      func key(_ name: String) -> MemberKey { MemberKey(name) }
      let text = try c.decode(String.self, forKey: key("kind"))
      guard let kind = Kind(rawValue: text) else {
        throw WireBodyError(
          "kind must be window, follow, route or all-parks (got '\(text.prefix(40))')",
          field: "kind")
      }
      self.kind = kind
      var found: Set<Sport> = []
      for (index, name) in (try c.strings(forKey: key("sports")) ?? []).enumerated() {
        guard let sport = Sport(rawValue: name.trimmingCharacters(in: .whitespaces).uppercased())
        else {
          throw WireBodyError(
            "sports[\(index)] must be MLB, NBA, NHL or NFL (got '\(name.prefix(40))')",
            field: "sports[\(index)]")
        }
        found.insert(sport)
      }
      sports = Sport.allCases.filter(found.contains)
      maxDriveHours = try Self.number(c, key("maxDriveHours"), in: PlanBounds.maxDriveHours)
      // The kind's members only.
      switch kind {
      case .allParks: _ = try decoder.container(keyedBy: AllParksKeys.self)
      case .follow: _ = try decoder.container(keyedBy: FollowKeys.self)
      case .window, .route: _ = try decoder.container(keyedBy: WindowKeys.self)
      }
      search = try c.decodeIfPresent(String.self, forKey: key("search"))
      if kind == .allParks {
        guard let season = try c.wholeNumber(forKey: key("season")) else {
          throw WireBodyError(
            "season is missing (the season whose parks to see)", field: "season")
        }
        guard PlanBounds.seasons.contains(season) else {
          throw WireBodyError(
            "season must be a year from \(PlanBounds.seasons.lowerBound) to \(PlanBounds.seasons.upperBound)",
            field: "season")
        }
        guard sports.count <= 1 else {
          throw WireBodyError(
            "sports: the all-parks question takes one sport (got \(sports.map(\.rawValue).joined(separator: ", ")))",
            field: "sports")
        }
        details = .allParks(
          AllParks(
            season: season, sport: sports.first ?? .mlb,
            teams: try c.strings(forKey: key("teams")) ?? [], from: try c.date(forKey: key("from")))
        )
        return
      }
      guard let from = try c.date(forKey: key("from")) else {
        throw WireBodyError("from is missing (the first day, YYYY-MM-DD)", field: "from")
      }
      guard let to = try c.date(forKey: key("to")) else {
        throw WireBodyError("to is missing (the last day, YYYY-MM-DD)", field: "to")
      }
      let start = try c.decodeIfPresent(Near.self, forKey: key("startNear"))
      let end = try c.decodeIfPresent(Near.self, forKey: key("endNear"))
      if kind == .route {
        for (name, given) in [("startNear", start), ("endNear", end)] where given == nil {
          throw WireBodyError(
            "\(name) is missing: a route goes from one city to another ({city, radiusHours})",
            field: name)
        }
      }
      let follow = kind == .follow ? try c.decode(String.self, forKey: key("follow")) : nil
      let must = try c.strings(forKey: key("must")) ?? []
      var sort = PlanSort.recommended
      if let text = try c.decodeIfPresent(String.self, forKey: key("sort")) {
        guard let known = PlanSort(rawValue: text) else {
          throw WireBodyError(
            "sort must be one of \(PlanSort.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(text.prefix(40))')",
            field: "sort")
        }
        sort = known
      }
      var options = PlanBounds.defaultOptions
      if let n = try c.wholeNumber(forKey: key("options")) {
        guard PlanBounds.options.contains(n) else {
          throw WireBodyError(
            "options must be a whole number from \(PlanBounds.options.lowerBound) to \(PlanBounds.options.upperBound)",
            field: "options")
        }
        options = n
      }
      details = .window(
        Window(
          from: from, to: to, startNear: start, endNear: end, follow: follow, must: must,
          sort: sort, options: options))
    }

    /// The number at `key` within `range` (hours), or nil when absent.
    static func number<K: CodingKey>(
      _ c: KeyedDecodingContainer<K>, _ key: K, in range: ClosedRange<Double>
    ) throws -> Double? {
      guard let value = try c.decodeIfPresent(Double.self, forKey: key) else { return nil }
      guard range.contains(value) else {
        throw c.refusal(key) {
          "\($0) must be from \(plain(range.lowerBound)) to \(plain(range.upperBound)) hours (got \(plain(value)))"
        }
      }
      return value
    }

    /// 24 as "24", 0.5 as "0.5" (whatever the machine's locale).
    static func plain(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
  }
}

/// A key of any name: for members read beside a body's own, whose type
/// has already refused unknown keys.
struct MemberKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ name: String) { stringValue = name }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer {
  /// The date at `key` (`YYYY-MM-DD`); nil when absent or null.
  /// - Throws: `WireBodyError` for another text.
  public func date(forKey key: Key) throws -> CalendarDate? {
    guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
    guard let date = CalendarDate(iso: text) else {
      throw refusal(key) { "\($0) must be a date as YYYY-MM-DD (got '\(text.prefix(80))')" }
    }
    return date
  }
}

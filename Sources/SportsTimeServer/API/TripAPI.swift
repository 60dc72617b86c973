import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeRender
import SportsTimeStore

/// The JSON API's operations (docs/API.md): each parses its request, calls
/// one Store or Core operation and answers with a `WireV1` document. No
/// rule lives here.
struct TripAPI: Sendable {
  let store: Store
  /// Trip documents already rendered, by the database state they show.
  let cache = DocumentCache()
  let catalog: Catalog
  let environment: RuleEnvironment
  /// The traveller's zone, for "today" in the trips' grouping.
  let timeZone: TimeZone
  /// GeoNames' towns: an item's place by id, its point's zone.
  var places = PlaceDirectoryCache(url: nil)

  // MARK: Trips

  func listTrips() throws -> any Encodable {
    let today = CalendarDate(environment.now(), in: timeZone)
    return WireV1.TripLists(TripGroups(try store.trips(), today: today))
  }

  func tripDocument(_ id: Trip.ID) throws -> WireV1.TripDocument {
    try document(try itinerary(id))
  }

  /// The trip `id` as the store has it now, from the cache while the
  /// database is unchanged (`Store.changeToken()`).
  func itinerary(_ id: Trip.ID) throws -> Itinerary {
    let token = try store.changeToken()
    if let kept = cache.itinerary(of: id, at: token) { return kept }
    let loaded = try store.itinerary(id: id, catalog: catalog)
    cache.keep(loaded, of: id, at: token)
    return loaded
  }

  /// The trip document of `id` as JSON text, from the cache while the
  /// database has not changed since it was made (`Store.changeToken()`:
  /// any commit, by any process, makes a new one).
  func tripDocumentText(_ id: Trip.ID) throws -> String {
    let token = try store.changeToken()
    if let text = cache.text(of: id, at: token) { return text }
    let text = try Wire.render(try tripDocument(id))
    cache.keep(text, of: id, at: token)
    return text
  }

  /// The trip document of `itinerary` with the journal's next undo and redo.
  func document(_ itinerary: Itinerary) throws -> WireV1.TripDocument {
    let journal = try store.journal(ofTrip: itinerary.trip.id)
    return WireV1.TripDocument(itinerary, undo: journal.undo, redo: journal.redo)
  }

  func createTrip(_ body: JSONBody, env: RuleEnvironment) throws -> WireV1.TripDocument {
    let request = try body.decode(WireV1.NewTrip.self)
    let name = request.name
    let references = request.games
    // A reference that names no game is the request's fault, at its field.
    let games = try references.enumerated().map { index, reference in
      do {
        return try store.game(for: reference, catalog: catalog)
      } catch  where ErrorKind.of(error) == .notFound {
        throw APIError.invalid("\(error)", field: "games[\(index)]")
      }
    }
    let start = request.start
    let end = request.end
    // The new-trip screen shows a refusal beside the field it is about, in
    // the words of a screen where games are picked (no game ids).
    do {
      let planned = try TripBuilder.plan(
        name: name, games: games, start: start, end: end, catalog: catalog, environment: env)
      // The answer from the trip as stored, not read again.
      let stored = try store.insertedTrip(planned)
      // The 201 answer warns as `trip new` does (issue 28, item 4).
      var document = try self.document(stored)
      document.warnings = planned.tightLegs.map(\.message)
      return document
    } catch let error as TripError {
      throw APIError(
        status: APIError.status(of: error.kind),
        document: WireV1.ErrorDocument(
          kind: error.kind, message: error.forPickedGames, field: error.field))
    } catch RecordError.duplicateTripName(let taken) {
      throw APIError(
        status: 422,
        document: WireV1.ErrorDocument(
          kind: .refused,
          message:
            "A trip called “\(TextNormalization.excerpt(taken))” already exists: pick another name.",
          field: "name"))
    }
  }

  func patchTrip(_ id: Trip.ID, _ body: JSONBody, env: RuleEnvironment) throws
    -> WireV1.TripPatch
  {
    // Game references as `trip replan --add-game/--remove-game` take them.
    let request = try body.decode(WireV1.EditTrip.self)
    let revision = request.revision
    let name = request.name
    let start = request.start
    let end = request.end
    let adding = request.addGames
    let removing = request.removeGames
    // Each reference that names no game is refused at its place in the body.
    for (key, list) in [("addGames", adding), ("removeGames", removing)] {
      for (index, reference) in list.enumerated() {
        do {
          _ = try store.games(for: [reference], catalog: catalog)
        } catch {
          var answer = APIError(error)
          answer.document.error.field = "\(key)[\(index)]"
          throw answer
        }
      }
    }
    guard name != nil || start != nil || end != nil || !adding.isEmpty || !removing.isEmpty else {
      throw APIError.invalid("say what to change: the name, the days, or games to add or remove")
    }
    // The answer from the trip as the change stored it (not read again),
    // in the change's own transaction.
    return try store.transaction {
      let change = try store.changedTrip(
        id: id, name: name, adding: adding, removing: removing, start: start, end: end,
        catalog: catalog, environment: env, expectedRevision: revision)
      let report = change.replan.map { WireV1.ReplanReport($0.report, change: $0.change) }
      let changed = change.renamed || change.replan.map { !$0.changesNothing } ?? false
      return WireV1.TripPatch(
        itinerary: try document(change.itinerary), replan: report, changed: changed)
    }
  }

  func copyTrip(_ id: Trip.ID, _ body: JSONBody, env: RuleEnvironment) throws
    -> WireV1.TripDocument
  {
    let name = try body.decode(WireV1.CopyTrip.self).name
    // The copy as the store answered with it, not read again.
    let copy = try store.copyTrip(id: id, as: name, environment: env).copy
    return try document(
      Itinerary(trip: copy.trip, schedule: copy.schedule(catalog: catalog), items: copy.items))
  }

  func deleteTrip(_ id: Trip.ID, revision: Int?) throws -> WireV1.TripDeleted {
    let trip = try store.loadTrip(id: id).trip
    let count = try store.deleteTrip(id: id, expectedRevision: revision)
    return WireV1.TripDeleted(trip, items: count)
  }

  func step(_ direction: JournalStep.Direction, _ id: Trip.ID, _ body: JSONBody) throws
    -> WireV1.JournalAnswer
  {
    let revision = try body.decode(WireV1.RevisionOnly.self).revision
    // The answer in the step's own transaction (see `written`).
    // The trip as the step stored it (the itinerary its rule check read),
    // not read again.
    return try store.transaction {
      let stepped = try store.steppedTrip(
        direction, trip: id, catalog: catalog, expectedRevision: revision)
      return WireV1.JournalAnswer(stepped.step, itinerary: try document(stepped.itinerary))
    }
  }

  func route(_ id: Trip.ID) throws -> WireV1.Route {
    let itinerary = try itinerary(id)
    return WireV1.Route(
      TripRoute(itinerary: itinerary, estimator: environment.estimator),
      impossibleDays: itinerary.impossibleDays(estimator: environment.estimator))
  }

  /// The drag document of row `rowID` as JSON text, from the cache while
  /// the database is unchanged: the page asks for it when the pointer rests
  /// on a handle and again at the press.
  func dragText(_ id: Trip.ID, rowID: RowID) throws -> String {
    let token = try store.changeToken()
    if let text = cache.dragText(of: id, row: rowID, at: token) { return text }
    let text = try Wire.render(try drag(id, rowID: rowID))
    cache.keep(dragText: text, of: id, row: rowID, at: token)
    return text
  }

  func drag(_ id: Trip.ID, rowID: RowID) throws -> WireV1.Drag {
    let itinerary = try itinerary(id)
    guard let row = itinerary.numberedRows.first(where: { $0.id == rowID }) else {
      throw Self.rowGone
    }
    guard let itemID = row.itemID, let item = itinerary.item(itemID) else {
      if case .game(let placed) = row.content {
        throw APIError(
          ItineraryRefusal(reason: "Games are fixed: \(placed.title) cannot be moved."))
      }
      throw APIError(
        ItineraryRefusal(reason: "A day's heading stays where it is: it cannot be moved."))
    }
    return WireV1.Drag(
      try DragSession(item: item, layout: itinerary.layout, constraints: itinerary.constraints))
  }

  /// A row the trip does not have (404), in words (issue 28, item 15): the
  /// page asks for rows it showed.
  static var rowGone: APIError {
    APIError.notFound("That row is no longer in the trip; it may have been changed elsewhere.")
  }

  func export(_ id: Trip.ID, format: TripExportFormat) throws -> (name: String, text: String) {
    let itinerary = try itinerary(id)
    return (
      itinerary.trip.name,
      TripExport.render(itinerary, as: format, catalog: catalog, metric: false)
    )
  }

  /// The PDF of trip `id` (`PDFExport.render`), with the trip's name.
  func exportPDF(_ id: Trip.ID, paper: Paper, metric: Bool, basemap: Basemap?) throws -> (
    name: String, bytes: [UInt8]
  ) {
    let itinerary = try itinerary(id)
    return (
      itinerary.trip.name,
      try PDFExport.render(
        itinerary, catalog: catalog, basemap: basemap, paper: paper, metric: metric,
        unscheduledHint: "drag them back onto a day in the app")
    )
  }

  func games(_ query: [String: String]) throws -> [WireV1.GameEntry] {
    func date(_ key: String) throws -> CalendarDate? { try SportsTimeApp.queryDate(query, key) }
    let from = try date("from")
    let to = try date("to")
    if let from, let to, from > to {
      throw APIError.invalid(
        "The first date, \(from.longDescription), is after the last, \(to.longDescription): swap them.",
        field: "from")
    }
    // `sport=NBA,NHL`: several, comma-separated, as the CLI's --sport.
    let sports = try SportsTimeApp.querySports(query)
    // `team=CHC,DET`: several, comma-separated, as the CLI's --team.
    func list(_ key: String) throws -> [String] {
      guard let text = query[key], !text.isEmpty else { return [] }
      return try text.split(separator: ",", omittingEmptySubsequences: false).map { piece in
        let entry = piece.trimmingCharacters(in: .whitespaces)
        guard !entry.isEmpty else {
          throw APIError.invalid("\(key) has an empty entry in '\(text.prefix(80))'", field: key)
        }
        return entry
      }
    }
    let leagues = try Leagues.builtIn()
    let gameQuery: GameQuery
    do {
      gameQuery = try GameQuery(
        sports: sports, teams: try list("team"), venues: try list("venue"), from: from, to: to,
        storedSports: try store.storedSports(), leagues: leagues)
    } catch let error as CatalogError {
      // The message names the team or venue; `field` says which input.
      let field: String
      switch error {
      case .unknownVenue, .ambiguousVenue, .venueOfOtherSport: field = "venue"
      default: field = "team"
      }
      let document = WireV1.ErrorDocument(error, field: field)
      throw APIError(
        status: APIError.status(of: document.kind ?? .notFound), document: document)
    }
    let games = try store.games(gameQuery)
    return games.map { WireV1.GameEntry($0, catalog: catalog, leagues: leagues) }
  }

  /// Every venue of the catalog by id (`{name, city, timeZone, latitude,
  /// longitude}`, the newest name), ordered by id: what the new-trip page
  /// shows beside a game.
  func venues() -> WireV1.VenueList {
    WireV1.VenueList(
      entries: catalog.venues.values.sorted { $0.id < $1.id }.map { venue in
        (
          venue.id.rawValue,
          WireV1.TripDocument.VenueEntry(current: venue)
        )
      })
  }

  // MARK: Items

  /// The custom item changes of `details` (the rule `item add/edit`
  /// share), a `placeID` looked up among GeoNames' towns.
  /// - Throws: `WireBodyError` naming the member at fault.
  func changes(_ details: WireV1.ItemDetails) throws -> CustomItemChanges {
    try details.changes(
      locating: { number in
        guard let number, let id = Int(exactly: number),
          let place = try places.directory().place(id: id)
        else {
          throw WireBodyError(
            "That place is not in the list of towns; search for it again.", field: "placeID")
        }
        return place
      }, directory: places.directoryIfAvailable)
  }

  func addItem(_ id: Trip.ID, _ body: JSONBody, env: RuleEnvironment) throws -> WireV1.ItemWrite {
    let request = try body.decode(WireV1.AddItem.self)
    let title = request.title
    let changes = try changes(request.details)
    let info = CustomInfo(
      title: title, category: changes.category ?? .note, time: changes.time ?? nil,
      coordinate: changes.coordinate ?? nil, address: changes.address ?? nil,
      placeName: changes.placeName, placeTimeZoneID: changes.placeTimeZoneID)
    let target = try request.place?.target() ?? .bottom(day: 1)
    let revision = request.revision
    return try written(id) {
      try store.editedTrip(id: id, catalog: catalog, now: env.now(), expectedRevision: revision) {
        itinerary in
        try itinerary.add(info, at: target, environment: env)
      }
    }
  }

  func moveItem(_ id: Trip.ID, item: ItineraryItem.ID, _ body: JSONBody, env: RuleEnvironment)
    throws -> WireV1.ItemWrite
  {
    let request = try body.decode(WireV1.MoveItem.self)
    let target = try request.place.target()
    let revision = request.revision
    // A refused move names the games that bound it, found in the itinerary
    // the move was tried on (not read again).
    var barriers: [String]?
    do {
      return try written(id) {
        try store.editedTrip(id: id, catalog: catalog, now: env.now(), expectedRevision: revision) {
          itinerary in
          do {
            return try itinerary.move(item, to: target, now: env.now(), estimator: env.estimator)
          } catch let refusal as ItineraryRefusal {
            barriers = try? Self.barriers(in: itinerary, item: item)
            throw refusal
          }
        }
      }
    } catch let refusal as ItineraryRefusal {
      throw APIError(refusal, barriers: barriers)
    }
  }

  /// The games bounding a leg's move in `itinerary` (their row ids), nil
  /// for an item without barriers.
  private static func barriers(in itinerary: Itinerary, item: ItineraryItem.ID) throws
    -> [String]?
  {
    guard let stored = itinerary.item(item) else { return nil }
    let session = try DragSession(
      item: stored, layout: itinerary.layout, constraints: itinerary.constraints)
    let ids = session.barrierGames.map { RowID.game($0.game.id).description }
    return ids.isEmpty ? nil : ids
  }

  func editItem(_ id: Trip.ID, item: ItineraryItem.ID, _ body: JSONBody, env: RuleEnvironment)
    throws -> WireV1.ItemWrite
  {
    let request = try body.decode(WireV1.EditItem.self)
    let changes = try changes(request.details)
    let revision = request.revision
    return try written(id) {
      try store.editedTrip(id: id, catalog: catalog, now: env.now(), expectedRevision: revision) {
        itinerary in
        try itinerary.edit(item, changes, now: env.now(), estimator: env.estimator)
      }
    }
  }

  func removeItem(_ id: Trip.ID, item: ItineraryItem.ID, revision: Int?, env: RuleEnvironment)
    throws -> WireV1.ItemWrite
  {
    try written(id) {
      try store.editedTrip(id: id, catalog: catalog, now: env.now(), expectedRevision: revision) {
        itinerary in
        try itinerary.remove(item)
      }
    }
  }

  /// Runs `write` and builds its answer in one transaction from the trip
  /// as the write stored it (`Store.editedTrip`, not read again): the
  /// answer shows the trip as this write left it, never a later write's
  /// state (an undo by another client between the commit and the read
  /// would leave an added item's answer without its `row`). Not through
  /// the cache: a state inside a transaction may yet be rolled back.
  private func written(
    _ tripID: Trip.ID, _ write: () throws -> (change: ItineraryChange, itinerary: Itinerary)
  ) throws -> WireV1.ItemWrite {
    try store.transaction {
      let (change, itinerary) = try write()
      let rowID = RowID.item(change.item.id)
      let row =
        change.deleted.contains(change.item.id)
        ? nil
        : itinerary.layout.numbered.first { $0.row.id == rowID }.map {
          WireV1.Row($0, in: itinerary)
        }
      return WireV1.ItemWrite(
        row: row, changed: !change.changesNothing, warnings: change.warnings,
        itinerary: try document(itinerary))
    }
  }
}

/// Rendered trip documents by trip id, each valid at one `ChangeToken`
/// (a new token drops them all). Thread-safe.
final class DocumentCache: @unchecked Sendable {
  private let lock = NSLock()
  private var token: ChangeToken?
  private var texts: [Trip.ID: String] = [:]
  private var itineraries: [Trip.ID: Itinerary] = [:]
  private var dragTexts: [DragKey: String] = [:]

  /// A drag document's key: the trip and the row.
  private struct DragKey: Hashable {
    var trip: Trip.ID
    var row: RowID
  }

  /// The text of `id` kept at `token`, or nil.
  func text(of id: Trip.ID, at token: ChangeToken) -> String? {
    lock.withLock { self.token == token ? texts[id] : nil }
  }

  /// The itinerary of `id` kept at `token`, or nil.
  func itinerary(of id: Trip.ID, at token: ChangeToken) -> Itinerary? {
    lock.withLock { self.token == token ? itineraries[id] : nil }
  }

  /// The drag document text of row `row` of `id` kept at `token`, or nil.
  func dragText(of id: Trip.ID, row: RowID, at token: ChangeToken) -> String? {
    lock.withLock { self.token == token ? dragTexts[DragKey(trip: id, row: row)] : nil }
  }

  /// Keeps the drag document text of row `row` of `id` at `token` (at most
  /// 64 rows' documents per token).
  func keep(dragText text: String, of id: Trip.ID, row: RowID, at token: ChangeToken) {
    lock.withLock {
      move(to: token)
      if dragTexts.count >= 64 { dragTexts = [:] }
      dragTexts[DragKey(trip: id, row: row)] = text
    }
  }

  /// Keeps `text` of `id` at `token` (forgetting what other tokens kept).
  func keep(_ text: String, of id: Trip.ID, at token: ChangeToken) {
    lock.withLock {
      move(to: token)
      texts[id] = text
    }
  }

  /// Keeps `itinerary` of `id` at `token`.
  func keep(_ itinerary: Itinerary, of id: Trip.ID, at token: ChangeToken) {
    lock.withLock {
      move(to: token)
      itineraries[id] = itinerary
    }
  }

  /// Forgets everything kept at another token (called locked).
  private func move(to token: ChangeToken) {
    guard self.token != token else { return }
    self.token = token
    texts = [:]
    itineraries = [:]
    dragTexts = [:]
  }
}

import Foundation
import SportsTimeCore

@testable import SportsTimeStore

/// The tests name trips as a front end does: the text is resolved with
/// `TripResolver`, then the store is called by id. These helpers keep the
/// tests short; the matching rules themselves are tested on `TripResolver`.
extension Store {
  /// The id `reference` names (`TripResolver.id(matching:)`).
  func tripID(_ reference: String) throws -> Trip.ID {
    try TripResolver(store: self).id(matching: reference)
  }

  /// `loadTrip(id:)` of the trip `reference` names.
  func loadTrip(_ reference: String) throws -> LoadedTrip {
    try loadTrip(id: try tripID(reference))
  }

  /// `itinerary(id:catalog:)` of the trip `reference` names.
  func itinerary(_ reference: String, catalog: Catalog) throws -> Itinerary {
    try itinerary(id: try tripID(reference), catalog: catalog)
  }

  /// `editTrip(id:…)` of the trip `reference` names.
  func editTrip(
    _ reference: String, catalog: Catalog, now: Date, expectedRevision: Int? = nil,
    _ edit: (Itinerary) throws -> ItineraryChange
  ) throws -> ItineraryChange {
    try editTrip(
      id: try tripID(reference), catalog: catalog, now: now, expectedRevision: expectedRevision,
      edit)
  }

  /// `replanTrip(id:…)` of the trip `reference` names.
  func replanTrip(
    _ reference: String, catalog: Catalog, expectedRevision: Int? = nil,
    _ plan: (Itinerary) throws -> Replan
  ) throws -> Replan {
    try replanTrip(
      id: try tripID(reference), catalog: catalog, expectedRevision: expectedRevision, plan)
  }

  /// `renameTrip(id:…)` of the trip `reference` names.
  func renameTrip(
    _ reference: String, to name: String, now: Date, expectedRevision: Int? = nil
  ) throws -> (before: Trip, after: Trip) {
    try renameTrip(
      id: try tripID(reference), to: name, now: now, expectedRevision: expectedRevision)
  }

  /// `copyTrip(id:…)` of the trip `reference` names.
  func copyTrip(_ reference: String, as name: String, environment: RuleEnvironment) throws
    -> (original: Trip, copy: LoadedTrip)
  {
    try copyTrip(id: try tripID(reference), as: name, environment: environment)
  }

  /// `deleteTrip(id:…)` of the trip `reference` names, with that trip.
  func deleteTrip(_ reference: String, expectedRevision: Int? = nil) throws -> (
    trip: Trip, itemCount: Int
  ) {
    let trip = try TripResolver(store: self).trip(matching: reference)
    return (trip, try deleteTrip(id: trip.id, expectedRevision: expectedRevision))
  }

  /// `attendTrip(id:…)` of the trip `reference` names.
  func attendTrip(
    _ reference: String, _ plan: (LoadedTrip, Set<Game.ID>) throws -> Attendance
  ) throws -> (trip: LoadedTrip, attendance: Attendance) {
    try attendTrip(id: try tripID(reference)) { loaded, recorded, _ in try plan(loaded, recorded) }
  }
}

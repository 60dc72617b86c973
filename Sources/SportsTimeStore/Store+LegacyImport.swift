import Foundation
import SportsTimeCore

extension Store {
  /// Imports the trips of a legacy file (`LegacyImport.read(_:file:)`), all
  /// or none, in one transaction: each trip not stored yet is converted
  /// (`LegacyImport.convert(_:storedTrips:game:catalog:environment:)`, its
  /// games looked up in this database) and stored with its items under its
  /// own and its items' ids; a trip whose id is stored already is reported
  /// and left as it is, so importing the same file again changes nothing.
  ///
  /// - Parameters:
  ///   - legacy: the file as read.
  ///   - catalog: venues and teams.
  ///   - environment: clock, ids (of travel items) and estimator.
  /// - Returns: one result per trip of the file, in file order.
  /// - Throws: `FileFormatError` naming the file and the field of the
  ///   first problem: a game missing from the database (its
  ///   `missingGameID` set), a trip that cannot be built, or a trip the
  ///   store refuses (`trips[1]`: its name is taken, say); or another
  ///   `StoreError`. Nothing is stored then.
  public func importLegacy(
    _ legacy: LegacyFile, catalog: Catalog, environment: RuleEnvironment
  ) throws -> [LegacyTripResult] {
    try transaction {
      let results = try LegacyImport.convert(
        legacy, storedTrips: try trips(),
        game: { text in
          let id = Game.ID(text)
          if let found = try game(id: id) { return found }
          try throwIfMoved(id)
          return nil
        }, catalog: catalog,
        environment: environment)
      for case .imported(let conversion) in results {
        do {
          try importTrip(conversion.trip, items: conversion.items)
        } catch let error as RecordError {
          var missing: String?
          if case .gameNotFound(let id) = error { missing = id }
          throw FileFormatError(
            file: legacy.file, line: nil, field: conversion.legacy.path,
            message: error.description, missingGameID: missing)
        }
      }
      return results
    }
  }
}

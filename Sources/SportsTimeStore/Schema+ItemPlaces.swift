/// Migrations that give a custom item its place (issue 28, 9a), appended
/// to the ledger after `GameScoreSchema.migrations`.
enum ItemPlaceSchema {
  /// In order; append only.
  ///
  /// `itinerary_items.place_name`: the town the item's location was chosen
  /// as (`CustomInfo.placeName`, "Arlington, TX, United States"), NULL for
  /// a point set on the map or typed. `itinerary_items.place_time_zone`:
  /// the IANA zone of the item's location (`CustomInfo.placeTimeZoneID`).
  /// Items stored before have NULL in both: their location (if any) takes
  /// the nearest venue's zone, as it did.
  static let migrations: [Migration] = [
    Migration(
      id: "2026-12-07-item-places-1-name-and-zone",
      sql: """
        ALTER TABLE itinerary_items ADD COLUMN place_name TEXT;
        ALTER TABLE itinerary_items ADD COLUMN place_time_zone TEXT;
        """)
  ]
}

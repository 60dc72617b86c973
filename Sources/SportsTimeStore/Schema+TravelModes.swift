/// Migrations for travel modes (issue 8: ocean crossings are flights),
/// appended to the ledger after `SettingsSchema.migrations`.
enum TravelModeSchema {
  /// In order; append only.
  ///
  /// `itinerary_items.travel_mode`: `drive` or `flight` for a travel item,
  /// NULL for custom items. Legs stored before this migration are NULL and
  /// read as drives: that is how they were estimated, and `trip replan`
  /// re-estimates them.
  static let migrations: [Migration] = [
    Migration(
      id: "2026-12-01-travel-modes-1-column",
      sql: """
        ALTER TABLE itinerary_items ADD COLUMN travel_mode TEXT
          CHECK (travel_mode IS NULL OR travel_mode IN ('drive', 'flight'));
        """)
  ]
}

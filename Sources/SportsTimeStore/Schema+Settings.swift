/// Migrations of stored settings such as the map viewport (issue 5),
/// appended to the ledger after `VisitsSchema.migrations`.
enum SettingsSchema {
  /// In order; append only.
  ///
  /// `settings`: one text value per key (`Store+Settings.swift` lists the
  /// keys). Numbers are stored as Swift's shortest round-trip decimal text,
  /// so a `Double` reads back bit for bit.
  static let migrations: [Migration] = [
    Migration(
      id: "2026-11-29-settings-1-table",
      sql: """
        CREATE TABLE settings (
          key TEXT PRIMARY KEY NOT NULL,
          value TEXT NOT NULL
        ) WITHOUT ROWID;
        """)
  ]
}

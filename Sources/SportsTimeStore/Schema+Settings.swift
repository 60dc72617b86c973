/// Migrations of stored settings such as the map viewport (issue 5),
/// appended to the ledger after `VisitsSchema.migrations`.
enum SettingsSchema {
  /// In order; append only.
  static let migrations: [Migration] = []
}

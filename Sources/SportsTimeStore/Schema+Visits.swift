/// Migrations of the visits feature (issue 5), appended to the ledger after
/// `Schema.migrations`.
enum VisitsSchema {
  /// In order; append only.
  static let migrations: [Migration] = []
}

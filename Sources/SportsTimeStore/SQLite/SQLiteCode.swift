import CSQLite

/// Extended result codes that Swift cannot import from sqlite3.h (they are
/// defined as `(SQLITE_CONSTRAINT | (n<<8))` expressions), for matching
/// `StoreError.sqliteCode`. Values from https://www.sqlite.org/rescode.html.
public enum SQLiteCode {
  /// SQLITE_CONSTRAINT_CHECK: a CHECK constraint failed.
  public static let constraintCheck: Int32 = SQLITE_CONSTRAINT | (1 << 8)
  /// SQLITE_CONSTRAINT_FOREIGNKEY: a foreign key constraint failed.
  public static let constraintForeignKey: Int32 = SQLITE_CONSTRAINT | (3 << 8)
  /// SQLITE_CONSTRAINT_NOTNULL: a NOT NULL constraint failed.
  public static let constraintNotNull: Int32 = SQLITE_CONSTRAINT | (5 << 8)
  /// SQLITE_CONSTRAINT_PRIMARYKEY: a PRIMARY KEY constraint failed.
  public static let constraintPrimaryKey: Int32 = SQLITE_CONSTRAINT | (6 << 8)
  /// SQLITE_CONSTRAINT_UNIQUE: a UNIQUE constraint failed.
  public static let constraintUnique: Int32 = SQLITE_CONSTRAINT | (8 << 8)

  /// The primary result code of an extended one (`code & 0xff`), e.g.
  /// SQLITE_BUSY for SQLITE_BUSY_SNAPSHOT.
  public static func primary(_ code: Int32) -> Int32 {
    code & 0xff
  }
}

/// The values of one table row to write, addressed by column name: what an
/// `INSERT` or `UPDATE` stores (`Database.insert(into:_:)`,
/// `Database.update(_:set:whereColumn:is:)`).
///
/// Columns keep the order they were first set in, so the generated SQL (and
/// so the cached prepared statement) is the same for every row built the
/// same way. A column never set is not written: an `INSERT` leaves it to
/// its default (NULL), an `UPDATE` leaves it unchanged; set it to `.null`
/// to store NULL.
public struct ColumnValues: Sendable, Equatable {
  /// Column names in the order they were first set.
  public private(set) var names: [String] = []
  /// Values, one per name, in the same order.
  public private(set) var values: [SQLValue] = []

  /// An empty set of columns.
  public init() {}

  /// The value set for `column`, nil when it was never set. Setting nil
  /// removes the column (it is then not written at all).
  public subscript(column: String) -> SQLValue? {
    get { names.firstIndex(of: column).map { values[$0] } }
    set {
      if let index = names.firstIndex(of: column) {
        if let newValue {
          values[index] = newValue
        } else {
          names.remove(at: index)
          values.remove(at: index)
        }
      } else if let newValue {
        names.append(column)
        values.append(newValue)
      }
    }
  }

  /// Whether `name` can be written into SQL as is: ASCII letters, digits and
  /// underscores, not starting with a digit (every column of `Schema`).
  static func isPlainIdentifier(_ name: String) -> Bool {
    guard let first = name.utf8.first, !(48...57).contains(first) else { return false }
    return name.utf8.allSatisfy { byte in
      (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte)
        || byte == 95
    }
  }
}

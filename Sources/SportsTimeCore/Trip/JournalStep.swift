import Foundation

/// What an undo or redo did.
public struct JournalStep: Sendable, Hashable {
  /// Undo or redo.
  public enum Direction: String, Sendable, Hashable {
    /// The edit was taken back.
    case undo
    /// The edit was made again.
    case redo
  }

  /// Which way.
  public var direction: Direction
  /// The edit, in words ("Move “Deep dish”", "Re-plan", "Rename to
  /// “Lakes”").
  public var label: String
  /// The trip's revision afterwards.
  public var revision: Int
}

extension JournalStep {
  /// Creates a step; see the properties.
  public init(_ direction: Direction, label: String, revision: Int) {
    self.direction = direction
    self.label = label
    self.revision = revision
  }
}

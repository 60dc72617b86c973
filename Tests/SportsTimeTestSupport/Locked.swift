import Foundation

/// A value shared between threads in a test, guarded by a lock: output a
/// console writes from another thread, failures collected from concurrent
/// workers. Every read and change holds the lock.
public final class Locked<Value>: @unchecked Sendable {
  /// Guards `value`.
  private let lock = NSLock()
  /// The guarded value.
  private var value: Value

  /// A box holding `value`.
  public init(_ value: Value) { self.value = value }

  /// The current value.
  public var current: Value {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  /// Changes the value in place with the lock held; returns what `body`
  /// returns.
  @discardableResult
  public func update<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

extension Locked where Value: RangeReplaceableCollection {
  /// Appends one element.
  public func append(_ element: Value.Element) { update { $0.append(element) } }
}

extension Locked where Value == String {
  /// Appends text.
  public func append(_ text: String) { update { $0 += text } }
}

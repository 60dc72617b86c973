import Foundation

/// What this run of the command has done that lasts — files written — so
/// that when its report cannot be printed (standard output on a full disk)
/// the error can say what happened all the same.
final class CompletedWork: @unchecked Sendable {
  /// The record of this process.
  static let shared = CompletedWork()
  /// Guards `files`.
  private let lock = NSLock()
  /// The paths written, as the user gave them, in order.
  private var files: [String] = []

  /// Notes that the file at `path` was written.
  func wrote(_ path: String) {
    lock.lock()
    files.append(path)
    lock.unlock()
  }

  /// The paths written so far.
  var written: [String] {
    lock.lock()
    defer { lock.unlock() }
    return files
  }

  /// The words for what was done — "the change itself was saved and
  /// trip.ics was written" — or nil when nothing was.
  /// - Parameter changesSaved: whether a database change was committed
  ///   (`Store.changesSavedInThisProcess`).
  static func describe(changesSaved: Bool) -> String? {
    var parts = changesSaved ? ["the change itself was saved"] : []
    parts += shared.written.map { "\($0) was written" }
    return parts.isEmpty ? nil : parts.joined(separator: " and ")
  }
}

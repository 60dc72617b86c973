import Foundation

/// A fresh, uniquely named directory under the system's temporary folder
/// for one test, removed with everything in it by `remove()`.
public struct TemporaryDirectory: Sendable {
  /// The directory (it exists once `init` returns).
  public let url: URL

  /// Creates `<tmp>/<prefix>-<UUID>` and the `subdirectories` inside it.
  /// - Throws: the file system's error when it cannot be created.
  public init(prefix: String, subdirectories: [String] = []) throws {
    url = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for sub in subdirectories {
      try FileManager.default.createDirectory(
        at: url.appendingPathComponent(sub, isDirectory: true), withIntermediateDirectories: true)
    }
  }

  /// A path inside the directory.
  public func file(_ relativePath: String) -> URL { url.appendingPathComponent(relativePath) }

  /// Removes the directory and everything in it (a failure is ignored: the
  /// system cleans its temporary folder).
  public func remove() { try? FileManager.default.removeItem(at: url) }
}

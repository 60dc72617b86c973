import Foundation

/// Where the tests find the repository and the real data they read (issue 9:
/// one test-support library used by every test target).
///
/// The data directory is `$SPORTSTIME_DATA` when set, else `../shared/data`
/// beside the repository root. Third-party data is read in place there and
/// never copied into the repository (README, "Data").
public enum TestData {
  /// The package root: the nearest ancestor of this file holding
  /// `Package.swift` (this file is `Tests/SportsTimeTestSupport/TestData.swift`).
  public static let repositoryRoot: URL = {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    var url = here
    while url.path != "/" {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
      url = url.deletingLastPathComponent()
    }
    return here.deletingLastPathComponent().deletingLastPathComponent()
  }()

  /// The shared data folder: `$SPORTSTIME_DATA` (when set and not empty),
  /// else `<repository>/../shared/data`, standardized.
  public static var directory: URL {
    if let path = ProcessInfo.processInfo.environment["SPORTSTIME_DATA"], !path.isEmpty {
      return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    }
    return repositoryRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/data", isDirectory: true).standardizedFileURL
  }

  /// A file of the data folder, e.g. `url("basemap/us-states.json")`.
  public static func url(_ relativePath: String) -> URL {
    directory.appendingPathComponent(relativePath)
  }

  /// The Retrosheet schedule of `year`: `retrosheet/<year>schedule.csv`.
  public static func retrosheetSchedule(_ year: Int) -> URL {
    url("retrosheet/\(year)schedule.csv")
  }

  /// A file of the repository, e.g. `repositoryFile("scripts/map_check.py")`.
  public static func repositoryFile(_ relativePath: String) -> URL {
    repositoryRoot.appendingPathComponent(relativePath)
  }
}

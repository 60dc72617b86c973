import Foundation
import SportsTimeCore

/// Where GeoNames' towns (`cities5000.csv`) are read from: the data folder
/// the other defaults use (`$SPORTSTIME_DATA/places/cities5000.csv`, else
/// `../shared/data/places/cities5000.csv`). Never copied.
enum PlacesFile {
  /// The candidates, in order.
  static func candidates(_ context: Context) -> [String] {
    [
      context.environment["SPORTSTIME_DATA"].map { "\($0)/places/cities5000.csv" },
      "../shared/data/places/cities5000.csv",
    ].compactMap { $0 }
  }

  /// The first candidate that exists; nil when none does.
  static func defaultURL(_ context: Context) -> URL? {
    candidates(context).first { FileManager.default.fileExists(atPath: $0) }.map {
      URL(fileURLWithPath: $0)
    }
  }

  /// The directory, read from `defaultURL`.
  /// - Throws: `CommandError` saying where it was looked for when there is
  ///   none; the reader's errors for a file that cannot be read.
  static func directory(_ context: Context) throws -> PlaceDirectory {
    guard let url = defaultURL(context) else {
      throw CommandError(
        "the list of places (GeoNames' cities5000.csv) is not at \(candidates(context).joined(separator: " or ")); set SPORTSTIME_DATA to the data folder, or give --lat and --lon instead"
      )
    }
    return try PlaceDirectory.load(path: url.path)
  }
}

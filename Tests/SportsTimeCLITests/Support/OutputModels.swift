import Foundation
import XCTest

/// One object of `games --json`.
struct GameJSON: Decodable, Equatable {
  var id: String
  var start: String
  var date: String
  var home: String
  var away: String
  var venueID: String
  var timeZone: String
  var timeEstimated: Bool
  var timeUnknown: Bool
  var status: String
  var gameNumber: Int
  var originalDate: String?
}

/// `trip show --json` (and `trip new --json`, which adds `warnings`).
struct ItineraryJSON: Decodable {
  struct TripHead: Decodable, Equatable {
    var id: String
    var name: String
    var startDate: String
    var endDate: String
    var dayCount: Int
  }

  struct Row: Decodable {
    var id: String
    var number: Int
    var kind: String
    var day: Int
    var date: String
    var sortOrder: Double?
    var title: String
    // games
    var gameID: String?
    var start: String?
    var venueID: String?
    var timeEstimated: Bool?
    var status: String?
    // travel
    var from: String?
    var to: String?
    var fromVenueID: String?
    var toVenueID: String?
    var distanceMeters: Double?
    var durationSeconds: Double?
    var validDays: [Int]?
    var tight: Bool?
    // custom items
    var category: String?
    var time: String?
    var timeZone: String?
    var latitude: Double?
    var longitude: Double?
    var address: String?
    /// Custom rows: what to know about the time (a repeated hour).
    var warnings: [String]?
  }

  var trip: TripHead
  var rows: [Row]
  var unscheduled: [Row]
  var warnings: [String]?

  var gameRows: [Row] { rows.filter { $0.kind == "game" } }
  var travelRows: [Row] { rows.filter { $0.kind == "travel" } }
  var dayRows: [Row] { rows.filter { $0.kind == "day" } }
  var customRows: [Row] { rows.filter { $0.kind == "custom" } }

  /// The row with this id (days and Unscheduled).
  func row(_ id: String) -> Row? { (rows + unscheduled).first { $0.id == id } }
  /// The 0-based index of the row with this id among `rows`.
  func index(_ id: String) -> Int? { rows.firstIndex { $0.id == id } }
}

/// `trip show TRIP --drag ITEM --json`.
struct DragJSON: Decodable {
  struct Slot: Decodable {
    var index: Int
    var day: Int?
    var valid: Bool
    var reason: String?
    /// The id of the row just below the slot (nil for the very end).
    var before: String?
  }

  var item: String
  var validDays: [Int]?
  var barriers: [String]
  var originSlot: Int?
  var slots: [Slot]
}

/// `trip check TRIP --json`.
struct CheckJSON: Decodable, Equatable {
  struct Problem: Decodable, Equatable {
    var id: String
    var number: Int?
    var title: String
    var reason: String
  }

  var trip: String
  var problems: [Problem]
  /// Unscheduled items (same shape; they break no rule).
  var notices: [Problem] = []
}

/// One object of `trip list --json`.
struct TripListJSON: Decodable, Equatable {
  var id: String
  var name: String
  var startDate: String
  var endDate: String
  var dayCount: Int
  var games: Int
}

/// How the text output formats a travel leg's numbers (mirrors the
/// documented presentation: whole miles or kilometres, "1 h 05 min").
enum TravelText {
  static let metersPerMile = 1609.344

  static func distance(_ meters: Double, metric: Bool) -> String {
    metric
      ? "\(Int((meters / 1000).rounded())) km" : "\(Int((meters / metersPerMile).rounded())) mi"
  }

  static func duration(_ seconds: Double) -> String {
    let minutes = Int((seconds / 60).rounded())
    if minutes < 60 { return "\(minutes) min" }
    if minutes % 60 == 0 { return "\(minutes / 60) h" }
    let rest = minutes % 60
    return "\(minutes / 60) h \(rest < 10 ? "0" : "")\(rest) min"
  }
}

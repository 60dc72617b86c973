import Foundation

/// A wall-clock time of day, hours 0–23 and minutes 0–59, with no zone.
public struct ClockTime: Sendable, Hashable, Comparable,
  CustomStringConvertible
{
  /// 0–23.
  public var hour: Int
  /// 0–59.
  public var minute: Int

  /// Creates a time; nil when out of range.
  public init?(hour: Int, minute: Int) {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    self.hour = hour
    self.minute = minute
  }

  /// Parses `HH:MM` (24-hour, e.g. `18:30` or `7:05`).
  public init?(_ text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    // ASCII digits only: `Int("+7")` would take a sign (`+7:30`, `07:+5`).
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      parts.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
      let h = Int(parts[0]), let m = Int(parts[1])
    else { return nil }
    self.init(hour: h, minute: m)
  }

  /// `HH:MM`.
  public var description: String { String(format: "%02d:%02d", hour, minute) }

  /// `H:MM`, 24-hour without a leading zero, e.g. "2:00", "14:30".
  public var shortDescription: String { String(format: "%d:%02d", hour, minute) }

  /// 12-hour with am/pm, e.g. "2:30 am", "12:05 pm", "12:00 am" (midnight).
  public var twelveHourDescription: String {
    let h12 = hour % 12 == 0 ? 12 : hour % 12
    return String(format: "%d:%02d %@", h12, minute, hour < 12 ? "am" : "pm")
  }

  public static func < (a: ClockTime, b: ClockTime) -> Bool {
    (a.hour, a.minute) < (b.hour, b.minute)
  }
}

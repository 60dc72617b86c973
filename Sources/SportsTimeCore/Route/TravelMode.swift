import Foundation

/// How a leg is travelled: by road, or by air where no road joins its ends.
public enum TravelMode: String, Sendable, Hashable, Codable, CaseIterable {
  /// By road (the default; every leg inside one road network).
  case drive
  /// By air: the leg joins two countries that no road connects (Seoul →
  /// Los Angeles, London → New York).
  case flight

  /// 🚗 or ✈️.
  public var icon: String {
    switch self {
    case .drive: return "🚗"
    case .flight: return "✈️"
    }
  }

  /// "Drive" or "Flight" (how an export names the leg).
  public var label: String {
    switch self {
    case .drive: return "Drive"
    case .flight: return "Flight"
    }
  }
}

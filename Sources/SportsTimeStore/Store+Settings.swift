import Foundation
import SportsTimeCore

/// What the progress map remembers between runs: the last viewport and the
/// venue whose card is shown.
public struct MapState: Sendable, Hashable {
  /// The last viewport (the continental US until something is stored).
  public var viewport: MapViewport
  /// The focused venue (its card is drawn), if any.
  public var focusedVenueID: Venue.ID?

  /// Creates a state; see the properties.
  public init(viewport: MapViewport, focusedVenueID: Venue.ID? = nil) {
    self.viewport = viewport
    self.focusedVenueID = focusedVenueID
  }

  /// The state of a database that has stored none: the default view, no
  /// focus.
  public static let initial = MapState(viewport: .continentalUnitedStates)
}

extension Store {
  /// The `settings` keys of the map state. Values are text: degrees as
  /// Swift's shortest round-trip decimal (`"37.0"`, `"-95.85"`), the focus
  /// as a park code.
  enum SettingKey {
    static let centerLatitude = "map.centerLatitude"
    static let centerLongitude = "map.centerLongitude"
    static let latitudeSpan = "map.latitudeSpan"
    static let longitudeSpan = "map.longitudeSpan"
    static let focus = "map.focus"
    /// The four viewport keys, in `MapViewport` initializer order.
    static let viewport = [centerLatitude, centerLongitude, latitudeSpan, longitudeSpan]
  }

  /// The stored map state, or `MapState.initial` when none is stored.
  ///
  /// A stored value out of bounds (e.g. edited by hand) is clamped as
  /// `MapViewport` does.
  /// - Throws: `StoreError.corruptValue` when only some viewport keys are
  ///   stored or a value is not a finite number; a `StoreError` when
  ///   reading fails.
  public func mapState() throws -> MapState {
    var values: [Double] = []
    for key in SettingKey.viewport {
      guard let text = try setting(key) else { continue }
      guard let value = Double(text), value.isFinite else {
        throw StoreError.corruptValue(table: "settings", id: key, column: "value", value: text)
      }
      values.append(value)
    }
    let focus = try setting(SettingKey.focus).map { Venue.ID($0) }
    switch values.count {
    case 0:
      return MapState(viewport: .continentalUnitedStates, focusedVenueID: focus)
    case 4:
      let viewport = MapViewport(
        latitude: values[0], longitude: values[1], latitudeSpan: values[2],
        longitudeSpan: values[3])
      return MapState(viewport: viewport, focusedVenueID: focus)
    default:
      let missing = try SettingKey.viewport.filter { try setting($0) == nil }
      throw StoreError.corruptValue(
        table: "settings", id: missing.joined(separator: ", "), column: "value",
        value: "missing")
    }
  }

  /// Stores `state` (replacing the stored one) in one transaction.
  /// - Throws: `StoreError`; nothing changes then.
  public func saveMapState(_ state: MapState) throws {
    try transaction {
      let v = state.viewport
      let values = [v.center.latitude, v.center.longitude, v.latitudeSpan, v.longitudeSpan]
      for (key, value) in zip(SettingKey.viewport, values) {
        try setSetting(key, String(value))
      }
      try setSetting(SettingKey.focus, state.focusedVenueID?.rawValue)
    }
  }

  /// Reads the map state, lets `change` modify it, runs `prepare` with the
  /// result (e.g. writing a rendered map) and stores it. When `change` or
  /// `prepare` throws, nothing is stored. A change that changes nothing (a
  /// plain look at the view, a map drawn where it is) only reads, so it
  /// never waits for another connection's write. Otherwise the change is
  /// stored in one write transaction; if another connection stored a view
  /// meanwhile, `change` is applied again to that one (two zooms at once
  /// both count), and that result is stored.
  ///
  /// ```swift
  /// try store.updateMapState { $0.viewport = $0.viewport.zoomed(by: 2) }
  /// ```
  /// - Returns: the stored state.
  /// - Throws: as `mapState()`, whatever `change` or `prepare` throws, or
  ///   `StoreError`.
  @discardableResult
  public func updateMapState(
    _ change: (inout MapState) throws -> Void,
    beforeStoring prepare: (MapState) throws -> Void = { _ in }
  ) throws -> MapState {
    let current = try read { try mapState() }
    var next = current
    try change(&next)
    try prepare(next)
    guard next != current else { return next }
    return try transaction {
      var stored = try mapState()
      if stored == current { stored = next } else { try change(&stored) }
      try saveMapState(stored)
      return stored
    }
  }

  /// The text stored under `key`, or nil.
  func setting(_ key: String) throws -> String? {
    try select("SELECT value FROM settings WHERE key = ?", [.text(key)]).first?
      .string("value")
  }

  /// Stores `value` under `key`; nil removes the key.
  func setSetting(_ key: String, _ value: String?) throws {
    if let value {
      try execute(
        "INSERT INTO settings (key, value) VALUES (?, ?) "
          + "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [.text(key), .text(value)])
    } else {
      try execute("DELETE FROM settings WHERE key = ?", [.text(key)])
    }
  }
}

extension MapState {
  /// Applies `change` (`MapChange.apply`, the rule the CLI and the API
  /// share).
  public mutating func apply(_ change: MapChange) {
    change.apply(to: &viewport, focus: &focusedVenueID)
  }
}

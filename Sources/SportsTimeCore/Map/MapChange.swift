import Foundation

/// One change to the remembered map (its viewport and the venue whose card
/// is shown): the rule the CLI's `map --reset/--focus/--zoom/--pan` and the
/// app's `PUT /api/map/viewport` share. Each front end finds the venue by
/// its own name for it (CLI: a name or code; API: the venue id) and builds
/// the change; the change says what it does to the view.
public enum MapChange: Sendable, Hashable {
  /// The default view (the continental US), no focus.
  case reset
  /// Close up on the venue at `coordinate` (`MapViewport.focused(on:)`),
  /// its card shown.
  case focus(Venue.ID, Coordinate)
  /// No card; the view kept.
  case unfocus
  /// This view (already checked, `MapViewport(validatingLatitude:…)`); the
  /// focus kept.
  case view(MapViewport)
  /// Zoom by a factor around the center (`MapViewport.zoomed(by:)`).
  case zoom(Double)
  /// Pan by fractions of the view (`MapViewport.panned(dx:dy:)`).
  case pan(dx: Double, dy: Double)

  /// Focus on `venue`.
  public static func focus(on venue: Venue) -> MapChange { .focus(venue.id, venue.coordinate) }

  /// Applies the change to a viewport and focus.
  /// - Parameters:
  ///   - viewport: the view, changed in place.
  ///   - focus: the focused venue (nil for none), changed in place.
  public func apply(to viewport: inout MapViewport, focus: inout Venue.ID?) {
    switch self {
    case .reset:
      viewport = .continentalUnitedStates
      focus = nil
    case .focus(let venue, let coordinate):
      viewport = viewport.focused(on: coordinate)
      focus = venue
    case .unfocus: focus = nil
    case .view(let new): viewport = new
    case .zoom(let factor): viewport = viewport.zoomed(by: factor)
    case .pan(let dx, let dy): viewport = viewport.panned(dx: dx, dy: dy)
    }
  }
}

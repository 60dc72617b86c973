import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// The map screen's API (docs/API.md, "Map"): the stored view the CLI's
/// `map` shares, the pins and the configured tiles. Each operation parses
/// its request, calls one Store or Core operation and answers a `WireV1`
/// document.
struct MapAPI: Sendable {
  let store: Store
  let leagues: Leagues
  let tiles: MapTileSource?

  /// The keys of a view in a PUT body.
  static let viewKeys = ["centerLatitude", "centerLongitude", "latitudeSpan", "longitudeSpan"]

  /// `GET /api/map/viewport`.
  func viewport() throws -> WireV1.MapViewState {
    let state = try store.mapState()
    return WireV1.MapViewState(state.viewport, focus: state.focusedVenueID)
  }

  /// `PUT /api/map/viewport`: one of a view (the four numbers; the focus
  /// is kept), `{"focus": venueID}` (close up on the venue, its card
  /// shown: `MapViewport.focused(on:)`), `{"focus": null}` (no card, the
  /// view kept) or `{"reset": true}` (the default view, no focus, as `map
  /// --reset`).
  /// - Throws: `APIError` (400 naming the field) for anything else or a
  ///   view out of bounds (`MapViewport(validatingLatitude:…)`); nothing
  ///   is stored then.
  func putViewport(_ body: JSONBody) throws -> WireV1.MapViewState {
    try body.allowing(Self.viewKeys + ["focus", "reset"])
    let forms = [
      Self.viewKeys.contains(where: body.has) ? "a view" : nil,
      body.has("focus") ? "focus" : nil, body.has("reset") ? "reset" : nil,
    ].compactMap { $0 }
    guard forms.count == 1, let form = forms.first else {
      throw APIError.invalid(
        forms.isEmpty
          ? "say what to store: a view (\(Self.viewKeys.joined(separator: ", "))), focus or reset"
          : "give a view, focus or reset, one at a time (got \(forms.joined(separator: " and ")))",
        field: forms.count > 1 ? (body.has("focus") ? "focus" : "reset") : nil)
    }
    let change: (inout MapState) -> Void
    switch form {
    case "reset":
      guard case .bool(true)? = body.members["reset"] else {
        throw APIError.invalid("reset must be true", field: "reset")
      }
      change = { $0 = .initial }
    case "focus":
      if body.isNull("focus") {
        change = { $0.focusedVenueID = nil }
      } else {
        let text = try body.requiredString("focus")
        guard let venue = leagues.venue(Venue.ID(text)) else {
          throw APIError.invalid(
            "focus names no venue: '\(text.prefix(80))' (a venue id, as the pins give them)",
            field: "focus")
        }
        change = {
          $0.viewport = $0.viewport.focused(on: venue.coordinate)
          $0.focusedVenueID = venue.id
        }
      }
    default:
      var values: [Double] = []
      for key in Self.viewKeys {
        guard let value = try body.number(key) else {
          throw APIError.invalid("\(key) is missing (a view gives all four numbers)", field: key)
        }
        values.append(value)
      }
      let viewport: MapViewport
      do {
        viewport = try MapViewport(
          validatingLatitude: values[0], longitude: values[1], latitudeSpan: values[2],
          longitudeSpan: values[3])
      } catch let error as MapViewportError {
        throw APIError.invalid(error.message, field: error.field)
      }
      change = { $0.viewport = viewport }
    }
    let state = try store.updateMapState(change)
    return WireV1.MapViewState(state.viewport, focus: state.focusedVenueID)
  }

  /// `GET /api/map/pins?sport=MLB,NBA`: the pins of those sports (all four
  /// when `sport` is absent or empty).
  /// - Throws: `APIError` (400, field `sport`) for a sport that is not
  ///   MLB, NBA, NHL or NFL; `StoreError`.
  func pins(_ query: [String: String]) throws -> WireV1.MapPins {
    let chosen = try SportsTimeApp.querySports(query)
    let sports = Set(chosen.isEmpty ? Sport.allCases : chosen)
    let pins = try store.mapPins(venues: leagues.mapVenues(sports: sports), sports: sports)
    return WireV1.MapPins(pins) { leagues.sportsPlayed(at: $0) }
  }

  /// `GET /api/map/tiles`.
  func tileSource() -> WireV1.MapTiles { WireV1.MapTiles(tiles) }
}

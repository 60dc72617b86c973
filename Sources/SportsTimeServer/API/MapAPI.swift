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
    let change: MapChange
    switch try body.decode(WireV1.MapViewportChange.self).form {
    case .reset: change = .reset
    case .unfocus: change = .unfocus
    case .view(let viewport): change = .view(viewport)
    case .focus(let text):
      guard let venue = leagues.venue(Venue.ID(text)) else {
        throw APIError.invalid(
          "focus names no venue: '\(text.prefix(80))' (a venue id, as the pins give them)",
          field: "focus")
      }
      change = .focus(on: venue)
    }
    let state = try store.updateMapState { $0.apply(change) }
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

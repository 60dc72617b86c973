import Foundation

/// A leg whose estimated travel (drive, or flight with its time at
/// airports) does not fit between the end of the departure stop's last game
/// (3 h after its start) and the start of the arrival stop's first game
/// (each named in the message by the sport's word: first pitch, tip-off,
/// puck drop, kickoff), compared as instants (DESIGN.md, "Time").
public struct TightLeg: Sendable, Hashable {
  /// "Chicago → Milwaukee".
  public var title: String
  /// The departure stop's last game.
  public var departureGame: PlacedGame
  /// The arrival stop's first game.
  public var arrivalGame: PlacedGame
  /// Time between the end of one game and the start of the next, seconds.
  public var availableSeconds: Double
  /// The estimated travel time (drive, or flight with airports), seconds.
  public var neededSeconds: Double
  /// How the leg is travelled.
  public var mode: TravelMode
  /// The departure game's venue, by its name on the game's date.
  public var departureVenue: String
  /// The arrival game's venue, by its name on the game's date.
  public var arrivalVenue: String

  /// Finds the tight legs of `travel` items against `schedule`.
  public static func find(in schedule: TripSchedule, travel: [TravelInfo]) -> [TightLeg] {
    let constraints = ItineraryConstraints(schedule: schedule)
    return travel.compactMap { info in
      let b = constraints.bounds(for: info)
      guard let d = b.departureGame, let a = b.arrivalGame else { return nil }
      let available = a.game.start.timeIntervalSince(d.game.end)
      guard info.durationSeconds > available else { return nil }
      func venue(_ g: PlacedGame) -> String {
        schedule.stops.indices.contains(g.stopIndex)
          ? schedule.stops[g.stopIndex].venueName(on: g.game.localDate) : g.game.venueID.rawValue
      }
      return TightLeg(
        title: info.title, departureGame: d, arrivalGame: a,
        availableSeconds: available, neededSeconds: info.durationSeconds, mode: info.mode,
        departureVenue: venue(d), arrivalVenue: venue(a))
    }
  }

  /// A warning in words, naming both games by matchup, venue and start at
  /// the venue ("ATL @ BOS at Fenway Park, 1:10 pm EDT on Wed, Jun 5,
  /// 2024"), no game ids (issue 28, item 15).
  public var message: String {
    let need = TightLeg.hours(neededSeconds)
    let have =
      availableSeconds <= 0 ? "no time" : "only \(TightLeg.hours(availableSeconds))"
    return
      "Tight leg \(title): the \(mode == .flight ? "flight takes about \(need) (airports included)" : "drive takes about \(need)") but there is \(have) between the end of \(TightLeg.describe(departureGame, at: departureVenue)) and the \(arrivalGame.game.sport.startWord) of \(TightLeg.describe(arrivalGame, at: arrivalVenue))."
  }

  /// "ATL @ BOS at Fenway Park, 1:10 pm EDT on Wed, Jun 5, 2024".
  static func describe(_ game: PlacedGame, at venue: String) -> String {
    "\(game.title) at \(venue), "
      + "\(ExportSupport.gameTime(game.game, estimated: " est.", unknown: "")) "
      + "on \(game.game.localDate.longDescription)"
  }

  static func hours(_ seconds: Double) -> String {
    let minutes = ExportSupport.wholeMinutes(seconds)
    return minutes < 60
      ? "\(minutes) min" : String(format: "%d h %02d min", minutes / 60, minutes % 60)
  }
}

import Foundation

/// A fixed point of the route: a game, or a custom item with both a place
/// and a time (issue 28, item 5). The traveller must be there by `arrival`
/// and can leave at `departure`, instants compared as instants (DESIGN.md,
/// "Time"): a game from its start to its end (`Game.duration`, 3 h after
/// its start), an item at its time (it takes no time of its own).
public struct FixedStop: Sendable, Hashable {
  /// What is fixed there.
  public enum Kind: Sendable, Hashable {
    /// A game of the trip, with its venue's name on the game's date and
    /// its city ("Comerica Park, Detroit").
    case game(PlacedGame, venue: String)
    /// A custom item with a place and a time.
    case item(ItineraryItem)
  }

  /// The game or the item.
  public var kind: Kind
  /// The 1-based trip day of its row.
  public var day: Int
  /// By when the traveller must be there: a game's start, an item's time.
  public var arrival: Date
  /// When the traveller may leave: a game's end, an item's time.
  public var departure: Date
  /// The IANA zone its times are shown in: the venue's, the item's own
  /// (`CustomInfo.timeZoneID`, its place's zone).
  public var timeZoneID: String
  /// For an item whose place has no town name or address (a point typed
  /// or set on the map): the city of the venue nearest to it within
  /// 200 km, which names the place ("near Chicago"); nil otherwise.
  public var nearCity: String?

  /// Creates a fixed point; see the properties.
  public init(
    kind: Kind, day: Int, arrival: Date, departure: Date, timeZoneID: String,
    nearCity: String? = nil
  ) {
    self.kind = kind
    self.day = day
    self.arrival = arrival
    self.departure = departure
    self.timeZoneID = timeZoneID
    self.nearCity = nearCity
  }

  /// The item, nil for a game.
  public var item: ItineraryItem? {
    if case .item(let item) = kind { return item }
    return nil
  }

  /// The point as the traveller leaves it, in words: `"Dinner" at 5:30 pm
  /// CDT in Chicago, IL, United States`, or `the end of MIL @ DET at
  /// Comerica Park, Detroit (about 10:10 pm EDT, 3 h after its 7:10 pm EDT
  /// est. start)`.
  public var leaving: String {
    switch kind {
    case .item: return reaching
    case .game(let g, let venue):
      let zone = g.game.timeZone
      let end =
        "\(LocalTime.clock(g.game.end, in: zone)) \(LocalTime.abbreviation(zone, at: g.game.end))"
      let start = ExportSupport.gameTime(g.game, estimated: " est.", unknown: "")
      return
        "the end of \(g.title) at \(venue) (about \(end), \(ExportSupport.duration(Game.duration)) after its \(start) start)"
    }
  }

  /// The point as the traveller reaches it, in words: `"Dinner" at 5:30 pm
  /// CDT in Chicago, IL, United States`, or `MIL @ DET at Comerica Park,
  /// Detroit (7:10 pm EDT est.)`.
  public var reaching: String {
    switch kind {
    case .game(let g, let venue):
      return
        "\(g.title) at \(venue) (\(ExportSupport.gameTime(g.game, estimated: " est.", unknown: "")))"
    case .item(let item):
      let custom = item.customInfo
      var clock = ""
      if let zone = TimeZone(identifier: timeZoneID) {
        clock =
          " at \(LocalTime.clock(arrival, in: zone)) \(LocalTime.abbreviation(zone, at: arrival))"
      }
      let place: String
      if let name = custom?.placeName {
        place = " in \(name)"
      } else if let address = custom?.address {
        place = " at \(address)"
      } else if let city = nearCity {
        place = " near \(city)"
      } else if let point = custom?.coordinate {
        place =
          " at its place (\(FixedPoint.text(point.latitude, decimals: 4)), \(FixedPoint.text(point.longitude, decimals: 4)))"
      } else {
        place = ""
      }
      return "\"\(item.title)\"\(clock)\(place)"
    }
  }

  /// "the game starts", "the game ends", or the item's title in quotes:
  /// how the other end of a finding names this one.
  func short(leaving: Bool) -> String {
    switch kind {
    case .game: return leaving ? "the game ends" : "the game starts"
    case .item(let item): return "\"\(item.title)\""
    }
  }
}

/// A day that cannot be done as planned (issue 28, item 5): between two
/// fixed points that follow each other in time (`FixedStop`: games, and
/// custom items with a place and a time), at least one of them an item,
/// the travel (the estimate the route uses for its legs, `RouteEstimator`)
/// does not fit between leaving the first and reaching the second,
/// compared as instants (`Itinerary.impossibleDays(estimator:)`).
///
/// Two games alone are a tight leg's business (`TightLeg`), not this one's.
/// An item without a time is no fixed point: its place still lies on the
/// route between them (the drive goes by way of it); an item without a
/// place is not on the route at all.
public struct ImpossibleDay: Sendable, Hashable {
  /// The 1-based day that cannot be done: the item's day (with two items,
  /// the second one's).
  public var day: Int
  /// The item the finding is about: the timed item of the pair (the
  /// second one when both are items).
  public var item: ItineraryItem
  /// The fixed point left.
  public var from: FixedStop
  /// The fixed point to reach.
  public var to: FixedStop
  /// From leaving `from` to reaching `to`, seconds (negative when `to`
  /// is reached before `from` is left: an item during a game elsewhere).
  public var availableSeconds: Double
  /// The estimated travel between them along the route, seconds.
  public var neededSeconds: Double
  /// Whether the travel includes a flight (with its time at airports).
  public var includesFlight: Bool
  /// The places the route passes between them (items without a time, a
  /// game without a known time), as the route names them.
  public var via: [String]

  /// The finding in words, naming the day, both points, their times in
  /// their own zones and the figures:
  ///
  /// ```swift
  /// impossible.message
  /// // "Day 4 cannot be done: \"Dinner\" at 5:30 pm CDT in Chicago, IL,
  /// //  United States and MIL @ DET at Comerica Park, Detroit (7:10 pm EDT
  /// //  est.) are about 4 h 46 min's drive apart, but there is only 40 min
  /// //  between them."
  /// ```
  public var message: String {
    let apart: String
    if neededSeconds <= 0 {
      apart = "are at the same place"
    } else if includesFlight {
      apart =
        "are about \(ExportSupport.duration(neededSeconds)) of travel apart (a flight, its time at airports included)"
    } else {
      apart = "are about \(ExportSupport.duration(neededSeconds))'s drive apart"
    }
    let by = via.isEmpty ? "" : " by way of \(ImpossibleDay.list(via))"
    let gap: String
    if availableSeconds > 0 {
      gap = "but there is only \(ExportSupport.duration(availableSeconds)) between them"
    } else if availableSeconds == 0 {
      gap = "but there is no time between them"
    } else {
      gap =
        "but \(to.short(leaving: false)) \(to.item == nil ? "" : "is ")\(ExportSupport.duration(-availableSeconds)) before \(from.short(leaving: true))"
    }
    return "Day \(day) cannot be done: \(from.leaving) and \(to.reaching) \(apart)\(by), \(gap)."
  }

  /// "A", "A and B", "A, B and C".
  static func list(_ names: [String]) -> String {
    guard names.count > 1, let last = names.last else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }
}

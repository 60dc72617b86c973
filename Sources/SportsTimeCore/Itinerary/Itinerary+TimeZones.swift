import Foundation

/// The zone a timed custom item's time is local to by the item commands'
/// rule (`VenueTimeZones.timePlace(of:position:)`), and where that zone
/// comes from, for messages.
public struct ItemTimePlace: Sendable, Hashable {
  /// The IANA zone id (`America/Los_Angeles`).
  public var timeZoneID: String
  /// The city named in messages ("Los Angeles").
  public var city: String
  /// True when the item's own location gave the zone (the nearest venue
  /// within 200 km), false when its position in the itinerary did.
  public var fromLocation: Bool

  /// Creates a place; see the properties.
  public init(timeZoneID: String, city: String, fromLocation: Bool) {
    self.timeZoneID = timeZoneID
    self.city = city
    self.fromLocation = fromLocation
  }

  /// Where the item is, in words:
  ///
  /// ```swift
  /// place.whereabouts
  /// // "its location is in New York (America/New_York)"
  /// // "at that point the trip is in Los Angeles (America/Los_Angeles)"
  /// ```
  public var whereabouts: String {
    fromLocation
      ? "its location is in \(city) (\(timeZoneID))"
      : "at that point the trip is in \(city) (\(timeZoneID))"
  }
}

extension Itinerary {
  /// The zone each timed custom item's time must be local to, by item id —
  /// what the item commands give it (issue 8, items 1 and 8 of the
  /// review; docs/decisions/0002, "Times follow their position"):
  ///
  /// - an item with its own location takes the zone of the nearest venue
  ///   within 200 km of it, wherever it sits (Unscheduled too: the zone
  ///   does not depend on its position);
  /// - any other item on the trip's days takes the zone of where the trip
  ///   is at its position (`DragSession.place(atSlot:)`);
  /// - an Unscheduled item without a nearby venue has no position: it keeps
  ///   the zone it has (as a re-plan leaves it, and as `move` re-zones it
  ///   when it comes back onto a day); one without a zone takes where the
  ///   trip is at its start (a day before the trip) or at its end (a day
  ///   after it), as a legacy import places Unscheduled items.
  ///
  /// Items without a time are not listed (they have no zone).
  /// - Complexity: O(n · v) for n rows and v venues, plus O(n) for each
  ///   Unscheduled timed item without a zone or a nearby venue.
  public func timePlaces() -> [ItineraryItem.ID: ItemTimePlace] {
    let positions = Itinerary.positionPlaces(in: layout, schedule: schedule)
    var result: [ItineraryItem.ID: ItemTimePlace] = [:]
    for row in numberedRows {
      guard let item = row.item, let custom = item.customInfo, custom.time != nil else { continue }
      let located =
        (custom.coordinate != nil && custom.placeTimeZoneID != nil)
        || custom.coordinate.flatMap { venueZones.nearestVenue(to: $0) } != nil
      let position: (timeZoneID: String, city: String)?
      if schedule.contains(day: item.day) {
        position = positions[item.id]
      } else if located {
        position = nil
      } else if custom.timeZoneID == nil {
        let session = try? DragSession(item: item, layout: layout, constraints: constraints)
        position = session?.place(atSlot: item.day < 1 ? 0 : session?.rowCount ?? 0)
      } else {
        continue
      }
      guard let place = venueZones.timePlace(of: custom, position: position) else { continue }
      result[item.id] = ItemTimePlace(
        timeZoneID: place.timeZoneID, city: place.city, fromLocation: located)
    }
    return result
  }
}

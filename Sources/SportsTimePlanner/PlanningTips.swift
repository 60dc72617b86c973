/// One short, practical piece of advice for a sports road trip: rainouts,
/// time zones, driving, tickets, what a venue lets you bring in, and so on.
///
/// A tip is one or two sentences of at most 200 characters, ending with a
/// period. Its `id` is a stable slug (`"arizona-no-dst"`): front ends may
/// remember it (the app asks for tips other than those it shows), so an id
/// is never reused for another tip.
///
/// Source: written for this project, in its own words, from general,
/// long-standing facts; where a rule differs by venue or may change, the
/// tip says to check the team's site.
public struct PlanningTip: Sendable, Hashable, Codable, Identifiable {
  /// What a tip is about.
  public enum Topic: String, Sendable, Hashable, Codable, CaseIterable {
    /// Postponed games, makeups and doubleheaders.
    case rainouts
    /// Start times, series, getaway days, off days and breaks.
    case scheduling
    /// Time zones and daylight saving time.
    case timeZones
    /// Heat, cold, storms and roofs, by region and month.
    case weather
    /// Daily limits, fatigue, tolls, borders and distances.
    case driving
    /// Buying, holding and using tickets.
    case tickets
    /// What a venue lets in and how it works inside.
    case ballpark
    /// Parking and getting to and from the venue.
    case parking
    /// Eating at and around the game.
    case food
    /// Hotels.
    case lodging
    /// Keeping the trip's cost down.
    case budget
    /// Travelling with children.
    case family
    /// Getting in and around with a disability.
    case accessibility
    /// The NBA, the NHL and the NFL.
    case otherSports

    /// The topic as a heading: `"Time zones"` for `.timeZones`.
    public var title: String {
      switch self {
      case .rainouts: return "Rainouts"
      case .scheduling: return "Scheduling"
      case .timeZones: return "Time zones"
      case .weather: return "Weather"
      case .driving: return "Driving"
      case .tickets: return "Tickets"
      case .ballpark: return "At the venue"
      case .parking: return "Parking"
      case .food: return "Food"
      case .lodging: return "Lodging"
      case .budget: return "Budget"
      case .family: return "Family"
      case .accessibility: return "Accessibility"
      case .otherSports: return "NBA, NHL and NFL"
      }
    }
  }

  /// A stable, short, lowercase slug (`"nfl-clear-bags"`).
  public var id: String
  /// What the tip is about.
  public var topic: Topic
  /// The advice: one or two sentences, at most 200 characters.
  public var text: String

  /// A tip; see the properties.
  public init(id: String, topic: Topic, text: String) {
    self.id = id
    self.topic = topic
    self.text = text
  }
}

/// The planning tips shown by `sportstime tips` and on the app's home
/// screen (issue 12): short, practical advice for sports road trips.
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// PlanningTips.random(3, using: &generator)  // three different tips
/// PlanningTips.tips(about: .timeZones).first?.id  // "arizona-no-dst"
/// ```
///
/// Source: written for this project (see `PlanningTip`).
public enum PlanningTips {
  /// Every tip, grouped by topic in `PlanningTip.Topic.allCases` order;
  /// ids and texts are unique.
  public static let all: [PlanningTip] =
    rainouts + scheduling + timeZones + weather + driving
    + tickets + ballpark + parking + food + lodging + budget + family + accessibility
    + otherSports

  /// The tips about `topic`, in `all`'s order.
  /// - Complexity: O(n) in the number of tips.
  public static func tips(about topic: PlanningTip.Topic) -> [PlanningTip] {
    all.filter { $0.topic == topic }
  }

  /// `count` different tips of `all`, picked at random by `generator`.
  ///
  /// `count` is clamped to `0...all.count`: a negative count gives none, a
  /// count above `all.count` gives every tip (in a random order).
  ///
  /// ```swift
  /// var generator = SystemRandomNumberGenerator()
  /// PlanningTips.random(3, using: &generator).count  // 3
  /// PlanningTips.random(1_000, using: &generator).count  // all.count
  /// ```
  /// - Parameters:
  ///   - count: How many tips.
  ///   - generator: The source of randomness (a seeded one repeats its
  ///     picks).
  /// - Returns: distinct tips (no id twice), in the order picked.
  /// - Complexity: O(n) in the number of tips.
  public static func random(
    _ count: Int, using generator: inout some RandomNumberGenerator
  ) -> [PlanningTip] {
    random(count, from: all, using: &generator)
  }

  /// `count` different tips of `pool`, picked at random by `generator`
  /// (a topic's tips, those not yet shown, …).
  ///
  /// A tip whose id appears earlier in `pool` is left out, so the answer
  /// never holds an id twice; `count` is clamped to `0...` the number of
  /// distinct ids.
  /// - Parameters:
  ///   - count: How many tips.
  ///   - pool: The tips to pick from.
  ///   - generator: The source of randomness.
  /// - Returns: distinct tips, in the order picked.
  /// - Complexity: O(n) in the size of `pool`.
  public static func random(
    _ count: Int, from pool: [PlanningTip], using generator: inout some RandomNumberGenerator
  ) -> [PlanningTip] {
    var seen: Set<String> = []
    var tips = pool.filter { seen.insert($0.id).inserted }
    let wanted = min(max(count, 0), tips.count)
    // A partial Fisher–Yates shuffle: the first `wanted` places only.
    for index in 0..<wanted {
      tips.swapAt(index, Int.random(in: index..<tips.count, using: &generator))
    }
    return Array(tips.prefix(wanted))
  }

  // MARK: The tips, by topic

  private static func tip(_ topic: PlanningTip.Topic, _ id: String, _ text: String) -> PlanningTip {
    PlanningTip(id: id, topic: topic, text: text)
  }

  private static let rainouts: [PlanningTip] = [
    tip(
      .rainouts, "rainout-makeup",
      "A rained-out MLB game is usually made up later in the season, often as a doubleheader when the visitors next come to town."
    ),
    tip(
      .rainouts, "rain-check-rules",
      "Rain-check rules differ: some teams let you exchange the ticket for another game, others only honour it at the makeup. Read them on the team's site."
    ),
    tip(
      .rainouts, "split-doubleheader",
      "A split (day-night) doubleheader needs a separate ticket for each game; a traditional doubleheader admits you to both on one ticket."
    ),
    tip(
      .rainouts, "official-game",
      "A game stopped by weather after five innings (four and a half with the home team ahead) usually counts as complete, so it may never be made up."
    ),
    tip(
      .rainouts, "spare-day",
      "If one game is the reason for the whole trip, leave a spare day after it: a rainout may be made up the next day, or months later."
    ),
    tip(
      .rainouts, "postponement-news",
      "Postponements are often announced a few hours before first pitch; on a stormy day, watch the team's app and social accounts before you set off."
    ),
    tip(
      .rainouts, "rain-delays",
      "Teams try hard to get a game in the same day, so rain delays can last hours. Bring a layer and stay unless the game is officially called."
    ),
    tip(
      .rainouts, "roofed-parks",
      "Parks with a roof (Toronto, Milwaukee, Houston, Arlington, Phoenix, Miami, Seattle, and Tampa Bay\u{2019}s dome when in use) rarely lose a game to rain."
    ),
    tip(
      .rainouts, "reimport-after-rainouts",
      "After rainouts, import the newer schedule again: SportsTime moves each postponed game to its makeup date, and your trips follow it."
    ),
  ]

  private static let scheduling: [PlanningTip] = [
    tip(
      .scheduling, "getaway-day",
      "The last game of a series is often a getaway-day game, played in the afternoon so both teams can travel. Check its start time before planning the day."
    ),
    tip(
      .scheduling, "day-after-night",
      "Day games often follow night games, on Sundays and getaway days especially; a night game then a 1 pm first pitch leaves no time for a long drive."
    ),
    tip(
      .scheduling, "two-park-day",
      "A weekday afternoon game and a night game in a city about two hours away can make a two-park day; leave room for postgame traffic."
    ),
    tip(
      .scheduling, "tv-time-changes",
      "Start times can change when a game is picked for national TV, so check your games' times again a week before and the day before."
    ),
    tip(
      .scheduling, "mlb-off-days",
      "Monday and Thursday are the most common MLB off days; they make good days for the longer drives or for sightseeing."
    ),
    tip(
      .scheduling, "all-star-break",
      "MLB's All-Star break in mid-July leaves three or four days with no regular-season games; plan the trip around it, or for the game itself."
    ),
    tip(
      .scheduling, "spring-training",
      "Spring training runs from late February through March; the Cactus League's parks are all around Phoenix and the Grapefruit League's across Florida."
    ),
    tip(
      .scheduling, "estimated-times",
      "Retrosheet schedules say only day or night, so SportsTime shows estimated times (1:10 pm, 7:10 pm) marked est.; check the real time on the team's site."
    ),
    tip(
      .scheduling, "games-abroad",
      "MLB, the NBA, the NHL and the NFL each play some regular-season games abroad: check the venue of a game before you book travel to its home city."
    ),
  ]

  private static let timeZones: [PlanningTip] = [
    tip(
      .timeZones, "arizona-no-dst",
      "Arizona does not use daylight saving time (the Navajo Nation does), so from March to November Phoenix keeps the same clock as Los Angeles."
    ),
    tip(
      .timeZones, "arizona-winter",
      "From November to March, Phoenix is an hour ahead of Los Angeles and on the same clock as Denver."
    ),
    tip(
      .timeZones, "local-start-times",
      "Schedules and tickets give each game in the home venue's local time; convert it before planning a drive across a time-zone line."
    ),
    tip(
      .timeZones, "east-loses-an-hour",
      "Driving east loses an hour at each time-zone line and driving west gains one; count it when you race to a night game."
    ),
    tip(
      .timeZones, "great-lakes-zones",
      "Detroit and Cleveland are on Eastern time, Chicago and Milwaukee on Central: the drive from Chicago to Detroit loses an hour."
    ),
    tip(
      .timeZones, "dst-weekends",
      "In most of the US and Canada, clocks go forward on the second Sunday of March and back on the first Sunday of November; mind game times that weekend."
    ),
    tip(
      .timeZones, "time-back-home",
      "A 7:10 pm game in Phoenix in July starts at 10:10 pm in New York; give family back home the time in their own zone."
    ),
    tip(
      .timeZones, "mexico-city",
      "Mexico City has not used daylight saving time since 2022: in summer it is an hour behind Chicago, in winter on the same clock."
    ),
    tip(
      .timeZones, "sportstime-local-times",
      "SportsTime shows every game in its venue's time zone, with the zone's abbreviation, wherever you and your computer happen to be."
    ),
  ]

  private static let weather: [PlanningTip] = [
    tip(
      .weather, "texas-arizona-heat",
      "Texas and Arizona summers are fiercely hot; the MLB parks in Houston, Arlington and Phoenix have retractable roofs and air conditioning."
    ),
    tip(
      .weather, "summer-sun",
      "A summer day game can mean three hours in full sun at 90 °F or more; bring sunscreen, a hat and water, or buy seats in the shade."
    ),
    tip(
      .weather, "april-cold",
      "April night games around the Great Lakes and in the Northeast can be close to freezing; pack a warm hat, gloves and layers."
    ),
    tip(
      .weather, "hurricane-season",
      "Atlantic hurricane season runs from June 1 to November 30 and peaks from mid-August to mid-October; watch forecasts on Florida and Gulf Coast trips."
    ),
    tip(
      .weather, "southeast-storms",
      "Summer afternoons in Florida and the Southeast often bring thunderstorms; lightning nearby can delay a game at an open-air park."
    ),
    tip(
      .weather, "nfl-december",
      "December NFL games in Green Bay, Buffalo, Chicago, Cleveland, New England or Kansas City can be well below freezing, with snow; dress for hours outside."
    ),
    tip(
      .weather, "nfl-roofs",
      "NFL stadiums with a roof (Detroit, Minneapolis, Indianapolis, Atlanta, New Orleans, Las Vegas and others) make a December game weatherproof."
    ),
    tip(
      .weather, "winter-roads",
      "Snow and ice can close highways in the Midwest and Northeast in winter; leave slack between games on a winter trip."
    ),
    tip(
      .weather, "denver-altitude",
      "Denver sits a mile high: the sun is stronger and you dry out faster, so drink water and wear sunscreen at Coors Field."
    ),
    tip(
      .weather, "wildfire-smoke",
      "Wildfire smoke can make the air unhealthy in summer, most often in the West; check the air-quality index if smoke bothers your breathing."
    ),
  ]

  private static let driving: [PlanningTip] = [
    tip(
      .driving, "daily-limit",
      "Set a daily driving limit you would enjoy (many travellers pick about eight hours) and take a break every two hours or so."
    ),
    tip(
      .driving, "after-a-night-game",
      "After a night game you may not reach the car before 10:30 pm; sleep nearby and drive on in the morning rather than through the night."
    ),
    tip(
      .driving, "drowsy-driving",
      "Drowsy driving is dangerous: if you yawn, drift or miss an exit, pull off somewhere safe and rest. Coffee only delays the sleep you need."
    ),
    tip(
      .driving, "postgame-traffic",
      "Leaving a stadium lot can take 30 to 60 minutes after a big game; count that into the first leg of any drive."
    ),
    tip(
      .driving, "estimate-buffer",
      "Drive estimates assume steady highway speeds; cities, road work and rush hour add time, so give every leg a buffer."
    ),
    tip(
      .driving, "tight-legs",
      "When SportsTime warns of a tight leg (a drive that does not fit between two games), drop one of the games or pick one on another day."
    ),
    tip(
      .driving, "max-drive-hours",
      "The planner\u{2019}s --max-drive-hours caps each leg per calendar day: a night game then a 1 pm game can still mean an early start, so pick a limit with room."
    ),
    tip(
      .driving, "cashless-tolls",
      "Many toll roads in the Northeast, Midwest, Florida and Texas no longer take cash; bring a transponder or learn how your rental car bills tolls."
    ),
    tip(
      .driving, "canada-border",
      "Driving to a game in Canada needs a passport or another accepted document, and your rental company's permission to cross the border."
    ),
    tip(
      .driving, "far-west",
      "Seattle and Denver are a long day's drive or more from any other MLB park; a flight can save a whole day of the trip."
    ),
    tip(
      .driving, "northeast-corridor",
      "The Northeast packs Boston, New York, Philadelphia, Baltimore and Washington into about 450 miles of interstate: six MLB teams within a week's easy driving."
    ),
  ]

  private static let tickets: [PlanningTip] = [
    tip(
      .tickets, "official-resale",
      "Buy from the team or the league's official resale partner; tickets from street sellers or unknown sites may be fake or already used."
    ),
    tip(
      .tickets, "mobile-tickets",
      "Most teams in the four leagues use mobile tickets; install the app your team uses and sign in before you travel, not at the gate."
    ),
    tip(
      .tickets, "no-screenshots",
      "Screenshots of mobile tickets often won't scan, because many barcodes keep changing; add the ticket to your phone's wallet instead."
    ),
    tip(
      .tickets, "charged-phone",
      "A dead phone can mean no ticket: charge it before the game and carry a small battery pack."
    ),
    tip(
      .tickets, "cheap-games",
      "Weekday games against less popular opponents are usually the cheapest; weekends, rivals, giveaways and fireworks nights cost more."
    ),
    tip(
      .tickets, "dynamic-pricing",
      "Many teams change prices with demand, so the same seat can cost more as a big game nears; for a must-see game, buy early."
    ),
    tip(
      .tickets, "batting-practice",
      "Gates often open 90 minutes or more before first pitch; arrive then to watch batting practice. Gate times are on the team's site."
    ),
    tip(
      .tickets, "no-batting-practice",
      "Teams often skip batting practice on the field before a day game that follows a night game; save your early arrival for a night game."
    ),
    tip(
      .tickets, "shade-seats",
      "Which seats get shade differs from park to park; check the team's seating guide before buying seats for a day game."
    ),
    tip(
      .tickets, "postseason",
      "Postseason tickets are sold on their own, often first to season-ticket holders and presale sign-ups; check the team's site."
    ),
  ]

  private static let ballpark: [PlanningTip] = [
    tip(
      .ballpark, "mlb-bag-rules",
      "MLB parks limit bag sizes and some allow only small or clear bags; check the team's site before you pack, as the rules change."
    ),
    tip(
      .ballpark, "nfl-clear-bags",
      "NFL stadiums admit only clear bags up to 12 × 6 × 12 inches or a one-gallon clear plastic bag, plus a small clutch about the size of a hand."
    ),
    tip(
      .ballpark, "arena-bags",
      "NBA and NHL arenas often allow only small bags, some only clutches; leave the backpack in the car or at the hotel."
    ),
    tip(
      .ballpark, "outside-food",
      "Many MLB parks let you bring food in, usually in a clear bag or a small soft cooler; the rules differ, so check the team's site."
    ),
    tip(
      .ballpark, "glass-and-cans",
      "Many ballparks allow a sealed plastic bottle of water, but glass, cans and outside alcohol are banned almost everywhere."
    ),
    tip(
      .ballpark, "cashless-venues",
      "Many stadiums and arenas no longer take cash; bring a card or a phone wallet, and look for kiosks that turn cash into a prepaid card."
    ),
    tip(
      .ballpark, "no-reentry",
      "Most venues do not let you back in once you leave, so take what you need when you go in."
    ),
    tip(
      .ballpark, "batting-practice-glove",
      "Bring a glove to batting practice: far more balls reach the outfield seats then than during the game."
    ),
    tip(
      .ballpark, "foul-balls",
      "Foul balls and broken bats come into the stands fast; keep watching the batter, above all in seats beyond the protective netting."
    ),
    tip(
      .ballpark, "last-call",
      "Alcohol sales stop before the end of the game at nearly every venue, so don't count on buying a drink late in the game."
    ),
  ]

  private static let parking: [PlanningTip] = [
    tip(
      .parking, "prepaid-parking",
      "Where the team sells parking online, buying it ahead is often cheaper than paying at the lot, and it holds you a space."
    ),
    tip(
      .parking, "parking-costs",
      "Stadium parking can cost more than a cheap ticket; a lot a short walk away, or the train, is often far cheaper."
    ),
    tip(
      .parking, "remember-the-spot",
      "Take a photo of the lot sign or drop a pin where you park: big lots look alike at night."
    ),
    tip(
      .parking, "transit",
      "Many downtown ballparks and arenas are easiest to reach by train or light rail; look for park-and-ride lots outside the center."
    ),
    tip(
      .parking, "hide-the-luggage",
      "With luggage in the car, leave nothing in sight: put bags in the trunk before you reach the stadium, not in the lot where people watch."
    ),
    tip(
      .parking, "nfl-lots",
      "NFL lots often open hours before kickoff and can sell out; buy a parking pass ahead if you plan to drive to the game."
    ),
  ]

  private static let food: [PlanningTip] = [
    tip(
      .food, "signature-dish",
      "Most parks have a signature local dish; look it up on the team's site and try it instead of a plain hot dog."
    ),
    tip(
      .food, "eat-nearby",
      "Ballpark food costs more than the same meal down the street; eat a real meal before or after the game and just snack inside."
    ),
    tip(
      .food, "concession-lines",
      "Concession lines are shortest while play is on and longest between innings, at halftime and during intermissions."
    ),
    tip(
      .food, "mobile-ordering",
      "Many venues let you order food in the team's app and pick it up at a window, skipping the line."
    ),
    tip(
      .food, "dietary-needs",
      "Many parks sell gluten-free, vegetarian and kosher food; the team's site usually says where to find it."
    ),
    tip(
      .food, "tailgating",
      "Tailgating is part of many NFL game days, but lots set opening times and rules on grills and alcohol; check them before you go."
    ),
    tip(
      .food, "car-cooler",
      "Pack a cooler with drinks and snacks for the car: it cuts costs and keeps road stops short."
    ),
  ]

  private static let lodging: [PlanningTip] = [
    tip(
      .lodging, "book-early",
      "Hotels near a ballpark fill up and cost more on weekends and for big series; book as soon as your dates are firm."
    ),
    tip(
      .lodging, "free-cancellation",
      "Book rooms with free cancellation where you can: a rainout or a changed start time may shift your nights."
    ),
    tip(
      .lodging, "transit-hotels",
      "A hotel a short train ride from the venue is often cheaper than one next door, and you skip game-day parking."
    ),
    tip(
      .lodging, "late-arrival",
      "After a night game you may not reach the hotel before midnight; tell the hotel you will arrive late so it keeps the room."
    ),
    tip(
      .lodging, "hotel-parking",
      "Downtown hotel parking in big cities often costs $40 or more a night; a hotel with free parking, or near a train, saves real money."
    ),
    tip(
      .lodging, "hotels-on-the-route",
      "Add each hotel to the trip as an item on its day, with its address and coordinates: the trip's route then runs through it."
    ),
  ]

  private static let budget: [PlanningTip] = [
    tip(
      .budget, "daily-budget",
      "Set a daily budget for tickets, food, fuel and rooms; on many trips the rooms, not the games, cost the most."
    ),
    tip(
      .budget, "fuel-math",
      "Work out the fuel before you go: at 25 miles per gallon, 1,000 miles takes 40 gallons."
    ),
    tip(
      .budget, "discounts",
      "Many teams offer discounts for children, students, seniors and the military; check the team's site or ask at the box office."
    ),
    tip(
      .budget, "ticket-packages",
      "Ticket packages that include food, or family four-packs, can cost less than buying each part; check the team's promotions."
    ),
    tip(
      .budget, "foreign-fees",
      "For games in Canada or Mexico, a card without foreign-transaction fees saves a little on every purchase."
    ),
    tip(
      .budget, "rental-insurance",
      "Before renting a car, check your own insurance and credit card: many already cover rentals, so you may not need the counter's extra cover."
    ),
  ]

  private static let family: [PlanningTip] = [
    tip(
      .family, "lap-children",
      "Young children (often those under 2 or 3) can sit on a lap for free at many venues; check the team's age rule before you buy."
    ),
    tip(
      .family, "ear-protection",
      "Ear defenders or noise-cancelling headphones help young children at loud arenas and football stadiums."
    ),
    tip(
      .family, "play-areas",
      "Many ballparks have a play area for children; plan a mid-game break there when they get restless."
    ),
    tip(
      .family, "short-driving-days",
      "With young children, keep driving days short (four to six hours with stops) and plan a stop at a pool or a playground."
    ),
    tip(
      .family, "meeting-spot",
      "Pick a meeting spot in case you get separated, and put your phone number in your child's pocket or on a wristband."
    ),
    tip(
      .family, "afternoon-games",
      "Afternoon games suit young children better than weeknight games, which can end after 10 pm."
    ),
    tip(
      .family, "run-the-bases",
      "Many MLB teams let children run the bases after some Sunday home games; the promotions calendar says which."
    ),
  ]

  private static let accessibility: [PlanningTip] = [
    tip(
      .accessibility, "accessible-seats",
      "Every major-league venue sells wheelchair-accessible seats with companion seats; the team's own ticketing is the surest way to get them."
    ),
    tip(
      .accessibility, "accessible-parking",
      "Accessible parking near the gates is limited; reserve it ahead where the team sells it, and bring your placard."
    ),
    tip(
      .accessibility, "guest-services",
      "Guest services at most venues lend assistive listening devices and help people reach their seats; their booth is usually near a main gate."
    ),
    tip(
      .accessibility, "sensory-needs",
      "Many venues offer sensory bags and quiet rooms for guests with autism or other sensory needs; ask guest services."
    ),
    tip(
      .accessibility, "service-animals",
      "Trained service animals are welcome at US venues; emotional-support animals and pets usually are not, apart from special pet days."
    ),
    tip(
      .accessibility, "older-parks",
      "Older ballparks can have long ramps, steep aisles and few elevators; check the accessible routes on the team's site."
    ),
    tip(
      .accessibility, "drop-off-zones",
      "Use the venue's drop-off zone to let passengers with limited mobility out near a gate before you park."
    ),
  ]

  private static let otherSports: [PlanningTip] = [
    tip(
      .otherSports, "nba-back-to-backs",
      "NBA teams play some back-to-backs, games on two nights in a row; a star may rest for one, so check injury reports if a player is why you go."
    ),
    tip(
      .otherSports, "nhl-back-to-backs",
      "NHL teams play back-to-backs too, and the starting goalie often sits out one of the two games."
    ),
    tip(
      .otherSports, "shared-arenas",
      "NBA and NHL teams share an arena in several cities, among them Boston, New York, Philadelphia, Denver and Toronto; on a few days both play there."
    ),
    tip(
      .otherSports, "winter-seasons",
      "The NBA and NHL seasons run from October to April, with playoffs into June, so a winter trip can pair basketball and hockey in one city."
    ),
    tip(
      .otherSports, "nhl-game-length",
      "An NHL game has three 20-minute periods and two intermissions of about 17 minutes; with stoppages it takes about two and a half hours."
    ),
    tip(
      .otherSports, "nfl-game-days",
      "Most NFL games are on Sunday, with one on Thursday night and one or two on Monday night; late in the season some move to Saturday."
    ),
    tip(
      .otherSports, "nfl-kickoffs",
      "Sunday NFL kickoffs are at 1:00, 4:05 or 4:25 pm Eastern, and 8:20 pm for the night game; convert them for games in other zones."
    ),
    tip(
      .otherSports, "nfl-flex",
      "Later in the season NFL games can be moved to another time or night with a week or two of notice; keep the plans around them loose."
    ),
    tip(
      .otherSports, "nfl-final-week",
      "Final-week NFL games get their days and times only about a week ahead, once the league sees which games matter for the playoffs."
    ),
    tip(
      .otherSports, "nfl-home-games",
      "In a 17-game season an NFL team has eight or nine home games (fewer if one is played abroad), so a team is at home about every other week."
    ),
    tip(
      .otherSports, "thanksgiving",
      "Every Thanksgiving Day the Lions play at home in Detroit and the Cowboys near Dallas; a third game follows at night."
    ),
  ]
}

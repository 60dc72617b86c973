import Foundation
import Spelling

/// A name that does not identify one team or venue.
public enum CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No team has this code, abbreviation or alias.
  case unknownTeam(String, suggestion: String?)
  /// Several teams share this alias: each as it is printed, abbreviation
  /// and full name (`CWS (Chicago White Sox)`).
  case ambiguousTeam(String, candidates: [String])
  /// No venue has this code or name.
  case unknownVenue(String, suggestion: String?)
  /// Several venue names contain this text.
  case ambiguousVenue(String, candidates: [String])
  /// The text names a venue — by its name, or through `team`, a team
  /// playing there — of other sports than the one asked for.
  case venueOfOtherSport(String, venue: String, sports: [Sport], asked: Sport, team: String?)
  /// The text names no team of the sport asked for but other sports'
  /// teams: each team's full name with its sport (`teams[i]` plays
  /// `sports[i]`).
  case teamOfOtherSport(String, teams: [String], sports: [Sport], asked: Sport)
  /// The text names teams of several sports (`BOS`: the Celtics and the
  /// Bruins): each as `SPORT:CODE (full name)`, in `Sport.allCases` order.
  case teamOfSeveralSports(String, candidates: [String])

  public var description: String {
    switch self {
    case .unknownTeam(let name, let suggestion):
      return "no team is called '\(name)'"
        + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
    case .ambiguousTeam(let name, let candidates):
      return
        "'\(TextNormalization.excerpt(name))' could mean \(candidates.joined(separator: " or ")); use its abbreviation"
    case .unknownVenue(let name, let suggestion):
      return "no venue is called '\(name)'"
        + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
    case .ambiguousVenue(let name, let candidates):
      return "'\(name)' matches several venues: \(candidates.joined(separator: ", "))"
    case .venueOfOtherSport(let name, let venue, let sports, let asked, let team):
      let kinds = sports.map(\.rawValue).joined(separator: " and ")
      if let team {
        return
          "'\(name.prefix(80))' is the \(team), an \(kinds) team playing at \(venue), not an \(asked.rawValue) team"
      }
      return "\(venue) is an \(kinds) venue, not an \(asked.rawValue) one"
    case .teamOfSeveralSports(let name, let candidates):
      let first = candidates.first.map { String($0.prefix { $0 != " " }) } ?? "NBA:BOS"
      return
        "'\(TextNormalization.excerpt(name))' is a team of several sports: \(candidates.joined(separator: " or ")); put the sport before the team, as in \(first)"
    case .teamOfOtherSport(let name, let teams, let sports, let asked):
      // Every league's abbreviation is said with a vowel sound: "an NBA".
      let which =
        teams.count == 1
        ? "the \(teams[0]), an \(sports[0].rawValue) team"
        : zip(teams, sports).map { "the \($0) (\($1.rawValue))" }.joined(separator: " or ")
      return
        "'\(TextNormalization.excerpt(name))' is \(which), not an \(asked.rawValue) team"
    }
  }
}

import Foundation
import SportsTimePlanner

extension WireV1 {
  /// One planning tip (`PlanningTip`): `{id, topic, topicTitle, text}`. `sportstime
  /// tips --json` prints an array of them; `GET /api/tips` answers them in
  /// `Tips`.
  public struct Tip: Codable, Sendable, Hashable {
    /// The tip's stable slug (`"arizona-no-dst"`).
    public var id: String
    /// Its topic's raw value (`"timeZones"`, `"otherSports"`, …).
    public var topic: String
    /// Its topic as a reader sees it (`"Time zones"`; `PlanningTip.Topic.title`).
    public var topicTitle: String
    /// The advice: one or two sentences, at most 200 characters.
    public var text: String

    /// The document of `tip`.
    public init(_ tip: PlanningTip) {
      id = tip.id
      topic = tip.topic.rawValue
      topicTitle = tip.topic.title
      text = tip.text
    }
  }

  /// `GET /api/tips`: `{tips: [{id, topic, topicTitle, text}]}`.
  public struct Tips: Codable, Sendable, Hashable {
    /// The tips, in the order picked.
    public var tips: [Tip]

    /// The document of `tips`.
    public init(_ tips: [PlanningTip]) {
      self.tips = tips.map(Tip.init)
    }
  }
}

import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimePlanner

/// `sportstime tips`: planning tips for sports road trips (issue 12), a
/// few at random or all of them, from `SportsTimePlanner.PlanningTips`.
enum TipsCommand {
  static let spec = CommandSpec(
    name: "tips", abstract: "Practical tips for sports road trips, a few at random.",
    discussion: """
      Each line is a tip's topic and its text. Without --all, --count tips are picked at \
      random, each once (fewer when --topic has fewer); --all prints every tip in order, \
      grouped by topic. Topics: \(topicList). The app's home screen shows them too.
      Example:
        sportstime tips --topic timeZones --count 2
      """,
    options: [
      .value(
        "count", valueName: "N", kind: .integer(1...PlanningTips.all.count),
        help: "How many tips to pick (default 3)."),
      .flag("all", help: "Every tip (of --topic, when given), in order."),
      .value(
        "topic", valueName: "TOPIC", kind: .parsed(.choice(of: PlanningTip.Topic.self)),
        help: "Only tips about this topic (rainouts, timeZones, weather, …; any case)."),
      .flag(
        "json", help: "Print an array of {id, topic, topicTitle, text} (format in docs/JSON.md)."),
    ],
    run: { try run(try Context($0)) })

  /// The topics' names, as `--topic` takes them.
  static var topicList: String {
    PlanningTip.Topic.allCases.map(\.rawValue).joined(separator: ", ")
  }

  static func run(_ context: Context) throws {
    let args = context.arguments
    let count = try args.intValue("count")
    if args.flag("all"), count != nil {
      throw args.usageError("give --count or --all, not both")
    }
    let topic = args.value("topic", as: PlanningTip.Topic.self)
    let pool = topic.map(PlanningTips.tips(about:)) ?? PlanningTips.all
    var generator = SystemRandomNumberGenerator()
    let tips =
      args.flag("all") ? pool : PlanningTips.random(count ?? 3, from: pool, using: &generator)
    if args.flag("json") {
      try context.print(wire: tips.map(WireV1.Tip.init))
      return
    }
    for tip in tips {
      context.print(context.style(tip.topic.title + ":", .bold) + " " + tip.text)
    }
  }
}

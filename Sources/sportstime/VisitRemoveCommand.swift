import CLIKit
import Foundation
import SportsTimeCore
import SportsTimeStore

/// `sportstime visit remove`: remove a visit.
extension VisitCommands {
  static let removeSpec = CommandSpec(
    name: "remove", abstract: "Remove a visit.",
    positionals: [PositionalSpec(name: "ID", help: "The visit (id or unique prefix).")],
    run: { try runRemove(try Context($0)) })

  static func runRemove(_ context: Context) throws {
    let id = try context.arguments.requiredPositional("ID")
    let leagues = try context.leagues()
    let store = try context.openStore()
    let visit = try store.removeVisit(id: try VisitResolver(store: store).id(matching: id))
    context.print(
      "Removed visit \(visit.key.prefix(8)): \(context.safe(leagues.summary(of: visit))).")
    context.print(try venueCount(visit, store: store, leagues: leagues))
  }
}

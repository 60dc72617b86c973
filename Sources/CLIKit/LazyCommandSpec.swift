/// A subcommand in a parent's list, known by its name and built only when
/// it is needed.
///
/// A command line selects one command, so the parser builds only the specs
/// on its path (`CommandSpec.subcommand(named:)`); the options of the other
/// commands — their value parsers, choice lists and closures — are never
/// made. Help for a group (`SUBCOMMANDS:`) and `validationProblems()` build
/// every child (`CommandSpec.subcommands`). `build` is called each time the
/// spec is needed, so it should be cheap to call again (return a
/// `static let`, for example).
///
/// `name` must be the built spec's `name`; `CommandSpec.validationProblems()`
/// reports a child whose names differ.
public struct LazyCommandSpec: Sendable {
  /// The word that selects the command, as the built spec's `name`.
  public let name: String
  /// Makes the spec.
  private let make: @Sendable () -> CommandSpec

  /// A child called `name` whose spec `build` makes when it is needed.
  public init(name: String, _ build: @escaping @Sendable () -> CommandSpec) {
    self.name = name
    self.make = build
  }

  /// A child that is already built.
  public init(_ spec: CommandSpec) {
    self.name = spec.name
    self.make = { spec }
  }

  /// The child's spec, built now.
  public func build() -> CommandSpec { make() }

  /// The same child with `transform` applied to its spec when it is built;
  /// `transform` must keep the spec's name.
  public func map(
    _ transform: @escaping @Sendable (CommandSpec) -> CommandSpec
  ) -> LazyCommandSpec {
    let make = self.make
    return LazyCommandSpec(name: name) { transform(make()) }
  }
}

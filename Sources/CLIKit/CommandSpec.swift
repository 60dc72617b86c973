/// A command in the command tree, declared as a value.
///
/// A command with `run == nil` is a *group* (for example `prog trip`):
/// invoking it without a subcommand prints its help to standard output and
/// exits 0. A command with both `run` and `subcommands` runs itself when no
/// subcommand word follows.
///
/// `globalOptions` are only honoured on the root command: they are accepted at
/// any level of the tree, before or after subcommand names. Ordinary `options`
/// are accepted only while their command is the current one, i.e. after its
/// name and before the next subcommand name.
public struct CommandSpec: Sendable {
  /// The closure that performs a leaf command; it receives the parsed arguments.
  public typealias Action = @Sendable (ParsedArguments) throws -> Void
  /// A check of the parsed arguments as a whole, run after parsing and
  /// before the action: rules between options (`--json` and `--out -`
  /// exclude each other) that need nothing but the command line. It throws
  /// a `UsageError` (`ParsedArguments.usageError(_:)`) for a line that
  /// breaks one.
  public typealias Validation = @Sendable (ParsedArguments) throws -> Void

  /// The word that selects the command (`"new"`); for the root, the program name.
  public var name: String
  /// One-line summary, shown at the top of help and in the parent's SUBCOMMANDS list.
  public var abstract: String
  /// Optional longer text shown at the end of help. Lines starting with a space
  /// are printed verbatim (for examples); other lines are word-wrapped.
  public var discussion: String?
  /// Options accepted by this command.
  public var options: [OptionSpec]
  /// Options accepted anywhere on the line; only read from the root command.
  public var globalOptions: [OptionSpec]
  /// Positional arguments, in order.
  public var positionals: [PositionalSpec]
  /// Child commands, selected by name, each built when it is needed (see
  /// `LazyCommandSpec`).
  public var lazySubcommands: [LazyCommandSpec]
  /// Child commands, selected by name, all built now (for help and checks of
  /// the whole tree; the parser builds only the child it selects). Setting
  /// it replaces `lazySubcommands` with these, already built.
  public var subcommands: [CommandSpec] {
    get { lazySubcommands.map { $0.build() } }
    set { lazySubcommands = newValue.map(LazyCommandSpec.init) }
  }
  /// The check run between parsing and `run`, or `nil` for none; see
  /// `Validation`. Help (`--help`) never runs it.
  public var validate: Validation?
  /// The action to run, or `nil` for a pure group.
  public var run: Action?

  /// Creates a command; every collection defaults to empty, `validate` to
  /// `nil` (no check) and `run` to `nil` (a group). The children are
  /// `subcommands` (built) followed by `lazySubcommands` (built when needed).
  public init(
    name: String,
    abstract: String,
    discussion: String? = nil,
    options: [OptionSpec] = [],
    globalOptions: [OptionSpec] = [],
    positionals: [PositionalSpec] = [],
    subcommands: [CommandSpec] = [],
    lazySubcommands: [LazyCommandSpec] = [],
    validate: Validation? = nil,
    run: Action? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.options = options
    self.globalOptions = globalOptions
    self.positionals = positionals
    self.lazySubcommands = subcommands.map(LazyCommandSpec.init) + lazySubcommands
    self.validate = validate
    self.run = run
  }

  /// Returns the direct subcommand called `name`, or `nil`; only that
  /// child's spec is built.
  public func subcommand(named name: String) -> CommandSpec? {
    lazySubcommands.first { $0.name == name }?.build()
  }

  /// Whether the command has children (none of them is built).
  public var hasSubcommands: Bool { !lazySubcommands.isEmpty }

  /// Follows `path` (which starts with this command's own name, like
  /// `ParsedArguments.commandPath`) as far as it matches, and returns the deepest
  /// command reached together with the matched path. Never returns an empty path.
  public func resolve(path: [String]) -> (command: CommandSpec, path: [String]) {
    var command = self
    var matched = [name]
    for word in path.dropFirst() {
      guard let next = command.subcommand(named: word) else { break }
      command = next
      matched.append(word)
    }
    return (command, matched)
  }
}

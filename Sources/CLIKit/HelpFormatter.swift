/// Renders the `--help` text of a command.
///
/// Layout: abstract, blank line, `USAGE:`, then (each only when non-empty)
/// `ARGUMENTS:`, `OPTIONS:` (own options plus the built-in `-h, --help`, and
/// `--version` on the root), `GLOBAL OPTIONS:` (the root's global options),
/// `SUBCOMMANDS:` (name and abstract), and finally the discussion. Sections are
/// separated by blank lines; everything is wrapped to `width`, with help texts
/// in one aligned column. The result has no trailing newline.
public struct HelpFormatter: Sendable {
  /// The root command, whose `globalOptions` are listed on every page.
  public var root: CommandSpec
  /// Whether the root's page lists `--version`.
  public var showsVersion: Bool
  /// The total line width to wrap to.
  public var width: Int

  /// The widest label column before labels move to a line of their own.
  private static let maxLabelWidth = 26

  /// Creates a formatter for the tree under `root`.
  public init(root: CommandSpec, showsVersion: Bool, width: Int) {
    self.root = root
    self.showsVersion = showsVersion
    self.width = width
  }

  /// The full help text for `command`, reached via `path` (starting at the root name).
  public func helpText(for command: CommandSpec, path: [String]) -> String {
    var sections: [[String]] = []
    if !command.abstract.isEmpty {
      sections.append(TextWrapper.wrap(command.abstract, width: width))
    }
    let usage = TextWrapper.wrapWords(
      UsageFormatter.elements(for: command, path: path), width: width - 4)
    sections.append(
      ["USAGE:"] + usage.enumerated().map { ($0.offset == 0 ? "  " : "    ") + $0.element })

    let tables = rowTables(for: command, isRoot: path.count == 1)
    let labelWidth = min(
      Self.maxLabelWidth, tables.flatMap { $0.rows }.map { $0.label.count }.max() ?? 0)
    for table in tables where !table.rows.isEmpty {
      sections.append([table.title] + table.rows.flatMap { render($0, labelWidth: labelWidth) })
    }
    if let discussion = command.discussion, !discussion.isEmpty {
      sections.append(discussionLines(discussion))
    }
    return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
  }

  /// The label/description rows of each section, in display order.
  private func rowTables(for command: CommandSpec, isRoot: Bool) -> [(title: String, rows: [Row])] {
    let arguments = command.positionals.map {
      Row(label: $0.optional ? "[<\($0.name)>]" : "<\($0.name)>", help: $0.help)
    }
    var options = command.options.map(row(for:))
    options.append(Row(label: "-h, --help", help: "Show help information."))
    if isRoot && showsVersion {
      options.append(Row(label: "--version", help: "Show the version."))
    }
    let globals = root.globalOptions.map(row(for:))
    let subcommands = command.subcommands.map { Row(label: $0.name, help: $0.abstract) }
    return [
      ("ARGUMENTS:", arguments), ("OPTIONS:", options),
      ("GLOBAL OPTIONS:", globals), ("SUBCOMMANDS:", subcommands),
    ]
  }

  /// One help row: a label such as `-t, --title <TITLE>` and its description.
  private struct Row {
    /// The left-hand column text.
    var label: String
    /// The right-hand column text (wrapped).
    var help: String
  }

  /// The row for an option, noting its range (`(1 to 366)`), `(required)` and
  /// `(repeatable)` in the description.
  private func row(for option: OptionSpec) -> Row {
    var label = option.short.map { "-\($0), " } ?? ""
    label += "--\(option.long)"
    if let valueName = option.valueName { label += " <\(valueName)>" }
    var help = option.help
    if option.takesValue, let range = option.kind.rangeDescription { help += " (\(range))" }
    if option.required { help += " (required)" }
    if option.repeatable && option.takesValue { help += " (repeatable)" }
    return Row(label: label, help: help.trimmingLeadingSpaces())
  }

  /// Renders a row indented by two spaces, the description starting at a shared
  /// column; a label wider than `labelWidth` gets the description on the next line.
  private func render(_ row: Row, labelWidth: Int) -> [String] {
    let column = 2 + labelWidth + 2
    let pad = String(repeating: " ", count: column)
    let helpLines =
      row.help.isEmpty ? [] : TextWrapper.wrap(row.help, width: max(20, width - column))
    guard let first = helpLines.first else { return ["  " + row.label] }
    var lines: [String]
    if row.label.count > labelWidth {
      lines = ["  " + row.label, pad + first]
    } else {
      let gap = String(repeating: " ", count: labelWidth - row.label.count + 2)
      lines = ["  " + row.label + gap + first]
    }
    lines += helpLines.dropFirst().map { pad + $0 }
    return lines
  }

  /// The discussion wrapped to `width`; lines starting with a space stay verbatim.
  private func discussionLines(_ discussion: String) -> [String] {
    discussion.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      line.hasPrefix(" ") ? [String(line)] : TextWrapper.wrap(String(line), width: width)
    }
  }
}

extension String {
  /// The string without leading spaces (used when an option has an empty help text).
  fileprivate func trimmingLeadingSpaces() -> String {
    String(drop { $0 == " " })
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small helpers for printing user-supplied text to a terminal safely.
public enum Terminal {
  /// Returns `s` with every C0 control character (U+0000–U+001F), DEL (U+007F)
  /// and C1 control character (U+0080–U+009F) removed, so printed text cannot
  /// carry terminal escape sequences. Tab, line feed, carriage return, vertical
  /// tab, form feed and the Unicode line/paragraph separators (U+2028/U+2029)
  /// become a single space each (CR LF counts as one); ordinary spaces are kept.
  public static func sanitize(_ s: String) -> String {
    var result = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in s.unicodeScalars {
      let value = scalar.value
      defer { previousWasCR = value == 0x0D }
      switch value {
      case 0x0A where previousWasCR:
        continue
      case 0x09...0x0D, 0x2028, 0x2029:
        result.append(" ")
      case 0x00...0x1F, 0x7F...0x9F:
        continue
      case 0x202A...0x202E, 0x2066...0x2069:
        // Bidirectional embedding/override/isolate controls can make a
        // terminal line display in another order than it reads.
        continue
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Whether to emit ANSI colours: `false` when `noColorFlag` is set (e.g. from
  /// `--no-color`), when `NO_COLOR` is set to a non-empty value in
  /// `environment` (no-color.org: an empty `NO_COLOR=` does not count), when
  /// `TERM` is `dumb`, or when the output is not a TTY; `true` otherwise.
  public static func useColor(isTTY: Bool, environment: [String: String], noColorFlag: Bool) -> Bool
  {
    if noColorFlag || !isTTY { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if environment["TERM"] == "dumb" { return false }
    return true
  }

  /// Whether file descriptor `fd` refers to a terminal (`isatty`).
  public static func isTTY(fileDescriptor fd: Int32) -> Bool {
    isatty(fd) != 0
  }

  /// Whether standard output is a terminal.
  public static var isStdoutTTY: Bool {
    isTTY(fileDescriptor: STDOUT_FILENO)
  }

  /// Whether standard error is a terminal.
  public static var isStderrTTY: Bool {
    isTTY(fileDescriptor: STDERR_FILENO)
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Terminal {
  /// The smallest width considered sane for wrapping help.
  public static let minimumWidth = 40
  /// The largest width considered sane for wrapping help.
  public static let maximumWidth = 1000
  /// The width used when nothing better is known.
  public static let defaultWidth = 80

  /// The column count of the terminal on standard output (ioctl `TIOCGWINSZ`),
  /// or `nil` when it is not a terminal, the call fails, or the platform lacks it.
  public static func stdoutColumns() -> Int? {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      var size = winsize()
      guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
        return nil
      }
      return Int(size.ws_col)
    #else
      return nil
    #endif
  }

  /// The width to wrap help to: `COLUMNS` from `environment` when it is a whole
  /// number in `minimumWidth...maximumWidth`; otherwise, when `isTTY`, the
  /// terminal's column count (clamped to that range; `terminalColumns` is only
  /// evaluated then); otherwise `defaultWidth` (80).
  public static func helpWidth(
    environment: [String: String],
    isTTY: Bool,
    terminalColumns: @autoclosure () -> Int?
  ) -> Int {
    let sane = minimumWidth...maximumWidth
    if let text = environment["COLUMNS"],
      let columns = Int(text.trimmingCharacters(in: .whitespaces)), sane.contains(columns)
    {
      return columns
    }
    if isTTY, let columns = terminalColumns(), columns > 0 {
      return min(max(columns, minimumWidth), maximumWidth)
    }
    return defaultWidth
  }
}

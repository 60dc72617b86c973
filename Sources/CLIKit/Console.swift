import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The two output streams a command writes to, as hookable functions.
///
/// `runCommandLine` writes help, version and error reports through it, and
/// passes it to actions via `ParsedArguments.console`, so tests can capture
/// everything by injecting their own closures. When the command is done,
/// `runCommandLine` calls `finishOut` and turns a failed output into the
/// exit status (see `OutputOutcome`).
public struct Console: Sendable {
  /// Writes text (no newline added) to standard output or its replacement.
  public var writeOut: @Sendable (String) -> Void
  /// Writes text (no newline added) to standard error or its replacement.
  public var writeErr: @Sendable (String) -> Void
  /// Writes UTF-8 bytes (no newline added) to standard output, in order
  /// with `writeOut` (a large document without a copy into a `String`).
  public var writeOutBytes: @Sendable ([UInt8]) -> Void
  /// Delivers whatever `writeOut` still holds and says whether everything
  /// written reached its reader.
  public var finishOut: @Sendable () -> OutputOutcome

  /// Creates a console from two writer functions and, optionally, the
  /// function that finishes the output (default: always delivered) and the
  /// writer of bytes (default: the bytes as text through `writeOut`).
  public init(
    writeOut: @escaping @Sendable (String) -> Void,
    writeErr: @escaping @Sendable (String) -> Void,
    finishOut: @escaping @Sendable () -> OutputOutcome = { .delivered },
    writeOutBytes: (@Sendable ([UInt8]) -> Void)? = nil
  ) {
    self.writeOut = writeOut
    self.writeErr = writeErr
    self.finishOut = finishOut
    self.writeOutBytes = writeOutBytes ?? { writeOut(String(decoding: $0, as: UTF8.self)) }
  }

  /// The process's real streams. Every byte for standard output goes
  /// through one checked writer (`StandardOutput.shared`): buffered, written
  /// with `write(2)`, every failure remembered and reported by `finishOut`.
  /// Nothing else in the program may write to standard output. Standard
  /// error is written unbuffered; a failure there cannot be reported.
  public static let standard = Console(
    writeOut: { StandardOutput.shared.write($0) },
    writeErr: { text in try? FileHandle.standardError.write(contentsOf: Data(text.utf8)) },
    finishOut: { StandardOutput.shared.finish() },
    writeOutBytes: { StandardOutput.shared.write(bytes: $0) }
  )

  /// Delivers what the output stream holds now, for a command that must
  /// know it arrived before it goes on (commits a change that depends on
  /// it).
  /// - Throws: `OutputNotDelivered` when the output failed or its reader
  ///   went away; `runCommandLine` then reports it as it reports any output
  ///   that did not arrive (so the command must not report it itself).
  public func deliverOut() throws {
    let outcome = finishOut()
    guard outcome == .delivered else { throw OutputNotDelivered(outcome: outcome) }
  }

  /// Writes `line` followed by a newline to the output stream.
  public func print(_ line: String) {
    writeOut(line + "\n")
  }

  /// Writes `line` followed by a newline to the error stream.
  public func printError(_ line: String) {
    writeErr(line + "\n")
  }
}

/// Thrown by `Console.deliverOut()`: the output did not arrive. The command
/// stops; `runCommandLine` reports the outcome once, when it finishes the
/// output.
public struct OutputNotDelivered: Error, Equatable {
  /// How the output ended (never `.delivered`).
  public var outcome: OutputOutcome
}

/// How writing standard output ended.
public enum OutputOutcome: Sendable, Equatable {
  /// Everything written was handed to the system.
  case delivered
  /// The reader went away (`EPIPE`: `prog list | head -1`): the rest
  /// of the output was dropped. Not an error of the tool: it ends quietly.
  case readerGone
  /// The system refused a write, e.g. `No space left on device` for
  /// `> /dev/full`; the reason is the system's text (`strerror`).
  case failed(String)
}

/// The one checked path to file descriptor 1.
///
/// Text is collected in a buffer and written with `write(2)` when 64 KiB
/// have gathered, at every write when standard output is a terminal (so a
/// person sees lines as they come), and in `finish()`. The first failure
/// is kept; from then on output is dropped (there is nowhere to put it) and
/// `finish()` reports the failure. A write interrupted by a signal is
/// retried; a non-blocking descriptor that is full is waited for.
///
/// `SIGPIPE` must be ignored (the executable's `main` does so) for a closed
/// pipe to show up here as `EPIPE` instead of killing the process.
public final class StandardOutput: @unchecked Sendable {
  /// The writer for the process's standard output.
  public static let shared = StandardOutput(fileDescriptor: STDOUT_FILENO)

  /// Guards every other property.
  private let lock = NSLock()
  /// Where the bytes go.
  private let fileDescriptor: Int32
  /// Whether `fileDescriptor` is a terminal (then every write is passed on).
  private let isTerminal: Bool
  /// Bytes not yet written.
  private var buffer: [UInt8] = []
  /// The first failure, if any.
  private var failure: OutputOutcome?

  /// How many bytes are gathered before they are written.
  static let bufferLimit = 64 * 1024

  /// A writer for an open descriptor (the caller keeps it open).
  public init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
    self.isTerminal = isatty(fileDescriptor) != 0
  }

  /// Queues `text`; writes when the buffer is full or on a terminal.
  public func write(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    guard failure == nil else { return }
    buffer.append(contentsOf: text.utf8)
    if isTerminal || buffer.count >= StandardOutput.bufferLimit { flushLocked() }
  }

  /// Queues `bytes` (UTF-8) as `write(_:)` queues text. Bytes that would
  /// fill the buffer are written at once, after what is buffered, without
  /// being copied into it.
  public func write(bytes: [UInt8]) {
    lock.lock()
    defer { lock.unlock() }
    guard failure == nil else { return }
    if isTerminal || buffer.count + bytes.count >= StandardOutput.bufferLimit {
      flushLocked()
      writeLocked(bytes)
    } else {
      buffer.append(contentsOf: bytes)
    }
  }

  /// Writes what is buffered and says how all output went. May be called
  /// more than once; later output is written by the next call.
  public func finish() -> OutputOutcome {
    lock.lock()
    defer { lock.unlock() }
    flushLocked()
    return failure ?? .delivered
  }

  /// Writes the buffer out; on failure keeps the reason and drops the rest.
  private func flushLocked() {
    writeLocked(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes `bytes` to the descriptor unless an earlier write failed; on
  /// failure keeps the reason.
  private func writeLocked(_ bytes: [UInt8]) {
    guard failure == nil else { return }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return systemWrite(fileDescriptor, base + offset, raw.count - offset)
      }
      if written > 0 {
        offset += written
        continue
      }
      let code = written < 0 ? errno : EIO
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK {
        var waiting = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&waiting, 1, -1)
        continue
      }
      failure = code == EPIPE ? .readerGone : .failed(String(cString: strerror(code)))
      break
    }
  }
}

#if canImport(Glibc)
  /// `write(2)`, named apart from `StandardOutput.write(_:)`.
  private let systemWrite = Glibc.write
#elseif canImport(Musl)
  /// `write(2)`, named apart from `StandardOutput.write(_:)`.
  private let systemWrite = Musl.write
#elseif canImport(Darwin)
  /// `write(2)`, named apart from `StandardOutput.write(_:)`.
  private let systemWrite = Darwin.write
#endif

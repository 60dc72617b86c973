import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The write end of the pipe each caught signal's handler writes to, by
/// signal number (below 32; −1 when not caught). Set before a handler is
/// installed and read only by the handler, which may run on any thread.
nonisolated(unsafe) private let signalPipes: UnsafeMutablePointer<Int32> = {
  let pipes = UnsafeMutablePointer<Int32>.allocate(capacity: 32)
  pipes.initialize(repeating: -1, count: 32)
  return pipes
}()

/// The handler of a caught signal: one byte into its pipe (`write` is
/// async-signal-safe; errno is kept for the interrupted code).
private func writeToSignalPipe(_ number: Int32) {
  guard number > 0, number < 32 else { return }
  let saved = errno
  var byte: UInt8 = 1
  _ = write(signalPipes[Int(number)], &byte, 1)
  errno = saved
}

/// Signals (SIGINT, SIGTERM) caught from creation until `finish()`: a real
/// handler, installed before `init` returns, writes a byte to a pipe (the
/// self-pipe trick), whichever thread the kernel picks to run it. The
/// signal ignored and read from a Dispatch signal source lost a SIGTERM
/// now and then: the source's handler is installed later, on Dispatch's
/// own thread, so a signal sent as soon as `serve` printed its address
/// could still meet "ignored" and be dropped (a loaded fresh machine's
/// `make test` hung in a test's stop).
final class CaughtSignals: @unchecked Sendable {
  private let numbers: [Int32]
  private let readEnd: Int32
  private let writeEnd: Int32
  private let lock = NSLock()
  private var arrived = false

  /// Catches `numbers` (each below 32) from now on.
  /// - Throws: `CommandError` when the system gives no pipe (no file
  ///   descriptors left).
  init(_ numbers: [Int32]) throws {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw CommandError(
        "Could not watch for Ctrl-C: \(String(cString: strerror(errno))). Close some files and try again."
      )
    }
    (readEnd, writeEnd) = (ends[0], ends[1])
    // Never blocks the handler: one byte is enough to say "it came".
    _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    self.numbers = numbers
    for number in numbers {
      signalPipes[Int(number)] = writeEnd
      signal(number, writeToSignalPipe)
    }
  }

  /// Blocks until one of the signals arrives (or has arrived).
  func wait() {
    lock.lock()
    defer { lock.unlock() }
    var byte: UInt8 = 0
    while !arrived {
      let count = read(readEnd, &byte, 1)
      if count == 1 { arrived = true } else if count < 0, errno == EINTR { continue } else { break }
    }
  }

  /// Whether one of the signals has arrived; never blocks.
  var hasArrived: Bool {
    lock.lock()
    defer { lock.unlock() }
    if !arrived {
      var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
      arrived = poll(&descriptor, 1, 0) == 1
    }
    return arrived
  }

  /// Stops catching the signals: they end the process again (a second
  /// Ctrl-C during a slow stop ends it at once).
  func finish() {
    for number in numbers {
      signal(number, SIG_DFL)
      signalPipes[Int(number)] = -1
    }
  }

  deinit {
    finish()
    close(readEnd)
    close(writeEnd)
  }
}

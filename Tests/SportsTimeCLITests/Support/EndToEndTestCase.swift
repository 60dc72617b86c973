import Foundation
import SportsTimeTestSupport
import XCTest

/// One database with the real 2024 schedule imported, made once per test run
/// (importing takes a moment) and copied by each test that needs it.
enum ImportedSchedule {
  /// Where the template lives; removed when the test process exits.
  static var templateDirectory: URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "sportstime-cli-tests-\(ProcessInfo.processInfo.processIdentifier)-template")
  }

  /// The imported template database file, or why it could not be made.
  static let template2024: Result<URL, HarnessError> = {
    do {
      let directory = templateDirectory
      try? FileManager.default.removeItem(at: directory)
      atexit { try? FileManager.default.removeItem(at: ImportedSchedule.templateDirectory) }
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let database = directory.appendingPathComponent("template-2024.sqlite")
      let home = directory.appendingPathComponent("home")
      let result = try CLIProcess.run(
        ["--db", database.path, "schedule", "import", try CLIProcess.schedule(2024).path],
        environment: EndToEndTestCase.cleanEnvironment(
          home: home, dataHome: home.appendingPathComponent("xdg")))
      guard result.status == 0 else {
        return .failure(HarnessError("importing the 2024 schedule failed: \(result)"))
      }
      return .success(database)
    } catch let error as HarnessError {
      return .failure(error)
    } catch {
      return .failure(HarnessError("\(error)"))
    }
  }()
}

/// Base class: every test gets its own temporary directory with a fake HOME
/// and XDG_DATA_HOME, a database path in it, and helpers to run the built tool.
class EndToEndTestCase: XCTestCase {
  /// This test's private directory (removed afterwards).
  private(set) var scratch: URL!
  /// The fake HOME.
  var home: URL { scratch.appendingPathComponent("home") }
  /// The fake XDG_DATA_HOME.
  var dataHome: URL { scratch.appendingPathComponent("xdg-data") }
  /// The database every `run` uses through SPORTSTIME_DB (unless overridden).
  var database: URL { scratch.appendingPathComponent("test.sqlite") }

  /// `scratch` and its removal.
  private var temporary: TemporaryDirectory?

  override func setUpWithError() throws {
    try super.setUpWithError()
    let temporary = try TemporaryDirectory(
      prefix: "sportstime-cli-tests", subdirectories: ["home", "xdg-data"])
    self.temporary = temporary
    scratch = temporary.url
  }

  override func tearDownWithError() throws {
    temporary?.remove()
    try super.tearDownWithError()
  }

  /// A minimal environment that cannot reach the user's real files.
  static func cleanEnvironment(home: URL, dataHome: URL?) -> [String: String] {
    var environment = [
      "HOME": home.path,
      "PATH": "/usr/local/bin:/usr/bin:/bin",
      "LANG": "C.UTF-8",
      "LC_ALL": "C.UTF-8",
    ]
    if let dataHome { environment["XDG_DATA_HOME"] = dataHome.path }
    return environment
  }

  /// The clean environment plus SPORTSTIME_DB pointing at this test's database.
  var environment: [String: String] {
    var environment = Self.cleanEnvironment(home: home, dataHome: dataHome)
    environment["SPORTSTIME_DB"] = database.path
    return environment
  }

  /// Runs `sportstime arguments` with this test's environment plus `extra`
  /// (a value of `nil` in `extra` removes that variable).
  @discardableResult
  func run(_ arguments: [String], extra: [String: String?] = [:]) throws -> CLIResult {
    var environment = self.environment
    for (key, value) in extra { environment[key] = value }
    return try CLIProcess.run(arguments, environment: environment, currentDirectory: scratch)
  }

  /// Runs `sportstime arguments` with standard output going to `output`
  /// (e.g. `/dev/full`) instead of a pipe.
  func run(_ arguments: [String], standardOutput output: FileHandle) throws -> CLIResult {
    try CLIProcess.run(
      arguments, environment: environment, currentDirectory: scratch, standardOutput: output)
  }

  /// Runs `script` with `/bin/bash -c` in the scratch folder, with this
  /// test's environment, the binary's folder first on `PATH` (so
  /// `sportstime` runs it) and the binary as `$0`.
  func runShell(_ script: String) throws -> CLIResult {
    var environment = self.environment
    let folder = try CLIProcess.binary.get().deletingLastPathComponent().path
    environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    return try CLIProcess.run(
      [], environment: environment, currentDirectory: scratch,
      launcher: ["/bin/bash", "-c", script])
  }

  /// Runs `sportstime arguments` as a user without privileges, so that file
  /// permissions apply: when the tests run as root (who may read and write
  /// any file), as `nobody` through util-linux's `setpriv` (every Debian
  /// machine has both; nothing is created for it); otherwise as the user
  /// running the tests, who has no such privilege. Tests that use it make
  /// files and folders that deny everyone but root (modes 000 and 555), so
  /// the outcome is the same either way.
  ///
  /// When `nobody` cannot reach the built binary (the clone sits in a
  /// folder closed to other users, such as /root), a copy in the scratch
  /// folder is run instead.
  /// - Throws: `HarnessError` saying what is missing (no `nobody` account,
  ///   no `setpriv`) instead of letting the command fail for that reason.
  func runUnprivileged(_ arguments: [String]) throws -> CLIResult {
    guard geteuid() == 0 else { return try run(arguments) }
    let account = try UnprivilegedAccount.nobody()
    let launcher = [
      account.setpriv, "--reuid=\(account.uid)", "--regid=\(account.gid)", "--clear-groups",
      "--",
    ]
    let built = try CLIProcess.binary.get()
    var binary = built
    // `test -x BINARY` as nobody: can that user run the built binary?
    let probe = try CLIProcess.run(
      [], environment: environment, currentDirectory: scratch,
      launcher: launcher + ["/bin/sh", "-c", "test -x \"$1\"", "sh"], binary: built)
    if probe.status != 0 {
      let folder = scratch.appendingPathComponent("unprivileged-bin")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      binary = folder.appendingPathComponent("sportstime")
      if !FileManager.default.fileExists(atPath: binary.path) {
        try FileManager.default.copyItem(at: built, to: binary)
      }
      for path in [scratch.path, folder.path, binary.path] {
        guard chmod(path, 0o755) == 0 else {
          throw HarnessError("cannot open \(path) to the user nobody (chmod 755 failed)")
        }
      }
    }
    return try CLIProcess.run(
      arguments, environment: environment, currentDirectory: scratch, launcher: launcher,
      binary: binary)
  }

  /// Runs and asserts exit status 0 with nothing on standard error.
  @discardableResult
  func runOK(
    _ arguments: [String], extra: [String: String?] = [:], file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> CLIResult {
    let result = try run(arguments, extra: extra)
    XCTAssertEqual(result.status, 0, "sportstime \(arguments)\n\(result)", file: file, line: line)
    XCTAssertEqual(result.stderr, "", "sportstime \(arguments)", file: file, line: line)
    return result
  }

  /// Asserts a usage error: exit 64, nothing on stdout, stderr exactly
  /// `Error: <message>`, `Usage: <usage>`, `  See '<help> --help'.`
  func assertUsageError(
    _ arguments: [String], message: String, usage: String, help: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let result = try run(arguments)
    XCTAssertEqual(result.status, 64, "sportstime \(arguments)\n\(result)", file: file, line: line)
    XCTAssertEqual(result.stdout, "", "sportstime \(arguments)", file: file, line: line)
    XCTAssertEqual(
      result.stderrLines, ["Error: \(message)", "Usage: \(usage)", "  See '\(help) --help'."],
      "sportstime \(arguments)", file: file, line: line)
  }

  /// Asserts a non-usage failure: exit 1, nothing on stdout, one stderr line
  /// starting `Error: ` and containing every string in `containing`.
  @discardableResult
  func assertFailure(
    _ arguments: [String], containing: [String], extra: [String: String?] = [:],
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> CLIResult {
    let result = try run(arguments, extra: extra)
    XCTAssertEqual(result.status, 1, "sportstime \(arguments)\n\(result)", file: file, line: line)
    XCTAssertEqual(result.stdout, "", "sportstime \(arguments)", file: file, line: line)
    XCTAssertEqual(
      result.stderrLines.count, 1, "sportstime \(arguments)\n\(result)", file: file, line: line)
    XCTAssertTrue(result.stderr.hasPrefix("Error: "), result.stderr, file: file, line: line)
    for piece in containing {
      XCTAssertTrue(
        result.stderr.contains(piece), "stderr lacks \"\(piece)\": \(result.stderr)", file: file,
        line: line)
    }
    return result
  }

  /// Copies the imported 2024 database to `destination` (default: this test's database).
  @discardableResult
  func installImported2024(at destination: URL? = nil) throws -> URL {
    let target = destination ?? database
    let template = try ImportedSchedule.template2024.get()
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? FileManager.default.removeItem(at: target)
    try FileManager.default.copyItem(at: template, to: target)
    for suffix in ["-wal", "-shm"] {
      let side = URL(fileURLWithPath: template.path + suffix)
      if FileManager.default.fileExists(atPath: side.path) {
        try FileManager.default.copyItem(at: side, to: URL(fileURLWithPath: target.path + suffix))
      }
    }
    return target
  }

  /// Whether a regular file exists at `url`.
  func fileExists(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      && !isDirectory.boolValue
  }

  /// Parses JSON text (fails the test with the text when it does not parse).
  func parseJSON(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Any {
    do {
      return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    } catch {
      XCTFail("not JSON: \(error)\n\(text)", file: file, line: line)
      throw error
    }
  }

  /// Decodes JSON text into `T`.
  func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(text.utf8))
  }
}

/// JSONSerialization value helpers.
extension Dictionary where Key == String, Value == Any {
  /// The keys, sorted (for comparing an object's shape).
  var sortedKeys: [String] { keys.sorted() }
  func string(_ key: String) -> String? { self[key] as? String }
  func int(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
  func double(_ key: String) -> Double? { (self[key] as? NSNumber)?.doubleValue }
  func bool(_ key: String) -> Bool? {
    guard let value = self[key] else { return nil }
    if let b = value as? Bool { return b }
    return nil
  }
  func isNull(_ key: String) -> Bool { self[key] is NSNull }
}

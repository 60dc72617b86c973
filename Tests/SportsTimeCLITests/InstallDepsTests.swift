import Foundation
import XCTest

/// `scripts/install-deps`, the one set-up script behind `make demo`, `make
/// test` and `.ci/run`, run against stub system commands so every path can
/// be seen without touching this machine: nothing missing, root (apt-get and
/// pip), a user with password-less sudo, and a plain user (it stops and
/// prints the one command to run).
final class InstallDepsTests: XCTestCase {
  /// The repository's script, found from this file's place in the tree.
  private let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/install-deps")

  /// A fresh folder of stub commands for each test (XCTest makes one instance per test).
  private let stubs = FileManager.default.temporaryDirectory
    .appendingPathComponent("install-deps-\(UUID().uuidString)")
  /// Where the stubs record what would have been installed.
  private var log: URL { stubs.appendingPathComponent("calls.log") }
  /// The stub Python's stdlib folder; `externallyManaged` puts PEP 668's
  /// marker in it.
  private var stdlib: URL { stubs.appendingPathComponent("stdlib") }

  override func setUpWithError() throws {
    try FileManager.default.createDirectory(at: stdlib, withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: log.path, contents: nil)
    // dpkg-query: every package is installed except those in $MISSING_DEBS.
    try stub(
      "dpkg-query",
      """
      pkg="${@: -1}"
      case " $MISSING_DEBS " in *" $pkg "*) exit 1 ;; esac
      printf 'install ok installed'
      """)
    // id -u: $STUB_UID.
    try stub("id", #"[ "$1" = -u ] && echo "$STUB_UID""#)
    // python3: asked for its stdlib folder, prints $STUB_STDLIB; `-c
    // "import M"` fails for M in $MISSING_PY; pip calls are logged.
    try stub(
      "python3",
      """
      if [ "$1" = -c ] && [[ "$2" == *sysconfig* ]]; then
        echo "$STUB_STDLIB"
        exit 0
      fi
      if [ "$1" = -c ]; then
        mod="${2#import }"
        case " $MISSING_PY " in *" $mod "*) exit 1 ;; esac
        exit 0
      fi
      if [ "$1 $2" = "-m pip" ]; then
        [ "$3" = --version ] && exit 0
        echo "pip $*" >> "$CALLS"
        exit 0
      fi
      exit 1
      """)
    try stub("apt-get", #"echo "apt-get $*" >> "$CALLS""#)
    // sudo: -n succeeds only with $SUDO_OK=1; it then runs the command.
    try stub(
      "sudo",
      """
      [ "$1" = -n ] || exit 1
      shift
      [ "$SUDO_OK" = 1 ] || exit 1
      echo "sudo" >> "$CALLS"
      "$@"
      """)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: stubs)
  }

  private func stub(_ name: String, _ body: String) throws {
    let url = stubs.appendingPathComponent(name)
    try ("#!/bin/bash\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
  }

  private struct Run {
    var status: Int32
    var stderr: String
    var calls: [String]
  }

  private func run(
    _ arguments: [String], uid: Int, missingDebs: [String] = [], missingPython: [String] = [],
    passwordlessSudo: Bool = false, externallyManaged: Bool = false
  ) throws -> Run {
    let marker = stdlib.appendingPathComponent("EXTERNALLY-MANAGED")
    if externallyManaged {
      try "[externally-managed]\n".write(to: marker, atomically: true, encoding: .utf8)
    } else {
      try? FileManager.default.removeItem(at: marker)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [script.path] + arguments
    process.environment = [
      "PATH": "\(stubs.path):/usr/bin:/bin",
      "STUB_UID": String(uid), "MISSING_DEBS": missingDebs.joined(separator: " "),
      "MISSING_PY": missingPython.joined(separator: " "), "SUDO_OK": passwordlessSudo ? "1" : "0",
      "CALLS": log.path, "STUB_STDLIB": stdlib.path,
    ]
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    return Run(status: process.terminationStatus, stderr: stderr, calls: calls)
  }

  func testNothingMissing_installsNothingAndSaysNothing() throws {
    let result = try run(["--test"], uid: 1000)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stderr, "")
    XCTAssertEqual(result.calls, [])
  }

  func testPlainUser_stopsWithTheOneCommandToRun() throws {
    let result = try run(
      ["--test"], uid: 1000, missingDebs: ["librsvg2-bin"], missingPython: ["icalendar"])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.calls, [], "a plain user's run must install nothing")
    XCTAssertTrue(result.stderr.contains("Debian packages: librsvg2-bin"), result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "sudo apt-get update && sudo apt-get install -y 'librsvg2-bin' "
          + "&& python3 -m pip install --user 'icalendar>=6,<8'"),
      result.stderr)
  }

  /// Review of issue 8, finding 6: on Debian 12 the Python is externally
  /// managed (PEP 668) and `pip install --user` alone fails with
  /// "externally-managed-environment". The printed command adds
  /// `--break-system-packages` there, and only there.
  func testPlainUser_onAnExternallyManagedPythonThePrintedCommandWorks() throws {
    let result = try run(
      ["--test"], uid: 1000, missingDebs: ["librsvg2-bin"], missingPython: ["icalendar"],
      externallyManaged: true)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.calls, [], "a plain user's run must install nothing")
    XCTAssertTrue(
      result.stderr.contains(
        "sudo apt-get update && sudo apt-get install -y 'librsvg2-bin' "
          + "&& python3 -m pip install --user --break-system-packages 'icalendar>=6,<8'"),
      result.stderr)
    let plain = try run(
      ["--test"], uid: 1000, missingDebs: ["librsvg2-bin"], missingPython: ["icalendar"])
    XCTAssertFalse(plain.stderr.contains("--break-system-packages"), plain.stderr)
  }

  /// Review of issue 8, finding 6: a plain user needs no root for Python
  /// packages, so the script installs them itself (`pip --user`), adding
  /// `--break-system-packages` on an externally managed Python; as root the
  /// flag comes without `--user`.
  func testPythonPackages_installedWithUserOrAsRootAndThePEP668Flag() throws {
    for managed in [false, true] {
      try "".write(to: log, atomically: true, encoding: .utf8)
      let user = try run(
        ["--test"], uid: 1000, missingPython: ["geojson"], externallyManaged: managed)
      XCTAssertEqual(user.status, 0, user.stderr)
      let pip = user.calls.filter { $0.hasPrefix("pip") }
      XCTAssertEqual(pip.count, 1, "\(user.calls)")
      XCTAssertTrue(pip[0].contains(" --user "), pip[0])
      XCTAssertEqual(pip[0].contains(" --break-system-packages "), managed, pip[0])
      XCTAssertFalse(user.calls.contains("sudo"), "no root needed: \(user.calls)")

      try "".write(to: log, atomically: true, encoding: .utf8)
      let root = try run(
        ["--test"], uid: 0, missingPython: ["geojson"], externallyManaged: managed)
      XCTAssertEqual(root.status, 0, root.stderr)
      let rootPip = root.calls.filter { $0.hasPrefix("pip") }
      XCTAssertEqual(rootPip.count, 1, "\(root.calls)")
      XCTAssertFalse(rootPip[0].contains("--user"), rootPip[0])
      XCTAssertEqual(rootPip[0].contains(" --break-system-packages "), managed, rootPip[0])
    }
  }

  /// The README's hand-install line for the Python packages is the command
  /// the script prints on Debian 12 (an externally managed Python).
  func testReadme_handInstallLineIsThePrintedCommand() throws {
    let result = try run(
      ["--test"], uid: 1000, missingDebs: ["librsvg2-bin"],
      missingPython: ["icalendar", "geojson", "markdown_it"], externallyManaged: true)
    let printed = try XCTUnwrap(
      result.stderr.range(of: "python3 -m pip install").map {
        String(result.stderr[$0.lowerBound...]).split(separator: "\n")[0]
          .trimmingCharacters(in: .whitespaces)
      }, result.stderr)
    let readme = try String(
      contentsOf: script.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md"), encoding: .utf8)
    XCTAssertTrue(readme.contains("`\(printed)`"), "README lacks `\(printed)`")
  }

  func testRoot_installsOnlyWhatIsMissing() throws {
    let result = try run(
      ["--test"], uid: 0, missingDebs: ["libsqlite3-dev"], missingPython: ["geojson"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let install = result.calls.filter { $0.hasPrefix("apt-get") && $0.contains("install") }
    XCTAssertEqual(install.count, 1, "\(result.calls)")
    XCTAssertTrue(install[0].hasSuffix(" libsqlite3-dev"), install[0])
    let pip = result.calls.filter { $0.hasPrefix("pip") }
    XCTAssertEqual(pip.count, 1, "\(result.calls)")
    XCTAssertTrue(pip[0].hasSuffix(" geojson>=3,<4"), pip[0])
    XCTAssertFalse(pip[0].contains("icalendar"), pip[0])
  }

  func testUserWithPasswordlessSudo_installsThroughSudo() throws {
    let result = try run(
      [], uid: 1000, missingDebs: ["tzdata"], passwordlessSudo: true)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.calls.first, "sudo", "\(result.calls)")
    XCTAssertTrue(
      result.calls.contains { $0.hasPrefix("apt-get") && $0.hasSuffix(" tzdata") },
      "\(result.calls)")
  }

  func testWithoutTest_theTestOnlyPackagesAreNotNeeded() throws {
    let result = try run(
      [], uid: 0, missingDebs: ["librsvg2-bin"], missingPython: ["icalendar", "geojson"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.calls, [])
  }

  func testCheck_reportsAndInstallsNothing() throws {
    let result = try run(["--test", "--check"], uid: 0, missingDebs: ["librsvg2-bin"])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("librsvg2-bin"), result.stderr)
    XCTAssertEqual(result.calls, [])
  }
}

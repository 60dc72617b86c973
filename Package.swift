// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "SportsTime",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "SportsTimeCore", targets: ["SportsTimeCore"]),
    .library(name: "SportsTimeAPI", targets: ["SportsTimeAPI"]),
    .library(name: "SportsTimeStore", targets: ["SportsTimeStore"]),
    .library(name: "SportsTimeServer", targets: ["SportsTimeServer"]),
    .library(name: "SportsTimePlanner", targets: ["SportsTimePlanner"]),
    .library(name: "SportsTimeRender", targets: ["SportsTimeRender"]),
    .library(name: "CLIKit", targets: ["CLIKit"]),
    .executable(name: "sportstime", targets: ["sportstime"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    // Headers only: the library is loaded when `serve` starts (the shim's
    // dlopen), so no other command pays for loading it and its libraries.
    .systemLibrary(
      name: "CMicroHTTPD",
      providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
    ),
    // Declarations only: cairo and pango are loaded when the first PDF is
    // drawn (the shim's dlopen), so no other command pays for loading them
    // and the forty libraries they pull in.
    .systemLibrary(
      name: "CPangoCairo",
      providers: [.apt(["libcairo2-dev", "libpango1.0-dev"]), .brew(["pango"])]
    ),
    .target(name: "Spelling"),
    .target(
      name: "SportsTimeCore",
      dependencies: ["Spelling"],
      // The CSV tables in Resources/ are compiled in (BuiltInTables.swift,
      // scripts/embed-tables): loading them reads no bundle.
      exclude: ["Resources"]
    ),
    .target(
      name: "SportsTimeAPI",
      dependencies: ["SportsTimeCore", "SportsTimePlanner"]
    ),
    .target(
      name: "SportsTimeStore",
      dependencies: ["SportsTimeCore", "CSQLite"]
    ),
    // HTTP (libmicrohttpd), the JSON API and the app's files.
    .target(
      name: "SportsTimeServer",
      dependencies: [
        "CMicroHTTPD", "SportsTimeCore", "SportsTimeAPI", "SportsTimeStore", "SportsTimePlanner",
        "SportsTimeRender",
      ],
      resources: [.copy("Resources/app")]
    ),
    // The trip optimiser (pure; issue 12).
    .target(
      name: "SportsTimePlanner",
      dependencies: ["SportsTimeCore"]
    ),
    // The PDF export (cairo + pango; issue 13).
    .target(
      name: "SportsTimeRender",
      dependencies: ["SportsTimeCore", "CPangoCairo"]
    ),
    .target(name: "CLIKit", dependencies: ["Spelling"]),
    .executableTarget(
      name: "sportstime",
      dependencies: [
        "CLIKit", "SportsTimeCore", "SportsTimeAPI", "SportsTimeStore", "SportsTimeServer",
        "SportsTimePlanner", "SportsTimeRender",
      ]
    ),
    .executableTarget(
      name: "sportstime-bench",
      dependencies: ["SportsTimeCore", "SportsTimePlanner"]
    ),
    // What every test target shares: where the repository and the real
    // data are, a seeded generator, temporary directories, a locked box.
    // Foundation only, so any test target can use it.
    .target(
      name: "SportsTimeTestSupport",
      path: "Tests/SportsTimeTestSupport"
    ),
    .testTarget(
      name: "SportsTimeCoreTests",
      dependencies: ["SportsTimeCore", "SportsTimeAPI", "SportsTimeTestSupport"]
    ),
    .testTarget(
      name: "SportsTimePlannerTests",
      dependencies: ["SportsTimePlanner", "SportsTimeCore", "SportsTimeTestSupport"]
    ),
    .testTarget(
      name: "SportsTimeAPITests",
      dependencies: ["SportsTimeAPI", "SportsTimeCore"]
    ),
    .testTarget(
      name: "SportsTimeStoreTests",
      dependencies: ["SportsTimeStore", "SportsTimeCore", "SportsTimeAPI", "SportsTimeTestSupport"]
    ),
    .testTarget(
      name: "SportsTimeServerTests",
      dependencies: ["SportsTimeServer", "SportsTimeTestSupport", "SportsTimeRender"]
    ),
    .testTarget(
      name: "SpellingTests",
      dependencies: ["Spelling"]
    ),
    .testTarget(
      name: "CLIKitTests",
      dependencies: ["CLIKit", "SportsTimeTestSupport"]
    ),
    .testTarget(
      name: "SportsTimeCLITests",
      dependencies: [
        "sportstime", "CLIKit", "SportsTimeTestSupport", "SportsTimeRender", "SportsTimeCore",
        "SportsTimeStore",
      ]
    ),
  ]
)

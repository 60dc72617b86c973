import SportsTimeCore

/// The CLI's name for `SportsTimeCore.JSONValue`.
typealias JSON = JSONValue

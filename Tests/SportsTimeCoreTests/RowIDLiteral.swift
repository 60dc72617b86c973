import SportsTimeCore

/// Row ids written as their text in tests (`"day:1"`, `"item:\(id)"`): the
/// layout and drop targets carry `RowID`s, and a test reads best with the
/// text a document shows. A text that is no row id stops the test.
extension RowID: ExpressibleByStringLiteral,
  ExpressibleByStringInterpolation
{
  public init(stringLiteral text: String) {
    guard let id = RowID(text) else { preconditionFailure("not a row id: \(text)") }
    self = id
  }
}

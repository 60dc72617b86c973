import Foundation

/// Fresh, evenly spaced sortOrders for one day (DESIGN.md: "renormalise that
/// day").
///
/// Games keep their derived values (100, 101, …). Stored items get new values
/// that keep the visual order and keep each item on the same side of every
/// game: k items before the first game get 100 − k … 99; k items between
/// two games g and g+1 get g + j/(k+1); k items after the last game g get
/// g + 1 … g + k; on a day without games, 1 … k.
public enum Renormalization {
  /// New values for a day's rows in display order: the game rows' own values
  /// and fresh values for item rows (nil for header rows).
  /// - Complexity: O(n).
  public static func values(for dayRows: [LayoutRow]) -> [Double?] {
    var result = [Double?](repeating: nil, count: dayRows.count)
    var pending: [Int] = []
    var lastGame: Double?
    func flush(upTo nextGame: Double?) {
      let k = pending.count
      guard k > 0 else { return }
      for (j, index) in pending.enumerated() {
        switch (lastGame, nextGame) {
        case (let g?, let h?): result[index] = g + (h - g) * Double(j + 1) / Double(k + 1)
        case (let g?, nil): result[index] = g + Double(j + 1)
        case (nil, let h?): result[index] = h - Double(k - j)
        case (nil, nil): result[index] = Double(j + 1)
        }
      }
      pending.removeAll()
    }
    for (i, row) in dayRows.enumerated() {
      switch row.content {
      case .day: continue
      case .game(let g):
        flush(upTo: g.sortOrder)
        result[i] = g.sortOrder
        lastGame = g.sortOrder
      case .item: pending.append(i)
      }
    }
    flush(upTo: nil)
    return result
  }
}

import Foundation

/// How text typed by a traveller (or read from a file) is cleaned before it
/// is stored, limited, and compared.
///
/// Every stored text — trip names, item titles and addresses, travel place
/// names, visit notes — goes through `clean(_:)`, on every path (`trip new`,
/// the item and visit commands, `trip import`, `import legacy`): what is
/// stored is what is printed, so it can always be typed back, and no
/// terminal, calendar or Markdown reader ever sees a control character.
public enum TextNormalization {
  /// `text` as stored. In order:
  ///
  /// 1. Line and tab controls (TAB, LF, VT, FF, CR, NEL, U+2028, U+2029)
  ///    become spaces: every stored text is one line.
  /// 2. Every other control character is removed: C0 (ESC, BEL, NUL, …),
  ///    DEL and C1.
  /// 3. Invisible format characters that can hide or reorder text are
  ///    removed: the bidirectional embeddings, overrides and isolates
  ///    (U+202A–202E, U+2066–2069) and marks (U+200E, U+200F, U+061C); the
  ///    zero-width space U+200B, word joiner U+2060, invisible operators
  ///    U+2061–2064, deprecated format characters U+206A–206F, the byte
  ///    order mark U+FEFF, the soft hyphen U+00AD, U+180E, the interlinear
  ///    annotation characters U+FFF9–FFFB, the Hangul fillers U+3164 and
  ///    U+FFA0 (which look like nothing), noncharacters (U+FDD0–FDEF and
  ///    U+xxFFFE/F), and tag characters (U+E0000–E007F) except inside an
  ///    emoji flag sequence (🏴 + up to 6 tag letters or digits + U+E007F,
  ///    e.g. the flag of Scotland). Zero-width joiners and non-joiners and
  ///    variation selectors are kept: emoji and several scripts need them.
  /// 4. Unicode NFC, runs of white space collapsed to one space, both ends
  ///    trimmed.
  ///
  /// Cleaning is idempotent: `clean(clean(s)) == clean(s)`.
  ///
  /// ```swift
  /// TextNormalization.clean("  Evil\u{1B}[2J\tTrip\n")   // "Evil[2J Trip"
  /// TextNormalization.clean("\u{202E}Cafe\u{301}")       // "Café"
  /// ```
  /// - Complexity: O(n) for n Unicode scalars.
  public static func clean(_ text: String) -> String {
    let input = Array(text.unicodeScalars)
    var scalars = String.UnicodeScalarView()
    var i = 0
    while i < input.count {
      let scalar = input[i]
      let v = scalar.value
      if v == 0x1F3F4, let end = flagTagSequenceEnd(input, after: i) {
        scalars.append(contentsOf: input[i...end])
        i = end + 1
        continue
      }
      i += 1
      if isLineOrTab(v) {
        scalars.append(" ")
      } else if !isRemoved(v) {
        scalars.append(scalar)
      }
    }
    return String(scalars).precomposedStringWithCanonicalMapping
      .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// `text` cleaned (`clean(_:)`) and checked against `field`'s rules: not
  /// empty when the field is required, at most `field.limit` characters
  /// (grapheme clusters) and `4 × field.limit` Unicode scalars.
  ///
  /// ```swift
  /// try TextNormalization.validated(" Deep\u{1B} dish ", as: .itemTitle)   // "Deep dish"
  /// try TextNormalization.validated("\u{202E}", as: .tripName)   // throws .empty
  /// ```
  /// - Returns: the text to store; empty only for a field that is not
  ///   required (callers store nil then).
  /// - Throws: `TextError` (`.empty` or `.tooLong`), quoting at most 80
  ///   characters of the cleaned text.
  public static func validated(_ text: String, as field: TextField) throws -> String {
    let cleaned = clean(text)
    if cleaned.isEmpty {
      if field.isRequired {
        let hidden = text.unicodeScalars.contains { !$0.properties.isWhitespace }
        throw TextError(field: field, problem: .empty(hadText: hidden))
      }
      return cleaned
    }
    let count = cleaned.count
    let scalars = cleaned.unicodeScalars.count
    if count > field.limit || scalars > field.scalarLimit {
      throw TextError(
        field: field, problem: .tooLong(characters: count, scalars: scalars),
        excerpt: excerpt(cleaned))
    }
    return cleaned
  }

  /// An optional text as stored: nil stays nil, and so does a text that is
  /// empty or only white space (an empty address or notes clear them). A
  /// text that has other characters but none left once cleaned (only
  /// control or invisible ones, such as a zero-width space) is refused, as
  /// a required text would be: it was meant to say something, and storing
  /// nothing instead would silently erase what was there.
  ///
  /// ```swift
  /// try TextNormalization.validatedOptional("", as: .notes)          // nil
  /// try TextNormalization.validatedOptional("\u{200B}", as: .notes)  // throws .empty(hadText: true)
  /// ```
  /// - Throws: `TextError` (`.empty(hadText: true)` or `.tooLong`), as
  ///   `validated(_:as:)`.
  public static func validatedOptional(_ text: String?, as field: TextField) throws -> String? {
    guard let text else { return nil }
    let value = try validated(text, as: field)
    if value.isEmpty && text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) {
      throw TextError(field: field, problem: .empty(hadText: true))
    }
    return value.isEmpty ? nil : value
  }

  /// True when `text` is already clean (`clean(text) == text`) and within
  /// `field`'s limits: the check the Store makes before inserting a row.
  /// Whether it may be empty is the caller's rule, not checked here.
  public static func isStorable(_ text: String, as field: TextField) -> Bool {
    text.count <= field.limit && text.unicodeScalars.count <= field.scalarLimit
      && clean(text) == text
  }

  /// `text` made storable as `field` without refusing it: cleaned and cut
  /// to the field's limits (on a character boundary, trimmed again; it may
  /// be left empty). For texts stored by versions that
  /// did not clean them, carried into a new row (a copied trip): the
  /// original row keeps its text.
  ///
  /// ```swift
  /// TextNormalization.storable("\u{1B}[31mDeep dish", as: .itemTitle)
  /// // "[31mDeep dish"
  /// ```
  public static func storable(_ text: String, as field: TextField) -> String {
    var kept = ""
    var characters = 0
    var scalars = 0
    for character in clean(text) {
      let n = character.unicodeScalars.count
      guard characters < field.limit, scalars + n <= field.scalarLimit else { break }
      characters += 1
      scalars += n
      kept.append(character)
    }
    // Cutting may leave a space at the end; cleaning again never lengthens.
    return clean(kept)
  }

  /// A name as stored: `clean(_:)` (kept under this name for lookups).
  public static func name(_ text: String) -> String { clean(text) }

  /// The key two names are compared by: the cleaned name, case-folded
  /// for every script (`Ärger` = `ärger`), so NFC and NFD spellings match.
  public static func key(_ text: String) -> String {
    clean(text).folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
      .precomposedStringWithCanonicalMapping
  }

  /// At most `limit` characters and `4 × limit` Unicode scalars of `text`,
  /// to quote in an error: `text` itself when it fits both, else its start
  /// and `…` within both bounds. A character is a grapheme cluster, and
  /// one cluster can hold any number of combining marks (`e` and 60,000
  /// U+0301 are one character), so the scalars are bounded too: such a
  /// cluster is cut after the scalars that fit.
  ///
  /// ```swift
  /// TextNormalization.excerpt(String(repeating: "x", count: 100))   // 79 "x" and "…"
  /// TextNormalization.excerpt("e" + String(repeating: "\u{301}", count: 60_000))
  /// // "e", 318 U+0301 and "…" (320 scalars)
  /// ```
  /// - Parameter limit: the most characters quoted (at least 1), `…`
  ///   included; default 80.
  /// - Complexity: O(n) for n Unicode scalars of `text`.
  public static func excerpt(_ text: String, limit: Int = 80) -> String {
    let scalarLimit = 4 * limit
    var characters = 0
    var scalars = 0
    for character in text {
      characters += 1
      scalars += character.unicodeScalars.count
      if characters > limit || scalars > scalarLimit { break }
    }
    if characters <= limit && scalars <= scalarLimit { return text }
    // Too long: keep what fits with one place (character and scalar) for `…`.
    var kept = String.UnicodeScalarView()
    characters = 0
    scalars = 0
    for character in text {
      guard characters < limit - 1, scalars < scalarLimit - 1 else { break }
      let taken = character.unicodeScalars.prefix(scalarLimit - 1 - scalars)
      kept.append(contentsOf: taken)
      characters += 1
      scalars += taken.count
    }
    return String(kept) + "…"
  }

  // MARK: Character classes

  /// TAB, LF, VT, FF, CR, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR.
  static func isLineOrTab(_ v: UInt32) -> Bool {
    (0x09...0x0D).contains(v) || v == 0x85 || v == 0x2028 || v == 0x2029
  }

  /// Controls and the invisible format characters `clean(_:)` removes.
  static func isRemoved(_ v: UInt32) -> Bool {
    switch v {
    case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1
    case 0x202A...0x202E, 0x2066...0x2069: return true  // bidi embeddings, overrides, isolates
    case 0x200E, 0x200F, 0x061C: return true  // bidi marks
    case 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0xFEFF, 0x00AD, 0x180E: return true
    case 0xFFF9...0xFFFB, 0x3164, 0xFFA0: return true
    case 0xFDD0...0xFDEF: return true  // noncharacters
    case 0xE0000...0xE007F: return true  // tags (outside a flag sequence)
    default: return v & 0xFFFE == 0xFFFE  // U+xxFFFE, U+xxFFFF
    }
  }

  /// The index of the cancel tag ending an emoji flag tag sequence that
  /// starts at `start` (🏴 U+1F3F4, then 1–6 tag digits or small letters,
  /// then U+E007F), or nil when none does.
  static func flagTagSequenceEnd(_ scalars: [Unicode.Scalar], after start: Int) -> Int? {
    var j = start + 1
    while j < scalars.count, j - start <= 6 {
      let v = scalars[j].value
      guard (0xE0030...0xE0039).contains(v) || (0xE0061...0xE007A).contains(v) else { break }
      j += 1
    }
    guard j > start + 1, j < scalars.count, scalars[j].value == 0xE007F else { return nil }
    return j
  }
}

/// A kind of stored text, with its length limit and whether it may be empty.
public struct TextField: Sendable, Hashable, CustomStringConvertible {
  /// What the text is, as errors name it ("name", "title").
  public var label: String
  /// The most characters (grapheme clusters) it may hold.
  public var limit: Int
  /// Whether an empty text is refused (else it is stored as none).
  public var isRequired: Bool
  /// What an empty required text is refused with.
  public var emptyMessage: String

  /// Creates a kind of text; see the properties.
  public init(label: String, limit: Int, isRequired: Bool, emptyMessage: String = "") {
    self.label = label
    self.limit = limit
    self.isRequired = isRequired
    self.emptyMessage = emptyMessage
  }

  /// The most Unicode scalars it may hold: 4 × `limit`, so a short text
  /// cannot hide thousands of combining marks.
  public var scalarLimit: Int { 4 * limit }

  /// The label.
  public var description: String { label }

  /// A trip's name: required, at most 200 characters.
  public static let tripName = TextField(
    label: "name", limit: 200, isRequired: true, emptyMessage: "a trip needs a name")
  /// A custom item's title: required, at most 500 characters.
  public static let itemTitle = TextField(
    label: "title", limit: 500, isRequired: true, emptyMessage: "an item needs a title")
  /// A custom item's street address: optional, at most 300 characters
  /// (a long postal address with directions is under 200).
  public static let address = TextField(label: "address", limit: 300, isRequired: false)
  /// A travel leg's place name (a city or venue name): required, at most
  /// 200 characters, as a trip's name.
  public static let placeName = TextField(
    label: "place name", limit: 200, isRequired: true,
    emptyMessage: "a travel leg needs a place name")
  /// A visit's notes: optional, one line, at most 5,000 characters.
  public static let notes = TextField(label: "notes", limit: 5000, isRequired: false)
}

/// Why a text cannot be stored: empty once cleaned, or too long. Its
/// description quotes at most 80 characters of the cleaned text.
public struct TextError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public enum Problem: Sendable, Hashable {
    /// Nothing is left once cleaned; `hadText` when the text given was
    /// not only white space (it held control or invisible characters).
    /// An optional text is refused only with `hadText`.
    case empty(hadText: Bool)
    /// Longer than the field allows: its length in characters and scalars.
    case tooLong(characters: Int, scalars: Int)
  }

  /// The kind of text.
  public var field: TextField
  /// What is wrong.
  public var problem: Problem
  /// At most 80 characters of the cleaned text (empty for `.empty`).
  public var excerpt: String

  /// Creates an error; see the properties.
  public init(field: TextField, problem: Problem, excerpt: String = "") {
    self.field = field
    self.problem = problem
    self.excerpt = excerpt
  }

  /// True when the text given had characters but none is left once
  /// cleaned (only control or invisible ones).
  public var hasNoVisibleCharacters: Bool { problem == .empty(hadText: true) }

  /// "the title is 612 characters long; at most 500 are allowed ('Dinner…')";
  /// "the notes have no visible characters (only control or invisible
  /// ones, which are not stored)".
  public var description: String {
    switch problem {
    case .empty(let hadText) where hadText && !field.isRequired:
      let noun = field.label == "notes" ? "the notes have" : "the \(field.label) has"
      return "\(noun) no visible characters (only control or invisible ones, which are not stored)"
    case .empty(let hadText):
      return field.emptyMessage
        + (hadText ? " (the one given has only control or invisible characters)" : "")
    case .tooLong(let characters, let scalars):
      let noun = field.label == "notes" ? "the notes are" : "the \(field.label) is"
      if characters > field.limit {
        return
          "\(noun) \(characters) characters long; at most \(field.limit) are allowed ('\(excerpt)')"
      }
      return
        "\(noun) \(scalars) Unicode code points long (combining marks count); at most \(field.scalarLimit) are allowed ('\(excerpt)')"
    }
  }
}

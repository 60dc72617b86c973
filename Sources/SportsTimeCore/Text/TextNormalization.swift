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
  ///    become spaces: every stored text is one line. So does the braille
  ///    blank U+2800, which looks like a space.
  /// 2. Every other control character is removed: C0 (ESC, BEL, NUL, …),
  ///    DEL and C1; so are noncharacters (U+FDD0–FDEF, U+xxFFFE/F) and the
  ///    interlinear annotation characters U+FFF9–FFFB.
  /// 3. Every default-ignorable code point (Unicode's
  ///    Default_Ignorable_Code_Point: characters that show nothing, such as
  ///    the bidi controls, zero-width spaces and joiners, the soft hyphen,
  ///    the combining grapheme joiner U+034F, the Hangul fillers, variation
  ///    selectors and tag characters) is removed, except where it does
  ///    something visible:
  ///    - the tag characters of an emoji flag tag sequence (🏴 + 1–6 tag
  ///      letters or digits + U+E007F, e.g. the flag of Scotland);
  ///    - a zero-width joiner U+200D between two emoji (👨‍👩‍👧, after a
  ///      variation selector or skin tone too);
  ///    - a zero-width joiner or non-joiner U+200C after a virama (the
  ///      conjunct and half forms of Indic scripts), or between two
  ///      letters or marks of a script whose joining they change: Arabic
  ///      and its relatives (Persian `می‌خواهم`), Syriac, N'Ko, Mongolian,
  ///      Adlam, and the Brahmic scripts of South and Southeast Asia;
  ///    - a variation selector U+FE00–FE0F after a visible character
  ///      (`⚾️`), an ideographic one U+E0100–E01EF after a CJK ideograph,
  ///      a Mongolian one (U+180B–180D, U+180F) after a Mongolian letter.
  /// 4. A nonspacing mark (general category Mn) with no base before it —
  ///    at the start, or after white space — is removed: alone it shows
  ///    nothing, or an accent over nothing (`"\u{301}"` is no name).
  /// 5. Unicode NFC, runs of white space collapsed to one space, both ends
  ///    trimmed.
  ///
  /// So every invisible character left is attached to a visible one: a
  /// text with no visible character cleans to the empty string. Cleaning
  /// is idempotent: `clean(clean(s)) == clean(s)`.
  ///
  /// ```swift
  /// TextNormalization.clean("  Evil\u{1B}[2J\tTrip\n")   // "Evil[2J Trip"
  /// TextNormalization.clean("\u{202E}Cafe\u{301}")       // "Café"
  /// TextNormalization.clean("Loop\u{34F}\u{200D}")        // "Loop"
  /// ```
  /// - Complexity: O(n) for n Unicode scalars.
  public static func clean(_ text: String) -> String {
    if isCleanASCII(text) { return text }
    return cleanedScalars(text)
  }

  /// Whether `text` is printable ASCII (U+0020–U+007E) without a space at
  /// either end or two in a row: then `clean(_:)` keeps it as it is (no
  /// control, mark or ignorable to drop, no line to turn into a space, NFC
  /// already, nothing to collapse), so names such as a trip's are not taken
  /// apart scalar by scalar (3% of a small `trip show`).
  static func isCleanASCII(_ text: String) -> Bool {
    var previous: UInt8 = 0x20
    for byte in text.utf8 {
      guard byte >= 0x20, byte <= 0x7E, !(byte == 0x20 && previous == 0x20) else { return false }
      previous = byte
    }
    return previous != 0x20 || text.isEmpty
  }

  /// `clean(_:)` done scalar by scalar (any text).
  static func cleanedScalars(_ text: String) -> String {
    let input = Array(text.unicodeScalars)
    var kept = Kept()
    kept.scalars.reserveCapacity(input.count)
    var i = 0
    while i < input.count {
      let scalar = input[i]
      let v = scalar.value
      if v == 0x1F3F4, let end = flagTagSequenceEnd(input, after: i) {
        for tagged in input[i...end] { kept.append(tagged) }
        i = end + 1
        continue
      }
      i += 1
      if isLineOrTab(v) || v == 0x2800 {
        kept.append(" ")
      } else if isRemoved(v) {
        continue
      } else if scalar.properties.generalCategory == .nonspacingMark
        && !scalar.properties.isDefaultIgnorableCodePoint
        && (kept.scalars.last?.properties.isWhitespace ?? true)
      {
        continue  // a mark with no base: alone it shows nothing (or a stray accent)
      } else if !scalar.properties.isDefaultIgnorableCodePoint
        || isKeptIgnorable(scalar, after: kept, before: i < input.count ? input[i] : nil)
      {
        kept.append(scalar)
      }
    }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: kept.scalars)
    return String(scalars).precomposedStringWithCanonicalMapping
      .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// `text` cleaned as lines: split at its line breaks (LF, CR, CR LF, VT,
  /// FF, NEL, U+2028, U+2029), each line cleaned (`clean(_:)`, so no
  /// control character, tab or invisible run is left), blank lines at
  /// either end dropped and a run of blank lines kept as one, joined by LF.
  /// Idempotent; a text of one line cleans as `clean(_:)` does.
  ///
  /// ```swift
  /// TextNormalization.cleanLines("Row 3, seat 12\r\n\r\n\r\nwith Sam\u{7} ")   // "Row 3, seat 12\n\nwith Sam"
  /// ```
  /// - Complexity: O(n) for n Unicode scalars.
  public static func cleanLines(_ text: String) -> String {
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      let value = scalar.value
      defer { previousWasCR = value == 0x0D }
      switch value {
      case 0x0A where previousWasCR:
        continue
      case 0x0A...0x0D, 0x85, 0x2028, 0x2029:
        lines.append(clean(String(current)))
        current = String.UnicodeScalarView()
      default:
        current.append(scalar)
      }
    }
    lines.append(clean(String(current)))
    var kept: [String] = []
    for line in lines where !(line.isEmpty && (kept.last?.isEmpty ?? true)) {
      kept.append(line)
    }
    if kept.last?.isEmpty == true { kept.removeLast() }
    return kept.joined(separator: "\n")
  }

  /// `text` cleaned (`clean(_:)`, or `cleanLines(_:)` for a field that
  /// keeps its line breaks) and checked against `field`'s rules: not
  /// empty (so with a visible character) when the field is required, at most `field.limit` characters
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
    let cleaned = field.keepsLineBreaks ? cleanLines(text) : clean(text)
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

  /// An optional text as stored: nil stays nil, and so does a text with
  /// nothing visible once cleaned — empty, only white space, or only
  /// control or invisible characters (an empty address or notes clear
  /// them): a text a traveller cannot see is no text.
  ///
  /// ```swift
  /// try TextNormalization.validatedOptional("", as: .notes)          // nil
  /// try TextNormalization.validatedOptional("\u{200B}", as: .notes)  // nil
  /// ```
  /// - Throws: `TextError` (`.tooLong`), as `validated(_:as:)`.
  public static func validatedOptional(_ text: String?, as field: TextField) throws -> String? {
    guard let text else { return nil }
    let value = try validated(text, as: field)
    return value.isEmpty ? nil : value
  }

  /// True when `text` is already clean (`clean(text) == text`, or
  /// `cleanLines` for a field that keeps its line breaks) and within
  /// `field`'s limits: the check the Store makes before inserting a row.
  /// Whether it may be empty is the caller's rule, not checked here.
  public static func isStorable(_ text: String, as field: TextField) -> Bool {
    text.count <= field.limit && text.unicodeScalars.count <= field.scalarLimit
      && (field.keepsLineBreaks ? cleanLines(text) : clean(text)) == text
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

  /// The key two names are compared by: the cleaned name without any
  /// default-ignorable code point (the joiners and variation selectors
  /// `clean(_:)` keeps; the tags of an emoji flag stay, they tell the
  /// flags apart), case-folded for every script (`Ärger` = `ärger`) and
  /// width-folded (`ｅｃ４３` = `ec43`), in NFC, so NFC and NFD spellings
  /// match.
  ///
  /// ```swift
  /// TextNormalization.key("Café\u{200D}") == TextNormalization.key("café")   // true
  /// TextNormalization.key("beef\u{FE0F}")                                 // "beef"
  /// ```
  public static func key(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in clean(text).unicodeScalars
    where !scalar.properties.isDefaultIgnorableCodePoint
      || (0xE0020...0xE007F).contains(scalar.value)
    {
      scalars.append(scalar)
    }
    return String(scalars).folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
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

  /// The controls and other characters `clean(_:)` removes although they
  /// are not default-ignorable: C0, DEL, C1, the interlinear annotation
  /// characters and the noncharacters.
  static func isRemoved(_ v: UInt32) -> Bool {
    switch v {
    case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1
    case 0xFFF9...0xFFFB: return true  // interlinear annotation
    case 0xFDD0...0xFDEF: return true  // noncharacters
    default: return v & 0xFFFE == 0xFFFE  // U+xxFFFE, U+xxFFFF
    }
  }

  /// The scalars `clean(_:)` has kept so far, with what keeping a joiner
  /// depends on: the last base (a scalar of canonical combining class 0)
  /// and whether a virama follows it. Updated in O(1) per scalar, so
  /// cleaning stays O(n) however many marks and joiners a text holds.
  struct Kept {
    /// The scalars kept, in order.
    var scalars: [Unicode.Scalar] = []
    /// The last kept scalar of combining class 0 (nil before the first).
    var base: Unicode.Scalar?
    /// Whether a virama was kept after `base`.
    var viramaSinceBase = false

    /// Keeps `scalar`.
    mutating func append(_ scalar: Unicode.Scalar) {
      scalars.append(scalar)
      let combiningClass = scalar.properties.canonicalCombiningClass
      if combiningClass == .notReordered {
        base = scalar
        viramaSinceBase = false
      } else if combiningClass == .virama {
        viramaSinceBase = true
      }
    }
  }

  /// Whether the default-ignorable `scalar` is kept by `clean(_:)`: a
  /// joiner, non-joiner or variation selector in a place where it changes
  /// what is shown (see `clean(_:)`, step 3), judged on the scalars `kept`
  /// so far and the `next` scalar of the text.
  ///
  /// Only what cleaning and NFC never change is looked at, so cleaning
  /// stays idempotent: the base before the run of combining marks (NFC
  /// may reorder the marks, never move them past a base), whether that
  /// run holds a virama, and a next scalar that cleaning always keeps.
  static func isKeptIgnorable(
    _ scalar: Unicode.Scalar, after kept: Kept, before next: Unicode.Scalar?
  ) -> Bool {
    guard let last = kept.scalars.last else { return false }
    switch scalar.value {
    case 0x200C, 0x200D:
      if kept.viramaSinceBase { return true }
      guard let next else { return false }
      if scalar.value == 0x200D, isEmojiElementEnd(last), isEmojiElement(next) { return true }
      guard let base = kept.base else { return false }
      return isJoiningLetterOrMark(base) && isJoiningLetterOrMark(next)
    case 0xFE00...0xFE0F:
      return !last.properties.isWhitespace && !last.properties.isDefaultIgnorableCodePoint
    case 0xE0100...0xE01EF:
      return last.properties.isUnifiedIdeograph
    case 0x180B...0x180D, 0x180F:
      return (0x1820...0x18AA).contains(last.value)
    default:
      return false
    }
  }

  /// An emoji a zero-width joiner may follow in an emoji ZWJ sequence:
  /// a (non-ASCII) emoji, a skin tone, or the emoji variation selector.
  static func isEmojiElementEnd(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0xFE0F || isEmojiElement(scalar)
  }

  /// An emoji that may follow a zero-width joiner: a non-ASCII emoji
  /// (the ASCII digits, `#` and `*` are emoji only in keycaps).
  static func isEmojiElement(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value > 0x7F && scalar.properties.isEmoji
  }

  /// A visible letter or mark of a script in which a zero-width joiner or
  /// non-joiner between letters changes how they are joined or combined.
  static func isJoiningLetterOrMark(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    guard !properties.isDefaultIgnorableCodePoint else { return false }
    switch properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark:
      return joiningScripts.contains { $0.contains(scalar.value) }
    default:
      return false
    }
  }

  /// The blocks of the scripts whose letters zero-width joiners and
  /// non-joiners shape (The Unicode Standard, 23.2 "Layout Controls").
  static let joiningScripts: [ClosedRange<UInt32>] = [
    0x0600...0x08FF,  // Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic, Arabic extensions
    // Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada,
    // Malayalam, Sinhala
    0x0900...0x0DFF,
    0x1000...0x109F,  // Myanmar
    0x1780...0x18AF,  // Khmer, Mongolian
    0x1900...0x1AAF,  // Limbu, Tai Le, New Tai Lue, Buginese, Tai Tham
    0x1B00...0x1C4F,  // Balinese, Sundanese, Batak, Lepcha
    0xA800...0xA8FF,  // Syloti Nagri, Phags-pa, Saurashtra, Devanagari Extended
    0xA980...0xAAFF,  // Javanese, Myanmar Extended-B/A, Cham, Tai Viet, Meetei Mayek Extensions
    0xABC0...0xABFF,  // Meetei Mayek
    0xFB50...0xFDFF, 0xFE70...0xFEFE,  // Arabic presentation forms
    0x10A00...0x10A5F,  // Kharoshthi
    0x10AC0...0x10AFF,  // Manichaean
    0x10B80...0x10BAF,  // Psalter Pahlavi
    0x10D00...0x10D3F,  // Hanifi Rohingya
    0x10F30...0x10FFF,  // Sogdian, Old Uyghur, Chorasmian, Elymaic
    0x11000...0x11FFF,  // Brahmi and the later Brahmic scripts
    0x1E900...0x1E95F,  // Adlam
  ]

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

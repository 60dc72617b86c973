import Foundation
import SportsTimeAPI
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// One cleaning rule for every stored text (issue 8, item 17): controls and
/// invisible characters removed, one line, NFC, trimmed, limited — on every
/// path that stores text.
final class TextNormalizationTests: XCTestCase {
  /// Text a fault hunt would type: ESC sequences, BEL, a bidi override and
  /// isolate, zero-width and invisible characters, a tab and line breaks,
  /// and a decomposed é.
  static let evil =
    "\u{1B}[1m\u{202E}Deep\u{200B} dish\u{7}\tat\nLou\u{2066}\u{FEFF} Malnati\u{AD}'s Cafe\u{301}\u{85} "
  /// What every path stores for it.
  static let cleaned = "[1mDeep dish at Lou Malnati's Café"

  func testClean_removesControlsAndInvisibleCharacters() {
    XCTAssertEqual(TextNormalization.clean(Self.evil), Self.cleaned)
    XCTAssertEqual(TextNormalization.clean("  Evil\u{1B}[2J\tTrip\n"), "Evil[2J Trip")
    // Every C0 and C1 control except the line and tab ones is removed.
    for v in Array(0x00...0x08) + Array(0x0E...0x1F) + Array(0x7F...0x84) + Array(0x86...0x9F) {
      let scalar = Unicode.Scalar(UInt32(v)).map(String.init) ?? ""
      XCTAssertEqual(TextNormalization.clean("a\(scalar)b"), "ab", "U+\(String(v, radix: 16))")
    }
    // Line breaks and tabs are spaces: every stored text is one line.
    for separator in ["\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
      XCTAssertEqual(TextNormalization.clean("a\(separator)b"), "a b", separator.debugDescription)
    }
    // Bidi embeddings, overrides, isolates and marks are removed.
    for v: UInt32 in [
      0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F,
      0x061C,
    ] {
      let scalar = Unicode.Scalar(v).map(String.init) ?? ""
      XCTAssertEqual(TextNormalization.clean("ab\(scalar)c"), "abc", "U+\(String(v, radix: 16))")
    }
    // Invisible format characters, Hangul fillers, noncharacters, tags.
    for v: UInt32 in [
      0x200B, 0x2060, 0x2063, 0x206A, 0xFEFF, 0x00AD, 0x180E, 0xFFF9, 0x3164, 0xFFA0, 0xFDD0,
      0xFFFE, 0x1FFFF, 0xE0041, 0xE007F,
    ] {
      let scalar = Unicode.Scalar(v).map(String.init) ?? ""
      XCTAssertEqual(TextNormalization.clean("a\(scalar)b"), "ab", "U+\(String(v, radix: 16))")
    }
    // Kept: emoji sequences (ZWJ, variation selector, a flag tag
    // sequence), joiners scripts need, ordinary text in any script.
    for kept in [
      "\u{26BE}\u{FE0F} \u{1F37A}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
      "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
      "\u{645}\u{6CC}\u{200C}\u{62E}",
      "北京烤鸭", "Zoë",
    ] {
      XCTAssertEqual(TextNormalization.clean(kept), kept)
    }
    // A tag run that is not a flag (hidden ASCII) loses its tags.
    XCTAssertEqual(
      TextNormalization.clean(
        "\u{1F3F4}\u{E0068}\u{E0069}\u{E0064}\u{E0064}\u{E0065}\u{E006E}\u{E0021}x"),
      "\u{1F3F4}x")
    // NFC after removal: a removed character between e and its accent.
    XCTAssertEqual(TextNormalization.clean("Cafe\u{1B}\u{301}"), "Café")
    XCTAssertEqual(TextNormalization.clean("Cafe\u{301}").unicodeScalars.count, 4)
    // Unicode spaces collapse and are trimmed (no-break, ideographic).
    XCTAssertEqual(TextNormalization.clean("\u{A0}a\u{3000}\u{2003} b\u{A0}"), "a b")
  }

  /// Second review of issue 8, item 1: invisible characters that were
  /// kept (the combining grapheme joiner, Hangul fillers, Khmer inherent
  /// vowels, Mongolian selectors, shorthand and musical format controls,
  /// ideographic selectors after a Latin letter, a lone joiner) are
  /// removed: every default-ignorable code point is, except where it
  /// changes what is shown. The braille blank is a space.
  func testClean_removesEveryDefaultIgnorableCodePointThatShowsNothing() {
    for v: UInt32 in [
      0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x1BCA0, 0x1BCA3,
      0x1D173, 0x1D17A, 0xE0100, 0xE01EF, 0x200C, 0x200D, 0x2065, 0xFFF0, 0xE0001, 0xE0FFF,
    ] {
      let scalar = Unicode.Scalar(v).map(String.init) ?? ""
      XCTAssertEqual(TextNormalization.clean("a\(scalar)b"), "ab", "U+\(String(v, radix: 16))")
      XCTAssertEqual(TextNormalization.clean("\(scalar)"), "", "U+\(String(v, radix: 16))")
    }
    // Every one of them (4,174 in Unicode 16) between two Latin letters.
    // Variation selectors after a visible character stay (⚾️, a keycap).
    var count = 0
    for v in UInt32(0)...0x10FFFF where !(0xFE00...0xFE0F).contains(v) {
      guard let scalar = Unicode.Scalar(v), scalar.properties.isDefaultIgnorableCodePoint else {
        continue
      }
      count += 1
      XCTAssertEqual(
        TextNormalization.clean("a\(scalar)b"), "ab", "U+\(String(v, radix: 16, uppercase: true))")
    }
    XCTAssertGreaterThan(count, 4_000)
    XCTAssertEqual(TextNormalization.clean("\u{FE0F}a \u{FE0E}b"), "a b")
    XCTAssertEqual(TextNormalization.clean("a\u{2800}\u{2800}b\u{2800}"), "a b")
    XCTAssertEqual(TextNormalization.clean("Great Lakes Loop\u{34F}"), "Great Lakes Loop")
    XCTAssertEqual(TextNormalization.clean("caf\u{200D}e\u{200C}"), "cafe")
    // Kept where they change what is shown: emoji ZWJ sequences (after a
    // selector or skin tone too), a flag, conjuncts and half forms after a
    // virama (Devanagari, a Malayalam chillu at the end, Sinhala), joiners
    // between letters of a joining script (Persian, Bengali ya-phala,
    // Arabic), an ideographic variant, a Mongolian variant.
    for kept in [
      "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
      "\u{1F9D1}\u{1F3FD}\u{200D}\u{1F4BB}", "\u{2764}\u{FE0F}\u{200D}\u{1F525}",
      "\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}", "1\u{FE0F}\u{20E3}",
      "\u{915}\u{94D}\u{200D}\u{937}", "\u{915}\u{94D}\u{200C}\u{937}", "\u{D28}\u{D4D}\u{200D}",
      "\u{D9A}\u{DCA}\u{200D}\u{DBA}", "\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}",
      "\u{9B0}\u{200D}\u{9CD}\u{9AF}", "\u{644}\u{200D}\u{627}", "\u{845B}\u{E0100}",
      "\u{1820}\u{180B}", "\u{26BE}\u{FE0F}",
    ] {
      XCTAssertEqual(TextNormalization.clean(kept), kept, kept.debugDescription)
    }
    // Not where they show nothing: a joiner between Latin or CJK letters,
    // before an emoji but after a letter, at either end of a word; a
    // selector of another kind of base.
    for (text, cleaned) in [
      ("a\u{200D}\u{1F468}", "a\u{1F468}"), ("\u{1F468}\u{200D}a", "\u{1F468}a"),
      ("\u{200D}\u{915}", "\u{915}"), ("\u{644}\u{200D}", "\u{644}"), ("北\u{200C}京", "北京"),
      ("a\u{E0100}", "a"), ("a\u{180B}", "a"), ("\u{845B}\u{180B}", "\u{845B}"),
      ("\u{1F468}\u{200D}\u{200D}\u{1F469}", "\u{1F468}\u{200D}\u{1F469}"),
    ] {
      XCTAssertEqual(TextNormalization.clean(text), cleaned, text.debugDescription)
    }
  }

  /// Second review of issue 8, item 1: cleaning stays idempotent with the
  /// joiners and selectors it keeps in context, on seeded random text of
  /// letters, marks (virama, nukta, stress), joiners, selectors, emoji.
  func testClean_isIdempotentOnRandomTextWithJoinersAndSelectors() {
    var generator = SplitMix64(seed: 0x10_1A7E)
    print("TextNormalizationTests: seed 0x101A7E")
    let pool: [UInt32] = [
      0x61, 0x20, 0x301, 0x34F, 0x915, 0x937, 0x93C, 0x94D, 0x951, 0x9B0, 0x9CD, 0xD28, 0xD4D,
      0x627, 0x644, 0x64E, 0x6CC, 0x200C, 0x200D, 0xFE0F, 0xFE0E, 0xE0100, 0x180B, 0x1820,
      0x845B, 0xF900, 0x1F468, 0x1F3FD, 0x2764, 0x1F3F4, 0xE0067, 0xE007F, 0x2800, 0x115F, 0x1161,
      0x1100, 0x17B4, 0x1B, 0x9, 0x202E,
    ]
    for _ in 0..<5_000 {
      let length = Int.random(in: 0...16, using: &generator)
      let text = Self.randomText(length, from: pool, using: &generator)
      let once = TextNormalization.clean(text)
      XCTAssertEqual(TextNormalization.clean(once), once, text.debugDescription)
      // Nothing invisible is left that is not attached to a visible
      // character, and the key holds no default-ignorable code point but
      // a flag's tags.
      if !once.isEmpty {
        XCTAssertFalse(
          once.unicodeScalars.allSatisfy {
            $0.properties.isDefaultIgnorableCodePoint || $0.properties.isWhitespace
          }, text.debugDescription)
      }
      XCTAssertFalse(
        TextNormalization.key(text).unicodeScalars.contains {
          $0.properties.isDefaultIgnorableCodePoint && !(0xE0020...0xE007F).contains($0.value)
        }, text.debugDescription)
      XCTAssertEqual(TextNormalization.key(once), TextNormalization.key(text))
    }
  }

  /// Keeping a joiner depends on the marks before it; that is tracked as
  /// the text is scanned, not looked up backwards, so a text of many marks
  /// and joiners cleans in linear time (a look-back was quadratic: 30,000
  /// marks each followed by a joiner took 31 s in a debug build).
  func testClean_manyMarksAndJoinersCleanInLinearTime() {
    let text = "e" + String(repeating: "\u{301}\u{200D}", count: 30_000)
    let start = Date()
    let cleaned = TextNormalization.clean(text)
    let seconds = Date().timeIntervalSince(start)
    print("TextNormalizationTests: 60,001 scalars cleaned in \(seconds) s")
    XCTAssertEqual(cleaned.unicodeScalars.count, 30_000, "é and 29,999 U+0301, no joiner")
    XCTAssertLessThan(seconds, 1.0)
  }

  /// Second review of issue 8, item 2: names are compared ignoring every
  /// default-ignorable code point, so a hidden joiner or selector cannot
  /// make a second trip with "the same" name.
  func testKey_ignoresEveryDefaultIgnorableCodePoint() {
    for (a, b) in [
      ("café\u{200D}", "café"), ("Great Lakes Loop\u{34F}", "Great Lakes Loop"),
      ("Great\u{115F} Lakes", "great lakes"), ("Loop\u{FE0F}", "loop"),
      ("\u{915}\u{94D}\u{200D}\u{937}", "\u{915}\u{94D}\u{937}"),
      ("\u{645}\u{6CC}\u{200C}\u{62E}", "\u{645}\u{6CC}\u{62E}"), ("\u{845B}\u{E0100}", "\u{845B}"),
      ("\u{1F468}\u{200D}\u{1F469}", "\u{1F468}\u{1F469}"), ("Ball\u{2800}Park", "ball park"),
    ] {
      XCTAssertEqual(TextNormalization.key(a), TextNormalization.key(b), a.debugDescription)
    }
    XCTAssertEqual(TextNormalization.key("beef\u{FE0F}"), "beef")
    // The tags of a flag stay: Scotland is not Wales.
    let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
    let wales = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}"
    XCTAssertNotEqual(
      TextNormalization.key("Tour " + scotland), TextNormalization.key("Tour " + wales))
  }

  /// Second review of issue 8, item 4: a text with no visible character
  /// is empty, so a required one is refused as an empty one is.
  func testValidated_textWithNoVisibleCharacterIsEmpty() {
    for text in [
      "\u{34F}", "\u{115F}\u{1160}", "\u{17B4}", "\u{2800}", "\u{180B}", "\u{FE0F}", "\u{E0100}",
      "\u{200D}\u{200C}", " \u{1D173} ", "\u{301}", "\u{301}\u{301}\u{301}", " \u{308}\u{301} ",
    ] {
      XCTAssertEqual(TextNormalization.clean(text), "", text.debugDescription)
      for field in [TextField.tripName, .itemTitle, .placeName] {
        XCTAssertThrowsError(
          try TextNormalization.validated(text, as: field), text.debugDescription
        ) {
          XCTAssertEqual($0 as? TextError, TextError(field: field, problem: .empty(hadText: true)))
        }
      }
    }
  }

  /// Third review of issue 8: a trip named U+0301 alone (or three of them)
  /// was stored: it looks empty in every listing. A nonspacing mark with
  /// no base is removed; marks on a base stay.
  func testClean_removesNonspacingMarksWithNoBase() {
    for (text, expected) in [
      ("\u{301}abc", "abc"), ("a \u{301}b", "a b"), ("e\u{301}", "\u{E9}"),
      ("\t\u{301}x", "x"), ("\u{200B}\u{301}x", "x"), ("क\u{94D}", "क\u{94D}"),
      ("\u{20DD}", "\u{20DD}"),  // an enclosing mark alone shows its circle
    ] {
      XCTAssertEqual(TextNormalization.clean(text), expected, text.debugDescription)
    }
  }

  func testClean_isIdempotentOnRandomText() {
    var generator = SplitMix64(seed: 0x5EED_7E47)
    print("TextNormalizationTests: seed 0x5EED7E47")
    let pool: [UInt32] =
      Array(0x00...0x7F) + Array(0x80...0xA0) + [0x300, 0x301, 0x308, 0x61C, 0x3164]
      + Array(0x200B...0x200F) + Array(0x2028...0x202E) + Array(0x2060...0x206F)
      + [0xFEFF, 0xFFFE, 0xFFFD, 0x1F3F4, 0xE0067, 0xE0062, 0xE007F, 0x1F468, 0xFE0F, 0xE9, 0x4E2C]
    for _ in 0..<2_000 {
      let length = Int.random(in: 0...24, using: &generator)
      let text = Self.randomText(length, from: pool, using: &generator)
      let once = TextNormalization.clean(text)
      XCTAssertEqual(TextNormalization.clean(once), once, text.debugDescription)
      XCTAssertEqual(once, once.precomposedStringWithCanonicalMapping, text.debugDescription)
      XCTAssertFalse(once.hasPrefix(" ") || once.hasSuffix(" ") || once.contains("  "))
      XCTAssertFalse(
        once.unicodeScalars.contains {
          $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
            || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }, text.debugDescription)
    }
  }

  /// Review of issue 8: `item add --title "e" + 60,000 U+0301` quoted the
  /// whole 120 KB value, because the 80-character bound counts grapheme
  /// clusters and that is one. The scalars are bounded too (320).
  func testExcerpt_boundsCharactersAndScalars() throws {
    let marks = "e" + String(repeating: "\u{301}", count: 60_000)
    XCTAssertEqual(marks.count, 1)
    let cut = TextNormalization.excerpt(marks)
    XCTAssertEqual(cut.unicodeScalars.count, 320)
    XCTAssertTrue(marks.unicodeScalars.starts(with: cut.unicodeScalars.dropLast()))
    XCTAssertTrue(cut.hasSuffix("…"))
    XCTAssertEqual(cut.count, 2, "the cut cluster, then …")
    // Many characters of many scalars each: both bounds hold.
    let heavy = String(repeating: "a" + String(repeating: "\u{300}", count: 9), count: 100)
    let heavyCut = TextNormalization.excerpt(heavy)
    XCTAssertLessThanOrEqual(heavyCut.count, 80)
    XCTAssertLessThanOrEqual(heavyCut.unicodeScalars.count, 320)
    XCTAssertTrue(heavyCut.hasSuffix("…"))
    XCTAssertTrue(heavy.unicodeScalars.starts(with: heavyCut.unicodeScalars.dropLast()))
    // Plain text: 80 characters at most, unchanged when it fits.
    XCTAssertEqual(
      TextNormalization.excerpt(String(repeating: "x", count: 100)),
      String(repeating: "x", count: 79) + "…")
    XCTAssertEqual(
      TextNormalization.excerpt(String(repeating: "x", count: 80)),
      String(repeating: "x", count: 80))
    // 80 characters of 4 scalars each is 320 scalars: still fits.
    let fits = String(repeating: "o\u{308}\u{304}\u{301}", count: 80)
    XCTAssertEqual(TextNormalization.excerpt(fits), fits)
    XCTAssertEqual(TextNormalization.excerpt(""), "")
    // The refusal of such a title quotes the bounded excerpt.
    XCTAssertThrowsError(try TextNormalization.validated(marks, as: .itemTitle)) { error in
      XCTAssertLessThan("\(error)".unicodeScalars.count, 500, "\(error)".debugDescription)
    }
  }

  /// An empty word is close to every one-letter candidate by edit
  /// distance; it suggests nothing.
  func testSuggest_emptyWordSuggestsNothing() {
    XCTAssertNil(Suggest.closest(to: "", in: ["ǅ", "A"]))
    XCTAssertEqual(Suggest.closest(to: "ǅx", in: ["ǅ"]), "ǅ")
  }

  /// Issue 9: the catalog uses the package's one edit distance, without
  /// counting swaps, so its suggestions are what its own Levenshtein copy
  /// gave: one substitution suggests, a swap (two edits) of a 3-letter
  /// code does not.
  func testSuggest_sharedDistanceKeepsTheCatalogsSuggestions() throws {
    XCTAssertEqual(Suggest.closest(to: "CHX", in: ["CHN", "SLN"]), "CHN")
    XCTAssertNil(Suggest.closest(to: "HCN", in: ["CHN", "SLN"]))
    let catalog = try Fixtures.catalog()
    XCTAssertThrowsError(try catalog.team(named: "HCN", season: 2024)) { error in
      XCTAssertFalse("\(error)".contains("Did you mean"), "\(error)")
    }
  }

  func testValidated_limitsLengthsAndQuotesAtMost80Characters() throws {
    XCTAssertEqual(TextField.tripName.limit, 200)
    XCTAssertEqual(TextField.itemTitle.limit, 500)
    XCTAssertEqual(TextField.notes.limit, 5000)
    XCTAssertEqual(TextField.address.limit, 300)
    for field in [TextField.tripName, .itemTitle, .address, .placeName, .notes] {
      let longest = String(repeating: "é", count: field.limit)
      XCTAssertEqual(try TextNormalization.validated(longest, as: field), longest)
      // Spaces around do not count: they are trimmed first.
      XCTAssertEqual(try TextNormalization.validated("  \(longest)\n", as: field), longest)
      XCTAssertThrowsError(try TextNormalization.validated(longest + "x", as: field)) { error in
        let text = "\(error)"
        XCTAssertEqual(
          error as? TextError,
          TextError(
            field: field,
            problem: .tooLong(characters: field.limit + 1, scalars: field.limit + 1),
            excerpt: String(repeating: "é", count: 79) + "…"))
        XCTAssertTrue(text.contains("\(field.limit + 1) characters long"), text)
        XCTAssertTrue(text.contains("at most \(field.limit)"), text)
        // The quote holds 80 characters at most.
        let quoted = text.split(separator: "'").dropFirst().first.map(String.init) ?? ""
        XCTAssertEqual(quoted.count, 80, text)
      }
    }
    // A short text hiding thousands of combining marks is refused too.
    let zalgo = "x" + String(repeating: "\u{301}", count: 900)
    XCTAssertEqual(zalgo.count, 1)
    XCTAssertThrowsError(try TextNormalization.validated(zalgo, as: .tripName)) {
      XCTAssertTrue("\($0)".contains("901 Unicode code points"), "\($0)")
    }
    // Empty once cleaned: required fields refuse, optional ones are none.
    XCTAssertThrowsError(try TextNormalization.validated("  \n ", as: .tripName)) {
      XCTAssertEqual("\($0)", "a trip needs a name")
    }
    XCTAssertThrowsError(try TextNormalization.validated("\u{202E}\u{1B}\u{200B}", as: .itemTitle))
    {
      XCTAssertEqual(
        "\($0)",
        "an item needs a title (the one given has only control or invisible characters)")
    }
    XCTAssertNil(try TextNormalization.validatedOptional(" \t", as: .address))
    XCTAssertNil(try TextNormalization.validatedOptional(nil, as: .notes))
    XCTAssertTrue(TextNormalization.isStorable(Self.cleaned, as: .itemTitle))
    XCTAssertFalse(TextNormalization.isStorable(Self.evil, as: .itemTitle))
    XCTAssertFalse(TextNormalization.isStorable("a\nb", as: .itemTitle))
  }

  /// Second review of issue 8, item 5: an optional text with nothing
  /// visible once cleaned is none, whether it was empty, white space, or
  /// only control or invisible characters (review of issue 8, finding 3
  /// refused the last kind, so `--address " "` cleared an address and
  /// `--address "\u{200B}"` was an error). A required text is refused.
  func testValidatedOptional_textWithNothingVisibleIsNone() throws {
    for text in [
      "", " ", "\t\n ", "\u{3000}", "\u{200B}", "\u{202E}", "\u{7} \t", " \u{FEFF}\u{200B} ",
      "\u{E0041}", "\u{1B}", "\u{34F}", "\u{2800}", "\u{115F}\u{1160}", "\u{FE0F}", "\u{200D}",
    ] {
      for field in [TextField.notes, .address] {
        XCTAssertNil(
          try TextNormalization.validatedOptional(text, as: field), text.debugDescription)
      }
      XCTAssertThrowsError(try TextNormalization.validated(text, as: .itemTitle)) { error in
        let hidden = text.unicodeScalars.contains { !$0.properties.isWhitespace }
        XCTAssertEqual(
          error as? TextError, TextError(field: .itemTitle, problem: .empty(hadText: hidden)),
          text.debugDescription)
      }
    }
    XCTAssertEqual(try TextNormalization.validatedOptional("\u{200B}x", as: .notes), "x")
  }

  /// Second review of issue 8, item 5: every text rule's refusal reads the
  /// same way — lowercase, no final period — whichever field or path
  /// gives it; the item commands no longer capitalise theirs.
  func testTextRefusals_readTheSameWayForEveryField() throws {
    let fields = [TextField.tripName, .itemTitle, .address, .placeName, .notes]
    for field in fields {
      for problem in [
        TextError.Problem.empty(hadText: false), .empty(hadText: true),
        .tooLong(characters: field.limit + 1, scalars: field.limit + 1),
        .tooLong(characters: 1, scalars: field.scalarLimit + 1),
      ] where field.isRequired || problem != .empty(hadText: false) {
        let text = TextError(field: field, problem: problem, excerpt: "x").description
        XCTAssertEqual(text.first.map { $0.isLowercase }, true, text)
        XCTAssertFalse(text.hasSuffix("."), text)
      }
    }
    // An item's title and a trip's name are refused in the same words.
    let catalog = try Fixtures.catalog()
    let planned = try TripBuilder.plan(
      name: "Words", games: [try Fixtures.seasonGame("CHN202406170")], start: nil, end: nil,
      catalog: catalog, environment: .fixed(now: Date(timeIntervalSinceReferenceDate: 0)))
    let itinerary = Itinerary(trip: planned.trip, schedule: planned.schedule, items: planned.items)
    let long = String(repeating: "t", count: 501)
    XCTAssertThrowsError(
      try itinerary.add(
        CustomInfo(title: long, category: .note), at: .bottom(day: 1),
        environment: .fixed(now: Date(timeIntervalSinceReferenceDate: 0)))
    ) { error in
      let expected = TextError(
        field: .itemTitle, problem: .tooLong(characters: 501, scalars: 501),
        excerpt: TextNormalization.excerpt(long))
      XCTAssertEqual("\(error)", expected.description)
      XCTAssertTrue("\(error)".hasPrefix("the title is 501 characters long"), "\(error)")
    }
    XCTAssertThrowsError(try Trip.validatedName("\u{34F}")) { error in
      XCTAssertEqual(
        "\(error)", "a trip needs a name (the one given has only control or invisible characters)")
    }
  }

  /// The same evil text through every entry point that stores text: trip
  /// new, item add and edit (title and address), visit notes, the legacy
  /// file and the trip file. Each stores exactly `cleaned`.
  func testEveryEntryPoint_storesTheSameCleanedText() throws {
    let environment = RuleEnvironment.fixed(now: Date(timeIntervalSinceReferenceDate: 738_000_000))
    let games = try ["CHN202406170", "MIL202406240"].map { try Fixtures.seasonGame($0) }
    let catalog = try Fixtures.catalog()
    let planned = try TripBuilder.plan(
      name: Self.evil, games: games, start: nil, end: nil, catalog: catalog,
      environment: environment)
    XCTAssertEqual(planned.trip.name, Self.cleaned)
    XCTAssertEqual(try Trip.validatedName(Self.evil), Self.cleaned)

    let itinerary = Itinerary(trip: planned.trip, schedule: planned.schedule, items: planned.items)
    let added = try itinerary.add(
      CustomInfo(title: Self.evil, category: .restaurant, address: Self.evil),
      at: .bottom(day: 1), environment: environment)
    XCTAssertEqual(added.item.customInfo?.title, Self.cleaned)
    XCTAssertEqual(added.item.customInfo?.address, Self.cleaned)
    let withItem = Itinerary(
      trip: planned.trip, schedule: planned.schedule, items: planned.items + [added.item])
    let edited = try withItem.edit(
      added.item.id, CustomItemChanges(title: "x" + Self.evil, address: .some("y" + Self.evil)),
      now: environment.now())
    XCTAssertEqual(edited.item.customInfo?.title, "x" + Self.cleaned)
    XCTAssertEqual(edited.item.customInfo?.address, "y" + Self.cleaned)
    XCTAssertThrowsError(
      try withItem.edit(
        added.item.id, CustomItemChanges(title: String(repeating: "t", count: 501)),
        now: environment.now())
    ) {
      XCTAssertTrue("\($0)".hasPrefix("the title is 501 characters long; at most 500"), "\($0)")
    }

    var changes = VisitChanges(
      venue: try VisitFixtures.venue("CHI11"), date: try Fixtures.date("2024-06-04"))
    changes.notes = .some(Self.evil)
    let visit = try Visit.record(
      changes, leagues: try VisitFixtures.leagues(), environment: VisitFixtures.environment())
    // Notes keep their line breaks (LF and NEL here; issue 28, item 23),
    // each line cleaned as every other text is.
    XCTAssertEqual(visit.notes, "[1mDeep dish at\nLou Malnati's Café")

    let legacy: [String: Any] = [
      "trips": [
        [
          "id": "6F1C2B7A-0000-4000-8000-000000000001", "name": Self.evil,
          "games": ["CHN202406040"], "startDate": "2024-06-04", "endDate": "2024-06-04",
          "customItems": [
            [
              "id": "6F1C2B7A-0000-4000-8000-000000000002", "title": Self.evil,
              "category": "note", "anchorType": "startOfDay", "anchorDay": 1, "sortOrder": 0,
              "address": Self.evil,
            ]
          ],
        ]
      ]
    ]
    let read = try LegacyImport.read(
      try JSONSerialization.data(withJSONObject: legacy), file: "old.json")
    XCTAssertEqual(read.trips[0].name, Self.cleaned)
    XCTAssertEqual(read.trips[0].items[0].title, Self.cleaned)
    XCTAssertEqual(read.trips[0].items[0].address, Self.cleaned)

    // The trip file: its name, a title, an address and a leg's place names.
    var file = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(WireV1.TripFile.export(withItem).utf8))
        as? [String: Any])
    var trip = try XCTUnwrap(file["trip"] as? [String: Any])
    trip["name"] = Self.evil
    file["trip"] = trip
    var items = try XCTUnwrap(file["items"] as? [[String: Any]])
    for (i, item) in items.enumerated() {
      if var custom = item["custom"] as? [String: Any] {
        custom["title"] = Self.evil
        custom["address"] = Self.evil
        items[i]["custom"] = custom
      }
      if var travel = item["travel"] as? [String: Any] {
        travel["fromName"] = Self.evil
        items[i]["travel"] = travel
      }
    }
    file["items"] = items
    let imported = try WireV1.TripFile.imported(
      try JSONSerialization.data(withJSONObject: file), file: "trip.json")
    XCTAssertEqual(imported.trip.name, Self.cleaned)
    XCTAssertEqual(imported.items.compactMap(\.customInfo?.title), [Self.cleaned])
    XCTAssertEqual(imported.items.compactMap(\.customInfo?.address), [Self.cleaned])
    XCTAssertEqual(imported.items.compactMap(\.travelInfo?.fromName), [Self.cleaned])
    // An address of only invisible characters is no address, as by the
    // item commands (second review of issue 8); a title of only invisible
    // characters is refused with its field.
    let index = try XCTUnwrap(items.firstIndex { $0["custom"] != nil })
    var custom = try XCTUnwrap(items[index]["custom"] as? [String: Any])
    custom["address"] = "\u{200B}\u{34F}"
    items[index]["custom"] = custom
    file["items"] = items
    let noAddress = try WireV1.TripFile.imported(
      try JSONSerialization.data(withJSONObject: file), file: "trip.json")
    XCTAssertEqual(noAddress.items.compactMap(\.customInfo).map(\.address), [nil])
    custom["title"] = "\u{34F}\u{2800}"
    items[index]["custom"] = custom
    file["items"] = items
    XCTAssertThrowsError(
      try WireV1.TripFile.imported(
        try JSONSerialization.data(withJSONObject: file), file: "trip.json")
    ) { error in
      XCTAssertTrue("\(error)".contains("items[\(index)].custom.title"), "\(error)")
      XCTAssertTrue(
        "\(error)".contains(
          "an item needs a title (the one given has only control or invisible characters)"),
        "\(error)")
    }
  }

  /// `length` scalars drawn from `pool` (values that are no scalar skipped).
  static func randomText(_ length: Int, from pool: [UInt32], using generator: inout SplitMix64)
    -> String
  {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<length {
      if let s = Unicode.Scalar(pool[Int.random(in: 0..<pool.count, using: &generator)]) {
        scalars.append(s)
      }
    }
    return String(scalars)
  }

  /// Printable ASCII without stray spaces is returned as it is (issue 9,
  /// speed: a trip's name was cleaned scalar by scalar on every look-up):
  /// the same text as the scalar-by-scalar cleaning, on random ASCII texts
  /// with spaces at the ends and in runs, tabs, line breaks, DEL and controls.
  func testClean_ASCIIFastPathAgreesWithTheScalarCleaning() {
    var rng = SplitMix64(seed: 0x0009_C1EA)
    let alphabet: [UInt8] =
      Array(0x20...0x7E) + [0x20, 0x20, 0x20, 0x09, 0x0A, 0x0D, 0x7F, 0x1B, 0x00]
    var fast = 0
    for _ in 0..<20_000 {
      let count = Int(rng.next() % 12)
      let bytes = (0..<count).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
      let text = String(decoding: bytes, as: UTF8.self)
      if TextNormalization.isCleanASCII(text) { fast += 1 }
      XCTAssertEqual(
        TextNormalization.clean(text), TextNormalization.cleanedScalars(text), text.debugDescription
      )
    }
    XCTAssertGreaterThan(fast, 1_000, "the fast path is taken")
    for text in ["", " ", "a", " a", "a ", "a  b", "a b", "Great Lakes Loop", "~", "\u{7F}"] {
      XCTAssertEqual(TextNormalization.clean(text), TextNormalization.cleanedScalars(text))
    }
    XCTAssertTrue(TextNormalization.isCleanASCII("Great Lakes Loop"))
    XCTAssertFalse(TextNormalization.isCleanASCII("Great  Lakes"))
    XCTAssertFalse(TextNormalization.isCleanASCII("Café"))
  }

  /// Issue 28, item 23: visit notes keep their line breaks (each line
  /// cleaned; CR LF, CR, NEL and U+2028 read as one break; blank runs kept
  /// as one blank line; none at either end); other fields stay one line.
  func testCleanLines_keepsLineBreaksOfNotes() throws {
    XCTAssertEqual(
      TextNormalization.cleanLines(
        "\n Row 3,\tseat 12 \r\n\r\n\r\nwith Sam\u{7}\u{2028}and Kim\u{85}\n\n"),
      "Row 3, seat 12\n\nwith Sam\nand Kim")
    XCTAssertEqual(TextNormalization.cleanLines("one line\u{1B}"), "one line")
    XCTAssertEqual(TextNormalization.cleanLines("\n\u{200B}\n \n"), "")
    XCTAssertEqual(try TextNormalization.validatedOptional("a\r\nb", as: .notes), "a\nb")
    XCTAssertEqual(try TextNormalization.validated("a\nb", as: .itemTitle), "a b")
    XCTAssertTrue(TextNormalization.isStorable("a\nb", as: .notes))
    XCTAssertFalse(TextNormalization.isStorable("a\n\n\nb", as: .notes))
    XCTAssertFalse(TextNormalization.isStorable("a\nb", as: .address))
    for text in ["x\r\ny", "\n\n a \n\n\n b\u{2029}", "solo"] {
      let once = TextNormalization.cleanLines(text)
      XCTAssertEqual(TextNormalization.cleanLines(once), once, text.debugDescription)
    }
  }
}

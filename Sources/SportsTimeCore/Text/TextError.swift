import Foundation

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
  /// Whether the text keeps its line breaks (`TextNormalization.cleanLines`,
  /// visit notes); every other text is one line (`clean`).
  public var keepsLineBreaks: Bool

  /// Creates a kind of text; see the properties.
  public init(
    label: String, limit: Int, isRequired: Bool, emptyMessage: String = "",
    keepsLineBreaks: Bool = false
  ) {
    self.label = label
    self.limit = limit
    self.isRequired = isRequired
    self.emptyMessage = emptyMessage
    self.keepsLineBreaks = keepsLineBreaks
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
  /// A visit's notes: optional, at most 5,000 characters, with their line
  /// breaks (issue 28, item 23: a seat on one line, the company on the
  /// next), each line cleaned as any text.
  public static let notes = TextField(
    label: "notes", limit: 5000, isRequired: false, keepsLineBreaks: true)
}

/// Why a text cannot be stored: empty once cleaned, or too long. Its
/// description quotes at most 80 characters of the cleaned text.
public struct TextError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public enum Problem: Sendable, Hashable {
    /// Nothing visible is left once cleaned; `hadText` when the text
    /// given was not only white space (it held control or invisible
    /// characters). Only a required text is refused so; an optional one
    /// is none then (`validatedOptional(_:as:)`).
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
  /// "an item needs a title (the one given has only control or invisible
  /// characters)". Lowercase and without a final period, like every text
  /// rule's refusal, so it reads the same alone and after a field name.
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

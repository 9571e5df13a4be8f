/// The protocol's features beyond version 1's first round, as `initialize` lists them in `capabilities`.
///
/// New optional params and notifications arrive with a new entry here, so
/// that a client can tell whether a server has them before it sends them (a
/// server without them refuses an unknown param with -32602). The names
/// are part of the protocol: never rename one.
public enum Capabilities {
    /// Every feature this server has, sorted by name.
    public static let all: [String] = [
        // A param a method does not know is refused with -32602 naming it.
        "strictParams",
        // The `spell.changed` notification to every connection.
        "spell.changed",
        // `edit.actions` takes `editable`, `secure` and `pasteboard`.
        "edit.actions.context",
        // `edit.actions` takes `items`, the client's own menu items.
        "edit.actions.items",
        // `pasteboard.write` takes `expirationDate`.
        "pasteboard.expiration",
        // `pasteboard.write` takes `localOnly`.
        "pasteboard.localOnly",
        // Reads and `pasteboard.info`'s `contains` follow the type hierarchy.
        "pasteboard.typeHierarchy",
        // `initialize` takes `context`: the client's dictionary search path and default language, for its session.
        "session.context",

        // `text.language`, and `language: "auto"` (with `candidates`) in `spell.check`, `spell.guesses`, `spell.complete`.
        "text.language",
        "spell.autoLanguage",
        // A pasteboard's change count never repeats, across removal, restarts and processes.
        "pasteboard.uniqueChangeCounts",
        // Sentences know the language's abbreviations, ordinals and initials; `text.tokenize`,
        // `text.boundary` and `text.enclosing` take `abbreviations: false` to keep ICU's boundaries alone.
        "text.sentenceAbbreviations",
        // `spell.guesses` takes `quick: true`: the frequency ranker's guesses alone, without Hunspell's suggest.
        "spell.guesses.quick",
    ].sorted()

    /// `capabilities` as `initialize` answers it: each name mapped to true.
    public static var object: [String: Bool] {
        Dictionary(uniqueKeysWithValues: all.map { ($0, true) })
    }
}

/// The `language` (or `languages`) setting: dictionaries to check against, or `auto` to detect each paragraph's language.
///
/// Written as a list (`["en_US", "de_DE"]` or `"en_US, de_DE"`), as
/// `"auto"`, or as `"auto:en_US,de_DE"` (detection among those candidates;
/// `["auto:en_US", "de_DE"]` means the same). An empty list is the default language.
enum LanguageSetting: Codable, Sendable, Equatable {
    case dictionaries([String])
    case auto(candidates: [String]?)

    /// The setting a list of items spells.
    init(_ items: [String]) {
        if let first = items.first, first.hasPrefix("auto") {
            let joined = items.joined(separator: ",")
            let candidates = joined.hasPrefix("auto:") ? joined.dropFirst(5).split(separator: ",").map(String.init) : nil
            self = .auto(candidates: candidates)
        } else {
            self = .dictionaries(items)
        }
    }

    init(from decoder: any Decoder) throws {
        self.init(try SettingList(from: decoder).values)
    }

    func encode(to encoder: any Encoder) throws {
        try SettingList(tags).encode(to: encoder)
    }

    /// The setting as language tags: the dictionaries, or the one `auto` / `auto:TAG,...` tag the services read.
    var tags: [String] {
        switch self {
        case .dictionaries(let tags): return tags
        case .auto(nil): return ["auto"]
        case .auto(let candidates?): return ["auto:" + candidates.joined(separator: ",")]
        }
    }
}

/// A client's own edit-menu command (UIMenuItem's job): offered when its condition holds for the selection.
///
/// `id` and `title` are the client's; the server only decides whether the
/// item applies and to which range. Values; thread-safe.
public struct EditMenuItem: Sendable, Equatable {
    /// When an item applies.
    public enum Condition: String, Sendable, CaseIterable {
        /// Always, for the selection (or caret).
        case always
        /// When the selection is not empty; it applies to the selection.
        case selection
        /// When the caret or the selection is within one word; it applies to that word.
        case word
        /// When the caret or the selection is on a misspelled word; it applies to that word.
        case misspelled
        /// When the text is editable; it applies to the selection.
        case editable
    }

    public var id: String
    public var title: String
    public var condition: Condition

    public init(id: String, title: String, condition: Condition) {
        self.id = id
        self.title = title
        self.condition = condition
    }

    /// The most items one request may carry.
    public static let maximumCount = 100
    /// The longest `id` and `title`, in UTF-8 bytes.
    public static let maximumIdBytes = 128
    public static let maximumTitleBytes = 256
    /// Ids the server's own actions use; a custom item may not take one.
    static let reservedIds: Set<String> = ["learn", "unlearn", "ignore", "cut", "copy", "paste", "delete"]
    /// Prefixes of the server's own families of ids (`replace.0`, `select.word`).
    static let reservedPrefixes = ["replace.", "select."]

    /// Checks a request's items; throws `.invalidArgument` naming the field (`items[2].id`).
    ///
    /// Ids must be unique, non-empty, not the server's own (nor start with
    /// `replace.` or `select.`), and without control characters; titles non-empty; both
    /// within their size limits; at most `maximumCount` items.
    public static func validate(_ items: [EditMenuItem], field: String = "items") throws(TextServicesError) {
        guard items.count <= maximumCount else {
            throw .invalidArgument(argument: field, reason: "holds \(items.count) items; at most \(maximumCount) are allowed")
        }
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            let id = "\(field)[\(index)].id"
            guard !item.id.isEmpty else { throw .invalidArgument(argument: id, reason: "must not be empty") }
            guard item.id.utf8.count <= maximumIdBytes else {
                throw .invalidArgument(argument: id, reason: "must be at most \(maximumIdBytes) bytes")
            }
            guard !item.id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .invalidArgument(argument: id, reason: "must not contain control characters")
            }
            guard !reservedIds.contains(item.id), !reservedPrefixes.contains(where: item.id.hasPrefix) else {
                throw .invalidArgument(argument: id, reason: "'\(item.id)' is the id of one of the server's own actions")
            }
            guard seen.insert(item.id).inserted else {
                throw .invalidArgument(argument: id, reason: "'\(item.id)' is the id of another item too")
            }
            let title = "\(field)[\(index)].title"
            guard !item.title.isEmpty else { throw .invalidArgument(argument: title, reason: "must not be empty") }
            guard item.title.utf8.count <= maximumTitleBytes else {
                throw .invalidArgument(argument: title, reason: "must be at most \(maximumTitleBytes) bytes")
            }
        }
    }
}

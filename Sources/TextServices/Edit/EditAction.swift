/// One item of an edit menu: what it is called, what kind it is, and what it does.
///
/// Ranges are UTF-8 byte offsets into the text the actions were computed
/// for; `json(in:encoding:)` converts them for the wire.
public struct EditAction: Sendable, Equatable {
    /// The group an action belongs to.
    public enum Kind: String, Sendable {
        /// Replaces a misspelled word with a guess.
        case replace
        /// Learns, unlearns or ignores a word's spelling.
        case spelling
        /// Cut, copy and paste.
        case clipboard
        /// Changes the text without the clipboard (delete).
        case edit
        /// Selects a word, sentence, paragraph or everything.
        case selection
    }

    /// A change to the text: replace `range` with `newText`.
    public struct Edit: Sendable, Equatable {
        public var range: ByteRange
        public var newText: String
    }

    /// A request the client sends to carry out the action (learn, ignore, copy).
    public struct Command: Sendable, Equatable {
        public var method: String
        public var params: JSONObject
    }

    /// A stable identifier: `replace.N`, `learn`, `unlearn`, `ignore`, `cut`, `copy`, `paste`, `delete`, `select.word`...
    public var id: String
    public var title: String
    public var kind: Kind
    public var edit: Edit?
    /// The selection the action leaves.
    public var selection: ByteRange?
    public var command: Command?

    public init(id: String, title: String, kind: Kind, edit: Edit? = nil, selection: ByteRange? = nil, command: Command? = nil) {
        self.id = id
        self.title = title
        self.kind = kind
        self.edit = edit
        self.selection = selection
        self.command = command
    }

    /// The wire form: `{id, title, kind, edit?: {range, newText}, selection?, command?: {method, params}}`.
    public func json(in text: TextBuffer, encoding: PositionEncoding) -> JSONValue {
        var object: JSONObject = ["id": .string(id), "title": .string(title), "kind": .string(kind.rawValue)]
        if let edit {
            object["edit"] = ["range": .range(text.encode(edit.range, as: encoding)), "newText": .string(edit.newText)]
        }
        if let selection { object["selection"] = .range(text.encode(selection, as: encoding)) }
        if let command { object["command"] = ["method": .string(command.method), "params": .object(command.params)] }
        return .object(object)
    }
}

import TextServicesJSON

/// The contents of a persistent pasteboard's file, as JSON.
///
/// Written with sorted keys on one line, as Foundation's coder wrote it
/// before, so files stay byte-for-byte what earlier versions wrote and read.
/// Reading follows Foundation's coder too: an optional field may be absent or
/// `null`, and an unknown field is ignored. Reading throws a `FileProblem`
/// naming the field at fault.
struct PasteboardFile {
    var format: String
    var version: Int
    var name: String
    var changeCount: Int
    var items: [[Representation]]
    /// When the items vanish, in seconds since 1970 (absent: never).
    var expirationDate: Double?
    /// Whether the items stay off the desktop's clipboard (absent: false).
    var localOnly: Bool?

    init(format: String, version: Int, name: String, changeCount: Int, items: [[Representation]],
         expirationDate: Double? = nil, localOnly: Bool? = nil) {
        self.format = format
        self.version = version
        self.name = name
        self.changeCount = changeCount
        self.items = items
        self.expirationDate = expirationDate
        self.localOnly = localOnly
    }

    /// A version 2 file: each item a list of `{"type", "text"|"base64"}`.
    init(json: JSONValue) throws(PasteboardStore.FileProblem) {
        let fields = try Self.fields(of: json, "the file")
        format = try Self.required(fields, "format", \.stringValue, "a string")
        version = try Self.required(fields, "version", \.intValue, "an integer")
        name = try Self.required(fields, "name", \.stringValue, "a string")
        changeCount = try Self.required(fields, "changeCount", \.intValue, "an integer")
        let list = try Self.required(fields, "items", \.arrayValue, "an array")
        var items: [[Representation]] = []
        for (index, item) in list.enumerated() {
            guard let representations = item.arrayValue else { throw .init(description: "'items[\(index)]' must be an array") }
            var decoded: [Representation] = []
            for (position, representation) in representations.enumerated() {
                decoded.append(try Representation(json: representation, field: "items[\(index)][\(position)]"))
            }
            items.append(decoded)
        }
        self.items = items
        expirationDate = try Self.optional(fields, "expirationDate", \.numberValue, "a number")
        localOnly = try Self.optional(fields, "localOnly", \.boolValue, "a boolean")
    }

    /// A version 1 file: each item maps types to `{"text"}` or `{"base64"}` (representations come back in the file's order).
    static func version1(json: JSONValue) throws(PasteboardStore.FileProblem) -> PasteboardFile {
        let fields = try Self.fields(of: json, "the file")
        let list = try required(fields, "items", \.arrayValue, "an array")
        var items: [[Representation]] = []
        for (index, item) in list.enumerated() {
            let types = try Self.fields(of: item, "'items[\(index)]'")
            var decoded: [Representation] = []
            for (type, data) in types {
                let body = try Self.fields(of: data, "'items[\(index)].\(type)'")
                decoded.append(Representation(type: type,
                                              text: try optional(body, "text", \.stringValue, "a string"),
                                              base64: try optional(body, "base64", \.stringValue, "a string")))
            }
            items.append(decoded)
        }
        return PasteboardFile(format: try required(fields, "format", \.stringValue, "a string"), version: 1,
                              name: try required(fields, "name", \.stringValue, "a string"),
                              changeCount: try required(fields, "changeCount", \.intValue, "an integer"), items: items)
    }

    /// The file as JSON, its keys sorted.
    var json: JSONValue {
        var object = JSONObject()
        object["changeCount"] = .int(changeCount)
        if let expirationDate { object["expirationDate"] = .double(expirationDate) }
        object["format"] = .string(format)
        object["items"] = .array(items.map { item in .array(item.map(\.json)) })
        if let localOnly { object["localOnly"] = .bool(localOnly) }
        object["name"] = .string(name)
        object["version"] = .int(version)
        return .object(object)
    }

    /// One representation: a type and its data as text or as base64.
    struct Representation {
        var type: String
        var text: String?
        var base64: String?

        init(type: String, text: String?, base64: String?) {
            self.type = type
            self.text = text
            self.base64 = base64
        }

        init(_ representation: PasteboardItem.Representation) {
            type = representation.type
            switch representation.value {
            case .text(let value): text = value
            case .bytes(let bytes): base64 = Base64.encode(bytes)
            }
        }

        init(json: JSONValue, field: String) throws(PasteboardStore.FileProblem) {
            let fields = try PasteboardFile.fields(of: json, "'\(field)'")
            type = try PasteboardFile.required(fields, "type", \.stringValue, "a string", in: field)
            text = try PasteboardFile.optional(fields, "text", \.stringValue, "a string", in: field)
            base64 = try PasteboardFile.optional(fields, "base64", \.stringValue, "a string", in: field)
        }

        var json: JSONValue {
            var object = JSONObject()
            if let base64 { object["base64"] = .string(base64) }
            if let text { object["text"] = .string(text) }
            object["type"] = .string(type)
            return .object(object)
        }

        /// The representation this stands for; throws when it holds neither or both kinds of data, or bad base64.
        func representation() throws -> PasteboardItem.Representation {
            switch (text, base64) {
            case (let text?, nil): return .init(type: type, value: .text(text))
            case (nil, let base64?): return .init(type: type, value: .bytes(try Base64.decode(base64)))
            default: throw PasteboardStore.FileProblem(description: "type '\(type)' must hold exactly one of 'text' or 'base64'")
            }
        }
    }

    private static func fields(of value: JSONValue, _ what: String) throws(PasteboardStore.FileProblem) -> JSONObject {
        guard let fields = value.objectValue else { throw .init(description: "\(what) must be an object, not \(value.typeName)") }
        return fields
    }

    private static func required<T>(_ fields: JSONObject, _ key: String, _ read: (JSONValue) -> T?, _ kind: String,
                                    in parent: String? = nil) throws(PasteboardStore.FileProblem) -> T {
        guard let value = fields[key] else { throw .init(description: "'\(path(parent, key))' is required") }
        guard let typed = read(value) else { throw .init(description: "'\(path(parent, key))' must be \(kind), not \(value.typeName)") }
        return typed
    }

    private static func optional<T>(_ fields: JSONObject, _ key: String, _ read: (JSONValue) -> T?, _ kind: String,
                                    in parent: String? = nil) throws(PasteboardStore.FileProblem) -> T? {
        guard let value = fields[key], value != .null else { return nil }
        return try required(fields, key, read, kind, in: parent)
    }

    private static func path(_ parent: String?, _ key: String) -> String {
        parent.map { "\($0).\(key)" } ?? key
    }
}

extension JSONValue {
    /// The value as a `Double` when it is a number.
    fileprivate var numberValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }
}

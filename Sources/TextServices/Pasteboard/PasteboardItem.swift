/// One thing on a pasteboard, held in one or more representations keyed by type.
///
/// A type is a UTI (`public.utf8-plain-text`, `public.html`) or a MIME type
/// (`text/plain`, `image/png`). Representations keep the order they were
/// written in. Values are immutable and safe to share.
public struct PasteboardItem: Sendable, Equatable {
    /// One representation's data, as text or as raw bytes (base64 on the wire).
    public enum Value: Sendable, Equatable {
        case text(String)
        case bytes([UInt8])

        /// The size the value occupies, in bytes.
        public var byteCount: Int {
            switch self {
            case .text(let text): return text.utf8.count
            case .bytes(let bytes): return bytes.count
            }
        }

        /// The value as text: the text itself, or the bytes when they are valid UTF-8.
        public var textContent: String? {
            switch self {
            case .text(let text): return text
            case .bytes(let bytes):
                guard UTF8Validation.firstInvalidOffset(in: bytes) == nil else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
        }

        /// The value's raw bytes (UTF-8 for text).
        public var bytes: [UInt8] {
            switch self {
            case .text(let text): return Array(text.utf8)
            case .bytes(let bytes): return bytes
            }
        }

        /// The wire form: `{"text": ...}` or `{"base64": ...}`.
        public var json: JSONValue {
            switch self {
            case .text(let text): return ["text": .string(text)]
            case .bytes(let bytes): return ["base64": .string(Base64.encode(bytes))]
            }
        }
    }

    /// A type and its data.
    public struct Representation: Sendable, Equatable {
        public var type: String
        public var value: Value

        public init(type: String, value: Value) {
            self.type = type
            self.value = value
        }
    }

    public private(set) var representations: [Representation]

    /// An item from representations whose types are distinct.
    public init(_ representations: [Representation]) {
        self.representations = representations
    }

    /// The item's types, in the order written.
    public var types: [String] { representations.map(\.type) }

    /// The bytes the item occupies: each type's name and data.
    public var byteCount: Int { representations.reduce(0) { $0 + $1.type.utf8.count + $1.value.byteCount } }

    /// The value for a type a reader asked for: an exact match, else an equivalent type's.
    ///
    /// Types compare without regard to case; `PasteboardTypes.equivalents`
    /// says which types stand for each other (such as `text/plain` and
    /// `public.utf8-plain-text`).
    public func value(for requested: String) -> Value? {
        let key = PasteboardTypes.normalized(requested)
        if let exact = representations.first(where: { PasteboardTypes.normalized($0.type) == key }) { return exact.value }
        for equivalent in PasteboardTypes.equivalents(of: requested) {
            if let match = representations.first(where: { PasteboardTypes.normalized($0.type) == equivalent }) {
                return match.value
            }
        }
        return nil
    }

    /// The item limited to the requested types, in the order asked, each under the name asked.
    public func limited(to types: [String]) -> PasteboardItem {
        var kept: [Representation] = []
        for type in types where !kept.contains(where: { $0.type == type }) {
            if let value = value(for: type) { kept.append(Representation(type: type, value: value)) }
        }
        return PasteboardItem(kept)
    }

    /// The item's plain text, if it has a plain-text representation that is valid UTF-8.
    public var plainText: String? {
        for type in PasteboardTypes.plainTextTypes {
            if let text = value(for: type)?.textContent { return text }
        }
        return nil
    }

    /// The wire form: `{type: {text} | {base64}, ...}`.
    public var json: JSONValue {
        var object = JSONObject()
        for representation in representations { object[representation.type] = representation.value.json }
        return .object(object)
    }
}

extension PasteboardItem {
    /// The longest type name accepted, in bytes.
    static let maximumTypeBytes = 256
    /// The most representations one item may hold.
    static let maximumRepresentations = 256

    /// Parses an item's wire form, `{type: {text} | {base64}, ...}`.
    ///
    /// Throws -32602 naming the field (`field.type.base64`) for a malformed
    /// item, an empty or over-long type, or invalid base64.
    public static func parse(_ value: JSONValue, field: String) throws(ServiceError) -> PasteboardItem {
        guard let object = value.objectValue else {
            throw .invalidParams(field: field, "must be an object mapping types to {\"text\"} or {\"base64\"}, not \(value.typeName)")
        }
        guard object.count > 0 else { throw .invalidParams(field: field, "must hold at least one representation") }
        guard object.count <= maximumRepresentations else {
            throw .invalidParams(field: field, "holds more than \(maximumRepresentations) representations")
        }
        var representations: [Representation] = []
        for (type, data) in object {
            let typeField = "\(field).\(type)"
            try validateType(type, field: typeField)
            guard let body = data.objectValue else {
                throw .invalidParams(field: typeField, "must be {\"text\": ...} or {\"base64\": ...}, not \(data.typeName)")
            }
            guard body.count == 1, let key = body.keys.first, key == "text" || key == "base64" else {
                throw .invalidParams(field: typeField, "must hold exactly one of 'text' or 'base64'")
            }
            guard let string = body[key]!.stringValue else {
                throw .invalidParams(field: "\(typeField).\(key)", "must be a string, not \(body[key]!.typeName)")
            }
            if key == "text" {
                representations.append(Representation(type: type, value: .text(string)))
            } else {
                do {
                    representations.append(Representation(type: type, value: .bytes(try Base64.decode(string))))
                } catch {
                    throw .invalidParams(field: "\(typeField).base64", "is not valid base64 at byte \(error.offset): \(error.reason)")
                }
            }
        }
        return PasteboardItem(representations)
    }

    /// Checks a type name: not empty, at most 256 bytes, no control characters or spaces at its ends.
    static func validateType(_ type: String, field: String) throws(ServiceError) {
        guard !type.isEmpty else { throw .invalidParams(field: field, "a type must not be empty") }
        guard type.utf8.count <= maximumTypeBytes else {
            throw .invalidParams(field: field, "a type must be at most \(maximumTypeBytes) bytes")
        }
        guard !type.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidParams(field: field, "a type must not contain control characters")
        }
        guard type.first?.isWhitespace == false, type.last?.isWhitespace == false else {
            throw .invalidParams(field: field, "a type must not start or end with spaces")
        }
    }
}

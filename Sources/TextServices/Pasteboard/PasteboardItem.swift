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

    /// An item holding only UTF-8 plain text (`public.utf8-plain-text`).
    public static func plainText(_ text: String) -> PasteboardItem {
        PasteboardItem([Representation(type: PasteboardTypes.utf8PlainText, value: .text(text))])
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
}

extension PasteboardItem {
    /// The longest type name accepted, in bytes.
    public static let maximumTypeBytes = 256
    /// The most representations one item may hold.
    public static let maximumRepresentations = 256

    /// Checks a type name: not empty, at most 256 bytes, no control characters or spaces at its ends.
    public static func validateType(_ type: String, field: String) throws(TextServicesError) {
        guard !type.isEmpty else { throw .invalidArgument(argument: field, reason: "a type must not be empty") }
        guard type.utf8.count <= maximumTypeBytes else {
            throw .invalidArgument(argument: field, reason: "a type must be at most \(maximumTypeBytes) bytes")
        }
        guard !type.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidArgument(argument: field, reason: "a type must not contain control characters")
        }
        guard type.first?.isWhitespace == false, type.last?.isWhitespace == false else {
            throw .invalidArgument(argument: field, reason: "a type must not start or end with spaces")
        }
    }
}

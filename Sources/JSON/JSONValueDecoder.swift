/// Decodes `Decodable` models from parsed JSON, with errors that name the field.
///
/// A value of the wrong shape throws `JSONDecodingFailure`, whose `field`
/// is written as the sender wrote it (`text`, `range.start`,
/// `items[2].public.html.base64`): a missing field "is required", a
/// mistyped one "must be a string, not number". A string holding an unpaired
/// surrogate escape is refused the same way. With `rejectsUnknownFields`, a
/// field the model never looked at is refused too ("is not a parameter of
/// this method"), so that clients learn what is not supported. An error a
/// model's own `init(from:)` throws comes out as it was thrown. The wire maps
/// failures to its errors (`TextServicesProtocol`: -32602 with the field).
public struct JSONValueDecoder: Sendable {
    public var rejectsUnknownFields: Bool

    public init(rejectsUnknownFields: Bool = false) {
        self.rejectsUnknownFields = rejectsUnknownFields
    }

    /// Decodes `type` from `value`; throws `JSONDecodingFailure`, or what the model threw.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        let tracker = FieldTracker()
        let decoder = JSONValueDecoding(value: value, codingPath: [], tracker: tracker)
        let decoded: T
        do {
            decoded = try T(from: decoder)
        } catch let error as DecodingError {
            throw Self.failure(error)
        }
        if rejectsUnknownFields, let unknown = tracker.firstUnknownField() {
            throw JSONDecodingFailure(field: unknown, reason: "is not a parameter of this method")
        }
        return decoded
    }

    /// The failure for a `DecodingError` a model's `init(from:)` threw (from a container of its own making).
    static func failure(_ error: DecodingError) -> JSONDecodingFailure {
        switch error {
        case .keyNotFound(let key, let context):
            return JSONDecodingFailure(field: fieldName(context.codingPath + [key]), reason: "is required")
        case .valueNotFound(_, let context):
            return JSONDecodingFailure(field: fieldName(context.codingPath), reason: "is required")
        case .typeMismatch(_, let context), .dataCorrupted(let context):
            return JSONDecodingFailure(field: fieldName(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return JSONDecodingFailure(field: "params", reason: "\(error)")
        }
    }

    /// A coding path as a client would write it: `items[2].text`.
    public static func fieldName(_ path: [any CodingKey]) -> String {
        var name = ""
        for key in path {
            if let index = key.intValue {
                name += "[\(index)]"
            } else {
                if !name.isEmpty { name += "." }
                name += key.stringValue
            }
        }
        return name.isEmpty ? "params" : name
    }
}

/// Why a JSON value could not be decoded: the field, as the sender wrote it, and what is wrong with it.
public struct JSONDecodingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field's path (`items[2].text`); `params` for the value itself.
    public let field: String
    /// What is wrong, as a phrase that follows the field's name ("is required", "must be a string, not number").
    public let reason: String

    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    public var description: String { "'\(field)' \(reason)" }
}

/// Remembers the fields each decoded object held and which of them a model asked for.
final class FieldTracker {
    private var objects: [(path: [any CodingKey], keys: [String], asked: Set<String>)] = []

    func register(path: [any CodingKey], keys: [String]) -> Int {
        objects.append((path, keys, []))
        return objects.count - 1
    }

    func ask(_ key: String, in object: Int) {
        objects[object].asked.insert(key)
    }

    func askAll(in object: Int) {
        objects[object].asked.formUnion(objects[object].keys)
    }

    /// The first field (in document order) that no model asked for.
    func firstUnknownField() -> String? {
        for object in objects {
            if let key = object.keys.first(where: { !object.asked.contains($0) }) {
                return JSONValueDecoder.fieldName(object.path + [JSONKey(key)])
            }
        }
        return nil
    }
}

/// The `Decoder` behind `JSONValueDecoder`: one JSON value at one coding path.
struct JSONValueDecoding: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let tracker: FieldTracker
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw JSONDecodingFailure(field: JSONValueDecoder.fieldName(codingPath), reason: "must be an object, not \(value.typeName)")
        }
        let id = tracker.register(path: codingPath, keys: Array(object.keys))
        return KeyedDecodingContainer(KeyedContainer<Key>(object: object, codingPath: codingPath, tracker: tracker, id: id))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw JSONDecodingFailure(field: JSONValueDecoder.fieldName(codingPath), reason: "must be an array, not \(value.typeName)")
        }
        return UnkeyedContainer(elements: elements, codingPath: codingPath, tracker: tracker)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleContainer(value: value, codingPath: codingPath, tracker: tracker)
    }
}

extension JSONValue {
    /// Whether `null` is a value of the type: `JSONValue` itself, or an optional (`[WireRange?]`'s elements).
    ///
    /// Anywhere else, `null` in a present field is refused as missing.
    static func holdsNull<T>(_ type: T.Type) -> Bool {
        type is JSONValue.Type || type is any ExpressibleByNilLiteral.Type
    }

    /// This value as `T`, or a failure naming the field at `path`.
    func decoded<T: Decodable>(as type: T.Type, at path: [any CodingKey], tracker: FieldTracker) throws -> T {
        func mismatch(_ expected: String) -> JSONDecodingFailure {
            JSONDecodingFailure(field: JSONValueDecoder.fieldName(path), reason: "must be \(expected), not \(typeName)")
        }
        switch type {
        case is String.Type:
            if case .invalidUnicode = self {
                throw JSONDecodingFailure(field: JSONValueDecoder.fieldName(path), reason: "is not Unicode text: it holds an unpaired surrogate escape")
            }
            guard let string = stringValue else { throw mismatch("a string") }
            return string as! T
        case is Bool.Type:
            guard let bool = boolValue else { throw mismatch("a boolean") }
            return bool as! T
        case is Int.Type:
            guard let int = intValue else { throw mismatch("an integer") }
            return int as! T
        case is Double.Type:
            switch self {
            case .int(let int): return Double(int) as! T
            case .double(let double): return double as! T
            default: throw mismatch("a number")
            }
        case is Float.Type:
            return Float(try decoded(as: Double.self, at: path, tracker: tracker)) as! T
        case let integer as any FixedWidthInteger.Type:
            let wide = try decoded(as: Int.self, at: path, tracker: tracker)
            guard let value = integer.init(exactly: wide) else {
                throw JSONDecodingFailure(field: JSONValueDecoder.fieldName(path), reason: "is out of range")
            }
            return value as! T
        case is JSONValue.Type:
            return self as! T
        default:
            return try T(from: JSONValueDecoding(value: self, codingPath: path, tracker: tracker))
        }
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]
    let tracker: FieldTracker
    let id: Int

    var allKeys: [Key] {
        tracker.askAll(in: id)
        return object.keys.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        tracker.ask(key.stringValue, in: id)
        return object[key.stringValue] != nil
    }

    private func value(_ key: Key) throws -> JSONValue {
        tracker.ask(key.stringValue, in: id)
        guard let value = object[key.stringValue], value != .null else {
            throw JSONDecodingFailure(field: JSONValueDecoder.fieldName(codingPath + [key]), reason: "is required")
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        tracker.ask(key.stringValue, in: id)
        return object[key.stringValue] == nil || object[key.stringValue] == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if JSONValue.holdsNull(type), let present = object[key.stringValue] {
            tracker.ask(key.stringValue, in: id)
            return try present.decoded(as: type, at: codingPath + [key], tracker: tracker)
        }
        return try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).decoded(as: type, at: codingPath + [key], tracker: tracker) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if try decodeNil(forKey: key) { return nil }
        return try decode(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try JSONValueDecoding(value: try value(key), codingPath: codingPath + [key], tracker: tracker).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONValueDecoding(value: try value(key), codingPath: codingPath + [key], tracker: tracker).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONValueDecoding(value: .object(object), codingPath: codingPath, tracker: tracker)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoding(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key], tracker: tracker)
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    let tracker: FieldTracker
    var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey], tracker: FieldTracker) {
        self.elements = elements
        self.codingPath = codingPath
        self.tracker = tracker
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var path: [any CodingKey] { codingPath + [JSONKey(intValue: currentIndex)] }

    private mutating func next() throws -> JSONValue {
        guard !isAtEnd else {
            throw JSONDecodingFailure(field: JSONValueDecoder.fieldName(path), reason: "is missing")
        }
        defer { currentIndex += 1 }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeValue(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeValue(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeValue(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeValue(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeValue(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeValue(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeValue(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeValue(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeValue(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeValue(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeValue(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeValue(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeValue(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeValue(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    private mutating func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        let path = self.path
        let element = try next()
        if element == .null, !JSONValue.holdsNull(type) {
            throw JSONDecodingFailure(field: JSONValueDecoder.fieldName(path), reason: "must not be null")
        }
        return try element.decoded(as: type, at: path, tracker: tracker)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let path = self.path
        return try JSONValueDecoding(value: try next(), codingPath: path, tracker: tracker).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let path = self.path
        return try JSONValueDecoding(value: try next(), codingPath: path, tracker: tracker).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let path = self.path
        return JSONValueDecoding(value: try next(), codingPath: path, tracker: tracker)
    }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let tracker: FieldTracker

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try decodeValue(type) }
    func decode(_ type: String.Type) throws -> String { try decodeValue(type) }
    func decode(_ type: Double.Type) throws -> Double { try decodeValue(type) }
    func decode(_ type: Float.Type) throws -> Float { try decodeValue(type) }
    func decode(_ type: Int.Type) throws -> Int { try decodeValue(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeValue(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeValue(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeValue(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeValue(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeValue(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeValue(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeValue(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeValue(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeValue(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    private func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if value == .null, !JSONValue.holdsNull(type) {
            throw JSONDecodingFailure(field: JSONValueDecoder.fieldName(codingPath), reason: "is required")
        }
        return try value.decoded(as: type, at: codingPath, tracker: tracker)
    }
}

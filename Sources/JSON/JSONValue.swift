import OrderedCollections

/// A JSON value, as read from and written to the wire.
///
/// Objects keep their keys in insertion order so that output is stable and
/// readable. Numbers keep whether they were written as integers. A string
/// that held an unpaired surrogate escape is `invalidUnicode`: valid JSON,
/// but not text a request can use (see `JSONParser`).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// A string with an unpaired surrogate escape, which no Unicode string can hold; U+FFFD stands in its place.
    case invalidUnicode(String)
    case array([JSONValue])
    case object(JSONObject)

    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9e15: return Int(value)
        default: return nil
        }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The JSON type name, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string, .invalidUnicode: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

/// A JSON object whose keys keep their order.
///
/// Two objects are equal when they hold the same keys and values, in any order (as JSON means).
public struct JSONObject: Hashable, Sendable, ExpressibleByDictionaryLiteral, Sequence {
    public var storage: OrderedDictionary<String, JSONValue>

    public init() { storage = [:] }

    public init(_ storage: OrderedDictionary<String, JSONValue>) { self.storage = storage }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        storage = [:]
        for (key, value) in elements { storage[key] = value }
    }

    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set { storage[key] = newValue }
    }

    public var keys: OrderedSet<String> { storage.keys }
    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }

    public func makeIterator() -> OrderedDictionary<String, JSONValue>.Iterator { storage.makeIterator() }

    public static func == (a: Self, b: Self) -> Bool {
        a.storage.count == b.storage.count && a.storage.allSatisfy { b.storage[$0.key] == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, like ==.
        var combined = 0
        for (key, value) in storage {
            var element = Hasher()
            element.combine(key)
            element.combine(value)
            combined ^= element.finalize()
        }
        hasher.combine(storage.count)
        hasher.combine(combined)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
    public init(nilLiteral: ()) { self = .null }
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue {
    /// An array of strings.
    public static func strings(_ values: [String]) -> JSONValue {
        .array(values.map { .string($0) })
    }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            let object = try container.decode(OrderedDictionary<String, JSONValue>.self)
            self = .object(JSONObject(object))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value), .invalidUnicode(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value.storage)
        }
    }
}

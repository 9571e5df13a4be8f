import OrderedCollections

/// Encodes `Encodable` models as JSON values, for the wire.
///
/// Keys come out in the order a model encodes them (declaration order for
/// synthesized conformances); `nil` optionals are left out. Encoding a model
/// of strings, numbers, booleans, arrays and objects cannot fail.
public struct JSONValueEncoder: Sendable {
    public init() {}

    public func encode<T: Encodable>(_ value: T) -> JSONValue {
        if let direct = JSONValue.direct(value) { return direct }
        let root = EncodingNode()
        // The encoding containers below never throw; a model's own `encode(to:)` could, and then its part is left null.
        try? value.encode(to: JSONValueEncoding(node: root, codingPath: []))
        return root.value
    }
}

extension JSONValue {
    /// The JSON value of a primitive without going through an encoder, or nil for other types.
    static func direct<T: Encodable>(_ value: T) -> JSONValue? {
        switch value {
        case let value as String: return .string(value)
        case let value as Int: return .int(value)
        case let value as Bool: return .bool(value)
        case let value as Double: return .double(value)
        case let value as JSONValue: return value
        default: return nil
        }
    }
}

/// A JSON value being built: a container the encoder fills, or a finished value.
final class EncodingNode {
    enum Content {
        case empty
        case value(JSONValue)
        case object(OrderedDictionary<String, EncodingNode>)
        case array([EncodingNode])
    }

    var content = Content.empty

    var value: JSONValue {
        switch content {
        case .empty: return .null
        case .value(let value): return value
        case .object(let members):
            var object = JSONObject()
            for (key, node) in members { object[key] = node.value }
            return .object(object)
        case .array(let elements): return .array(elements.map(\.value))
        }
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([:])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    // `member` and `appendElement` empty `content` before they change the collection taken out of it, so that the
    // collection is uniquely referenced and grows in place: otherwise every member or element added copies all the
    // earlier ones (a response with n misspellings cost O(n²) copies).

    func member(_ key: String) -> EncodingNode {
        makeObject()
        guard case .object(var members) = content else { preconditionFailure("an object node") }
        if let existing = members[key] { return existing }
        content = .empty
        let node = EncodingNode()
        members[key] = node
        content = .object(members)
        return node
    }

    func appendElement() -> EncodingNode {
        makeArray()
        guard case .array(var elements) = content else { preconditionFailure("an array node") }
        content = .empty
        let node = EncodingNode()
        elements.append(node)
        content = .array(elements)
        return node
    }

    func set<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        if let direct = JSONValue.direct(value) {
            content = .value(direct)
        } else {
            try value.encode(to: JSONValueEncoding(node: self, codingPath: codingPath))
        }
    }
}

/// The `Encoder` behind `JSONValueEncoder`: one node at one coding path.
struct JSONValueEncoding: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedEncoder<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedEncoder(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleEncoder(node: node, codingPath: codingPath)
    }
}

private struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    func encodeNil(forKey key: Key) {
        node.member(key.stringValue).content = .value(.null)
    }

    func encode(_ value: Bool, forKey key: Key) { node.member(key.stringValue).content = .value(.bool(value)) }
    func encode(_ value: String, forKey key: Key) { node.member(key.stringValue).content = .value(.string(value)) }
    func encode(_ value: Double, forKey key: Key) { node.member(key.stringValue).content = .value(.double(value)) }
    func encode(_ value: Float, forKey key: Key) { node.member(key.stringValue).content = .value(.double(Double(value))) }
    func encode(_ value: Int, forKey key: Key) { node.member(key.stringValue).content = .value(.int(value)) }
    func encode(_ value: Int8, forKey key: Key) { node.member(key.stringValue).content = .value(.int(Int(value))) }
    func encode(_ value: Int16, forKey key: Key) { node.member(key.stringValue).content = .value(.int(Int(value))) }
    func encode(_ value: Int32, forKey key: Key) { node.member(key.stringValue).content = .value(.int(Int(value))) }
    func encode(_ value: Int64, forKey key: Key) { node.member(key.stringValue).content = .value(.int(Int(value))) }
    func encode(_ value: UInt, forKey key: Key) { node.member(key.stringValue).content = .value(Int(exactly: value).map { .int($0) } ?? .double(Double(value))) }
    func encode(_ value: UInt8, forKey key: Key) { node.member(key.stringValue).content = .value(.int(Int(value))) }
    func encode(_ value: UInt16, forKey key: Key) { node.member(key.stringValue).content = .value(.int(Int(value))) }
    func encode(_ value: UInt32, forKey key: Key) { node.member(key.stringValue).content = .value(.int(Int(value))) }
    func encode(_ value: UInt64, forKey key: Key) { node.member(key.stringValue).content = .value(Int(exactly: value).map { .int($0) } ?? .double(Double(value))) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.member(key.stringValue).set(value, codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        JSONValueEncoding(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONValueEncoding(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superEncoder() -> any Encoder {
        JSONValueEncoding(node: node.member("super"), codingPath: codingPath)
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        JSONValueEncoding(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedEncoder: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    var count: Int {
        if case .array(let elements) = node.content { return elements.count }
        return 0
    }

    func encodeNil() {
        node.appendElement().content = .value(.null)
    }

    func encode(_ value: Bool) { node.appendElement().content = .value(.bool(value)) }
    func encode(_ value: String) { node.appendElement().content = .value(.string(value)) }
    func encode(_ value: Double) { node.appendElement().content = .value(.double(value)) }
    func encode(_ value: Float) { node.appendElement().content = .value(.double(Double(value))) }
    func encode(_ value: Int) { node.appendElement().content = .value(.int(value)) }
    func encode(_ value: Int8) { node.appendElement().content = .value(.int(Int(value))) }
    func encode(_ value: Int16) { node.appendElement().content = .value(.int(Int(value))) }
    func encode(_ value: Int32) { node.appendElement().content = .value(.int(Int(value))) }
    func encode(_ value: Int64) { node.appendElement().content = .value(.int(Int(value))) }
    func encode(_ value: UInt) { node.appendElement().content = .value(Int(exactly: value).map { .int($0) } ?? .double(Double(value))) }
    func encode(_ value: UInt8) { node.appendElement().content = .value(.int(Int(value))) }
    func encode(_ value: UInt16) { node.appendElement().content = .value(.int(Int(value))) }
    func encode(_ value: UInt32) { node.appendElement().content = .value(.int(Int(value))) }
    func encode(_ value: UInt64) { node.appendElement().content = .value(Int(exactly: value).map { .int($0) } ?? .double(Double(value))) }

    func encode<T: Encodable>(_ value: T) throws {
        try node.appendElement().set(value, codingPath: codingPath + [JSONKey(intValue: count)])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        JSONValueEncoding(node: node.appendElement(), codingPath: codingPath).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONValueEncoding(node: node.appendElement(), codingPath: codingPath).unkeyedContainer()
    }

    func superEncoder() -> any Encoder {
        JSONValueEncoding(node: node.appendElement(), codingPath: codingPath)
    }
}

private struct SingleEncoder: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    func encodeNil() {
        node.content = .value(.null)
    }

    func encode(_ value: Bool) { node.content = .value(.bool(value)) }
    func encode(_ value: String) { node.content = .value(.string(value)) }
    func encode(_ value: Double) { node.content = .value(.double(value)) }
    func encode(_ value: Float) { node.content = .value(.double(Double(value))) }
    func encode(_ value: Int) { node.content = .value(.int(value)) }
    func encode(_ value: Int8) { node.content = .value(.int(Int(value))) }
    func encode(_ value: Int16) { node.content = .value(.int(Int(value))) }
    func encode(_ value: Int32) { node.content = .value(.int(Int(value))) }
    func encode(_ value: Int64) { node.content = .value(.int(Int(value))) }
    func encode(_ value: UInt) { node.content = .value(Int(exactly: value).map { .int($0) } ?? .double(Double(value))) }
    func encode(_ value: UInt8) { node.content = .value(.int(Int(value))) }
    func encode(_ value: UInt16) { node.content = .value(.int(Int(value))) }
    func encode(_ value: UInt32) { node.content = .value(.int(Int(value))) }
    func encode(_ value: UInt64) { node.content = .value(Int(exactly: value).map { .int($0) } ?? .double(Double(value))) }

    func encode<T: Encodable>(_ value: T) throws {
        try node.set(value, codingPath: codingPath)
    }
}

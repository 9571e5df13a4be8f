/// Typed access to a request's `params`, with errors that name the field.
///
/// Every accessor throws `ServiceError` -32602 for a missing or mistyped
/// field, and -32005 for positions that are out of range or split a code
/// point. Positions are read in the request's position encoding.
public struct Params: Sendable {
    public let object: JSONObject
    /// The unit positions are counted in for this request.
    public let encoding: PositionEncoding
    public let limits: Limits

    public init(_ object: JSONObject, encoding: PositionEncoding, limits: Limits = Limits()) {
        self.object = object
        self.encoding = encoding
        self.limits = limits
    }

    public func has(_ key: String) -> Bool {
        if let value = object[key], value != .null { return true }
        return false
    }

    public func string(_ key: String) throws(ServiceError) -> String {
        guard let value = object[key], value != .null else { throw .invalidParams(field: key, "is required") }
        guard let string = value.stringValue else { throw .invalidParams(field: key, "must be a string, not \(value.typeName)") }
        return string
    }

    public func optionalString(_ key: String) throws(ServiceError) -> String? {
        guard has(key) else { return nil }
        return try string(key)
    }

    public func int(_ key: String) throws(ServiceError) -> Int {
        guard let value = object[key], value != .null else { throw .invalidParams(field: key, "is required") }
        guard let int = value.intValue else { throw .invalidParams(field: key, "must be an integer, not \(value.typeName)") }
        return int
    }

    public func optionalInt(_ key: String) throws(ServiceError) -> Int? {
        guard has(key) else { return nil }
        return try int(key)
    }

    /// A non-negative count such as a limit; nil when absent.
    public func optionalCount(_ key: String) throws(ServiceError) -> Int? {
        guard let value = try optionalInt(key) else { return nil }
        guard value >= 0 else { throw .invalidParams(field: key, "must not be negative") }
        return value
    }

    public func bool(_ key: String, default defaultValue: Bool) throws(ServiceError) -> Bool {
        guard has(key) else { return defaultValue }
        guard let bool = object[key]!.boolValue else {
            throw .invalidParams(field: key, "must be a boolean, not \(object[key]!.typeName)")
        }
        return bool
    }

    public func optionalStringArray(_ key: String) throws(ServiceError) -> [String]? {
        guard has(key) else { return nil }
        guard let array = object[key]!.arrayValue else {
            throw .invalidParams(field: key, "must be an array of strings, not \(object[key]!.typeName)")
        }
        var strings: [String] = []
        for element in array {
            guard let string = element.stringValue else { throw .invalidParams(field: key, "must hold only strings") }
            strings.append(string)
        }
        return strings
    }

    public func optionalObject(_ key: String) throws(ServiceError) -> JSONObject? {
        guard has(key) else { return nil }
        guard let object = object[key]!.objectValue else {
            throw .invalidParams(field: key, "must be an object, not \(object[key]!.typeName)")
        }
        return object
    }

    /// The request's `text` (or another key), checked against the text size limit.
    public func text(_ key: String = "text") throws(ServiceError) -> TextBuffer {
        let value = try string(key)
        guard value.utf8.count <= limits.maximumTextBytes else {
            throw .tooLarge("'\(key)'", limit: limits.maximumTextBytes)
        }
        return TextBuffer(value)
    }

    /// A position in `text`, in the request's encoding.
    public func position(_ key: String, in text: TextBuffer) throws(ServiceError) -> UTF8Offset {
        let value = try int(key)
        return try Self.offset(value, field: key, in: text, encoding: encoding)
    }

    /// An optional position in `text`.
    public func optionalPosition(_ key: String, in text: TextBuffer) throws(ServiceError) -> UTF8Offset? {
        guard has(key) else { return nil }
        return try position(key, in: text)
    }

    /// A `{start, end}` range in `text`, or nil when absent.
    public func optionalRange(_ key: String = "range", in text: TextBuffer) throws(ServiceError) -> ByteRange? {
        guard has(key) else { return nil }
        return try range(key, in: text)
    }

    /// A required `{start, end}` range in `text`.
    public func range(_ key: String, in text: TextBuffer) throws(ServiceError) -> ByteRange {
        guard let object = object[key]?.objectValue else {
            if has(key) { throw .invalidParams(field: key, "must be an object {start, end}") }
            throw .invalidParams(field: key, "is required")
        }
        guard let startValue = object["start"], let start = startValue.intValue else {
            throw .invalidParams(field: "\(key).start", "must be an integer")
        }
        guard let endValue = object["end"], let end = endValue.intValue else {
            throw .invalidParams(field: "\(key).end", "must be an integer")
        }
        guard start <= end else {
            throw .invalidPosition(field: key, "start \(start) is after end \(end)")
        }
        let lower = try Self.offset(start, field: "\(key).start", in: text, encoding: encoding)
        let upper = try Self.offset(end, field: "\(key).end", in: text, encoding: encoding)
        return lower..<upper
    }

    static func offset(_ value: Int, field: String, in text: TextBuffer, encoding: PositionEncoding) throws(ServiceError) -> UTF8Offset {
        let length = text.length(in: encoding)
        guard value >= 0, value <= length else {
            throw .invalidPosition(field: field, "\(value) is outside 0...\(length) (\(encoding.rawValue))")
        }
        guard let offset = text.byteOffset(value, in: encoding) else {
            throw .invalidPosition(field: field, "\(value) splits a code point (\(encoding.rawValue))")
        }
        return offset
    }
}

/// Size and time limits that protect the server.
public struct Limits: Sendable {
    /// Longest request line, in bytes.
    public var maximumLineBytes = 16 << 20
    /// Largest `text` a request may carry, in bytes.
    public var maximumTextBytes = 8 << 20
    /// Longest a regular expression may run, in milliseconds.
    public var regexTimeLimitMilliseconds = 1_000
    /// Most results a request may ask for at once.
    public var maximumResults = 100_000

    public init() {}
}

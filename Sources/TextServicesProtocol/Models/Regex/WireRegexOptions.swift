import TextServices

/// A regular expression's `options` on the wire: an object of booleans by name, or a list of names.
public struct WireRegexOptions: Codable, Sendable, Equatable {
    public var options: RegexOptions

    public init(_ options: RegexOptions) {
        self.options = options
    }

    public init(from decoder: any Decoder) throws {
        let known = RegexOptions.named.map(\.name).joined(separator: ", ")
        var options: RegexOptions = []
        if let object = try? decoder.container(keyedBy: JSONKey.self) {
            for key in object.allKeys {
                guard let option = RegexOptions(name: key.stringValue) else {
                    throw ServiceError.invalidParams(field: "options.\(key.stringValue)", "is not an option (known: \(known))")
                }
                guard let enabled = try? object.decode(Bool.self, forKey: key) else {
                    throw ServiceError.invalidParams(field: "options.\(key.stringValue)", "must be a boolean")
                }
                if enabled { options.insert(option) }
            }
        } else if var list = try? decoder.unkeyedContainer() {
            while !list.isAtEnd {
                guard let name = try? list.decode(String.self), let option = RegexOptions(name: name) else {
                    throw ServiceError.invalidParams(field: "options", "must hold option names (known: \(known))")
                }
                options.insert(option)
            }
        } else {
            throw ServiceError.invalidParams(field: "options", "must be an object of booleans or a list of option names")
        }
        self.options = options
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        for (name, option) in RegexOptions.named where options.contains(option) {
            try container.encode(true, forKey: JSONKey(name))
        }
    }
}

/// Compiling a request's pattern, with the fault of a bad one counted in the request's unit.
enum RegexParams {
    static func regularExpression(_ pattern: String, options: WireRegexOptions?, encoding: PositionEncoding) throws -> RegularExpression {
        do {
            return try RegularExpression(pattern, options: options?.options ?? [])
        } catch {
            guard case .invalidPattern(let offset, let line, let reason) = error else { throw error }
            let wireOffset = offset.map { TextBuffer(pattern).encode($0, as: encoding) } ?? -1
            throw ServiceError.invalidPattern(offset: wireOffset, line: line ?? -1, reason: reason)
        }
    }
}

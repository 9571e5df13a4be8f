import TextServices

/// A pasteboard item on the wire: `{type: {"text": ...} | {"base64": ...}, ...}`, representations in order.
///
/// An item may be empty (`{}`): `pasteboard.read` keeps an item's place when
/// none of its types was asked for. `pasteboard.write` refuses empty items.
public struct WirePasteboardItem: Codable, Sendable, Equatable {
    public var item: PasteboardItem

    public init(_ item: PasteboardItem) {
        self.item = item
    }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(JSONValue.self)
        item = try Self.parse(value, field: JSONValueDecoder.fieldName(decoder.codingPath))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        for representation in item.representations {
            var body = container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(representation.type))
            switch representation.value {
            case .text(let text): try body.encode(text, forKey: JSONKey("text"))
            case .bytes(let bytes): try body.encode(Base64.encode(bytes), forKey: JSONKey("base64"))
            }
        }
    }

    /// Reads an item, naming the field of the first fault (`items[0].public.html.base64`).
    static func parse(_ value: JSONValue, field: String) throws(ServiceError) -> PasteboardItem {
        guard let object = value.objectValue else {
            throw .invalidParams(field: field, "must be an object mapping types to {\"text\"} or {\"base64\"}, not \(value.typeName)")
        }
        guard object.count <= PasteboardItem.maximumRepresentations else {
            throw .invalidParams(field: field, "holds more than \(PasteboardItem.maximumRepresentations) representations")
        }
        var representations: [PasteboardItem.Representation] = []
        for (type, data) in object {
            let typeField = "\(field).\(type)"
            do {
                try PasteboardItem.validateType(type, field: typeField)
            } catch {
                throw ServiceError(error)
            }
            guard let body = data.objectValue else {
                throw .invalidParams(field: typeField, "must be {\"text\": ...} or {\"base64\": ...}, not \(data.typeName)")
            }
            guard body.count == 1, let key = body.keys.first, key == "text" || key == "base64" else {
                throw .invalidParams(field: typeField, "must hold exactly one of 'text' or 'base64'")
            }
            if case .invalidUnicode = body[key]! {
                throw .invalidParams(field: "\(typeField).\(key)", "is not Unicode text: it holds an unpaired surrogate escape")
            }
            guard let string = body[key]!.stringValue else {
                throw .invalidParams(field: "\(typeField).\(key)", "must be a string, not \(body[key]!.typeName)")
            }
            if key == "text" {
                representations.append(.init(type: type, value: .text(string)))
            } else {
                do {
                    representations.append(.init(type: type, value: .bytes(try Base64.decode(string))))
                } catch {
                    throw .invalidParams(field: "\(typeField).base64", "is not valid base64 at byte \(error.offset): \(error.reason)")
                }
            }
        }
        return PasteboardItem(representations)
    }
}

import Foundation

/// The contents of a persistent pasteboard's file, as Foundation's JSON coder reads and writes them.
struct PasteboardFile: Codable {
    var format: String
    var version: Int
    var name: String
    var changeCount: Int
    var items: [[Representation]]

    /// The fields every version has, read first to choose the version's layout.
    struct Header: Decodable {
        var format: String
        var version: Int
    }

    /// One representation: a type and its data as text or as base64.
    struct Representation: Codable {
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

        /// The representation this stands for; throws when it holds neither or both kinds of data, or bad base64.
        func representation() throws -> PasteboardItem.Representation {
            switch (text, base64) {
            case (let text?, nil): return .init(type: type, value: .text(text))
            case (nil, let base64?): return .init(type: type, value: .bytes(try Base64.decode(base64)))
            default: throw PasteboardStore.FileProblem(description: "type '\(type)' must hold exactly one of 'text' or 'base64'")
            }
        }
    }

    /// Version 1: each item maps types to `{"text"}` or `{"base64"}` (representations come back in key order).
    struct Version1: Decodable {
        var format: String
        var name: String
        var changeCount: Int
        var items: [Item]

        struct Item: Decodable {
            var representations: [(key: String, value: Data)]

            struct Data: Decodable {
                var text: String?
                var base64: String?
            }

            private struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }

            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                representations = try container.allKeys.map { key in
                    (key.stringValue, try container.decode(Data.self, forKey: key))
                }
            }
        }
    }
}

extension RequestHandler {
    /// `pasteboard.*`: named pasteboards (UIPasteboard's job), per the contract, plus `unsubscribe` and `list`.
    static func pasteboardMethods(_ services: Services) -> [String: Method] {
        let store = services.pasteboards
        return [
            "pasteboard.create": { params, _ in
                let unique = try params.bool("unique", default: false)
                let persistent: Bool? = params.has("persistent") ? try params.bool("persistent", default: false) : nil
                let info = try store.create(name: try params.optionalString("name"), unique: unique, persistent: persistent)
                return ["name": .string(info.name), "persistent": .bool(info.persistent), "changeCount": .int(info.changeCount)]
            },
            "pasteboard.write": { params, _ in
                let name = try params.string("name")
                guard let list = params.object["items"], list != .null else { throw ServiceError.invalidParams(field: "items", "is required") }
                guard let elements = list.arrayValue else {
                    throw ServiceError.invalidParams(field: "items", "must be an array of items, not \(list.typeName)")
                }
                var items: [PasteboardItem] = []
                for (index, element) in elements.enumerated() {
                    items.append(try PasteboardItem.parse(element, field: "items[\(index)]"))
                }
                return ["changeCount": .int(try store.write(name, items: items))]
            },
            "pasteboard.read": { params, _ in
                let name = try params.string("name")
                let types = try params.optionalStringArray("types")
                if let types {
                    for (index, type) in types.enumerated() { try PasteboardItem.validateType(type, field: "types[\(index)]") }
                }
                let (changeCount, items) = try store.read(name, types: types, item: try params.optionalCount("item"))
                return ["changeCount": .int(changeCount), "items": .array(items.map(\.json))]
            },
            "pasteboard.info": { params, _ in
                let info = try store.info(try params.string("name"))
                return [
                    "name": .string(info.name),
                    "changeCount": .int(info.changeCount),
                    "types": .array(info.types.map { .strings($0) }),
                    "persistent": .bool(info.persistent),
                    "byteCount": .int(info.byteCount),
                ]
            },
            "pasteboard.subscribe": { params, session in
                var result: JSONObject = [:]
                if let changeCount = try store.subscribe(try params.string("name"), session: session) {
                    result["changeCount"] = .int(changeCount)
                }
                return .object(result)
            },
            "pasteboard.unsubscribe": { params, session in
                ["wasSubscribed": .bool(store.unsubscribe(try params.string("name"), session: session))]
            },
            "pasteboard.remove": { params, _ in
                try store.remove(try params.string("name"))
                return [:]
            },
            "pasteboard.list": { _, session in
                let subscribed = Set(store.subscribedNames(session))
                let pasteboards: [JSONValue] = store.list().map { info in
                    [
                        "name": .string(info.name),
                        "changeCount": .int(info.changeCount),
                        "persistent": .bool(info.persistent),
                        "items": .int(info.types.count),
                        "byteCount": .int(info.byteCount),
                        "subscribed": .bool(subscribed.contains(info.name)),
                    ]
                }
                return ["pasteboards": .array(pasteboards)]
            },
        ]
    }
}

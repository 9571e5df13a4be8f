import TextServices

/// What the pasteboard methods answer about one pasteboard.
public struct PasteboardInfo: Codable, Sendable, Equatable {
    public var name: String
    public var changeCount: Int
    /// Each item's types, in the order written.
    public var types: [[String]]
    public var persistent: Bool
    /// Type names and data, in bytes.
    public var byteCount: Int
    /// When the items vanish; absent when they do not.
    public var expirationDate: WireDate?
    /// True when the items stay off the desktop's clipboard; absent otherwise.
    public var localOnly: Bool?
    /// With `contains`: the indexes of the items that hold any of those types.
    public var containing: [Int]?

    init(_ info: PasteboardStore.Info) {
        name = info.name
        changeCount = info.changeCount
        types = info.types
        persistent = info.persistent
        byteCount = info.byteCount
        expirationDate = info.expirationDate.map(WireDate.init)
        localOnly = info.localOnly ? true : nil
    }
}

/// `pasteboard.create`: a named pasteboard (or a unique name with `unique`), volatile unless `persistent`.
public struct PasteboardCreateRequest: TextServicesRequest {
    public static let method = "pasteboard.create"
    public static let changesSharedState = true

    public var name: String?
    public var unique: Bool?
    public var persistent: Bool?

    public init(name: String? = nil, unique: Bool? = nil, persistent: Bool? = nil) {
        self.name = name
        self.unique = unique
        self.persistent = persistent
    }

    public struct Response: Codable, Sendable, Equatable {
        public var name: String
        public var persistent: Bool
        public var changeCount: Int
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let info = try context.services.pasteboards.create(name: name, unique: unique ?? false, persistent: persistent)
        return Response(name: info.name, persistent: info.persistent, changeCount: info.changeCount)
    }
}

/// `pasteboard.write`: replaces every item of a pasteboard (creating it); answers the new change count.
///
/// `expirationDate` makes the items vanish then; `localOnly` keeps them off
/// the desktop's clipboard.
public struct PasteboardWriteRequest: TextServicesRequest {
    public static let method = "pasteboard.write"
    public static let changesSharedState = true

    public var name: String
    public var items: [WirePasteboardItem]
    public var expirationDate: WireDate?
    public var localOnly: Bool?

    public init(name: String, items: [WirePasteboardItem], expirationDate: WireDate? = nil, localOnly: Bool? = nil) {
        self.name = name
        self.items = items
        self.expirationDate = expirationDate
        self.localOnly = localOnly
    }

    public struct Response: Codable, Sendable, Equatable {
        public var changeCount: Int
    }

    public func handle(_ context: RequestContext) throws -> Response {
        if let empty = items.firstIndex(where: { $0.item.representations.isEmpty }) {
            throw ServiceError.invalidParams(field: "items[\(empty)]", "must hold at least one representation")
        }
        let options = PasteboardWriteOptions(expirationDate: expirationDate?.date, localOnly: localOnly ?? false)
        return Response(changeCount: try context.services.pasteboards.write(name, items: items.map(\.item), options: options))
    }
}

/// `pasteboard.read`: a pasteboard's items (one with `item`), limited to the `types` asked for, in the order asked.
public struct PasteboardReadRequest: TextServicesRequest {
    public static let method = "pasteboard.read"

    public var name: String
    public var types: [String]?
    public var item: Int?

    public init(name: String, types: [String]? = nil, item: Int? = nil) {
        self.name = name
        self.types = types
        self.item = item
    }

    public struct Response: Codable, Sendable, Equatable {
        public var changeCount: Int
        public var items: [WirePasteboardItem]
    }

    public func handle(_ context: RequestContext) throws -> Response {
        if let types {
            for (index, type) in types.enumerated() { try PasteboardItem.validateType(type, field: "types[\(index)]") }
        }
        let item = try Validation.count(self.item, field: "item")
        let (changeCount, items) = try context.services.pasteboards.read(name, types: types, item: item)
        return Response(changeCount: changeCount, items: items.map(WirePasteboardItem.init))
    }
}

/// `pasteboard.info`: a pasteboard's change count, persistence, size, options and each item's types.
///
/// With `contains` (a list of types), it also answers which items hold any
/// of them, the type hierarchy applied (UIPasteboard's `itemSet(withPasteboardTypes:)`).
public struct PasteboardInfoRequest: TextServicesRequest {
    public static let method = "pasteboard.info"

    public var name: String
    public var contains: [String]?

    public init(name: String, contains: [String]? = nil) {
        self.name = name
        self.contains = contains
    }

    public func handle(_ context: RequestContext) throws -> PasteboardInfo {
        guard let contains else { return PasteboardInfo(try context.services.pasteboards.info(name)) }
        for (index, type) in contains.enumerated() { try PasteboardItem.validateType(type, field: "contains[\(index)]") }
        let store = context.services.pasteboards
        var info = PasteboardInfo(try store.info(name))
        let items = try store.read(name).items
        info.containing = items.indices.filter { items[$0].contains(anyOf: contains) }
        return info
    }
}

/// `pasteboard.subscribe`: `pasteboard.changed` arrives on this connection after every change to the name.
public struct PasteboardSubscribeRequest: TextServicesRequest {
    public static let method = "pasteboard.subscribe"

    public var name: String

    public init(name: String) {
        self.name = name
    }

    public struct Response: Codable, Sendable, Equatable {
        /// The current change count; absent when the pasteboard does not exist yet.
        public var changeCount: Int?
    }

    public func handle(_ context: RequestContext) throws -> Response {
        Response(changeCount: try context.services.pasteboards.subscribe(name, observer: context.session))
    }
}

/// `pasteboard.unsubscribe`: stops the notifications for a name.
public struct PasteboardUnsubscribeRequest: TextServicesRequest {
    public static let method = "pasteboard.unsubscribe"

    public var name: String

    public init(name: String) {
        self.name = name
    }

    public struct Response: Codable, Sendable, Equatable {
        public var wasSubscribed: Bool
    }

    public func handle(_ context: RequestContext) -> Response {
        Response(wasSubscribed: context.services.pasteboards.unsubscribe(name, observer: context.session))
    }
}

/// `pasteboard.remove`: removes a pasteboard (`general` and `find` are emptied instead).
public struct PasteboardRemoveRequest: TextServicesRequest {
    public static let method = "pasteboard.remove"
    public static let changesSharedState = true

    public var name: String

    public init(name: String) {
        self.name = name
    }

    public func handle(_ context: RequestContext) throws -> EmptyResponse {
        try context.services.pasteboards.remove(name)
        return EmptyResponse()
    }
}

/// `pasteboard.list`: every pasteboard, and whether this connection watches it.
public struct PasteboardListRequest: ParameterlessRequest {
    public static let method = "pasteboard.list"

    public init() {}

    public struct Response: Codable, Sendable, Equatable {
        public var pasteboards: [Entry]
    }

    public struct Entry: Codable, Sendable, Equatable {
        public var name: String
        public var changeCount: Int
        public var persistent: Bool
        /// How many items it holds.
        public var items: Int
        public var byteCount: Int
        public var subscribed: Bool
    }

    public func handle(_ context: RequestContext) -> Response {
        let store = context.services.pasteboards
        let subscribed = Set(store.subscribedNames(context.session))
        return Response(pasteboards: store.list().map { info in
            Entry(name: info.name, changeCount: info.changeCount, persistent: info.persistent, items: info.types.count,
                  byteCount: info.byteCount, subscribed: subscribed.contains(info.name))
        })
    }
}

/// `pasteboard.changed`: a pasteboard this connection subscribed to changed (or was removed).
public struct PasteboardChangedNotification: TextServicesNotification, Equatable {
    public static let method = "pasteboard.changed"

    public var name: String
    public var changeCount: Int
    public var removed: Bool?

    public init(_ change: PasteboardChange) {
        name = change.name
        changeCount = change.changeCount
        removed = change.removed ? true : nil
    }
}

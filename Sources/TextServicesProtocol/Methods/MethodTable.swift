import TextServices

/// Every method of the protocol, in one list: the server dispatches by it and `initialize` reports it.
public enum MethodTable {
    /// The request type of each method.
    public static let requests: [any TextServicesRequest.Type] = [
        InitializeRequest.self, ShutdownRequest.self, StatsRequest.self,
        SpellLanguagesRequest.self, SpellCheckRequest.self, SpellCheckWordsRequest.self, SpellGuessesRequest.self,
        SpellCompleteRequest.self, SpellIgnoreRequest.self, SpellIgnoredRequest.self, SpellCloseDocumentRequest.self,
        SpellLearnRequest.self, SpellUnlearnRequest.self, SpellLearnedRequest.self,
        TextTokenizeRequest.self, TextBoundaryRequest.self, TextEnclosingRequest.self,
        TextLanguageRequest.self,
        RegexFindRequest.self, RegexReplaceRequest.self,
        EditActionsRequest.self,
        PasteboardCreateRequest.self, PasteboardWriteRequest.self, PasteboardReadRequest.self, PasteboardInfoRequest.self,
        PasteboardSubscribeRequest.self, PasteboardUnsubscribeRequest.self, PasteboardRemoveRequest.self,
        PasteboardListRequest.self,
    ]

    static let byName: [String: any TextServicesRequest.Type] = Dictionary(
        uniqueKeysWithValues: requests.map { ($0.method, $0) })

    /// The names of every method, sorted.
    public static let names: [String] = byName.keys.sorted()

    /// The request type of a method, or nil for a method the protocol does not have.
    public static func request(named method: String) -> (any TextServicesRequest.Type)? {
        byName[method]
    }
}

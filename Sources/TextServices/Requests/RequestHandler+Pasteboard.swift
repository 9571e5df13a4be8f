extension RequestHandler {
    static func pasteboardMethods(_ services: Services) -> [String: Method] {
        [:]
    }
}

extension RequestHandler {
    static func regexMethods(_ services: Services) -> [String: Method] {
        [:]
    }
}

extension RequestHandler {
    static func textUnitMethods(_ services: Services) -> [String: Method] {
        [:]
    }
}

extension RequestHandler {
    static func editMethods(_ services: Services) -> [String: Method] {
        [:]
    }
}

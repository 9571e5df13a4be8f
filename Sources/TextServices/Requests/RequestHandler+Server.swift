extension RequestHandler {
    static func serverMethods(_ services: Services) -> [String: Method] {
        [
            "initialize": { params, session in
                if let name = try params.optionalString("positionEncoding") {
                    guard let encoding = PositionEncoding(name: name) else {
                        throw ServiceError.invalidParams(field: "positionEncoding", "must be \"utf-16\", \"utf-8\" or \"utf-32\"")
                    }
                    session.positionEncoding = encoding
                }
                if params.has("client") {
                    session.client = params.object["client"]!.stringValue ?? params.object["client"]!.serialized
                }
                return [
                    "server": .string(TextServicesVersion.server),
                    "version": .string(TextServicesVersion.version),
                    "protocolVersion": .int(TextServicesVersion.protocolVersion),
                    "positionEncoding": .string(session.positionEncoding.rawValue),
                    "defaultLanguage": .string(services.spelling.defaultLanguage),
                    "languages": .strings(services.spelling.availableLanguages().map(\.tag.tag)),
                    "methods": .strings(Self.allMethodNames(services)),
                ]
            },
        ]
    }

    static func allMethodNames(_ services: Services) -> [String] {
        var names: [String] = ["shutdown", "stats"]
        for group in [serverMethods, spellingMethods, textUnitMethods, regexMethods, editMethods, pasteboardMethods] {
            names += group(services).keys
        }
        return names.sorted()
    }
}

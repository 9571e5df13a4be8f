import OrderedCollections

/// `stats`: counters and latency percentiles per method, since the server started.
public struct StatsRequest: ParameterlessRequest {
    public static let method = "stats"

    public init() {}

    public func handle(_ context: RequestContext) -> StatsResponse {
        context.server.stats.snapshot()
    }
}

/// What `stats` answers.
public struct StatsResponse: Codable, Sendable, Equatable {
    public var uptimeSeconds: Double
    /// Connections open now.
    public var connections: Int
    /// Connections accepted since the start.
    public var totalConnections: Int
    public var requests: Int
    public var errors: Int
    /// Per method: requests, failures, and latency percentiles in microseconds.
    public var methods: OrderedDictionary<String, Method>
    /// The server's process id (for measuring its memory).
    public var processId: Int

    public struct Method: Codable, Sendable, Equatable {
        public var count: Int
        public var errors: Int
        public var p50Micros: Int
        public var p90Micros: Int
        public var p99Micros: Int
    }

    enum CodingKeys: String, CodingKey {
        case uptimeSeconds, connections, totalConnections, requests, errors, methods, processId
    }

    public init(uptimeSeconds: Double, connections: Int, totalConnections: Int, requests: Int, errors: Int,
                methods: OrderedDictionary<String, Method>, processId: Int) {
        self.uptimeSeconds = uptimeSeconds
        self.connections = connections
        self.totalConnections = totalConnections
        self.requests = requests
        self.errors = errors
        self.methods = methods
        self.processId = processId
    }

    // `methods` is an object keyed by method name (OrderedDictionary alone would encode as a flat array).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uptimeSeconds = try container.decode(Double.self, forKey: .uptimeSeconds)
        connections = try container.decode(Int.self, forKey: .connections)
        totalConnections = try container.decodeIfPresent(Int.self, forKey: .totalConnections) ?? 0
        requests = try container.decode(Int.self, forKey: .requests)
        errors = try container.decode(Int.self, forKey: .errors)
        processId = try container.decodeIfPresent(Int.self, forKey: .processId) ?? 0
        let byName = try container.nestedContainer(keyedBy: JSONKey.self, forKey: .methods)
        methods = [:]
        for key in byName.allKeys { methods[key.stringValue] = try byName.decode(Method.self, forKey: key) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uptimeSeconds, forKey: .uptimeSeconds)
        try container.encode(connections, forKey: .connections)
        try container.encode(totalConnections, forKey: .totalConnections)
        try container.encode(requests, forKey: .requests)
        try container.encode(errors, forKey: .errors)
        var byName = container.nestedContainer(keyedBy: JSONKey.self, forKey: .methods)
        for (name, method) in methods { try byName.encode(method, forKey: JSONKey(name)) }
        try container.encode(processId, forKey: .processId)
    }
}

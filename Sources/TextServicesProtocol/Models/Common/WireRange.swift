/// A half-open range as the wire carries it: `{"start": S, "end": E}`, in the request's position units.
public struct WireRange: Codable, Hashable, Sendable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }
}

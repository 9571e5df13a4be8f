/// A coding key for any field name or array index.
public struct JSONKey: CodingKey, Sendable {
    public var stringValue: String
    public var intValue: Int?

    /// A key named `string`.
    public init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    public init(stringValue: String) { self.init(stringValue) }

    public init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

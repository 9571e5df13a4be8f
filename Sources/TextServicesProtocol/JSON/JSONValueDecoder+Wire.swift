extension JSONValueDecoder {
    /// Decodes `type` from `value` with the wire's errors.
    ///
    /// A value of the wrong shape is a `ServiceError` -32602 whose message
    /// and `data.field` name the field (`Invalid params: 'range.start' is
    /// required`); a `ServiceError` a model threw comes out unchanged, and
    /// any other error is an internal error (-32603).
    public func decodeParams<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(ServiceError) -> T {
        do {
            return try decode(type, from: value)
        } catch {
            throw ServiceError(wrapping: error)
        }
    }
}

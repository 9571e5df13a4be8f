/// A model that writes its own compact JSON, for answers too large to go through the `Encodable` tree.
///
/// What `writeJSON(to:)` appends must be exactly the bytes
/// `JSONValueEncoder().encode(self).write(to:)` would append (the same keys,
/// in the same order, the same optional members left out), so that a server
/// may take either path; each conformance pins that with a test.
public protocol JSONWritable {
    /// Appends the value as compact JSON (no newline) to `output`.
    func writeJSON(to output: inout [UInt8])
}

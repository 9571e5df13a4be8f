import CPlatform

/// The JSON module's calls into C: the scan for the bytes a string literal cannot hold as they are.
enum ByteScan {
    /// The index of the first byte at or after `from` that is a quotation mark, a backslash or below 0x20.
    ///
    /// Returns `bytes.count` when there is none. Sixteen bytes are compared at a time.
    @inline(__always)
    static func stringStop(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        return Int(tsv_json_string_stop(base, Int64(bytes.count), Int64(from)))
    }
}

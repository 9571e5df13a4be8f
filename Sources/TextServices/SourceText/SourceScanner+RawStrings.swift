/// The string forms of single languages: Python prefixes and triple quotes, Rust, C++ and Swift raw strings.
extension SourceScanner {
    mutating func scanPythonString(raw: Bool) {
        let quote = bytes[index]
        let triple = Array(repeating: quote, count: 3)
        if matches(triple, at: index) {
            index += 3
            scanString(close: triple, escapes: !raw, multiline: true, interpolation: .none)
        } else {
            index += 1
            scanString(close: [quote], escapes: !raw, multiline: false, interpolation: .none)
        }
    }

    mutating func scanRustRawString() {
        var position = index
        var hashes = 0
        while position < bytes.count, bytes[position] == ascii("#") { hashes += 1; position += 1 }
        guard position < bytes.count, bytes[position] == ascii("\"") else {
            index = position
            return
        }
        index = position + 1
        scanString(close: [ascii("\"")] + Array(repeating: ascii("#"), count: hashes), escapes: false, multiline: true,
                   interpolation: .none)
    }

    mutating func scanCppRawString() {
        // R"delimiter( ... )delimiter"
        var position = index + 1
        let delimiterStart = position
        while position < bytes.count, bytes[position] != ascii("("), position - delimiterStart <= 16,
              bytes[position] != ascii("\n") {
            position += 1
        }
        guard position < bytes.count, bytes[position] == ascii("(") else {
            index += 1
            return
        }
        let delimiter = Array(bytes[delimiterStart..<position])
        index = position + 1
        scanString(close: [ascii(")")] + delimiter + [ascii("\"")], escapes: false, multiline: true, interpolation: .none)
    }

    mutating func scanSwiftRawString() {
        var position = index
        var hashes = 0
        while position < bytes.count, bytes[position] == ascii("#") { hashes += 1; position += 1 }
        guard position < bytes.count, bytes[position] == ascii("\"") else {
            index = position
            return
        }
        let suffix = Array(repeating: ascii("#"), count: hashes)
        if matches("\"\"\"", at: position) {
            index = position + 3
            scanString(close: Array("\"\"\"".utf8) + suffix, escapes: true, multiline: true,
                       interpolation: .swiftRaw(hashes), rawEscapeHashes: hashes)
        } else {
            index = position + 1
            scanString(close: [ascii("\"")] + suffix, escapes: true, multiline: false,
                       interpolation: .swiftRaw(hashes), rawEscapeHashes: hashes)
        }
    }
}

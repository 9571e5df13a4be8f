/// Rules for pasteboard names and the file names that persist them.
///
/// A name is 1 to 80 bytes of UTF-8 without control characters. Its file
/// name escapes every byte outside `[A-Za-z0-9_-]` (and a leading `.`) as
/// `%XX`, so no name can reach outside the pasteboards folder or clash with
/// another name, and every escaped name fits in a file name (255 bytes).
enum PasteboardName {
    /// The longest name, in UTF-8 bytes.
    static let maximumBytes = 80
    /// The file name extension of a persisted pasteboard.
    static let fileExtension = ".pasteboard"

    /// Checks a name; throws -32602 naming `field` when it is not acceptable.
    static func validate(_ name: String, field: String = "name") throws(TextServicesError) {
        guard !name.isEmpty else { throw .invalidArgument(argument: field, reason: "must not be empty") }
        guard name.utf8.count <= maximumBytes else {
            throw .invalidArgument(argument: field, reason: "must be at most \(maximumBytes) bytes of UTF-8")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidArgument(argument: field, reason: "must not contain control characters")
        }
    }

    /// The file name (without folder) a pasteboard is persisted under.
    static func fileName(for name: String) -> String {
        var output: [UInt8] = []
        for (index, byte) in name.utf8.enumerated() {
            let plain = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || (byte == UInt8(ascii: ".") && index > 0)
            if plain {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(contentsOf: Array(String(byte, radix: 16, uppercase: true).leftPadded(to: 2).utf8))
            }
        }
        return String(decoding: output, as: UTF8.self) + fileExtension
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

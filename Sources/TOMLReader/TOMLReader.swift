internal import TOMLKit

/// A TOML value as plain Swift data: what the project's config files hold, read with TOMLKit.
///
/// TOMLKit (over toml++) parses; this target copies its tree into values
/// so that the modules above never see TOMLKit's types or its operator
/// extensions. Dates and times are kept as their TOML text (`other`).
public indirect enum TOMLItem: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case integer(Int)
    case float(Double)
    case array([TOMLItem])
    /// A table's keys and values, sorted by key (toml++ keeps no source order).
    case table([TOMLEntry])
    /// A date, a time or a date-time, as written.
    case other(String)

    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var integer: Int? { if case .integer(let value) = self { value } else { nil } }
    public var array: [TOMLItem]? { if case .array(let value) = self { value } else { nil } }
    public var table: [TOMLEntry]? { if case .table(let value) = self { value } else { nil } }
}

/// One key of a table and its value.
public struct TOMLEntry: Sendable, Equatable {
    public var key: String
    public var value: TOMLItem
}

/// Why a document is not valid TOML, and the line (from 1) of the fault.
public struct TOMLFault: Error, Sendable, Equatable {
    public var line: Int
    public var reason: String
}

/// Parses TOML documents (TOML 1.0, through TOMLKit 0.6 and toml++).
///
/// Thread-safe: each call parses on its own.
public enum TOMLReader {
    /// The top-level table of `text`; throws the parser's fault with its line.
    public static func parse(_ text: String) throws(TOMLFault) -> [TOMLEntry] {
        try checkTableHeaders(text)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw TOMLFault(line: max(1, error.source.begin.line), reason: error.description)
        } catch {
            throw TOMLFault(line: 1, reason: "\(error)")
        }
        return entries(of: table)
    }

    /// Refuses a table header whose first key is missing (`[ = 3`, `[]`, `[[.a]]`), which toml++ 3 does not
    /// report but asserts on (an abort, found by fuzz/Config.swift). Lines inside multi-line strings are skipped.
    static func checkTableHeaders(_ text: String) throws(TOMLFault) {
        var openString: String?
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let wasInside = openString != nil
            for delimiter in ["\"\"\"", "'''"] where openString == nil || openString == delimiter {
                if line.components(separatedBy: delimiter).count % 2 == 0 { openString = openString == nil ? delimiter : nil }
            }
            if wasInside { continue }
            // Scalars, not characters: `[` and a combining mark after it are one character.
            var rest = line.unicodeScalars.drop { $0 == " " || $0 == "\t" }
            guard rest.first == "[" else { continue }
            rest = rest.dropFirst()
            if rest.first == "[" { rest = rest.dropFirst() }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let first = rest.first
            let isKeyStart = first.map { $0 == "\"" || $0 == "'" || $0 == "_" || $0 == "-" || ("a"..."z").contains($0)
                || ("A"..."Z").contains($0) || ("0"..."9").contains($0) } ?? false
            guard isKeyStart else {
                throw TOMLFault(line: index + 1, reason: "a table header needs a key after [")
            }
        }
    }

    private static func entries(of table: TOMLTable) -> [TOMLEntry] {
        table.keys.compactMap { key in table[key].map { TOMLEntry(key: key, value: item($0)) } }
    }

    private static func item(_ value: TOMLValueConvertible) -> TOMLItem {
        if let string = value.string { return .string(string) }
        if let bool = value.bool { return .bool(bool) }
        if let integer = value.int { return .integer(integer) }
        if let double = value.double { return .float(double) }
        if let array = value.array { return .array(array.map(item)) }
        if let table = value.table { return .table(entries(of: table)) }
        return .other(value.tomlValue.debugDescription)
    }
}

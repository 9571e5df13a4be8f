import Foundation
import TextServices
import TextServicesProtocol

/// What `textsvcd dictionaries` prints for each dictionary: a text line or a JSON row, and a compile's overall progress.
public enum DictionaryReport {
    /// One text line: tag and source padded to `tagWidth` and 8 columns, the path, then each compiled form's state.
    public static func line(_ info: DictionaryInfo, state: DictionaryCompiler.State, systemStates: [DictionaryCompiler.State],
                            tagWidth: Int) -> String {
        let tag = info.tag.tag.padding(toLength: tagWidth, withPad: " ", startingAt: 0)
        let source = info.source.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
        var line = "\(tag)  \(source) \(info.path)  compiled: \(summary(state))"
        for system in systemStates { line += "; system-wide: \(summary(system))" }
        return line
    }

    /// One JSON row: tag, source, path, the user's and the system-wide compiled forms, and the one in use (or null).
    public static func row(_ info: DictionaryInfo, state: DictionaryCompiler.State, systemStates: [DictionaryCompiler.State]) -> JSONValue {
        var object: JSONObject = ["tag": .string(info.tag.tag), "source": .string(info.source.rawValue), "path": .string(info.path)]
        object["compiled"] = .object(describe(state))
        object["systemCompiled"] = .array(systemStates.map { .object(describe($0)) })
        object["inUse"] = inUse(systemStates + [state]).map { .string($0) } ?? .null
        return .object(object)
    }

    /// The whole compile's progress from a stage's, weighted by the stages' usual share of the time.
    public static func overall(_ stage: DictionaryCompiler.Stage, _ fraction: Double) -> Double {
        let weights: [(DictionaryCompiler.Stage, Double)] = [(.expanding, 0.15), (.verifying, 0.6), (.indexing, 0.15), (.writing, 0.1)]
        let index = weights.firstIndex { $0.0 == stage } ?? 0
        return weights[..<index].reduce(0) { $0 + $1.1 } + weights[index].1 * min(max(fraction, 0), 1)
    }

    static func summary(_ state: DictionaryCompiler.State) -> String {
        switch state {
        case .missing: "missing"
        case .ready(let path, let bytes): "ready, \(megabytes(bytes)), \(path)"
        case .stale(let path): "stale, \(path)"
        case .corrupt(let path, let reason): "corrupt (\(reason)), \(path)"
        }
    }

    /// The form a process maps: the first ready one in lookup order.
    static func inUse(_ states: [DictionaryCompiler.State]) -> String? {
        for state in states { if case .ready(let path, _) = state { return path } }
        return nil
    }

    static func describe(_ state: DictionaryCompiler.State) -> JSONObject {
        switch state {
        case .missing(let path): ["state": "missing", "path": .string(path)]
        case .ready(let path, let bytes): ["state": "ready", "path": .string(path), "bytes": .int(bytes)]
        case .stale(let path): ["state": "stale", "path": .string(path)]
        case .corrupt(let path, let reason): ["state": "corrupt", "path": .string(path), "reason": .string(reason)]
        }
    }

    /// A size in bytes as megabytes with one decimal (`17.3 MB`).
    public static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
}

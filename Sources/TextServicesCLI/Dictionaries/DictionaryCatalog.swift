import Foundation
import TextServices
import TextServicesIO
import TextServicesProtocol

/// `textsvcd dictionaries`: the dictionaries a configuration finds and the state of their compiled forms.
///
/// Works in this process; no daemon is needed. Not thread-safe.
public struct DictionaryCatalog {
    /// How dictionaries and compile results are printed.
    public enum Format: String, CaseIterable, Sendable {
        case text, json
    }

    public let locator: DictionaryLocator
    public let compiler: DictionaryCompiler

    /// The dictionaries `configuration` finds, compiled into `folder` (default: the configuration's, else the cache folder).
    public init(configuration: Configuration, folder: String? = nil) {
        locator = DictionaryLocator(configuration: configuration)
        compiler = DictionaryCompiler(folder: folder ?? configuration.compiledDictionaries ?? DictionaryCompiler.defaultFolder(),
                                      frequencyFolders: locator.searchPath.map(\.folder),
                                      systemFolders: configuration.systemCompiledDictionaries)
    }

    /// Prints each dictionary found with its compiled forms' states, and returns how many there are.
    ///
    /// Text is one line a dictionary; json is one `{"dictionaries": [...]}` object.
    public func list(as format: Format, output: inout StandardOutputBuffer) -> Int {
        let all = locator.available()
        var rows: [JSONValue] = []
        let width = all.map(\.tag.tag.count).max() ?? 5
        for info in all {
            let state = compiler.state(of: info)
            let systemStates = compiler.systemStates(of: info)
            switch format {
            case .json: rows.append(DictionaryReport.row(info, state: state, systemStates: systemStates))
            case .text: output.appendLine(DictionaryReport.line(info, state: state, systemStates: systemStates, tagWidth: width))
            }
        }
        if format == .json { output.appendLine(JSONValue.object(["dictionaries": .array(rows)]).serialized) }
        return all.count
    }
}

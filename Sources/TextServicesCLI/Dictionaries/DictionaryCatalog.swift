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
    /// The bundled word lists' folder, whose language model the listing reports.
    let bundled: String?
    /// The install's read-only folders of compiled forms.
    let systemFolders: [String]

    /// The dictionaries `configuration` finds, compiled into `folder` (default: the configuration's, else the cache folder).
    public init(configuration: Configuration, folder: String? = nil) {
        locator = DictionaryLocator(configuration: configuration)
        compiler = DictionaryCompiler(folder: folder ?? configuration.compiledDictionaries ?? DictionaryCompiler.defaultFolder(),
                                      frequencyFolders: locator.searchPath.map(\.folder),
                                      systemFolders: configuration.systemCompiledDictionaries)
        bundled = configuration.bundledDictionaries
        systemFolders = configuration.systemCompiledDictionaries
    }

    /// Prints each dictionary found with its compiled forms' states, and returns how many there are.
    ///
    /// Text is one line a dictionary; json is one `{"dictionaries": [...]}` object, with `languageModel`
    /// (path, bytes, languages, system) when the bundled word lists' shared model is compiled.
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
        if format == .json {
            var object: JSONObject = ["dictionaries": .array(rows)]
            if let model = bundled.flatMap({ LanguageModel.compiledShared(listsIn: $0, folders: systemFolders + [compiler.folder]) }) {
                object["languageModel"] = ["path": .string(model.path), "bytes": .int(model.byteCount),
                                           "languages": .array(model.languages.map { .string($0) }),
                                           "system": .bool(systemFolders.contains { model.path.hasPrefix($0 + "/") })]
            }
            output.appendLine(JSONValue.object(object).serialized)
        }
        return all.count
    }
}

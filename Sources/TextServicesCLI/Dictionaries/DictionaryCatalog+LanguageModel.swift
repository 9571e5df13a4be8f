import Foundation
import TextServices
import TextServicesIO
import TextServicesProtocol

extension DictionaryCatalog {
    /// Compiles the language model of every bundled word list into the compile folder, unless a current one is there.
    ///
    /// `--lang auto` then maps it for any candidates among those languages
    /// instead of building a model of its own on first use. Prints one line
    /// (text) or one object (json); a failure is warned about and returns false.
    public func compileLanguageModel(bundled: String?, force: Bool, format: Format,
                                     output: inout StandardOutputBuffer, warn: (String) -> Void) -> Bool {
        guard let bundled else {
            warn("textsvcd: language model: no bundled dictionaries folder, so no word lists to build it from")
            return false
        }
        let started = ContinuousClock.now
        do {
            let (model, built) = try LanguageModel.compileShared(listsIn: bundled, into: compiler.folder, force: force)
            let elapsed = (ContinuousClock.now - started).components
            let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            switch format {
            case .text:
                let what = built ? "compiled in \(String(format: "%.1f", seconds)) s" : "up to date"
                output.appendLine("language model: \(what), \(model.languages.count) languages, "
                    + "\(DictionaryReport.megabytes(model.byteCount)), \(model.path)")
            case .json:
                var object: JSONObject = ["languageModel": .string(model.path), "compiled": .bool(built),
                                          "languages": .array(model.languages.map { .string($0) }), "bytes": .int(model.byteCount)]
                if built { object["seconds"] = .double(seconds) }
                output.appendLine(JSONValue.object(object).serialized)
            }
            return true
        } catch {
            output.flush()
            warn("textsvcd: language model: \(error.message)")
            return false
        }
    }
}

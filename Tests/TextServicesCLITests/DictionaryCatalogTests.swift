import Foundation
import Testing
import TextServicesIO
import TextServices
import TextServicesCLI
import TextServicesProtocol
@testable import TextServicesTestSupport

@Suite struct DictionaryCatalogTests {
    private let scratch = TemporaryFolder("dictionary")

    /// A catalog over a two-word dictionary `zz_ZZ` in a fresh folder, compiling into another.
    private func catalog() throws -> (DictionaryCatalog, String) {
        let folder = scratch.folder("dictionary-catalog")
        try "SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n".write(toFile: folder + "/zz_ZZ.aff", atomically: true, encoding: .utf8)
        try "2\ncat/S\ndog/S\n".write(toFile: folder + "/zz_ZZ.dic", atomically: true, encoding: .utf8)
        let configuration = Configuration.fromEnvironment(dictionaryPaths: [folder], environment: [:])
        return (DictionaryCatalog(configuration: configuration, folder: folder + "/compiled"), folder)
    }

    private static func printed(_ body: (inout StandardOutputBuffer) -> Void) -> String {
        var collected: [UInt8] = []
        var output = StandardOutputBuffer { collected += $0 }
        body(&output)
        output.flush()
        return String(decoding: collected, as: UTF8.self)
    }

    @Test func aDictionaryIsListedMissingThenCompiledThenUpToDate() throws {
        let (catalog, folder) = try catalog()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = Self.printed { output in _ = catalog.list(as: .text, output: &output) }
        #expect(before.contains("zz_ZZ") && before.contains("compiled: missing"), "\(before)")

        let infos = try catalog.dictionaries(["zz_ZZ"])
        var warnings: [String] = []
        let compiled = Self.printed { output in
            #expect(catalog.compile(infos, force: false, format: .json, output: &output, warn: { warnings.append($0) }))
        }
        #expect(warnings.isEmpty)
        let report = try JSONSerialization.jsonObject(with: Data(compiled.utf8)) as? [String: Any]
        #expect(report?["compiled"] as? Bool == true && report?["acceptedForms"] as? Int == 4, "\(compiled)")

        let again = Self.printed { output in _ = catalog.compile(infos, force: false, format: .text, output: &output, warn: { _ in }) }
        #expect(again.hasPrefix("zz_ZZ: up to date, ") && again.contains("/compiled/"), "\(again)")
        let listed = Self.printed { output in _ = catalog.list(as: .json, output: &output) }
        let listing = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: Any]
        let entry = (listing?["dictionaries"] as? [[String: Any]])?.first { $0["tag"] as? String == "zz_ZZ" }
        #expect((entry?["compiled"] as? [String: Any])?["state"] as? String == "ready", "\(listed)")
    }

    @Test func anUnknownTagIsAnError() throws {
        let (catalog, folder) = try catalog()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: DictionaryError.self) { try catalog.dictionaries(["qq_QQ"]) }
    }
}

import Foundation
import Testing
@testable import TextServicesTestSupport

@Suite struct DictionariesCommandTests {
    @Test func compileThenListShowsTheCompiledFormReadyAndJSONHasNoProgressBar() throws {
        let folder = TestSupport.temporaryFolder("dictionaries-cmd")
        try "SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n".write(toFile: folder + "/zz_ZZ.aff", atomically: true, encoding: .utf8)
        try "2\ncat/S\ndog/S\n".write(toFile: folder + "/zz_ZZ.dic", atomically: true, encoding: .utf8)
        let environment = ["XDG_CACHE_HOME": TestSupport.temporaryFolder("dictionaries-cache"), "TERM": "xterm"]
        let before = try TestProcess.textsvcd(["dictionaries", "--dictionary-path", folder], environment: environment)
        #expect(before.status == 0)
        #expect(before.stdout.contains("zz_ZZ") && before.stdout.contains("compiled: missing"))

        let compiled = try TestProcess.textsvcd(["dictionaries", "compile", "--format", "json", "--dictionary-path", folder, "zz_ZZ"],
                                                 environment: environment)
        #expect(compiled.status == 0)
        #expect(compiled.stderr.isEmpty)
        let report = try JSONSerialization.jsonObject(with: Data(compiled.stdout.utf8)) as? [String: Any]
        #expect(report?["compiled"] as? Bool == true)
        #expect(report?["acceptedForms"] as? Int == 4)

        let after = try TestProcess.textsvcd(["dictionaries", "list", "--format", "json", "--dictionary-path", folder], environment: environment)
        let listing = try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any]
        let entry = (listing?["dictionaries"] as? [[String: Any]])?.first { $0["tag"] as? String == "zz_ZZ" }
        let state = entry?["compiled"] as? [String: Any]
        #expect(state?["state"] as? String == "ready")
        #expect((state?["bytes"] as? Int ?? 0) > 0)

        let again = try TestProcess.textsvcd(["dictionaries", "compile", "--dictionary-path", folder, "zz_ZZ"], environment: environment)
        #expect(again.stdout.contains("up to date"))
        let unknown = try TestProcess.textsvcd(["dictionaries", "compile", "--dictionary-path", folder, "qq_QQ"], environment: environment)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("qq_QQ"))
    }
}

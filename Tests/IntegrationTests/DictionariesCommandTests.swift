import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

@Suite struct DictionariesCommandTests {
    private let scratch = TemporaryFolder("dictionaries")

    @Test func compileThenListShowsTheCompiledFormReadyAndJSONHasNoProgressBar() throws {
        let folder = scratch.folder("dictionaries-cmd")
        try "SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n".write(toFile: folder + "/zz_ZZ.aff", atomically: true, encoding: .utf8)
        try "2\ncat/S\ndog/S\n".write(toFile: folder + "/zz_ZZ.dic", atomically: true, encoding: .utf8)
        let environment = ["XDG_CACHE_HOME": scratch.folder("dictionaries-cache"), "TERM": "xterm"]
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

    /// A two-word dictionary `zz_ZZ` in a fresh folder.
    func smallDictionary() throws -> String {
        let folder = scratch.folder("dictionaries-cmd")
        try "SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n".write(toFile: folder + "/zz_ZZ.aff", atomically: true, encoding: .utf8)
        try "2\ncat/S\ndog/S\n".write(toFile: folder + "/zz_ZZ.dic", atomically: true, encoding: .utf8)
        return folder
    }

    /// The `dictionaries --format json` entry of zz_ZZ.
    func listing(_ folder: String, _ environment: [String: String]) throws -> [String: Any]? {
        let output = try TestProcess.textsvcd(["dictionaries", "--format", "json", "--dictionary-path", folder], environment: environment)
        let listing = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        return (listing?["dictionaries"] as? [[String: Any]])?.first { $0["tag"] as? String == "zz_ZZ" }
    }

    @Test func twoCommandsCompilingAtOnceLeaveOneGoodFile() throws {
        let folder = try smallDictionary()
        let cache = scratch.folder("dictionaries-cache")
        let environment = ["XDG_CACHE_HOME": cache]
        let results = Locked<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let output = try? TestProcess.textsvcd(["dictionaries", "compile", "--format", "json", "--dictionary-path", folder, "zz_ZZ"],
                                                   environment: environment)
            results.withLock { $0.append(output?.status ?? -1) }
        }
        #expect(results.withLock { $0 } == [0, 0])
        let state = try listing(folder, environment)?["compiled"] as? [String: Any]
        #expect(state?["state"] as? String == "ready")
        let files = try FileManager.default.contentsOfDirectory(atPath: cache + "/textsvcd").filter { $0.hasSuffix(".tsvdict") }
        #expect(files.count == 1)
    }

    @Test func theSystemWideFormIsListedBesideTheUsersCacheAndMappedFirst() throws {
        let folder = try smallDictionary()
        let system = scratch.folder("dictionaries-system")
        let environment = ["XDG_CACHE_HOME": scratch.folder("dictionaries-cache"), "TEXTSVCD_SYSTEM_COMPILED": system]
        let compiled = try TestProcess.textsvcd(["dictionaries", "compile", "--format", "json", "--dictionary-path", folder,
                                                 "--compiled-folder", system, "zz_ZZ"], environment: environment)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let entry = try listing(folder, environment)
        let systemStates = entry?["systemCompiled"] as? [[String: Any]]
        #expect(systemStates?.count == 1)
        #expect(systemStates?.first?["state"] as? String == "ready")
        let systemPath = systemStates?.first?["path"] as? String
        #expect(systemPath?.hasPrefix(system + "/") == true)
        #expect((entry?["compiled"] as? [String: Any])?["state"] as? String == "missing")
        #expect(entry?["inUse"] as? String == systemPath)
        let text = try TestProcess.textsvcd(["dictionaries", "--dictionary-path", folder], environment: environment)
        #expect(text.stdout.contains("compiled: missing; system-wide: ready"), "\(text.stdout)")
        // With a ready system-wide form, compiling for the user has nothing to do.
        let again = try TestProcess.textsvcd(["dictionaries", "compile", "--dictionary-path", folder, "zz_ZZ"], environment: environment)
        #expect(again.stdout.contains("up to date"), "\(again.stdout)")
    }

    @Test func aCommandsFirstLoadCompilesInTheBackgroundAndTheNextCommandMapsTheResult() throws {
        let folder = try smallDictionary()
        let cache = scratch.folder("dictionaries-cache")
        let root = scratch.folder("dictionaries-bg")
        var environment = TestSupport.isolatedEnvironment(root)
        environment["XDG_CACHE_HOME"] = cache
        try "cats and dgos\n".write(toFile: root + "/note.txt", atomically: true, encoding: .utf8)
        let first = try TestProcess.textsvcd(["check", "--no-daemon", "--dictionary-path", folder, "--lang", "zz_ZZ", root + "/note.txt"],
                                             in: environment)
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stdout.contains("dgos"))
        // The command did not wait for the compile; its detached child writes the form.
        var state: String?
        let deadline = Date().addingTimeInterval(60 * TestSupport.slowdown)
        repeat {
            state = (try listing(folder, environment)?["compiled"] as? [String: Any])?["state"] as? String
            if state == "ready" { break }
            usleep(50_000)
        } while Date() < deadline
        #expect(state == "ready")
        let path = try #require((try listing(folder, environment)?["compiled"] as? [String: Any])?["path"] as? String)

        // The next command maps it: a door without the daemon, asked a word, has the file in its memory map.
        let door = Process()
        door.executableURL = URL(fileURLWithPath: TestSupport.binary)
        door.arguments = ["ispell", "-a", "--no-daemon", "--dictionary-path", folder, "-d", "zz_ZZ"]
        door.environment = environment
        let input = Pipe()
        door.standardInput = input
        let outputPath = root + "/door.out"
        FileManager.default.createFile(atPath: outputPath, contents: nil)
        door.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        door.standardError = FileHandle.nullDevice
        try door.run()
        defer { try? input.fileHandleForWriting.close(); door.waitUntilExit() }
        input.fileHandleForWriting.write(Data("dogs\n".utf8))
        var answered = false
        let answerDeadline = Date().addingTimeInterval(30 * TestSupport.slowdown)
        while !answered, Date() < answerDeadline {
            answered = (try? String(contentsOfFile: outputPath, encoding: .utf8))?.contains("\n*\n") == true
            if !answered { usleep(20_000) }
        }
        #expect(answered)
        // Read to the end: /proc files report no size, and a sized read stops at the first page.
        let maps = String(decoding: FileHandle(forReadingAtPath: "/proc/\(door.processIdentifier)/maps")?.readDataToEndOfFile() ?? Data(),
                          as: UTF8.self)
        #expect(maps.contains(path), "the door does not map \(path)")
    }

    @Test func aCommandStartsOneBackgroundCompileAtATimeAndALaterCommandTheNext() throws {
        let folder = try smallDictionary()
        for ext in ["aff", "dic"] {
            try FileManager.default.copyItem(atPath: folder + "/zz_ZZ.\(ext)", toPath: folder + "/yy_YY.\(ext)")
        }
        let cache = scratch.folder("dictionaries-cache")
        let root = scratch.folder("dictionaries-one")
        var environment = TestSupport.isolatedEnvironment(root)
        environment["XDG_CACHE_HOME"] = cache
        try "cats and dgos\n".write(toFile: root + "/note.txt", atomically: true, encoding: .utf8)
        let check = ["check", "--no-daemon", "--dictionary-path", folder, "--lang", "zz_ZZ,yy_YY", root + "/note.txt"]
        func ready() throws -> Int {
            let output = try TestProcess.textsvcd(["dictionaries", "--format", "json", "--dictionary-path", folder], environment: environment)
            let listing = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
            return ((listing?["dictionaries"] as? [[String: Any]]) ?? []).filter { entry in
                ["zz_ZZ", "yy_YY"].contains(entry["tag"] as? String ?? "")
                    && (entry["compiled"] as? [String: Any])?["state"] as? String == "ready"
            }.count
        }
        /// Whether a queued compile holds the folder's queue lock.
        func queueBusy() -> Bool {
            let lock = try? FileLock.acquire(cache + "/textsvcd/compile-queue.lock", wait: false)
            lock?.release()
            return lock == nil
        }
        func waitUntilQuiet(ready count: Int) throws {
            let deadline = Date().addingTimeInterval(60 * TestSupport.slowdown)
            while try ready() < count || queueBusy(), Date() < deadline { usleep(50_000) }
        }

        // The command loads both dictionaries, and starts one compile.
        #expect(try TestProcess.textsvcd(check, in: environment).status == 1)
        try waitUntilQuiet(ready: 1)
        #expect(try ready() == 1)
        #expect(!queueBusy())
        // The next command starts the other.
        #expect(try TestProcess.textsvcd(check, in: environment).status == 1)
        try waitUntilQuiet(ready: 2)
        #expect(try ready() == 2)
    }
}

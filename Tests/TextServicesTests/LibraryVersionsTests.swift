import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

@Suite struct LibraryVersionsTests {
    private let scratch = TemporaryFolder("library")

    /// What pkg-config says about a package on this (build and test) machine.
    func pkgConfigVersion(_ package: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--modversion", package]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func icuVersionIsTheLoadedLibrarysAndMatchesTheInstalledOne() throws {
        #expect(LibraryVersions.icu == (try pkgConfigVersion("icu-uc")))
    }

    @Test func hunspellVersionIsFoundForTheLoadedLibrary() throws {
        let found = LibraryVersions.hunspell
        #expect(found.version == (try pkgConfigVersion("hunspell")))
        #expect(found.library.map { ($0 as NSString).lastPathComponent.hasPrefix("libhunspell-") } == true)
        #expect(found.description.hasPrefix("Hunspell \(found.version ?? "?") (libhunspell-"))
    }

    @Test func libraryIsTakenFromTheProcessMaps() {
        let maps = """
            7f3d58e00000-7f3d58e2a000 r--p 00000000 fe:00 4906988                    /usr/lib/x86_64-linux-gnu/libicuuc.so.72.1
            7f3d59044000-7f3d59045000 r--p 00000000 fe:00 4907015                    /usr/lib/x86_64-linux-gnu/libhunspell-1.7.so.0.0.1
            7ffd1a5f3000-7ffd1a614000 rw-p 00000000 00:00 0                          [stack]
            """
        #expect(HunspellVersion.loadedLibrary(inMaps: maps) == "/usr/lib/x86_64-linux-gnu/libhunspell-1.7.so.0.0.1")
        #expect(HunspellVersion.loadedLibrary(inMaps: "7ffd1a5f3000-7ffd1a614000 rw-p 00000000 00:00 0 [stack]") == nil)
    }

    @Test func seriesComesFromTheLibraryFileNameWhenNothingElseIsKnown() {
        let maps = "7f3d59044000-7f3d59045000 r--p 00000000 fe:00 1 /opt/hunspell/lib/libhunspell-1.7.so.0.0.1\n"
        let found = HunspellVersion.detect(maps: maps, dpkgRoot: scratch.folder("no-dpkg"))
        #expect(found.version == "1.7")
        #expect(found.package == nil)
        #expect(HunspellVersion.series(ofLibrary: "/x/libhunspell.so.0") == nil)
    }

    @Test func packageVersionIsReadFromDpkgsRecordOfTheFileThatIsLoaded() throws {
        let root = scratch.folder("dpkg")
        try FileManager.default.createDirectory(atPath: root + "/info", withIntermediateDirectories: true)
        let library = scratch.folder("lib") + "/libhunspell-1.7.so.0.0.1"
        try Data().write(to: URL(fileURLWithPath: library))
        try "/.\n\(library)\n".write(toFile: root + "/info/libhunspell-1.7-0:amd64.list", atomically: true, encoding: .utf8)
        try "/usr/lib/other/libhunspell-1.6.so.0\n".write(toFile: root + "/info/libhunspell-1.6-0:amd64.list",
                                                        atomically: true, encoding: .utf8)
        try """
            Package: hunspell
            Status: install ok installed
            Architecture: amd64
            Depends: libhunspell-1.7-0 (>= 1.7.1)
            Version: 1.7.1-1

            Package: libhunspell-1.6-0
            Status: install ok installed
            Architecture: amd64
            Version: 1.6.2-3

            Package: libhunspell-1.7-0
            Status: install ok installed
            Architecture: amd64
            Description: spell checker
             Version: 9.9 (a continuation line, not a field)
            Version: 1:1.7.2-1+deb12u1

            """.write(toFile: root + "/status", atomically: true, encoding: .utf8)
        let maps = "7f3d59044000-7f3d59045000 r--p 00000000 fe:00 1 \(library)\n"
        let found = HunspellVersion.detect(maps: maps, dpkgRoot: root)
        #expect(found.version == "1.7.2")
        #expect(found.package == "libhunspell-1.7-0 1:1.7.2-1+deb12u1")
    }

    @Test func upstreamVersionDropsEpochAndDebianRevision() {
        #expect(HunspellVersion.upstreamVersion("1.7.1-1") == "1.7.1")
        #expect(HunspellVersion.upstreamVersion("1:2.0-rc1-2") == "2.0-rc1")
        #expect(HunspellVersion.upstreamVersion("1.7.1") == "1.7.1")
    }
}

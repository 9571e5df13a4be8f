import CICU
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The versions of the ICU and Hunspell libraries this process runs with.
///
/// Both are read at run time from the libraries actually loaded, not from the
/// headers the binary was built with: a library upgrade that keeps its soname
/// (Hunspell 1.7.0, 1.7.1 and 1.7.2 all ship `libhunspell-1.7.so.0.0.1`)
/// changes what runs without a rebuild.
public enum LibraryVersions {
    /// ICU's version, as `u_getVersion` reports it ("72.1").
    public static var icu: String {
        var buffer = [CChar](repeating: 0, count: 32)
        tsv_icu_version(&buffer, Int32(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The loaded Hunspell library's version and where it came from.
    public static var hunspell: HunspellVersion {
        HunspellVersion.detect()
    }
}

/// What can be known about the Hunspell library in this process.
///
/// Hunspell's C API has no version function before the one its development
/// branch added (`Hunspell_get_library_version`), so `detect()` tries, in
/// order: that function, when the loaded library exports it; then the
/// package manager's record of the loaded file (dpkg's list of the package
/// that owns it, and that package's version); then the series in the
/// library's file name (`libhunspell-1.7.so...` gives "1.7").
public struct HunspellVersion: Sendable, Equatable, CustomStringConvertible {
    /// The version ("1.7.1"), or the series ("1.7") when nothing more precise is known; nil when no library was found.
    public var version: String?
    /// The path of the loaded library file, from `/proc/self/maps`.
    public var library: String?
    /// The package that installed the library and its version ("libhunspell-1.7-0 1.7.1-1"), when dpkg knows it.
    public var package: String?

    public var description: String {
        var text = "Hunspell " + (version ?? "(unknown version)")
        var sources: [String] = []
        if let library { sources.append((library as NSString).lastPathComponent) }
        if let package { sources.append("Debian package " + package) }
        if !sources.isEmpty { text += " (" + sources.joined(separator: ", ") + ")" }
        return text
    }

    /// Finds the version of the Hunspell library loaded in this process.
    ///
    /// `maps` stands for `/proc/self/maps` (nil reads it) and `dpkgRoot` for `/var/lib/dpkg`.
    public static func detect(maps: String? = nil, dpkgRoot: String = "/var/lib/dpkg") -> HunspellVersion {
        let library = (maps ?? readToEnd("/proc/self/maps")).flatMap(loadedLibrary(inMaps:))
        var result = HunspellVersion(version: nil, library: library, package: nil)
        if let exported = exportedVersion() { result.version = exported }
        if let library, let (package, packageVersion) = owningPackage(of: library, dpkgRoot: dpkgRoot) {
            result.package = package + " " + packageVersion
            if result.version == nil { result.version = upstreamVersion(packageVersion) }
        }
        if result.version == nil, let library { result.version = series(ofLibrary: library) }
        return result
    }

    /// A whole file read until its end, for files under `/proc` (their size reads as 0, and one read gives one page).
    static func readToEnd(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var data = Data()
        while let chunk = try? handle.read(upToCount: 65_536), !chunk.isEmpty { data.append(chunk) }
        return String(decoding: data, as: UTF8.self)
    }

    /// The version string from `Hunspell_get_library_version`, when the loaded library has that function.
    static func exportedVersion() -> String? {
        // RTLD_DEFAULT (a null handle): search every object the process has loaded.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "Hunspell_get_library_version") else { return nil }
        typealias VersionFunction = @convention(c) () -> UnsafePointer<CChar>?
        guard let text = unsafeBitCast(symbol, to: VersionFunction.self)() else { return nil }
        let version = String(cString: text)
        return version.isEmpty ? nil : version
    }

    /// The path of the mapped `libhunspell` file in a `/proc/PID/maps` listing.
    static func loadedLibrary(inMaps maps: String) -> String? {
        for line in maps.split(separator: "\n") {
            // address perms offset dev inode path; the path is the sixth field and may contain spaces.
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix("libhunspell"), name.contains(".so") { return path }
        }
        return nil
    }

    /// "1.7" from a file named `libhunspell-1.7.so.0.0.1`.
    static func series(ofLibrary path: String) -> String? {
        let name = (path as NSString).lastPathComponent
        guard name.hasPrefix("libhunspell-"), let end = name.range(of: ".so") else { return nil }
        let series = name[name.index(name.startIndex, offsetBy: "libhunspell-".count)..<end.lowerBound]
        return series.isEmpty || !series.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : String(series)
    }

    /// "1.7.1" from a Debian version such as "1.7.1-1" or "1:1.7.1-1+deb12u1" (no epoch, no Debian revision).
    static func upstreamVersion(_ debianVersion: String) -> String {
        var version = Substring(debianVersion)
        if let colon = version.firstIndex(of: ":") { version = version[version.index(after: colon)...] }
        if let dash = version.lastIndex(of: "-") { version = version[..<dash] }
        return String(version)
    }

    /// The dpkg package whose file list holds `library` (compared after resolving symbolic links), and its version.
    static func owningPackage(of library: String, dpkgRoot: String) -> (String, String)? {
        let manager = FileManager.default
        let loaded = URL(fileURLWithPath: library).resolvingSymlinksInPath().path
        let info = dpkgRoot + "/info"
        guard let names = try? manager.contentsOfDirectory(atPath: info) else { return nil }
        for name in names.sorted() where name.hasPrefix("libhunspell") && name.hasSuffix(".list") {
            guard let list = try? String(contentsOfFile: info + "/" + name, encoding: .utf8) else { continue }
            let owns = list.split(separator: "\n").contains { entry in
                entry.contains(".so") && URL(fileURLWithPath: String(entry)).resolvingSymlinksInPath().path == loaded
            }
            guard owns else { continue }
            // "libhunspell-1.7-0:amd64.list" names the package "libhunspell-1.7-0" of architecture amd64.
            let stem = String(name.dropLast(".list".count))
            let parts = stem.split(separator: ":", maxSplits: 1)
            let package = String(parts[0])
            let architecture = parts.count > 1 ? String(parts[1]) : nil
            guard let status = try? String(contentsOfFile: dpkgRoot + "/status", encoding: .utf8),
                  let version = installedVersion(of: package, architecture: architecture, status: status) else { continue }
            return (package, version)
        }
        return nil
    }

    /// The `Version` of an installed package in the text of dpkg's `status` file.
    ///
    /// Only the stanzas (blank-line separated) that name the package somewhere are read field by field, found by a
    /// byte search: cutting the whole file into stanzas and lines as Characters took most of `textsvcd --version`'s
    /// CPU with Debian's usual thousands of packages.
    static func installedVersion(of package: String, architecture: String?, status: String) -> String? {
        var status = status
        return status.withUTF8 { buffer -> String? in
            let bytes = UnsafeRawBufferPointer(buffer)
            let name = Array(package.utf8), blank: [UInt8] = [0x0A, 0x0A]
            var from = 0
            while let hit = ByteSearch.firstIndex(bytes, name, from: from) {
                var start = hit
                while start > 0, !(start >= 2 && bytes[start - 1] == 0x0A && bytes[start - 2] == 0x0A) { start -= 1 }
                let end = ByteSearch.firstIndex(bytes, blank, from: hit) ?? bytes.count
                let stanza = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                if let version = version(of: package, architecture: architecture, stanza: stanza) { return version }
                from = end
            }
            return nil
        }
    }

    /// The `Version` field of one stanza of dpkg's `status` file when it is the installed record of `package`.
    private static func version(of package: String, architecture: String?, stanza: String) -> String? {
        var fields: [String: String] = [:]
        for line in stanza.split(separator: "\n") where !line.hasPrefix(" ") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard fields["Package"] == package, fields["Status"]?.hasSuffix(" installed") == true else { return nil }
        if let architecture, let listed = fields["Architecture"], listed != architecture, listed != "all" { return nil }
        return fields["Version"]
    }
}

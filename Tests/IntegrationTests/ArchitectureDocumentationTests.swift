import Foundation
import Testing
@testable import TextServicesTestSupport

/// docs/architecture.md names only what exists: every type, target and file it puts in backticks.
@Suite struct ArchitectureDocumentationTests {
    /// Types of other packages the document names (Swift, swift-system, SwiftNIO).
    static let otherPackagesTypes: Set<String> = ["Codable", "Errno", "EmbeddedChannel", "NIOAsyncTestingChannel"]

    /// The capitalised names the document puts first in a backticked span (`Type`, `Type.member`, `Type(...)`),
    /// leaving out file names (`Name.swift`) and constants in capitals (`WORDCHARS`).
    static func namedTypes(in text: String) -> Set<String> {
        var names: Set<String> = []
        for span in text.split(separator: "`", omittingEmptySubsequences: false).enumerated() where span.offset % 2 == 1 {
            let code = span.element
            let name = code.prefix { $0.isLetter || $0.isNumber }
            guard let first = name.first, first.isUppercase, name.contains(where: \.isLowercase) else { continue }
            let rest = code.dropFirst(name.count)
            guard rest.isEmpty || rest.first == "." || rest.first == "(", !rest.hasPrefix(".swift") else { continue }
            names.insert(String(name))
        }
        return names
    }

    /// The names of the types declared in every Swift file under the repository's `Sources`, `bench/Sources` and `Tests`.
    static func declaredTypes() throws -> Set<String> {
        let keywords: Set<Substring> = ["class", "struct", "enum", "protocol", "actor", "typealias"]
        var names: Set<String> = []
        for folder in ["Sources", "bench/Sources", "Tests"] {
            let root = TestSupport.repositoryRoot + "/" + folder
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let words = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
                    .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
                for (word, next) in zip(words, words.dropFirst()) where keywords.contains(word) {
                    names.insert(String(next.prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
                }
            }
        }
        return names
    }

    /// Whether `name` is a declared type, or a target or test folder of the package.
    static func exists(_ name: String, declared: Set<String>, manifest: String) -> Bool {
        let root = TestSupport.repositoryRoot
        return declared.contains(name)
            || manifest.contains("name: \"\(name)\"")
            || FileManager.default.fileExists(atPath: root + "/Tests/" + name)
            || FileManager.default.fileExists(atPath: root + "/Tests/TestSupport/" + name)
    }

    @Test func everyTypeTheArchitectureDocumentNamesExists() throws {
        let root = TestSupport.repositoryRoot
        let document = try String(contentsOfFile: root + "/docs/architecture.md", encoding: .utf8)
        let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        let declared = try Self.declaredTypes()
        let names = Self.namedTypes(in: document)
        #expect(names.count > 50, "the document's names were not read: \(names.sorted())")
        let missing = names.subtracting(Self.otherPackagesTypes).filter { !Self.exists($0, declared: declared, manifest: manifest) }
        #expect(missing.isEmpty, "docs/architecture.md names what does not exist: \(missing.sorted())")
    }

    @Test func everyClientTypeIsNamedInTheArchitectureDocument() throws {
        let root = TestSupport.repositoryRoot
        let document = try String(contentsOfFile: root + "/docs/architecture.md", encoding: .utf8)
        let folder = root + "/Sources/TextServicesProtocol/Client"
        let clients = try FileManager.default.contentsOfDirectory(atPath: folder).flatMap { file in
            try String(contentsOfFile: folder + "/" + file, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: #"class [A-Za-z]+: TextServicesClient"#, options: .regularExpression) else { return nil }
                return String(line[range].split(separator: " ")[1].dropLast())
            }
        }
        #expect(clients.count >= 4, "\(clients)")
        for client in clients { #expect(document.contains("`\(client)`"), "docs/architecture.md does not name \(client)") }
    }

    @Test func aNameIsReadFromTheStartOfASpanButNotFromAFileOrAConstant() {
        let names = Self.namedTypes(in: "`DaemonClient`, `ClientFactory.forCommand`, `Project.nearest(to:)`, `Hunspell.swift`, `WORDCHARS`, `serve`")
        #expect(names == ["DaemonClient", "ClientFactory", "Project"])
    }
}

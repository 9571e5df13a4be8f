import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import Ispell
@testable import TextServicesTestSupport

@Test func theBinaryAnswersAsDashAAndPrintsItsVersionForDashVV() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let root = scratch.folder("ispell-binary")
    let environment = TestSupport.isolatedEnvironment(root)
    let pipe = try TestProcess.run(TestSupport.binary, ["-a", "-m", "-B", "-d", "en_US"], stdin: Array("Hello wrold\n".utf8),
                                     environment: environment, timeout: 60)
    #expect(pipe.status == 0, "\(pipe.stderr)")
    let lines = pipe.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("@(#) International Ispell Version 3.2.06 (but really Hunspell ") == true)
    #expect(lines.dropFirst().first == "*")
    #expect(lines.dropFirst(2).first?.hasPrefix("& wrold ") == true)
    let version = try TestProcess.run(TestSupport.binary, ["-vv"], environment: environment, timeout: 60)
    #expect(version.stdout.hasPrefix("@(#) International Ispell Version 3.2.06 (but really Hunspell "))
    #expect(version.stdout.contains(") textsvcd "))
    let unknown = try TestProcess.run(TestSupport.binary, ["ispell", "-d", "xx_NOPE"], environment: environment, timeout: 60)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("xx"))
}

#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import TextServices

/// Facts about the running system that go into compiled dictionaries' keys.
@Suite struct SystemFactsTests {
    @Test func aLibrarysIdentityFromDladdrIsTheOneProcSelfMapsGives() {
        // The identity is part of every compiled dictionary's key: another string would make every compiled form stale.
        let libcFunction: @convention(c) (UnsafePointer<CChar>) -> Int = strlen
        let strlenAddress = unsafeBitCast(libcFunction, to: UnsafeRawPointer.self)
        let fast = SystemFacts.libraryIdentity(containing: strlenAddress)
        #expect(fast == SystemFacts.libraryIdentityFromMaps(containing: strlenAddress))
        #expect(fast.contains("libc"), "\(fast)")
        #expect(HunspellHandle.libraryIdentity.contains("hunspell"), "\(HunspellHandle.libraryIdentity)")
    }
}

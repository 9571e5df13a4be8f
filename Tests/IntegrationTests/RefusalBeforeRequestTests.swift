import Foundation
import Testing
import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// A daemon that refuses a connection answers one null-id error as it accepts, possibly before the client writes.
@Suite struct RefusalBeforeRequestTests {
    private let scratch = TemporaryFolder("refusal")

    @Test func aRefusalIsWhatEveryRequestOfTheConnectionFailsWithWhateverTheOrder() throws {
        let folder = scratch.folder("refusal")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/refusing.sock"
        let listener = try TestSockets.listen(on: path)
        defer { TestSockets.closeDescriptor(listener) }
        let refusal = ServiceError.invalidRequest("connection refused: connections are accepted only from user 0, not 65534")
        let line = JSONRPCMessage.encode(JSONRPCMessage.errorResponse(id: .null, error: refusal)) + [0x0A]
        let written = DispatchSemaphore(value: 0)
        // As the daemon does: the refusal at once, the end of writing, then what the peer sends is read and dropped.
        Thread {
            let connection = accept(listener, nil, nil)
            _ = line.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            shutdown(connection, Int32(SHUT_WR))
            written.signal()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while read(connection, &buffer, buffer.count) > 0 {}
            close(connection)
        }.start()
        let client = try RemoteTextServices(path: path)
        written.wait()
        // The first request may be written before or after the refusal and the end are read; every one fails with it.
        for _ in 0..<3 {
            do {
                _ = try client.call(method: "stats", params: [:])
                Issue.record("a refused connection answered")
            } catch {
                #expect(!error.isDaemonUnavailable, "\(error)")
                #expect(error.message.contains("connections are accepted only from user 0"), "\(error)")
            }
        }
    }
}

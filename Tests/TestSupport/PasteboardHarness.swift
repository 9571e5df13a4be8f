import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol

/// Services over a temporary data home, restartable over the same files.
struct PasteboardHarness {
    let dataHome: String
    let limits: Limits
    let handler: RequestDispatcher
    let session = ConnectionState()

    init(dataHome: String? = nil, limits: Limits = Limits()) {
        let home = dataHome ?? PasteboardHarness.temporaryFolder()
        self.dataHome = home
        self.limits = limits
        let configuration = Configuration(dataHome: home, bundledDictionaries: TestSupport.bundledDictionaries,
                                          systemDictionaryPaths: [], limits: limits)
        handler = RequestDispatcher(services: Services(configuration: configuration))
    }

    static func temporaryFolder() -> String {
        TestSupport.temporaryFolder("paste")
    }

    var store: PasteboardStore { handler.services.pasteboards }
    var folder: String { dataHome + "/pasteboards" }

    /// New services over the same files, as after a daemon restart.
    func restarted() -> PasteboardHarness { PasteboardHarness(dataHome: dataHome, limits: limits) }

    func call(_ method: String, _ params: JSONValue = [:], session: ConnectionState? = nil) -> Result<JSONValue, ServiceError> {
        handler.call(method: method, params: params.objectValue ?? [:], session: session ?? self.session)
    }

    /// The result of a call that must succeed.
    func value(_ method: String, _ params: JSONValue = [:], session: ConnectionState? = nil,
               sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue {
        switch call(method, params, session: session) {
        case .success(let value): return value
        case .failure(let error):
            Issue.record("\(method) failed: \(error.message)", sourceLocation: sourceLocation)
            return .null
        }
    }

    func error(_ method: String, _ params: JSONValue = [:], sourceLocation: SourceLocation = #_sourceLocation) -> ServiceError? {
        switch call(method, params) {
        case .success(let value):
            Issue.record("\(method) succeeded with \(value.serialized)", sourceLocation: sourceLocation)
            return nil
        case .failure(let error): return error
        }
    }

    func write(_ name: String, _ items: JSONValue) -> Int? {
        value("pasteboard.write", ["name": .string(name), "items": items])["changeCount"]?.intValue
    }
}

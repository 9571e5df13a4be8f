import Foundation
import TextServices

/// How a CLI command runs requests: in this process, or through a running daemon.
///
/// Commands build JSON params and call `call(_:_:)`; they never touch the
/// services directly, so a command behaves the same with and without a daemon.
/// A daemon is used when one answers on the socket, unless `--no-daemon` or
/// `--dictionary-path` was given (the daemon cannot see this command's
/// dictionary folders); if it stops answering, work goes on in-process.
final class CommandContext {
    let options: GlobalOptions
    private var local: (handler: RequestHandler, session: Session)?
    private var daemon: DaemonState = .unknown

    private enum DaemonState {
        case unknown
        case connected(DaemonClient)
        case unavailable
    }

    init(options: GlobalOptions) {
        self.options = options
    }

    /// The in-process request handler, created on first use.
    var handler: RequestHandler {
        localPair().handler
    }

    private func localPair() -> (handler: RequestHandler, session: Session) {
        if let local { return local }
        let configuration = Configuration.fromEnvironment(dictionaryPaths: options.dictionaryPaths)
        let pair = (RequestHandler(services: Services(configuration: configuration)), Session())
        local = pair
        return pair
    }

    /// The daemon's socket path for this command (`--socket`, `TEXTSVCD_SOCKET` or the default).
    var socketPath: String {
        Configuration.socketPath(explicit: options.socket)
    }

    /// The running daemon's client, or nil when this command works in-process.
    var daemonClient: DaemonClient? {
        switch daemon {
        case .connected(let client): return client
        case .unavailable: return nil
        case .unknown:
            guard !options.noDaemon, options.dictionaryPaths.isEmpty,
                  let client = DaemonClient.connectIfRunning(path: socketPath) else {
                daemon = .unavailable
                return nil
            }
            daemon = .connected(client)
            return client
        }
    }

    /// Runs one method and returns its result, or throws `CommandFailure` with the service error.
    func call(_ method: String, _ params: JSONObject) throws -> JSONValue {
        var params = params
        if params["positionEncoding"] == nil, let encoding = try options.validatedEncoding() {
            params["positionEncoding"] = .string(encoding.rawValue)
        }
        if let client = daemonClient {
            do {
                switch try client.call(method, params) {
                case .success(let value): return value
                case .failure(let error): throw CommandFailure(error: error)
                }
            } catch let failure as DaemonClient.Failure {
                StandardError.print("textsvcd: \(failure); working without the daemon")
                client.close()
                daemon = .unavailable
            }
        }
        let pair = localPair()
        switch pair.handler.call(method: method, params: params, session: pair.session) {
        case .success(let value): return value
        case .failure(let error): throw CommandFailure(error: error)
        }
    }

    /// Runs several independent requests in parallel (pipelined to the daemon, or on every core in-process);
    /// results in order.
    func callAll(_ requests: [(method: String, params: JSONObject)]) -> [Result<JSONValue, CommandFailure>] {
        var requests = requests
        if let encoding = try? options.validatedEncoding() {
            for index in requests.indices where requests[index].params["positionEncoding"] == nil {
                requests[index].params["positionEncoding"] = .string(encoding.rawValue)
            }
        }
        if requests.count > 1, let client = daemonClient {
            do {
                return try client.callMany(requests).map { $0.mapError { CommandFailure(error: $0) } }
            } catch {
                StandardError.print("textsvcd: \(error); working without the daemon")
                client.close()
                daemon = .unavailable
            }
        }
        guard requests.count > 1 else {
            return requests.map { request in
                Result { try call(request.method, request.params) }.mapError { error in
                    (error as? CommandFailure) ?? CommandFailure(error: .internalError(String(describing: error)))
                }
            }
        }
        // In-process from here on: `call` must not touch the daemon state from several threads.
        daemon = .unavailable
        _ = localPair()
        let results = ResultSlots(count: requests.count)
        DispatchQueue.concurrentPerform(iterations: requests.count) { index in
            let request = requests[index]
            results.set(index, Result { try self.call(request.method, request.params) }.mapError { error in
                (error as? CommandFailure) ?? CommandFailure(error: .internalError(String(describing: error)))
            })
        }
        return results.values
    }

    /// Adds `languages` to params when `--lang` was given.
    func withLanguages(_ params: JSONObject) -> JSONObject {
        var params = params
        if let languages = options.languages { params["languages"] = .strings(languages) }
        return params
    }
}

/// A service error met by a CLI command; printed to stderr, exit status 2.
struct CommandFailure: Error, CustomStringConvertible {
    var error: ServiceError
    var description: String { error.message }
}

/// Writes to standard error.
enum StandardError {
    static func print(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

/// Results filled in by parallel workers, one slot each.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [Result<JSONValue, CommandFailure>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<JSONValue, CommandFailure>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Result<JSONValue, CommandFailure>] { slots.map { $0! } }
}

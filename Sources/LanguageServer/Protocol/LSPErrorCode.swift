/// The error codes the Language Server Protocol adds to JSON-RPC's (those the server sends).
enum LSPErrorCode: Int {
    /// A request other than `initialize` came before it.
    case serverNotInitialized = -32002
}

import Foundation
import TextServices
import TextServicesProtocol

/// `textsvcd copy`: writes bytes to a pasteboard as one item, text when they are UTF-8 and bytes otherwise.
///
/// Without a daemon only a persistent pasteboard outlives the command, so a
/// copy into one that does not is refused rather than lost.
public struct PasteboardCopy {
    public var pasteboard = PasteboardStore.general
    /// The type the data is stored under: a UTI such as `public.html` or a MIME type such as `image/png`.
    public var type = PasteboardTypes.utf8PlainText
    /// Store the data as bytes even when it is valid UTF-8.
    public var binary = false
    /// Keep the data off the desktop's clipboard.
    public var localOnly = false
    /// Seconds after which the data vanishes from the pasteboard.
    public var expiresAfter: Double?

    public init() {}

    /// The one item `bytes` are stored as.
    public func item(_ bytes: [UInt8]) -> PasteboardItem {
        let value: PasteboardItem.Value
        if !binary, UTF8Validation.firstInvalidOffset(in: bytes) == nil {
            value = .text(String(decoding: bytes, as: UTF8.self))
        } else {
            value = .bytes(bytes)
        }
        return PasteboardItem([PasteboardItem.Representation(type: type, value: value)])
    }

    /// Replaces the pasteboard's items with `bytes` and returns its new change count.
    ///
    /// Throws the service's error, or an invalid-request error when
    /// `noDaemonRuns` and the pasteboard is not persistent (nothing is then written).
    public func run(_ bytes: [UInt8], client: any TextServicesClient, noDaemonRuns: Bool) throws(ServiceError) -> Int {
        if noDaemonRuns {
            let persistent = (try? client.send(PasteboardInfoRequest(name: pasteboard)))?.persistent ?? false
            guard persistent else {
                throw ServiceError(code: -32600, message: """
                    pasteboard '\(pasteboard)' is not persistent and no daemon is running, so the copy \
                    would be lost when this command exits; start the daemon (textsvcd serve), or make the pasteboard \
                    persistent: textsvcd call --no-daemon pasteboard.create '{"name": "\(pasteboard)", "persistent": true}'
                    """)
            }
        }
        let expiration = expiresAfter.map { WireDate(Date(timeIntervalSinceNow: $0)) }
        return try client.send(PasteboardWriteRequest(name: pasteboard, items: [WirePasteboardItem(item(bytes))],
                                                      expirationDate: expiration, localOnly: localOnly ? true : nil)).changeCount
    }
}

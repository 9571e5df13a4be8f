import NIOCore
import TextServices

/// One unit of input on a connection: a complete line, or the news that a line was too long.
enum Frame: Sendable {
    /// A line without its `\n` (a trailing `\r` is left for the request handler to drop).
    case line(ByteBuffer)
    /// A line longer than the limit; its bytes are being discarded up to the next `\n`.
    case tooLong
}

/// Splits a byte stream into lines, enforcing a maximum line length.
///
/// Unlike `LineBasedFrameDecoder`, an over-long line does not end the
/// connection: it is reported once as `.tooLong` as soon as the limit is
/// passed, and its remaining bytes are dropped up to the next newline, so
/// memory stays bounded by the limit plus one read. A final line without a
/// newline is delivered when the input ends (a client that half-closes).
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = Frame

    let maximumLineBytes: Int
    /// Readable bytes already searched for a newline.
    private var scanned = 0
    private var discarding = false

    init(maximumLineBytes: Int) {
        self.maximumLineBytes = maximumLineBytes
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        // A request line is often hundreds of kilobytes (a document's text): its end is found with `memchr`.
        let from = scanned
        if let length = buffer.withUnsafeReadableBytes({ ByteSearch.firstIndex(of: 0x0A, in: $0, from: from) }) {
            let view = buffer.readableBytesView
            let newline = view.startIndex + length
            scanned = 0
            if discarding {
                discarding = false
                buffer.moveReaderIndex(forwardBy: length + 1)
                return .continue
            }
            let content = length > 0 && view[newline - 1] == 0x0D ? length - 1 : length
            if content > maximumLineBytes {
                buffer.moveReaderIndex(forwardBy: length + 1)
                context.fireChannelRead(wrapInboundOut(.tooLong))
                return .continue
            }
            let line = buffer.readSlice(length: length)!
            buffer.moveReaderIndex(forwardBy: 1)
            context.fireChannelRead(wrapInboundOut(.line(line)))
            return .continue
        }
        if discarding {
            buffer.moveReaderIndex(to: buffer.writerIndex)
            scanned = 0
            return .needMoreData
        }
        // One byte of slack for a `\r` that may precede the newline.
        if buffer.readableBytes > maximumLineBytes + 1 {
            discarding = true
            buffer.moveReaderIndex(to: buffer.writerIndex)
            scanned = 0
            context.fireChannelRead(wrapInboundOut(.tooLong))
            return .needMoreData
        }
        scanned = buffer.readableBytes
        return .needMoreData
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if buffer.readableBytes > 0, !discarding {
            let rest = buffer.readSlice(length: buffer.readableBytes)!
            context.fireChannelRead(wrapInboundOut(.line(rest)))
        }
        buffer.moveReaderIndex(to: buffer.writerIndex)
        scanned = 0
        discarding = false
        return .needMoreData
    }
}

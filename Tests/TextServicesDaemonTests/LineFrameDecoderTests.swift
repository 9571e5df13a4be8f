import NIOCore
import NIOEmbedded
import Testing
@testable import TextServicesDaemon

/// The request framing, in process: lines, `\r\n`, empty lines, split input and the line-length limit.
@Suite struct LineFrameDecoderTests {
    /// A channel whose only handler is the decoder under test.
    private func channel(limit: Int) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder(maximumLineBytes: limit)))
        return channel
    }

    private func write(_ text: String, to channel: EmbeddedChannel) throws {
        try channel.writeInbound(ByteBuffer(string: text))
    }

    /// The frames passed on so far: a line's text, or nil for "too long".
    private func frames(_ channel: EmbeddedChannel) throws -> [String?] {
        var frames: [String?] = []
        while let frame = try channel.readInbound(as: Frame.self) {
            switch frame {
            case .line(let line): frames.append(String(buffer: line))
            case .tooLong: frames.append(nil)
            }
        }
        return frames
    }

    @Test func linesAreSplitAtNewlinesAndACarriageReturnIsLeftForTheHandler() throws {
        let channel = try channel(limit: 64)
        try write("one\ntwo\r\nthree\n", to: channel)
        #expect(try frames(channel) == ["one", "two\r", "three"])
        #expect(try channel.finish().isClean)
    }

    @Test func emptyLinesAreFramesOfTheirOwn() throws {
        let channel = try channel(limit: 64)
        try write("\n\r\n\nx\n", to: channel)
        #expect(try frames(channel) == ["", "\r", "", "x"])
        #expect(try channel.finish().isClean)
    }

    @Test func aLineSplitAcrossReadsComesOutWhole() throws {
        let channel = try channel(limit: 64)
        for piece in ["{\"jso", "n\":", "1}", "\r"] {
            try write(piece, to: channel)
            #expect(try frames(channel).isEmpty)
        }
        try write("\nnext", to: channel)
        #expect(try frames(channel) == ["{\"json\":1}\r"])
        try write("\n", to: channel)
        #expect(try frames(channel) == ["next"])
        #expect(try channel.finish().isClean)
    }

    @Test func aCarriageReturnDoesNotCountTowardTheLimit() throws {
        let channel = try channel(limit: 4)
        try write("abcd\r\nabcde\r\nabcd\n", to: channel)
        #expect(try frames(channel) == ["abcd\r", nil, "abcd"])
        #expect(try channel.finish().isClean)
    }

    @Test func anOverLongLineIsReportedOnceAndTheNextLineComesThrough() throws {
        let channel = try channel(limit: 8)
        try write(String(repeating: "x", count: 20), to: channel)
        #expect(try frames(channel) == [nil])
        try write(String(repeating: "y", count: 1000), to: channel)
        #expect(try frames(channel).isEmpty)
        try write("zz\nok\n", to: channel)
        #expect(try frames(channel) == ["ok"])
        #expect(try channel.finish().isClean)
    }

    @Test func anOverLongLineThatEndsInOneReadIsReportedOnce() throws {
        let channel = try channel(limit: 8)
        try write(String(repeating: "x", count: 9) + "\nok\n", to: channel)
        #expect(try frames(channel) == [nil, "ok"])
        #expect(try channel.finish().isClean)
    }

    @Test func aFinalLineWithoutNewlineIsDeliveredWhenTheInputEnds() throws {
        let channel = try channel(limit: 64)
        try write("first\nlast", to: channel)
        #expect(try frames(channel) == ["first"])
        _ = try channel.finish(acceptAlreadyClosed: false)
        #expect(try frames(channel) == ["last"])
    }

    @Test func theRestOfAnOverLongLineIsDroppedWhenTheInputEnds() throws {
        let channel = try channel(limit: 8)
        try write(String(repeating: "x", count: 20), to: channel)
        #expect(try frames(channel) == [nil])
        _ = try channel.finish(acceptAlreadyClosed: false)
        #expect(try frames(channel).isEmpty)
    }
}

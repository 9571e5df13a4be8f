/// Runs of byte classes a match must contain, one run per alternative, found in text by one shift-and scan.
///
/// A run is a sequence of positions, each a set of bytes (a literal
/// character's byte, or an ASCII-only set such as `[0-9]`): every match of
/// its alternative contains the run's bytes one after the other. Where a
/// pattern has no long literal (`[0-9]{4}-[0-9]{2}`), the run still narrows
/// the text ICU must see. All runs together hold at most 64 positions (a
/// longer run is cut: a part of a required run is required too). A value;
/// thread-safe.
public struct ByteClassRuns: Sendable, Equatable {
    /// For each byte, the positions (bits) whose set holds it.
    let masks: [UInt64]
    /// The first position of each run.
    let starts: UInt64
    /// The last position of each run.
    let accepts: UInt64
    /// The length of the shortest run, in positions.
    public let shortest: Int
    /// Whether `firstMatchEnd` reads windows backwards (`backwardMatchEnd`): one run, of positions that rarely occur.
    let readsBackwards: Bool
    /// Literals this long or longer are searched for themselves (`memmem` is faster than this scan).
    static let useBelow = 3

    /// The runs' scanner, or nil when `runs` is empty or a run is.
    ///
    /// Each run is a list of positions, each position the bytes it accepts.
    init?(_ runs: [[[UInt8]]]) {
        guard !runs.isEmpty, runs.allSatisfy({ !$0.isEmpty }) else { return nil }
        let share = max(1, 64 / runs.count)
        var masks = [UInt64](repeating: 0, count: 256)
        var starts: UInt64 = 0, accepts: UInt64 = 0
        var bit = 0
        for run in runs {
            let kept = run.prefix(share)
            starts |= 1 << UInt64(bit)
            for position in kept {
                for byte in position { masks[Int(byte)] |= 1 << UInt64(bit) }
                bit += 1
            }
            accepts |= 1 << UInt64(bit - 1)
        }
        self.masks = masks
        self.starts = starts
        self.accepts = accepts
        self.shortest = runs.map { min($0.count, share) }.min() ?? 0
        // Lower-case letters and blanks are most bytes of text: a run holding them lets a window move on little.
        let common = Set(UInt8(ascii: "a")...UInt8(ascii: "z")).union([0x20, 0x09])
        readsBackwards = runs.count == 1 && shortest >= Self.backwardsFrom
            && !runs[0].prefix(shortest).joined().contains(where: common.contains)
    }

    /// The shortest run read backwards (`backwardMatchEnd`); shorter runs move the window on too little.
    static let backwardsFrom = 3

    /// The offset of the last byte of the first run found at or after `from`, or nil.
    func firstMatchEnd(_ buffer: UnsafeRawBufferPointer, from: Int) -> Int? {
        readsBackwards ? backwardMatchEnd(buffer, from: from) : forwardMatchEnd(buffer, from: from)
    }

    /// `firstMatchEnd` for one run, by backward nondeterministic DAWG matching (BNDM) over its byte classes.
    ///
    /// A window as long as the run is read from its end backwards while the
    /// bytes read are a factor of the run; the window then moves to the
    /// longest prefix of the run seen in it, or past it. Where the run's
    /// bytes are rare, most windows read one byte and move the run's length.
    func backwardMatchEnd(_ buffer: UnsafeRawBufferPointer, from: Int) -> Int? {
        masks.withUnsafeBufferPointer { masks in
            let length = shortest, count = buffer.count
            let all: UInt64 = length == 64 ? ~0 : (1 << UInt64(length)) - 1
            var start = from
            while start + length <= count {
                // Bit i of `factors`: the bytes read so far occur in the run from its position i on.
                var factors = all
                var read = 0
                var shift = length
                repeat {
                    factors &= masks[Int(buffer[start + length - 1 - read])]
                    read += 1
                    if factors & 1 != 0 {
                        if read == length { return start + length - 1 }
                        shift = length - read
                    }
                    factors >>= 1
                } while factors != 0
                start += shift
            }
            return nil
        }
    }

    /// `firstMatchEnd` by a shift-and scan forwards, for any runs.
    func forwardMatchEnd(_ buffer: UnsafeRawBufferPointer, from: Int) -> Int? {
        masks.withUnsafeBufferPointer { masks in
            var state: UInt64 = 0
            var index = from
            let count = buffer.count
            while index < count {
                // With no run under way, a byte that starts none leaves the state empty: such bytes are passed over
                // without the shift's chain of dependencies.
                if state == 0 {
                    while index < count, masks[Int(buffer[index])] & starts == 0 { index += 1 }
                    guard index < count else { return nil }
                }
                state = ((state << 1) | starts) & masks[Int(buffer[index])]
                if state & accepts != 0 { return index }
                index += 1
            }
            return nil
        }
    }
}

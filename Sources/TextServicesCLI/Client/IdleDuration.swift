import Foundation
internal import TextServicesDaemon

/// How long the daemon may stay without clients before it exits: `90s`, `10m`, `1h`, `500ms`, or seconds alone.
///
/// Read from `serve --exit-when-idle` and from `TEXTSVCD_IDLE_EXIT` (the
/// duration the doors start the daemon with; `never` starts it without one).
public struct IdleDuration: Equatable, Sendable, CustomStringConvertible {
    /// What the doors use when `TEXTSVCD_IDLE_EXIT` is not set.
    public static let doorDefault = IdleDuration(milliseconds: 10 * 60 * 1000)

    public let milliseconds: Int64

    public var duration: Duration { .milliseconds(milliseconds) }

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// Reads `90s`, `10m`, `1h`, `250ms` or a number of seconds; nil for anything else, or a duration not above zero.
    public init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(suffix: String, milliseconds: Double)] = [("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000)]
        let unit = units.first { text.hasSuffix($0.suffix) } ?? ("", 1_000)
        guard let number = Double(text.dropLast(unit.suffix.count)), number.isFinite, number > 0,
              text.first?.isNumber == true else { return nil }
        let total = (number * unit.milliseconds).rounded()
        guard total >= 1, total < Double(Int64.max / 1_000_000) else { return nil }
        milliseconds = Int64(total)
    }

    /// The duration the doors start the daemon with: `TEXTSVCD_IDLE_EXIT`, or ten minutes; nil for `never`.
    ///
    /// A value that is not a duration is reported through `warn` and the default is used.
    public static func forDoors(environment: [String: String], warn: (String) -> Void) -> IdleDuration? {
        guard let value = environment["TEXTSVCD_IDLE_EXIT"], !value.isEmpty else { return doorDefault }
        if value.lowercased() == "never" { return nil }
        guard let duration = IdleDuration(argument: value) else {
            warn("TEXTSVCD_IDLE_EXIT=\(value) is not a duration such as 90s, 10m or 1h (or never); using \(doorDefault)")
            return doorDefault
        }
        return duration
    }

    /// The shortest way to write it: `10m`, `90s`, `1500ms`.
    public var description: String { DaemonWatch.describe(duration) }
}

import Foundation

/// Dates as ISO 8601 text (`2030-01-31T12:00:00Z`, `2030-01-31T13:00:00.250+01:00`).
///
/// Thread-safe: each call uses its own formatter.
public enum ISO8601Date {
    /// The date in UTC, with milliseconds when it has a fraction of a second.
    public static func string(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        formatter.formatOptions = whole ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// The date a string gives: a full date and time with a zone (`Z` or `±hh:mm`), optionally with a fraction of a second.
    public static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

/// Which pasteboard type names stand for the same kind of data.
///
/// Writers use UTIs, MIME types or X11 target names; a reader asking for one
/// should find data written under another that means the same thing. Names
/// compare without case, and MIME parameters other than a UTF-8 or ASCII
/// charset make a type distinct.
public enum PasteboardTypes {
    /// The UTI for UTF-8 plain text, the default type of `copy` and `paste`.
    public static let utf8PlainText = "public.utf8-plain-text"

    /// Types that hold plain UTF-8 text, most specific first.
    static let plainTextTypes = [utf8PlainText, "public.plain-text", "text/plain"]

    /// Groups of names that mean the same data; each name normalised.
    private static let groups: [[String]] = [
        ["public.utf8-plain-text", "public.plain-text", "text/plain", "utf8_string", "public.text"],
        ["public.html", "text/html"],
        ["public.rtf", "text/rtf", "application/rtf"],
        ["public.json", "application/json"],
        ["public.xml", "application/xml", "text/xml"],
        ["public.url", "text/uri-list", "text/x-moz-url"],
        ["public.png", "image/png"],
        ["public.jpeg", "image/jpeg", "image/jpg"],
        ["com.compuserve.gif", "image/gif"],
        ["public.tiff", "image/tiff"],
        ["org.webmproject.webp", "image/webp"],
        ["public.svg-image", "image/svg+xml"],
        ["com.adobe.pdf", "application/pdf"],
        ["public.comma-separated-values-text", "text/csv"],
        ["public.tab-separated-values-text", "text/tab-separated-values"],
    ]

    private static let groupIndex: [String: Int] = {
        var index: [String: Int] = [:]
        for (number, group) in groups.enumerated() {
            for name in group { index[name] = number }
        }
        return index
    }()

    /// A type's name in the form used to compare types.
    ///
    /// Lowercased; for a MIME type, spaces around parameters removed and a
    /// `charset=utf-8` or `charset=us-ascii` parameter dropped (the data is
    /// UTF-8 either way).
    public static func normalized(_ type: String) -> String {
        let lower = type.lowercased()
        guard lower.contains("/"), lower.contains(";") else { return lower }
        var parts = lower.split(separator: ";").map { $0.trimmingSpaces }
        let base = parts.removeFirst()
        let kept = parts.filter { parameter in
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
            guard pair.count == 2, pair[0] == "charset" else { return !parameter.isEmpty }
            let charset = pair[1].trimmingCharacters(in: "\"")
            return !["utf-8", "utf8", "us-ascii"].contains(charset)
        }
        return ([base] + kept).joined(separator: ";")
    }

    /// The normalised names that mean the same as `type`, not counting itself.
    public static func equivalents(of type: String) -> [String] {
        let key = normalized(type)
        guard let group = groupIndex[key] else { return [] }
        return groups[group].filter { $0 != key }
    }
}

private extension Substring {
    var trimmingSpaces: String {
        String(self).trimmingCharacters(in: " \t")
    }
}

private extension String {
    /// The string without the given characters at either end.
    func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}

/// Pasteboard type names and how they relate: aliases (a MIME type and its UTI) and the UTI hierarchy.
///
/// Writers use UTIs, MIME types or X11 target names; a reader asking for one
/// should find data written under another that means the same thing, and a
/// reader asking for a general type (`public.image`, `public.text`) should
/// find data of a type that conforms to it (`public.png`, `public.html`).
/// Names compare without case, and MIME parameters other than a UTF-8 or
/// ASCII charset make a type distinct. The hierarchy:
///
///     public.text ⊃ public.plain-text ⊃ public.utf8-plain-text (text/plain)
///     public.text ⊃ public.html, public.rtf, public.json, public.xml, CSV, TSV
///     public.url (text/uri-list) ⊃ public.file-url
///     public.image (image/*) ⊃ public.png, public.jpeg, GIF, TIFF, WebP, BMP, HEIC, SVG
///
/// `text/*` and `image/*` stand for `public.text` and `public.image`.
public enum PasteboardTypes {
    /// The UTI for UTF-8 plain text, the default type of `copy` and `paste`.
    public static let utf8PlainText = "public.utf8-plain-text"
    /// Plain text whose encoding is not stated.
    public static let plainText = "public.plain-text"
    /// Any text: plain text, HTML, RTF, JSON, XML...
    public static let text = "public.text"
    public static let html = "public.html"
    public static let url = "public.url"
    public static let image = "public.image"
    public static let png = "public.png"

    /// Types that hold plain UTF-8 text, most specific first.
    static let plainTextTypes = [utf8PlainText, plainText, "text/plain"]

    /// Other names (normalised) of each UTI.
    private static let aliases: [String: String] = [
        "text/plain": utf8PlainText, "utf8_string": utf8PlainText, "text/*": text,
        "text/html": html,
        "text/rtf": "public.rtf", "application/rtf": "public.rtf",
        "application/json": "public.json",
        "application/xml": "public.xml", "text/xml": "public.xml",
        "text/csv": "public.comma-separated-values-text",
        "text/tab-separated-values": "public.tab-separated-values-text",
        "text/uri-list": url, "text/x-moz-url": url,
        "image/*": image,
        "image/png": png,
        "image/jpeg": "public.jpeg", "image/jpg": "public.jpeg",
        "image/gif": "com.compuserve.gif",
        "image/tiff": "public.tiff",
        "image/webp": "org.webmproject.webp",
        "image/bmp": "com.microsoft.bmp",
        "image/heic": "public.heic",
        "image/svg+xml": "public.svg-image",
        "application/pdf": "com.adobe.pdf",
    ]

    /// The UTI each UTI directly conforms to.
    private static let parents: [String: String] = [
        utf8PlainText: plainText,
        plainText: text,
        html: text,
        "public.rtf": text,
        "public.json": text,
        "public.xml": text,
        "public.comma-separated-values-text": text,
        "public.tab-separated-values-text": text,
        "public.file-url": url,
        png: image,
        "public.jpeg": image,
        "com.compuserve.gif": image,
        "public.tiff": image,
        "org.webmproject.webp": image,
        "com.microsoft.bmp": image,
        "public.heic": image,
        "public.svg-image": image,
    ]

    /// How a stored representation answers a request for a type.
    public enum Match: Int, Comparable, Sendable {
        /// The very name asked for (compared normalised).
        case exact
        /// Another name of the same type (`text/plain` for `public.utf8-plain-text`).
        case alias
        /// A type that conforms to the one asked for (`public.png` for `public.image`).
        case conforming

        public static func < (lhs: Match, rhs: Match) -> Bool { lhs.rawValue < rhs.rawValue }
    }

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

    /// The UTI a type name stands for: the UTI itself, or the one a MIME type or X11 target maps to (normalised).
    public static func canonical(_ type: String) -> String {
        let key = normalized(type)
        return aliases[key] ?? key
    }

    /// Whether data of type `type` is also of type `ancestor`: the same type, an alias, or a descendant in the hierarchy.
    public static func conforms(_ type: String, to ancestor: String) -> Bool {
        let target = canonical(ancestor)
        var current: String? = canonical(type)
        while let node = current {
            if node == target { return true }
            current = parents[node]
        }
        return false
    }

    /// How well data stored under `stored` answers a request for `requested`; nil when it does not.
    public static func match(requested: String, stored: String) -> Match? {
        if normalized(requested) == normalized(stored) { return .exact }
        if canonical(requested) == canonical(stored) { return .alias }
        return conforms(stored, to: requested) ? .conforming : nil
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

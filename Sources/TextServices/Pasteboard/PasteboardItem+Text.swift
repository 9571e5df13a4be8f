extension PasteboardItem {
    /// The text pasting this item into plain text gives: its plain text, else its URLs, else its HTML's text; nil when it has none.
    ///
    /// URLs come from `public.url` (or `text/uri-list`, one URL a line, whose `#`
    /// comment lines are dropped; of `text/x-moz-url`, the URL without its title); HTML is reduced to its text by
    /// `HTMLText`. Only data that is valid UTF-8 counts.
    public var pasteText: String? {
        if let text = plainText { return text }
        if let (found, _) = representation(for: PasteboardTypes.url), let list = found.value.textContent {
            var urls = list.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
                .map { $0.trimmingCharacters(in: " \t") }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            // Firefox's text/x-moz-url is a URL and then its page's title.
            if PasteboardTypes.normalized(found.type) == "text/x-moz-url" { urls = Array(urls.prefix(1)) }
            if !urls.isEmpty { return urls.joined(separator: "\n") }
        }
        if let html = value(for: PasteboardTypes.html)?.textContent {
            return HTMLText.plainText(of: html)
        }
        return nil
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var characters = self
        while let first = characters.first, set.contains(first) { characters.removeFirst() }
        while let last = characters.last, set.contains(last) { characters.removeLast() }
        return String(characters)
    }
}

import TextServices
import TextServicesProtocol

extension LanguageServer {
    /// `textDocument/completion`: project words, then dictionary words, that complete the word before the cursor.
    ///
    /// In source code only inside comments and strings. The list is marked
    /// incomplete, so clients ask again as the prefix grows.
    func completion(_ params: CompletionParams) throws -> CompletionList {
        let uri = params.textDocument.uri
        let position = params.position
        let empty = CompletionList.empty
        guard let state = documents[uri] else { return empty }
        let document = state.document
        let cursor = document.offset(of: position, encoding: encoding)
        let line = document.lineRange(document.position(of: cursor, encoding: .utf8).line)
        let prefixStart = Self.wordStart(in: document.text.bytes, before: cursor.rawValue, lineStart: line.lowerBound)
        guard prefixStart < cursor.rawValue else { return empty }
        if !document.kind.isProse {
            let mask = CheckableText.mask(document.text.bytes, kind: document.kind, checkStrings: settings.checkStrings)
            guard mask.isVisible(prefixStart) else { return empty }
        }
        let prefix = document.text.string(UTF8Offset(prefixStart)..<cursor)
        let languages = languages(for: uri)
        var request = SpellCompleteRequest(prefix: prefix, languages: languages, limit: settings.maxCompletions)
        if languages?.count == 1, languages![0].hasPrefix("auto") {
            // The language at the cursor: that of the paragraph (or sentence) around the prefix.
            let wire = document.text.encode(UTF8Offset(prefixStart)..<cursor, as: client.positionEncoding)
            request.prefix = nil
            request.text = document.text.string(document.text.fullRange)
            request.range = WireRange(start: wire.start, end: wire.end)
        }
        let dictionaryWords = try client.send(request).completions
        let fromProject = projectWords(for: uri)?.completions(for: prefix, limit: settings.maxCompletions) ?? []
        var seen = Set<String>()
        let words = (fromProject + dictionaryWords).filter { seen.insert($0).inserted }.prefix(settings.maxCompletions)
        let range = document.range(UTF8Offset(prefixStart)..<cursor, encoding: encoding)
        let items = words.enumerated().map { index, word in
            CompletionItem(label: word, kind: .text, detail: "textsvcd",
                           sortText: String(repeating: "0", count: max(0, 4 - String(index).count)) + String(index),
                           filterText: word, textEdit: TextEdit(range: range, newText: word))
        }
        return CompletionList(isIncomplete: true, items: items)
    }

    /// The start of the word that ends at `offset`: letters and marks, with inner apostrophes and hyphens.
    static func wordStart(in bytes: [UInt8], before offset: Int, lineStart: Int) -> Int {
        let line = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
        var start = offset
        var scalars = Array(line.unicodeScalars)
        while let last = scalars.last {
            let properties = last.properties
            if properties.isAlphabetic || properties.generalCategory == .nonspacingMark {
                start -= UTF8.width(last)
                scalars.removeLast()
            } else if (last == "'" || last == "\u{2019}" || last == "-"), start < offset,
                      let before = scalars.dropLast().last, before.properties.isAlphabetic {
                start -= UTF8.width(last)
                scalars.removeLast()
            } else {
                break
            }
        }
        return start
    }
}

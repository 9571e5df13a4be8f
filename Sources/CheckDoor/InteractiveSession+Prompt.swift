import Foundation
import TextServices

extension InteractiveSession {
    /// What a person decided about one misspelling.
    enum Choice: Equatable {
        case replace(String), ignore, ignoreAll, addToProject, learn, skipFile, quit
    }

    /// Guesses offered, one digit key each.
    static let maximumGuesses = 9
    /// Characters of the line shown on each side of the word.
    static let context = 50

    static let help = """
          1-9    replace with that guess
          r      type a replacement (Enter to confirm, Esc to go back)
          i      ignore here (space too)
          I      ignore everywhere, for the rest of this run
          a      add to the project's words (.textsvcd/words.txt)
          l      learn: add to your personal dictionary
          s      skip the rest of this file
          q      quit: write what was decided, leave the rest (Ctrl-C, Ctrl-D too)

        """

    /// Shows a misspelling: where it is, its line with the word marked, and the numbered guesses.
    func show(_ finding: CheckDoor.Finding, in input: CheckInput, at position: (line: Int, column: Int),
              guesses: [String], counter: (Int, Int)) {
        let bytes = input.text.bytes
        let range = finding.misspelling.range.ints
        var start = range.lowerBound
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        var end = range.upperBound
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        var before = Self.printable(String(decoding: bytes[start..<range.lowerBound], as: UTF8.self))
        var after = Self.printable(String(decoding: bytes[range.upperBound..<end], as: UTF8.self))
        if before.count > Self.context { before = "…" + before.suffix(Self.context) }
        if after.count > Self.context { after = after.prefix(Self.context) + "…" }
        let word = Self.printable(finding.misspelling.word)
        let marked = highlights ? "\u{1B}[7m\(word)\u{1B}[27m" : "[\(word)]"
        var text = "\n\(Self.printable(input.name)):\(position.line):\(position.column): \(word) (\(counter.0) of \(counter.1))\n"
        text += "    \(before)\(marked)\(after)\n"
        if guesses.isEmpty {
            text += "  (no guesses)\n"
        } else {
            text += "  " + guesses.enumerated().map { "\($0.offset + 1)) \(Self.printable($0.element))" }.joined(separator: "   ") + "\n"
        }
        terminal.write(text)
    }

    /// Reads keys until one decides; a closed terminal quits.
    func ask(word: String, guesses: [String]) -> Choice {
        let numbers = guesses.isEmpty ? "" : guesses.count == 1 ? "1 " : "1-\(guesses.count) "
        let prompt = "  [\(numbers)r i I a l s q ?] > "
        terminal.write(prompt)
        while let byte = terminal.readByte() {
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "9") where Int(byte - UInt8(ascii: "1")) < guesses.count:
                let guess = guesses[Int(byte - UInt8(ascii: "1"))]
                terminal.write("\(byte - UInt8(ascii: "0")): \(Self.printable(word)) -> \(Self.printable(guess))\n")
                return .replace(guess)
            case UInt8(ascii: "r"):
                terminal.write("r\n")
                if let typed = readReplacement(), !typed.isEmpty, typed != word {
                    terminal.write("  \(Self.printable(word)) -> \(Self.printable(typed))\n")
                    return .replace(typed)
                }
                terminal.write(prompt)
            case UInt8(ascii: "i"), UInt8(ascii: " "):
                terminal.write("i: ignored here\n")
                return .ignore
            case UInt8(ascii: "I"):
                terminal.write("I: ignored in this run\n")
                return .ignoreAll
            case UInt8(ascii: "a"):
                terminal.write("a: added to the project's words\n")
                return .addToProject
            case UInt8(ascii: "l"):
                terminal.write("l: learned\n")
                return .learn
            case UInt8(ascii: "s"):
                terminal.write("s: rest of the file skipped\n")
                return .skipFile
            case UInt8(ascii: "q"), 0x03, 0x04:
                terminal.write("q: quit\n")
                return .quit
            case UInt8(ascii: "?"), UInt8(ascii: "h"):
                terminal.write("?\n" + Self.help + prompt)
            case 0x1B:
                // An escape sequence (an arrow key): its other bytes are not keys.
                terminal.discardPending()
            default:
                terminal.write("\u{07}")
            }
        }
        return .quit
    }

    /// A line typed at the terminal, echoed as typed: Backspace erases, Ctrl-U erases all, Enter confirms,
    /// Esc, Ctrl-C or a closed terminal cancel (nil). Surrounding spaces are trimmed.
    func readReplacement() -> String? {
        terminal.write("  replace with: ")
        var text: [Character] = []
        var pending: [UInt8] = []
        while let byte = terminal.readByte() {
            switch byte {
            case 0x0D, 0x0A:
                terminal.write("\n")
                return String(text).trimmingCharacters(in: .whitespaces)
            case 0x1B, 0x03, 0x07:
                terminal.discardPending()
                terminal.write(" (cancelled)\n")
                return nil
            case 0x7F, 0x08:
                guard !text.isEmpty else { continue }
                text.removeLast()
                terminal.write("\u{08} \u{08}")
            case 0x15:
                terminal.write(String(repeating: "\u{08} \u{08}", count: text.count))
                text.removeAll()
            case 0x00..<0x20:
                continue
            default:
                pending.append(byte)
                let length = pending[0] < 0xC0 ? 1 : pending[0] < 0xE0 ? 2 : pending[0] < 0xF0 ? 3 : 4
                guard pending.count >= length else { continue }
                if let character = String(validating: pending, as: UTF8.self), !character.isEmpty {
                    let shown = Self.printable(character)
                    text += Array(shown)
                    terminal.write(shown)
                }
                pending.removeAll()
            }
        }
        return nil
    }

    /// Text from a file made safe to show: tabs as spaces, control and bidirectional-override characters as `?`.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x09: return " "
            case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069: return "?"
            default: return scalar
            }
        }))
    }
}

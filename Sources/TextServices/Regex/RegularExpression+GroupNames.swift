extension RegularExpression {
    /// The names of `(?<name>...)` groups as written in a pattern, in order.
    ///
    /// ICU does not list its group names, so they are read from the pattern:
    /// escapes (`\(`, `\Q...\E`), sets (`[...]`, nested), comment groups
    /// `(?#...)` and, with `comments`, `#` comments are skipped, and
    /// lookbehinds `(?<=` and `(?<!` are not names. The caller confirms each
    /// candidate with ICU.
    static func candidateGroupNames(in pattern: String, comments: Bool) -> [String] {
        let scalars = Array(pattern.unicodeScalars)
        var names: [String] = []
        var index = 0
        var setDepth = 0
        func at(_ offset: Int) -> Character? {
            index + offset < scalars.count ? Character(scalars[index + offset]) : nil
        }
        while index < scalars.count {
            let scalar = Character(scalars[index])
            if scalar == "\\" {
                if at(1) == "Q" {
                    index += 2
                    while index < scalars.count, !(at(0) == "\\" && at(1) == "E") { index += 1 }
                    index += 2
                } else {
                    index += 2
                }
                continue
            }
            if setDepth > 0 {
                if scalar == "[" { setDepth += 1 } else if scalar == "]" { setDepth -= 1 }
                index += 1
                continue
            }
            switch scalar {
            case "[":
                setDepth = 1
                // A ']' right after '[' or '[^' is a literal member.
                if at(1) == "]" { index += 1 } else if at(1) == "^", at(2) == "]" { index += 2 }
            case "#" where comments:
                while index < scalars.count, !"\n\r\u{85}\u{2028}".contains(Character(scalars[index])) { index += 1 }
            case "(" where at(1) == "?" && at(2) == "#":
                while index < scalars.count, at(0) != ")" { index += 1 }
            case "(" where at(1) == "?" && at(2) == "<":
                var end = index + 3
                var name = ""
                while end < scalars.count, isNameCharacter(scalars[end]) {
                    name.unicodeScalars.append(scalars[end])
                    end += 1
                }
                if !name.isEmpty, end < scalars.count, scalars[end] == ">" {
                    names.append(name)
                    index = end
                }
            default:
                break
            }
            index += 1
        }
        return names
    }

    /// ICU group names are ASCII letters and digits.
    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return false
        }
    }
}

import CheckDoor

/// A file (or standard input) read for a command, validated as UTF-8 text (see `CheckInput`).
typealias InputFile = CheckInput

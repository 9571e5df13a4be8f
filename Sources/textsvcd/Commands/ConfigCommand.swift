import ArgumentParser
import CheckDoor
import Foundation
import TextServices
import TextServicesIO
import TextServicesCLI

/// `textsvcd config`: the settings in force for a path, and the file each came from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the settings in force for a path and where each came from.",
        discussion: """
            Reads every .textsvcd/config.toml and .textsvcd/words.txt from the path's folder up to the root, \
            as check, the language server and the ispell door do, and prints one line a setting: \
            `ORIGIN<TAB>key = value`, the origin being file:PATH:LINE or default (like git config --show-origin). \
            Exit status: 0, or 2 when a config file is broken (the fault is printed with its file and line).
            """
    )

    @Argument(help: "The file or folder whose settings to show (default: the current folder).")
    var path: String = "."

    func run() throws {
        let project = Project.nearest(to: path)
        var output = StandardOutputBuffer()
        for line in ConfigReport.lines(for: project) { output.appendLine(line) }
        output.flush()
        for error in project.errors { StandardError.print("textsvcd: \(error)") }
        if !project.errors.isEmpty { throw ExitCode(2) }
    }
}

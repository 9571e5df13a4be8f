import Foundation

/// The file format of a persistent pasteboard, and loading the folder.
///
/// A file is one JSON object: `{"format": "textsvcd-pasteboard", "version": 1,
/// "name", "changeCount", "items": [{type: {text}|{base64}}...]}`, replaced
/// whole by `FileSystem.writeAtomically`. Temporary files of an interrupted
/// write are never read (and are deleted once an hour old); a file that does
/// not parse is moved aside as `<file>.corrupt-<time>` and reported in
/// `loadProblems`.
extension PasteboardStore {
    static let fileFormat = "textsvcd-pasteboard"
    static let fileVersion = 1

    /// Why a pasteboard file could not be loaded.
    struct FileProblem: Error, CustomStringConvertible {
        var description: String
    }

    /// The file a persistent pasteboard lives in.
    func path(for name: String) -> String {
        folder + "/" + PasteboardName.fileName(for: name)
    }

    /// Replaces a pasteboard's file atomically and durably.
    func persist(name: String, changeCount: Int, items: [PasteboardItem]) throws {
        try FileSystem.writeAtomically(Self.encodeFile(name: name, changeCount: changeCount, items: items), to: path(for: name))
    }

    static func encodeFile(name: String, changeCount: Int, items: [PasteboardItem]) -> [UInt8] {
        let value: JSONValue = [
            "format": .string(fileFormat),
            "version": .int(fileVersion),
            "name": .string(name),
            "changeCount": .int(changeCount),
            "items": .array(items.map(\.json)),
        ]
        var bytes: [UInt8] = []
        value.write(to: &bytes)
        bytes.append(0x0A)
        return bytes
    }

    static func decodeFile(_ bytes: [UInt8]) throws(FileProblem) -> (name: String, changeCount: Int, items: [PasteboardItem]) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw FileProblem(description: "not valid JSON (\(error))")
        }
        guard value["format"]?.stringValue == fileFormat else { throw FileProblem(description: "not a pasteboard file") }
        guard value["version"]?.intValue == fileVersion else {
            throw FileProblem(description: "unsupported version \(value["version"]?.serialized ?? "none")")
        }
        guard let name = value["name"]?.stringValue, (try? PasteboardName.validate(name)) != nil else {
            throw FileProblem(description: "missing or invalid 'name'")
        }
        guard let changeCount = value["changeCount"]?.intValue, changeCount >= 0 else {
            throw FileProblem(description: "missing or invalid 'changeCount'")
        }
        guard let list = value["items"]?.arrayValue else { throw FileProblem(description: "missing 'items'") }
        var items: [PasteboardItem] = []
        for (index, item) in list.enumerated() {
            do {
                items.append(try PasteboardItem.parse(item, field: "items[\(index)]"))
            } catch {
                throw FileProblem(description: error.message)
            }
        }
        return (name, changeCount, items)
    }

    /// Reads every persisted pasteboard; adds `general` and `find` when they have no file yet.
    ///
    /// Returns the registry and the bytes its pasteboards hold.
    func load() -> (Registry, Int) {
        var registry = Registry()
        var total = 0
        let manager = FileManager.default
        for file in ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            let path = folder + "/" + file
            if file.hasSuffix(PasteboardName.fileExtension) {
                do {
                    guard let bytes = FileSystem.read(path) else { throw FileProblem(description: "cannot be read") }
                    let (name, changeCount, items) = try Self.decodeFile(bytes)
                    guard PasteboardName.fileName(for: name) == file else {
                        throw FileProblem(description: "holds pasteboard '\(name)', which belongs in another file")
                    }
                    let board = Board(name: name, persistent: true, changeCount: changeCount, items: items)
                    registry.boards[name] = board
                    total += board.state.withLock { $0.byteCount }
                } catch {
                    let aside = "\(path).corrupt-\(Int(Date().timeIntervalSince1970))"
                    let moved = (try? manager.moveItem(atPath: path, toPath: aside)) != nil
                    registry.problems.append("\(path): \(error); " + (moved ? "moved aside to \(aside)" : "left in place"))
                }
            } else if file.contains(PasteboardName.fileExtension + ".tmp-") {
                let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date
                if let modified, modified.timeIntervalSinceNow < -3600 { try? manager.removeItem(atPath: path) }
            }
        }
        for name in Self.builtIn.sorted() where registry.boards[name] == nil {
            registry.boards[name] = Board(name: name, persistent: true)
        }
        return (registry, total)
    }
}

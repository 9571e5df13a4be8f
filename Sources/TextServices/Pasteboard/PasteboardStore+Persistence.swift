import Foundation

/// The file format of a persistent pasteboard, and loading the folder.
///
/// A file is one JSON object written with Foundation's encoder:
/// `{"format": "textsvcd-pasteboard", "version": 2, "name", "changeCount",
/// "items": [[{"type", "text"|"base64"}...]...]}` (each item a list of
/// representations, in order); version 1 files, whose items map types to
/// `{"text"}` or `{"base64"}`, are read too. A file is replaced whole by
/// `FileSystem.writeAtomically`. Temporary files of an interrupted write are
/// never read (and are deleted once an hour old); a file that does not parse
/// is moved aside as `<file>.corrupt-<time>` and reported in `loadProblems`.
extension PasteboardStore {
    static let fileFormat = "textsvcd-pasteboard"
    static let fileVersion = 2

    /// Why a pasteboard file could not be loaded.
    struct FileProblem: Error, CustomStringConvertible {
        var description: String
    }

    /// The file a persistent pasteboard lives in.
    func path(for name: String) -> String {
        folder + "/" + PasteboardName.fileName(for: name)
    }

    /// The advisory lock every process takes to change the folder's files.
    var lockPath: String { folder + "/.lock" }

    /// The change count a pasteboard's file holds now, or nil when it has none (or it cannot be read).
    func savedChangeCount(_ name: String) -> Int? {
        FileSystem.read(path(for: name)).flatMap { try? Self.decodeFile($0).changeCount }
    }

    /// A persistent pasteboard another process saved, read from its file; nil when there is none.
    func loadBoard(named name: String) -> Board? {
        let path = path(for: name)
        guard let stamp = FileStamp.of(path), let bytes = FileSystem.read(path),
              let (fileName, changeCount, items) = try? Self.decodeFile(bytes), fileName == name else { return nil }
        return Board(name: name, persistent: true, changeCount: changeCount, items: items, stamp: stamp)
    }

    /// Takes in a write or removal another process made to a persistent board's file, telling observers.
    func followDisk(_ board: Board) {
        let path = path(for: board.name)
        let stamp = FileStamp.of(path)
        board.state.withLock { state in
            guard state.persistent, !state.removed, stamp != state.stamp else { return }
            guard let stamp else {
                // Removed by another process: a built-in board is emptied, any other leaves.
                state.stamp = nil
                if Self.builtIn.contains(board.name) {
                    totalBytes.withLock { $0 -= state.byteCount }
                    state.items = []
                    state.byteCount = 0
                    state.changeCount += 1
                    notify(board.name, changeCount: state.changeCount)
                } else {
                    state.removed = true
                    withRegistry { registry in
                        if registry.boards[board.name] === board { registry.boards[board.name] = nil }
                    }
                    totalBytes.withLock { $0 -= state.byteCount }
                    notify(board.name, changeCount: state.changeCount, removed: true)
                }
                return
            }
            guard let bytes = FileSystem.read(path), let (name, changeCount, items) = try? Self.decodeFile(bytes),
                  name == board.name else { return }
            state.stamp = stamp
            guard changeCount != state.changeCount || items != state.items else { return }
            let size = items.reduce(0) { $0 + $1.byteCount }
            totalBytes.withLock { $0 += size - state.byteCount }
            state.items = items
            state.byteCount = size
            state.changeCount = max(changeCount, state.changeCount + 1)
            notify(board.name, changeCount: state.changeCount)
        }
    }

    /// Adds the persistent pasteboards other processes created since the folder was read.
    func adoptNewFiles() {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(PasteboardName.fileExtension) }
        for file in names {
            guard let board = FileSystem.read(folder + "/" + file).flatMap({ try? Self.decodeFile($0).name }) else { continue }
            _ = try? existing(board)
        }
    }

    /// Replaces a pasteboard's file atomically and durably.
    func persist(name: String, changeCount: Int, items: [PasteboardItem]) throws {
        try FileSystem.writeAtomically(Self.encodeFile(name: name, changeCount: changeCount, items: items), to: path(for: name))
    }

    static func encodeFile(name: String, changeCount: Int, items: [PasteboardItem]) -> [UInt8] {
        let file = PasteboardFile(format: fileFormat, version: fileVersion, name: name, changeCount: changeCount,
                                  items: items.map { item in item.representations.map(PasteboardFile.Representation.init) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        var bytes = [UInt8]((try? encoder.encode(file)) ?? Data())
        bytes.append(0x0A)
        return bytes
    }

    static func decodeFile(_ bytes: [UInt8]) throws(FileProblem) -> (name: String, changeCount: Int, items: [PasteboardItem]) {
        let header: PasteboardFile.Header
        do {
            header = try JSONDecoder().decode(PasteboardFile.Header.self, from: Data(bytes))
        } catch {
            throw FileProblem(description: "not a pasteboard file (\(error))")
        }
        guard header.format == fileFormat else { throw FileProblem(description: "not a pasteboard file") }
        let items: [PasteboardItem]
        let file: PasteboardFile
        do {
            switch header.version {
            case 1:
                let old = try JSONDecoder().decode(PasteboardFile.Version1.self, from: Data(bytes))
                file = PasteboardFile(format: old.format, version: 1, name: old.name, changeCount: old.changeCount,
                                      items: old.items.map { item in
                                          item.representations.map { PasteboardFile.Representation(type: $0.key, text: $0.value.text, base64: $0.value.base64) }
                                      })
            case 2:
                file = try JSONDecoder().decode(PasteboardFile.self, from: Data(bytes))
            default:
                throw FileProblem(description: "unsupported version \(header.version)")
            }
        } catch let problem as FileProblem {
            throw problem
        } catch {
            throw FileProblem(description: "malformed (\(error))")
        }
        guard (try? PasteboardName.validate(file.name)) != nil else { throw FileProblem(description: "invalid 'name'") }
        guard file.changeCount >= 0 else { throw FileProblem(description: "invalid 'changeCount'") }
        do {
            items = try file.items.map { representations in
                PasteboardItem(try representations.map { try $0.representation() })
            }
        } catch {
            throw FileProblem(description: "\(error)")
        }
        return (file.name, file.changeCount, items)
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
                    let board = Board(name: name, persistent: true, changeCount: changeCount, items: items,
                                      stamp: FileStamp.of(path))
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

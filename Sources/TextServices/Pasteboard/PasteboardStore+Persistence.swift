import Foundation
import TextServicesJSON

/// The file format of a persistent pasteboard, and loading the folder.
///
/// A file is one JSON object (`PasteboardFile`), keys sorted, on one line:
/// `{"format": "textsvcd-pasteboard", "version": 2, "name", "changeCount",
/// "items": [[{"type", "text"|"base64"}...]...], "expirationDate"?, "localOnly"?}`
/// (each item a list of representations, in order; the expiration date in
/// seconds since 1970; items that came from the desktop's clipboard are
/// never written, so the file then holds none); version 1 files, whose items map types to
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

    /// What a pasteboard's file holds.
    struct SavedBoard: Equatable {
        var name: String
        var changeCount: Int
        var items: [PasteboardItem]
        var options: PasteboardWriteOptions
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
              let saved = try? Self.decodeFile(bytes), saved.name == name else { return nil }
        let board = Board(name: name, persistent: true, changeCount: saved.changeCount, items: saved.items,
                          options: saved.options, stamp: stamp)
        if let date = saved.options.expirationDate { scheduleExpiry(board, at: date) }
        return board
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
                    state.options = .init()
                    state.changeCount += 1
                    ledger.issue(state.changeCount)
                    notify(board.name, changeCount: state.changeCount)
                } else {
                    state.removed = true
                    withRegistry { registry in
                        if registry.boards[board.name] === board { registry.boards[board.name] = nil }
                    }
                    totalBytes.withLock { $0 -= state.byteCount }
                    ledger.retire(state.changeCount)
                    notify(board.name, changeCount: state.changeCount, removed: true)
                }
                return
            }
            guard let bytes = FileSystem.read(path), let saved = try? Self.decodeFile(bytes), saved.name == board.name
            else { return }
            state.stamp = stamp
            // This process's own write of desktop contents: the file holds no items, memory does.
            guard saved.changeCount != state.changeCount else { return }
            let size = saved.items.reduce(0) { $0 + $1.byteCount }
            totalBytes.withLock { $0 += size - state.byteCount }
            state.items = saved.items
            state.byteCount = size
            state.options = saved.options
            state.changeCount = max(saved.changeCount, state.changeCount + 1)
            if state.changeCount != saved.changeCount { ledger.issue(state.changeCount) }
            notify(board.name, changeCount: state.changeCount)
            if let date = saved.options.expirationDate { scheduleExpiry(board, at: date) }
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

    /// Replaces a pasteboard's file atomically and durably; items from the desktop's clipboard are left out.
    func persist(name: String, changeCount: Int, items: [PasteboardItem], options: PasteboardWriteOptions) throws {
        let kept = options.source == .desktop ? [] : items
        try FileSystem.writeAtomically(Self.encodeFile(name: name, changeCount: changeCount, items: kept, options: options),
                                       to: path(for: name))
    }

    static func encodeFile(name: String, changeCount: Int, items: [PasteboardItem],
                           options: PasteboardWriteOptions = .init()) -> [UInt8] {
        var file = PasteboardFile(format: fileFormat, version: fileVersion, name: name, changeCount: changeCount,
                                  items: items.map { item in item.representations.map(PasteboardFile.Representation.init) })
        file.expirationDate = options.expirationDate?.timeIntervalSince1970
        file.localOnly = options.localOnly ? true : nil
        var bytes: [UInt8] = []
        file.json.write(to: &bytes)
        bytes.append(0x0A)
        return bytes
    }

    static func decodeFile(_ bytes: [UInt8]) throws(FileProblem) -> SavedBoard {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw FileProblem(description: "not a pasteboard file (\(error))")
        }
        guard json["format"]?.stringValue == fileFormat else { throw FileProblem(description: "not a pasteboard file") }
        let file: PasteboardFile
        switch json["version"]?.intValue {
        case 1: file = try PasteboardFile.version1(json: json)
        case 2: file = try PasteboardFile(json: json)
        case let version?: throw FileProblem(description: "unsupported version \(version)")
        case nil: throw FileProblem(description: "not a pasteboard file ('version' must be an integer)")
        }
        let items: [PasteboardItem]
        guard (try? PasteboardName.validate(file.name)) != nil else { throw FileProblem(description: "invalid 'name'") }
        guard file.changeCount >= 0 else { throw FileProblem(description: "invalid 'changeCount'") }
        if let seconds = file.expirationDate, !seconds.isFinite { throw FileProblem(description: "invalid 'expirationDate'") }
        do {
            items = try file.items.map { representations in
                PasteboardItem(try representations.map { try $0.representation() })
            }
        } catch {
            throw FileProblem(description: "\(error)")
        }
        let options = PasteboardWriteOptions(expirationDate: file.expirationDate.map(Date.init(timeIntervalSince1970:)),
                                             localOnly: file.localOnly ?? false)
        return SavedBoard(name: file.name, changeCount: file.changeCount, items: items, options: options)
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
                    let saved = try Self.decodeFile(bytes)
                    guard PasteboardName.fileName(for: saved.name) == file else {
                        throw FileProblem(description: "holds pasteboard '\(saved.name)', which belongs in another file")
                    }
                    let board = Board(name: saved.name, persistent: true, changeCount: saved.changeCount, items: saved.items,
                                      options: saved.options, stamp: FileStamp.of(path))
                    registry.boards[saved.name] = board
                    if let date = saved.options.expirationDate { scheduleExpiry(board, at: date) }
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
            registry.boards[name] = Board(name: name, persistent: true, changeCount: ledger.floor)
        }
        return (registry, total)
    }
}

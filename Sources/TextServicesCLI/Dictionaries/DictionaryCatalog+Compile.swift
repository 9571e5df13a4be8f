import Foundation
import Synchronization
import TextServices
import TextServicesIO
import TextServicesProtocol

extension DictionaryCatalog {
    /// The dictionaries of `tags`, or every one found when `tags` is empty; throws for a tag none answers to.
    public func dictionaries(_ tags: [String]) throws(DictionaryError) -> [DictionaryInfo] {
        tags.isEmpty ? locator.available() : try tags.map { tag throws(DictionaryError) in try locator.locate(tag) }
    }

    /// Compiles each of `infos` (unless its compiled form is current and not `force`), printing a line or object for each.
    ///
    /// A text run shows a progress bar on a terminal. A dictionary that
    /// fails is reported through `warn` and the others are compiled still;
    /// returns false when any failed. `queued` first waits for the folder's
    /// queue lock (`DictionaryCompiler.queueLockPath`) and holds it
    /// throughout, so that queued compiles run one at a time.
    public func compile(_ infos: [DictionaryInfo], force: Bool, format: Format, queued: Bool = false,
                        output: inout StandardOutputBuffer, warn: (String) -> Void) -> Bool {
        var queue: FileLock?
        if queued {
            do {
                queue = try FileLock.acquire(compiler.queueLockPath)
            } catch {
                warn("textsvcd: cannot lock \(compiler.queueLockPath): \(error)")
                return false
            }
        }
        defer { queue?.release() }
        var failed = false
        for info in infos {
            // The compiler reports from its own threads: the bar (one thread's) is used under a lock.
            let bar = Mutex<ProgressBar?>(nil)
            if format == .text { bar.withLock { $0 = ProgressBar.onStandardError(total: 1000, label: info.tag.tag) } }
            defer { bar.withLock { $0?.finish() } }
            do {
                let progress: @Sendable (DictionaryCompiler.Stage, Double) -> Void = { stage, fraction in
                    bar.withLock { bar in
                        bar?.detail = stage.rawValue
                        bar?.update(completed: Int(DictionaryReport.overall(stage, fraction) * 1000))
                    }
                }
                let report = force ? try compiler.compile(info, progress: progress)
                    : try compiler.compileIfNeeded(info, progress: progress)
                bar.withLock { $0?.finish() }
                switch format {
                case .text:
                    if let report {
                        output.appendLine("\(info.tag.tag): compiled in \(String(format: "%.1f", report.seconds)) s, "
                            + "\(DictionaryReport.megabytes(report.byteCount)), \(report.acceptedForms) of \(report.expandedForms) forms accepted, \(report.path)")
                    } else {
                        output.appendLine("\(info.tag.tag): up to date, \(compiler.path(for: info))")
                    }
                case .json:
                    var object: JSONObject = ["tag": .string(info.tag.tag), "path": .string(compiler.path(for: info))]
                    if let report {
                        object["compiled"] = true
                        object["bytes"] = .int(report.byteCount)
                        object["seconds"] = .double(report.seconds)
                        object["expandedForms"] = .int(report.expandedForms)
                        object["acceptedForms"] = .int(report.acceptedForms)
                    } else {
                        object["compiled"] = false
                    }
                    output.appendLine(JSONValue.object(object).serialized)
                }
            } catch {
                bar.withLock { $0?.finish() }
                output.flush()
                warn("textsvcd: \(info.tag.tag): \(error.message)")
                failed = true
            }
        }
        return !failed
    }
}

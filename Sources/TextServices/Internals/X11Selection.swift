import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Every call into Xlib lives in this file. libX11 and libXfixes are opened at run time
// (dlopen), so textsvcd neither links nor needs them: without them, or without an X
// server, the caller falls back to something else. Xlib's defaults end the process on
// a protocol error or a lost connection; both are replaced here (libX11 1.7's
// XSetIOErrorExitHandler is required for the second), so an X server that goes away
// ends only the watching.

/// Hears when a program takes ownership of the X11 `CLIPBOARD` selection, through the XFixes extension.
///
/// A thread of its own waits on the X connection (and a pipe that `stop`
/// writes to), and calls `onChange` with the number of new owners it read
/// in one go: no polling, and nothing runs while the clipboard does not
/// change. One X connection.
/// Thread-safe: the Display is used only by the watching thread.
final class X11SelectionWatcher: @unchecked Sendable {
    /// Why watching could not start.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    private typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias DisplayInt = @convention(c) (OpaquePointer?) -> Int32
    private typealias DisplayWindow = @convention(c) (OpaquePointer?) -> UInt
    private typealias InternAtom = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> UInt
    private typealias NextEvent = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32
    private typealias ErrorHandler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32
    private typealias SetErrorHandler = @convention(c) (ErrorHandler?) -> ErrorHandler?
    private typealias IOErrorHandler = @convention(c) (OpaquePointer?) -> Int32
    private typealias SetIOErrorHandler = @convention(c) (IOErrorHandler?) -> IOErrorHandler?
    private typealias IOErrorExitHandler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void
    private typealias SetIOErrorExitHandler = @convention(c) (OpaquePointer?, IOErrorExitHandler?, UnsafeMutableRawPointer?) -> Void
    private typealias QueryExtension = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    private typealias SelectSelectionInput = @convention(c) (OpaquePointer?, UInt, UInt, UInt) -> Void

    /// XFixesSetSelectionOwnerNotifyMask.
    private static let ownerChangeMask: UInt = 1
    /// An XEvent is a union of 24 longs.
    private static let eventBytes = 24 * MemoryLayout<Int>.size

    private let display: OpaquePointer
    private let nextEvent: NextEvent
    private let pending: DisplayInt
    private let connectionNumber: DisplayInt
    private let eventBase: Int32
    /// Set to 1 by the exit handler when the connection to the X server is lost.
    private let lost: UnsafeMutablePointer<Int32>
    private let wake: (read: Int32, write: Int32)
    private let onChange: @Sendable (Int) -> Void
    private let onLost: @Sendable (String) -> Void

    /// Connects to `display` and starts watching; throws `Unavailable` saying why it cannot.
    ///
    /// `onChange` runs on the watching thread after changes of owner, with
    /// how many there were (each program that takes the clipboard makes one);
    /// `onLost` once, if the X server goes away. Neither may block for long.
    static func start(display name: String, onChange: @escaping @Sendable (Int) -> Void,
                      onLost: @escaping @Sendable (String) -> Void) throws(Unavailable) -> X11SelectionWatcher {
        guard let xlib = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL) else { throw Unavailable(description: "libX11.so.6 is not installed") }
        guard let xfixes = dlopen("libXfixes.so.3", RTLD_NOW | RTLD_LOCAL) else {
            throw Unavailable(description: "libXfixes.so.3 is not installed")
        }
        func symbol<T>(_ library: UnsafeMutableRawPointer, _ name: String, as type: T.Type) throws(Unavailable) -> T {
            guard let address = dlsym(library, name) else { throw Unavailable(description: "\(name) is missing from the X libraries") }
            return unsafeBitCast(address, to: type)
        }
        let open = try symbol(xlib, "XOpenDisplay", as: OpenDisplay.self)
        let setExitHandler = try symbol(xlib, "XSetIOErrorExitHandler", as: SetIOErrorExitHandler.self)
        let setIOErrorHandler = try symbol(xlib, "XSetIOErrorHandler", as: SetIOErrorHandler.self)
        let setErrorHandler = try symbol(xlib, "XSetErrorHandler", as: SetErrorHandler.self)
        let rootWindow = try symbol(xlib, "XDefaultRootWindow", as: DisplayWindow.self)
        let internAtom = try symbol(xlib, "XInternAtom", as: InternAtom.self)
        let flush = try symbol(xlib, "XFlush", as: DisplayInt.self)
        let queryExtension = try symbol(xfixes, "XFixesQueryExtension", as: QueryExtension.self)
        let selectInput = try symbol(xfixes, "XFixesSelectSelectionInput", as: SelectSelectionInput.self)
        let watcherFunctions = (next: try symbol(xlib, "XNextEvent", as: NextEvent.self),
                                pending: try symbol(xlib, "XPending", as: DisplayInt.self),
                                connection: try symbol(xlib, "XConnectionNumber", as: DisplayInt.self))

        // Protocol errors are not fatal; a lost connection is reported by the exit handler below, not by exit(1).
        _ = setErrorHandler { _, _ in 0 }
        _ = setIOErrorHandler { _ in 0 }
        guard let display = name.withCString({ open($0) }) else {
            throw Unavailable(description: "cannot connect to the X server at DISPLAY=\(name)")
        }
        let lost = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        lost.pointee = 0
        setExitHandler(display, { _, flag in flag?.assumingMemoryBound(to: Int32.self).pointee = 1 }, UnsafeMutableRawPointer(lost))
        var eventBase: Int32 = 0
        var errorBase: Int32 = 0
        guard queryExtension(display, &eventBase, &errorBase) != 0 else {
            throw Unavailable(description: "the X server at DISPLAY=\(name) has no XFixes extension")
        }
        let clipboard = internAtom(display, "CLIPBOARD", 0)
        selectInput(display, rootWindow(display), clipboard, ownerChangeMask)
        _ = flush(display)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Unavailable(description: "cannot make a pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let watcher = X11SelectionWatcher(display: display, nextEvent: watcherFunctions.next, pending: watcherFunctions.pending,
                                          connectionNumber: watcherFunctions.connection, eventBase: eventBase, lost: lost,
                                          wake: (ends[0], ends[1]), onChange: onChange, onLost: onLost)
        let thread = Thread { watcher.watch() }
        thread.name = "textsvcd-x11-clipboard"
        thread.start()
        return watcher
    }

    private init(display: OpaquePointer, nextEvent: @escaping NextEvent, pending: @escaping DisplayInt,
                 connectionNumber: @escaping DisplayInt, eventBase: Int32, lost: UnsafeMutablePointer<Int32>,
                 wake: (read: Int32, write: Int32), onChange: @escaping @Sendable (Int) -> Void,
                 onLost: @escaping @Sendable (String) -> Void) {
        self.display = display
        self.nextEvent = nextEvent
        self.pending = pending
        self.connectionNumber = connectionNumber
        self.eventBase = eventBase
        self.lost = lost
        self.wake = wake
        self.onChange = onChange
        self.onLost = onLost
    }

    /// Ends the watching thread (it leaves the X connection open: closing it from here would race the thread).
    func stop() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private func watch() {
        let event = UnsafeMutableRawPointer.allocate(byteCount: Self.eventBytes, alignment: MemoryLayout<Int>.alignment)
        defer { event.deallocate() }
        let connection = connectionNumber(display)
        while true {
            var changes = 0
            while lost.pointee == 0, pending(display) > 0 {
                _ = nextEvent(display, event)
                // XFixesSelectionNotify is the extension's first event; it is the only kind asked for.
                if event.load(as: Int32.self) == eventBase { changes += 1 }
            }
            if lost.pointee != 0 {
                onLost("the connection to the X server was lost")
                return
            }
            if changes > 0 { onChange(changes) }
            var polled = [pollfd(fd: connection, events: Int16(POLLIN), revents: 0),
                          pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&polled, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if ready < 0 || polled[1].revents != 0 { return }
            if polled[0].revents & Int16(POLLHUP | POLLERR) != 0, polled[0].revents & Int16(POLLIN) == 0 {
                onLost("the connection to the X server was closed")
                return
            }
        }
    }
}

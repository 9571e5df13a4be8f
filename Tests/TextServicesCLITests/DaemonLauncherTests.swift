import Testing
import TextServicesCLI

@Suite struct DaemonLauncherTests {
    @Test func aStartedDaemonLogsUnderXDGStateHome() {
        #expect(DaemonLauncher.logPath(environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/u"]) == "/state/textsvcd/daemon.log")
    }

    @Test func aRelativeOrMissingStateHomeFallsBackToTheHomeFolder() {
        #expect(DaemonLauncher.logPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/u"])
            == "/home/u/.local/state/textsvcd/daemon.log")
        #expect(DaemonLauncher.logPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/state/textsvcd/daemon.log")
    }
}

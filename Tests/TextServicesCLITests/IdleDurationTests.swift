import Testing
import TextServicesCLI

@Suite struct IdleDurationTests {
    @Test(arguments: [("90s", Int64(90_000)), ("10m", 600_000), ("1h", 3_600_000), ("250ms", 250), ("2", 2_000), (" 1.5S ", 1_500)])
    func aDurationIsReadInItsUnit(text: String, milliseconds: Int64) {
        #expect(IdleDuration(argument: text)?.milliseconds == milliseconds)
    }

    @Test(arguments: ["soon", "", "0", "-5s", "s", "10x", "inf", "0.0001ms"])
    func whatIsNotAPositiveDurationIsRefused(text: String) {
        #expect(IdleDuration(argument: text) == nil)
    }

    @Test func itIsWrittenTheShortestWay() {
        #expect(IdleDuration(milliseconds: 600_000).description == "10m")
        #expect(IdleDuration(milliseconds: 90_000).description == "90s")
        #expect(IdleDuration(milliseconds: 1_500).description == "1500ms")
    }

    @Test func doorsTakeTheEnvironmentsDurationTenMinutesOrNever() {
        var warnings: [String] = []
        #expect(IdleDuration.forDoors(environment: [:], warn: { warnings.append($0) }) == .doorDefault)
        #expect(IdleDuration.doorDefault.description == "10m")
        #expect(IdleDuration.forDoors(environment: ["TEXTSVCD_IDLE_EXIT": "90s"], warn: { warnings.append($0) })?.milliseconds == 90_000)
        #expect(IdleDuration.forDoors(environment: ["TEXTSVCD_IDLE_EXIT": "Never"], warn: { warnings.append($0) }) == nil)
        #expect(warnings.isEmpty)
    }

    @Test func aBadEnvironmentDurationIsReportedAndTheDefaultUsed() {
        var warnings: [String] = []
        #expect(IdleDuration.forDoors(environment: ["TEXTSVCD_IDLE_EXIT": "soon"], warn: { warnings.append($0) }) == .doorDefault)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("TEXTSVCD_IDLE_EXIT=soon") == true)
    }
}

import Testing
import TextServices
import TextServicesCLI
import TextServicesProtocol
@testable import TextServicesTestSupport

@Suite struct MethodCallTests {
    private static let client = LocalTextServices(services: TestSupport.sharedServices)

    @Test func paramsThatAreNotAJSONObjectAreRefusedBeforeTheCall() {
        #expect(throws: MethodCall.ParamsError.self) { try MethodCall(method: "stats", paramsText: "{", encoding: nil) }
        do {
            _ = try MethodCall(method: "stats", paramsText: "[1]", encoding: nil)
            Issue.record("an array was taken as params")
        } catch {
            #expect(error.description.contains("must be a JSON object"), "\(error)")
        }
    }

    @Test func thePositionEncodingOptionJoinsParamsThatNameNone() throws {
        #expect(try MethodCall(method: "m", paramsText: "{}", encoding: .utf32).params["positionEncoding"] == .string("utf-32"))
        let named = try MethodCall(method: "m", paramsText: #"{"positionEncoding":"utf-8"}"#, encoding: .utf32)
        #expect(named.params["positionEncoding"] == .string("utf-8"))
    }

    @Test func aResultIsPrintedAsOneJSONLineWithStatusZero() throws {
        let answer = try MethodCall(method: "spell.check", paramsText: #"{"text":"helo"}"#, encoding: nil).send(through: Self.client)
        #expect(answer.status == 0)
        #expect(answer.standardError == nil)
        let result = try JSONParser.parse(answer.standardOutput ?? "")
        #expect(result["wordCount"] == .int(1), "\(answer)")
        #expect(result["misspellings"]?.arrayValue?.count == 1, "\(answer)")
    }

    @Test func aServiceErrorIsPrintedAsItsErrorObjectWithStatusOne() throws {
        let answer = try MethodCall(method: "no.such.method", paramsText: "{}", encoding: nil).send(through: Self.client)
        #expect(answer.status == 1)
        #expect(answer.standardOutput == nil)
        #expect(answer.standardError?.contains("\"code\":-32601") == true, "\(answer)")
    }
}

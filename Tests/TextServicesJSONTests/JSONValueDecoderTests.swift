import Testing
import TextServicesJSON

private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
}

private struct Shape: Codable, Equatable {
    var name: String
    var points: [Point]
    var scale: Double?
    var tag: UInt8?
}

/// A model that refuses a value with an error of its own.
private struct Even: Decodable {
    struct Odd: Error, Equatable {}
    init(from decoder: any Decoder) throws {
        guard try decoder.singleValueContainer().decode(Int.self) % 2 == 0 else { throw Odd() }
    }
}

private func failure<T: Decodable>(_ type: T.Type, _ value: JSONValue, strict: Bool = false) -> JSONDecodingFailure? {
    do {
        _ = try JSONValueDecoder(rejectsUnknownFields: strict).decode(type, from: value)
        return nil
    } catch {
        return error as? JSONDecodingFailure
    }
}

@Test func aWellFormedValueDecodesIntoItsModelAndBackUnchanged() throws {
    let value: JSONValue = ["name": "tri", "points": [["x": 1, "y": 2], ["x": -3, "y": 4]], "scale": 2, "tag": 7]
    let shape = try JSONValueDecoder().decode(Shape.self, from: value)
    #expect(shape == Shape(name: "tri", points: [Point(x: 1, y: 2), Point(x: -3, y: 4)], scale: 2, tag: 7))
    #expect(JSONValueEncoder().encode(shape) == ["name": "tri", "points": [["x": 1, "y": 2], ["x": -3, "y": 4]], "scale": 2.0, "tag": 7])
}

@Test func aFailureNamesTheFieldAsTheSenderWroteItAndWhatIsWrong() {
    #expect(failure(Shape.self, ["points": []]) == JSONDecodingFailure(field: "name", reason: "is required"))
    #expect(failure(Shape.self, ["name": 3, "points": []]) == JSONDecodingFailure(field: "name", reason: "must be a string, not number"))
    #expect(failure(Shape.self, ["name": "a", "points": [["x": 1, "y": 2], ["x": 1]]])
            == JSONDecodingFailure(field: "points[1].y", reason: "is required"))
    #expect(failure(Shape.self, ["name": "a", "points": [:]]) == JSONDecodingFailure(field: "points", reason: "must be an array, not object"))
    #expect(failure(Shape.self, "text") == JSONDecodingFailure(field: "params", reason: "must be an object, not string"))
    #expect(failure(Shape.self, ["name": "a", "points": [], "tag": 300]) == JSONDecodingFailure(field: "tag", reason: "is out of range"))
    #expect(failure(Shape.self, ["name": "a", "points": [], "scale": "big"])?.field == "scale")
}

@Test func unknownFieldsAreRefusedOnlyWhenAsked() throws {
    let value: JSONValue = ["name": "a", "points": [["x": 1, "y": 2, "z": 3]]]
    #expect(failure(Shape.self, value) == nil)
    #expect(failure(Shape.self, value, strict: true) == JSONDecodingFailure(field: "points[0].z", reason: "is not a parameter of this method"))
}

@Test func aStringWithAnUnpairedSurrogateIsRefusedAsNotText() throws {
    let value = try JSONParser.parse(Array(#"{"name": "a\ud800b", "points": []}"#.utf8))
    #expect(failure(Shape.self, value)?.field == "name")
    #expect(failure(Shape.self, value)?.reason.contains("unpaired surrogate") == true)
}

@Test func aModelsOwnErrorComesOutAsItWasThrown() {
    #expect(throws: Even.Odd()) { try JSONValueDecoder().decode(Even.self, from: 3) }
    #expect(throws: Never.self) { try JSONValueDecoder().decode(Even.self, from: 4) }
    #expect(failure(Even.self, "4") == JSONDecodingFailure(field: "params", reason: "must be an integer, not string"))
}

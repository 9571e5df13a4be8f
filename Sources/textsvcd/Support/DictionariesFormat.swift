import ArgumentParser
import TextServicesCLI

/// The output formats of `textsvcd dictionaries`.
enum DictionariesFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json

    var catalogFormat: DictionaryCatalog.Format { self == .json ? .json : .text }
}

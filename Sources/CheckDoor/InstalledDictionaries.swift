import Synchronization
import TextServices
import TextServicesProtocol

/// The dictionaries a client checks with, asked for once (`spell.languages`) and kept for a run.
///
/// Thread-safe: the first caller asks, the others wait for its answer. A
/// client that cannot answer counts as having no dictionary.
final class InstalledDictionaries: Sendable {
    private let client: any TextServicesClient
    private let tags = Mutex<[String]?>(nil)

    init(client: any TextServicesClient) {
        self.client = client
    }

    /// The installed dictionary for a gettext catalog's `Language:` value, nil when none fits (`GettextCatalog`).
    func tag(forCatalogLanguage value: String) -> String? {
        let installed = tags.withLock { known in
            if let known { return known }
            let asked = (try? client.send(SpellLanguagesRequest()))?.languages.map(\.tag) ?? []
            known = asked
            return asked
        }
        return GettextCatalog.dictionary(forLanguage: value, installed: installed)
    }
}

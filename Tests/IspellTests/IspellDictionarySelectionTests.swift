import Ispell
import Testing

@Suite struct IspellDictionarySelectionTests {
    @Test func tagsStayAndPathsGiveTheirNameAndANewFolderOnce() {
        let selection = IspellDictionarySelection(option: "en_US,/opt/dicts/medical,/opt/dicts/../dicts/legal,/usr/share/hunspell/de_DE",
                                                  searched: ["/usr/share/hunspell/"])
        #expect(selection.languages == ["en_US", "medical", "legal", "de_DE"])
        #expect(selection.extraPaths == ["/opt/dicts"])
    }

    @Test func withoutPathsNothingJoinsTheSearchPath() {
        #expect(IspellDictionarySelection(option: "fr_FR", searched: []) == IspellDictionarySelection(option: "fr_FR", searched: ["/x"]))
        #expect(IspellDictionarySelection(option: "fr_FR", searched: []).extraPaths.isEmpty)
    }
}

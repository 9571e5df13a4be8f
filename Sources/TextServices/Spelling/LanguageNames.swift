/// English names of languages and regions, for `spell.languages`.
enum LanguageNames {
    static func displayName(_ tag: LanguageTag) -> String? {
        LocaleNames.displayName(tag.tag)
    }
}

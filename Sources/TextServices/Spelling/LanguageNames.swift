/// English names of languages and regions, for `spell.languages`.
public enum LanguageNames {
    public static func displayName(_ tag: LanguageTag) -> String? {
        LocaleNames.displayName(tag.tag)
    }
}

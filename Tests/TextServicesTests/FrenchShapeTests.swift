import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// French's shape: long flags, FULLSTRIP, NEEDAFFIX on the verb stem, KEEPCASE on a unit, a FORBIDDENWORD flag no stem
/// holds, CIRCUMFIX, elision prefixes writing `l'` and `L'`, and BREAK at hyphens, periods and apostrophes.
private let frenchAffixes = """
    SET UTF-8
    FLAG long
    FULLSTRIP
    NEEDAFFIX ()
    FORBIDDENWORD {}
    CIRCUMFIX **
    KEEPCASE ||
    ICONV 1
    ICONV ’ '
    BREAK 7
    BREAK -
    BREAK .
    BREAK ·
    BREAK ^‘
    BREAK ^'
    BREAK '$
    BREAK ’$
    PFX L' Y 4
    PFX L' 0 l' [aeiouhéAU]
    PFX L' a l'A a
    PFX L' 0 L' [aeiouhéAU]
    PFX L' a L'A a
    PFX Ci Y 1
    PFX Ci 0 xy/** .
    SFX S. Y 1
    SFX S. 0 s .
    SFX zE Y 4
    SFX zE être sont/L' être
    SFX zE être est/L' être
    SFX zE être sera/L' être
    SFX zE tre tes être
    SFX Cs Y 1
    SFX Cs 0 z/** .

    """

private let frenchWords = "10\nutilisateur/L'S.\ninvite/L'S.\nêtre/zE()\nampère/L'S.||\nAmpère/L'\ncréez\nle/L'\nt\nelle\nUNIX/L'Ci\n"

/// Compiles a French-shaped dictionary (by default the one above) into a fresh cache and maps it.
private func frenchShape(in scratch: TemporaryFolder, aff: String = frenchAffixes, dic: String = frenchWords) throws
    -> (info: DictionaryInfo, compiled: CompiledDictionary) {
    let info = try TestSupport.writeDictionary(in: scratch, tag: "fr_ZZ", aff: aff, dic: dic)
    let compiler = DictionaryCompiler(folder: scratch.folder("french-cache"))
    _ = try compiler.compile(info)
    return (info, try #require(compiler.open(info)))
}

/// Checks each word as written, capitalised and in capitals with a dictionary of its own (a word that needed Hunspell
/// loads it): the verdict is Hunspell's (with `’` read as `'`), and an elided word proven correct is one Hunspell
/// accepts. Returns the spellings decided without Hunspell.
private func spellingsDecidedWithoutHunspell(_ words: [String], info: DictionaryInfo, compiled: CompiledDictionary) throws
    -> [String] {
    let reference = try SpellDictionary(info: info, handles: 1)
    var withoutHunspell: [String] = []
    for word in words {
        for spelling in [word, RejectIndex.initialCapital(word), word.uppercased()] {
            let fast = try SpellDictionary(info: info, handles: 1, compiled: compiled)
            let expected = reference.engine.spell(spelling) || reference.engine.spell(spelling.replacingOccurrences(of: "’", with: "'"))
            #expect(fast.accepts(spelling) == expected, "\(spelling)")
            if !fast.engine.isLoaded { withoutHunspell.append(spelling) }
            if compiled.rejects.acceptsElided(spelling) { #expect(expected, "\(spelling) proven correct, but Hunspell rejects it") }
        }
    }
    return withoutHunspell
}

@Test func frenchElidedHyphenatedAndFullyStrippedWordsGetHunspellsVerdictAndTheCorrectOnesNeedNoHunspell() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let (info, compiled) = try frenchShape(in: scratch)
    #expect(compiled.rejects.isUsable)
    let words = ["l'utilisateur", "l'utilisateurs", "l'invite", "l'ampère", "l'ampères", "l'Ampère", "l'être", "l'sont", "sont", "l'est",
                 "sera",
                 "êtes", "l'sera", "l'UNIX", "l'xyUNIX", "xyUNIXz", "créez-le", "créez-le-t", "créez-t-elle", "créez-lé", "le-créez",
                 "créez.le", "i.e", "créez-l'utilisateur", "créez-l’utilisateur", "l’utilisateur", "l’invite", "utilisateur-le-t-elle",
                 "le-le-le-le-le-le-le-le-le-le-le", "créez-", "-le", "créez--le", "créez·le", "créez-le.t", "UNIX-le", "le-UNIX",
                 "le-UNIX-UNIX", "UNIX-UNIX-le", "l'", "'le", "le'", "l'xutilisateur", "l’xutilisateur", "d’UNIX", "créez’le"]
    let withoutHunspell = try spellingsDecidedWithoutHunspell(words, info: info, compiled: compiled)
    // Elided words in lower case (and in capitals as written) need no Hunspell, KEEPCASE and NEEDAFFIX notwithstanding:
    // the stem's NEEDAFFIX is met by the prefix, and only a case-folded spelling's root is refused for keeping case.
    for word in ["l'utilisateur", "l'utilisateurs", "l'invite", "l'ampère", "l'ampères", "l'être", "l'UNIX", "L'UNIX", "l’utilisateur"] {
        #expect(withoutHunspell.contains(word), "\(word) was left to Hunspell")
    }
    // ICONV makes `’` an `'` before anything else: a word wrong with `'` is wrong with `’`.
    for word in ["l’xutilisateur", "d’UNIX", "L’xutilisateur"] { #expect(withoutHunspell.contains(word), "\(word) was left to Hunspell") }
    // The forms FULLSTRIP gives a NEEDAFFIX stem are compiled, and elided ones proven.
    for word in ["sont", "sera", "Sont", "SERA", "l'est"] { #expect(withoutHunspell.contains(word), "\(word) was left to Hunspell") }
    // Words broken at one pattern, with every part accepted and no run of parts in capitals, need no Hunspell.
    for word in ["créez-le", "créez-le-t", "créez-t-elle", "Créez-le", "i.e", "créez.le", "le-UNIX", "UNIX-le"] {
        #expect(withoutHunspell.contains(word), "\(word) was left to Hunspell")
    }
    // A word in capitals is broken capitalised and in lower case (`UNIX-LE` is wrong where `le` is right, as `Unix` is wrong),
    // and so is a piece in capitals that breaking at the second hyphen leaves (`UNIX-UNIX` of `UNIX-UNIX-le`).
    #expect(compiled.rejects.hyphenatedParts("CRÉEZ-LE") == ["Créez", "le"] && compiled.rejects.hyphenatedParts("UNIX-LE") == ["Unix", "le"])
    #expect(compiled.rejects.hyphenatedParts("UNIX-UNIX-le") == ["Unix", "unix", "le"])
    #expect(compiled.rejects.hyphenatedParts("le-UNIX-UNIX") == ["le", "UNIX", "UNIX"])
    #expect(compiled.rejects.hyphenatedParts("CRÉEZ-LE-le") == ["Créez", "le", "le"])
    // A break point at a piece's end leaves that piece whole: `r--` is `r` and `-`.
    #expect(compiled.rejects.hyphenatedParts("t--") == ["t", "-"] && compiled.rejects.hyphenatedParts("-le") == nil)
}

/// French's own elision prefixes write only `l'`, never `L'`, and its units keep their case (`m/||` with the prefixes
/// `d` and `E`, `sr`, `com`): the shape of `L'invite`, `Dm`, `ESR` and `COM`.
private let lowerElisionAffixes = frenchAffixes
    .replacingOccurrences(of: "PFX L' Y 4\n", with: "PFX L' Y 2\n")
    .replacingOccurrences(of: "PFX L' 0 L' [aeiouhéAU]\n", with: "")
    .replacingOccurrences(of: "PFX L' a L'A a\n", with: "") + "PFX Um Y 2\nPFX Um 0 d .\nPFX Um 0 E .\n"

private let unitWords = frenchWords.replacingOccurrences(of: "10\n", with: "13\n") + "com/||\nm/Um||\nsr/Um||\n"

@Test func capitalisedElidedWordsAndKeepCaseWordsInCapitalsGetHunspellsVerdictWithoutHunspell() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let (info, compiled) = try frenchShape(in: scratch, aff: lowerElisionAffixes, dic: unitWords)
    #expect(compiled.rejects.isUsable)
    let reference = try SpellDictionary(info: info, handles: 1)
    let words = ["l'invite", "l'utilisateur", "l'utilisateurs", "l'ampère", "l'ampères", "l'Ampère", "l'est", "l’invite", "com", "com.", "m",
                 "dm", "dm.", "esr", "sr", "l'com", "l'invite-le", "l’utilisateur-le", "créez-le-le", "nº", "ª", "créezº"]
    let withoutHunspell = try spellingsDecidedWithoutHunspell(words, info: info, compiled: compiled)
    // Hunspell asks about a capitalised elided word in lower case too, where only a root that keeps its case is refused:
    // none is reachable from `l'invite`, so `L'invite` is correct, and `l'ampère` reaches only `ampère/||`, so `L'ampère` is wrong.
    #expect(reference.engine.spell("L'invite") && !reference.engine.spell("L'ampère") && reference.engine.spell("l'ampère"))
    for word in ["L'invite", "L'utilisateur", "L'utilisateurs", "L’invite", "L'est", "L'ampère", "L'ampères"] {
        #expect(withoutHunspell.contains(word), "\(word) was left to Hunspell")
    }
    // In capitals (or capitalised) only the spelling as written may find a root that keeps case: `DM`, `Dm`, `ESR`, `COM`
    // are wrong, `Esr` (the prefix `E` on `sr`, as written) is right.
    #expect(reference.engine.spell("Esr") && reference.engine.spell("dm") && !reference.engine.spell("Dm") && !reference.engine.spell("COM."))
    for word in ["COM", "Com", "COM.", "Com.", "Dm", "DM", "DM.", "ESR", "M", "SR", "Sr"] {
        #expect(withoutHunspell.contains(word), "\(word) was left to Hunspell")
    }
    // Hyphenated words whose parts are elided, and the ordinal indicators, which Hunspell's tables leave without case.
    for word in ["l'invite-le", "l’utilisateur-le", "L'invite-le", "nº", "Nº", "Nº", "ª"] {
        #expect(withoutHunspell.contains(word), "\(word) was left to Hunspell")
    }
}

@Test func aStemHoldingTheForbiddenFlagLeavesElidedAndHyphenatedWordsToHunspell() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let info = try TestSupport.writeDictionary(in: scratch, tag: "fr_ZZ", aff: frenchAffixes,
                                               dic: frenchWords.replacingOccurrences(of: "10\n", with: "11\n") + "créez-le/{}\n")
    let compiler = DictionaryCompiler(folder: scratch.folder("french-cache"))
    _ = try compiler.compile(info)
    let compiled = try #require(compiler.open(info))
    let reference = try SpellDictionary(info: info, handles: 1)
    #expect(!reference.engine.spell("créez-le") && reference.engine.spell("créez") && reference.engine.spell("le"))
    #expect(compiled.rejects.hyphenatedParts("créez-t") == nil)
    #expect(!compiled.rejects.acceptsElided("l'utilisateur"))
    let fast = try SpellDictionary(info: info, handles: 1, compiled: compiled)
    #expect(!fast.accepts("créez-le"))
}

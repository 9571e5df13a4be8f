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

/// Compiles the French-shaped dictionary into a fresh cache and maps it.
private func frenchShape() throws -> (info: DictionaryInfo, compiled: CompiledDictionary) {
    let info = try TestSupport.writeDictionary(tag: "fr_ZZ", aff: frenchAffixes, dic: frenchWords)
    let compiler = DictionaryCompiler(folder: TestSupport.temporaryFolder("french-cache"))
    _ = try compiler.compile(info)
    return (info, try #require(compiler.open(info)))
}

@Test func frenchElidedHyphenatedAndFullyStrippedWordsGetHunspellsVerdictAndTheCorrectOnesNeedNoHunspell() throws {
    let (info, compiled) = try frenchShape()
    #expect(compiled.rejects.isUsable)
    let reference = try SpellDictionary(info: info, handles: 1)
    var withoutHunspell: [String] = []
    let words = ["l'utilisateur", "l'utilisateurs", "l'invite", "l'ampère", "l'ampères", "l'Ampère", "l'être", "l'sont", "sont", "l'est",
                 "sera",
                 "êtes", "l'sera", "l'UNIX", "l'xyUNIX", "xyUNIXz", "créez-le", "créez-le-t", "créez-t-elle", "créez-lé", "le-créez",
                 "créez.le", "i.e", "créez-l'utilisateur", "créez-l’utilisateur", "l’utilisateur", "l’invite", "utilisateur-le-t-elle",
                 "le-le-le-le-le-le-le-le-le-le-le", "créez-", "-le", "créez--le", "créez·le", "créez-le.t", "UNIX-le", "le-UNIX",
                 "le-UNIX-UNIX", "UNIX-UNIX-le", "l'", "'le", "le'", "l'xutilisateur", "l’xutilisateur", "d’UNIX", "créez’le"]
    for word in words {
        for spelling in [word, RejectIndex.initialCapital(word), word.uppercased()] {
            // A dictionary of its own for each word: a word that needed Hunspell loads it.
            let fast = try SpellDictionary(info: info, handles: 1, compiled: compiled)
            let expected = reference.engine.spell(spelling) || reference.engine.spell(spelling.replacingOccurrences(of: "’", with: "'"))
            #expect(fast.accepts(spelling) == expected, "\(spelling)")
            if !fast.engine.isLoaded { withoutHunspell.append(spelling) }
            if compiled.rejects.acceptsElided(spelling) { #expect(expected, "\(spelling) proven correct, but Hunspell rejects it") }
        }
    }
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
    // A word in capitals is broken capitalised and in lower case (`UNIX-LE` is wrong where `le` is right, as `Unix` is wrong);
    // a run of parts in capitals inside a word leaves it to Hunspell.
    #expect(compiled.rejects.hyphenatedParts("CRÉEZ-LE") == ["Créez", "le"] && compiled.rejects.hyphenatedParts("UNIX-LE") == ["Unix", "le"])
    #expect(compiled.rejects.hyphenatedParts("UNIX-UNIX-le") == nil && compiled.rejects.hyphenatedParts("le-UNIX-UNIX") == nil)
}

@Test func aStemHoldingTheForbiddenFlagLeavesElidedAndHyphenatedWordsToHunspell() throws {
    let info = try TestSupport.writeDictionary(tag: "fr_ZZ", aff: frenchAffixes,
                                               dic: frenchWords.replacingOccurrences(of: "10\n", with: "11\n") + "créez-le/{}\n")
    let compiler = DictionaryCompiler(folder: TestSupport.temporaryFolder("french-cache"))
    _ = try compiler.compile(info)
    let compiled = try #require(compiler.open(info))
    let reference = try SpellDictionary(info: info, handles: 1)
    #expect(!reference.engine.spell("créez-le") && reference.engine.spell("créez") && reference.engine.spell("le"))
    #expect(compiled.rejects.hyphenatedParts("créez-t") == nil)
    #expect(!compiled.rejects.acceptsElided("l'utilisateur"))
    let fast = try SpellDictionary(info: info, handles: 1, compiled: compiled)
    #expect(!fast.accepts("créez-le"))
}

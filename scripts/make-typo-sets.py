#!/usr/bin/env python3
"""Makes the per-language misspelling sets of bench/data: a tuning set and a measurement set.

For each language, the words come from real text of that language shipped in
Debian packages (fortunes, the New Maintainers' Guide, the Debian Reference,
the installation guide, translated manual pages; translated program messages
only where prose is short). The documents are cut into two halves, one for
each set, so that the sets share no source document: documents in a stable
order, alternately to the tuning and to the measurement half. Each set then
draws words from its own half (words Hunspell accepts, at least 3 letters,
letters only, not all capitals; common words more often, each word once) and
gives each one error of a kind real writers make in that language:

  keyboard   a letter replaced by a neighbouring key on the language's layout
             (QWERTZ, AZERTY, ЙЦУКЕН, Greek, Hebrew, Turkish Q...)
  insert     a neighbouring key hit as well
  drop       a letter left out (often one of a doubled pair)
  double     a letter typed twice
  swap       two adjacent letters transposed
  diacritic  a diacritic left out (é→e, ä→a, ś→s, ł→l, ß→ss), or all of them
             (typing without the layout)
  phonetic   a spelling slip of that language: doubled and undoubled
             consonants, and its own confusions (ie/i and dt/t in German,
             é/è/er in French, b/v and ll/y in Spanish, ó/u and rz/ż in Polish,
             unstressed о/а and е/и and -тся/-ться in Russian, i/y in Czech,
             ei/ij and d/t in Dutch...; PHONETIC below)

A misspelling that the language's Hunspell dictionary accepts is dropped.
The output is deterministic for a given seed, Debian packages and dictionary.

English also gets sets of real misspellings from Wikipedia's list of common
misspellings (--english-real FILE, FILE holding `wrong->right` lines; see
bench/data/README.md for the copy used).

Usage:
    scripts/make-typo-sets.py                     # every language in LANGUAGES, 1000 pairs a set
    scripts/make-typo-sets.py de fr --count 500
    scripts/make-typo-sets.py --english-real FILE # FILE: Wikipedia's "For machines" list (wrong->right lines)
Output: bench/data/typos-<lang>-tune.tsv and bench/data/typos-<lang>-measure.tsv
(`misspelling<TAB>correct<TAB>kind` lines after `#` comment lines).
"""
import argparse
import collections
import glob
import gzip
import hashlib
import html
import os
import random
import re
import subprocess
import sys
import unicodedata

from hunspell_dictionary import HunspellDictionary

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(ROOT, "bench", "data")
TUNE_SEED = 14001
MEASURE_SEED = 14002

# Keyboard layouts: letter rows, lower case (the number row where it carries letters).
US = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
LAYOUTS = {
    "us": US,
    "de": ["qwertzuiopü", "asdfghjklöä", "yxcvbnm"],
    "fr": ["azertyuiop", "qsdfghjklmù", "wxcvbn"],
    "fr-numbers": ["&é\"'(-è_çà"],
    "es": ["qwertyuiop", "asdfghjklñ", "zxcvbnm"],
    "ca": ["qwertyuiop", "asdfghjklñç", "zxcvbnm"],
    "it": ["qwertyuiopè", "asdfghjklòàù", "zxcvbnm"],
    "pt": ["qwertyuiop", "asdfghjklç", "zxcvbnm"],
    "cs": ["ěščřžýáíé", "qwertzuiopú", "asdfghjklů", "yxcvbnm"],
    "sk": ["ľščťžýáíé", "qwertzuiopúä", "asdfghjklôň", "yxcvbnm"],
    "hu": ["öüó", "qwertzuiopőú", "asdfghjkléáű", "íyxcvbnm"],
    "ro": ["qwertyuiopăî", "asdfghjklșțâ", "zxcvbnm"],
    "ru": ["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"],
    "uk": ["йцукенгшщзхї", "фівапролджє", "ячсмитьбю"],
    "bg": ["уеишщксдзцб", "ьяаожгтнвмч", "юйъэфхпрл"],
    "sr-cyrl": ["љњертзуиопшђ", "асдфгхјклчћ", "ѕџцвбнм"],
    "hr": ["qwertzuiopšđ", "asdfghjklčćž", "yxcvbnm"],
    "el": ["ςερτυθιοπ", "ασδφγηξκλ", "ζχψωβνμ"],
    "he": ["קראטוןםפ", "שדגכעיחלךף", "זסבהנמצתץ"],
    "tr": ["qwertyuıopğü", "asdfghjklşi", "zxcvbnmöç"],
    "sv": ["qwertyuiopå", "asdfghjklöä", "zxcvbnm"],
    "da": ["qwertyuiopå", "asdfghjklæø", "zxcvbnm"],
    "nb": ["qwertyuiopå", "asdfghjkløæ", "zxcvbnm"],
    "is": ["qwertyuiopð", "asdfghjklæ", "zxcvbnmþ"],
    "lt": ["ąčęėįšųū", "qwertyuiop", "asdfghjkl", "zxcvbnm"],
}

DOUBLE = r"([bcdfghjklmnpqrstvwxz])\1"
UNDOUBLE_CONSONANT = r"(?<=[aeiouy])([bcdfglmnprstz])(?=[aeiouy])"

# Per-language spelling slips: (pattern, replacement), applied once at a random matching place.
PHONETIC = {
    "en": [(r"able$", "ible"), (r"ible$", "able"), (r"ie", "ei"), (r"ei", "ie"), (r"ance", "ence"), (r"ence", "ance"),
           (r"ant$", "ent"), (r"ent$", "ant"), (r"ph", "f"), (r"c(?=[eiy])", "s"), (r"s(?=[eiy])", "c"),
           (r"c(?=[aou])", "k"), (r"k", "c"), (r"gh", "g"), (r"^wh", "w"), (r"tion$", "sion"), (r"sion$", "tion"),
           (r"(?<=[a-z])a(?=[a-z]{2})", "e"), (r"(?<=[a-z])e(?=[a-z]{2})", "a"), (r"(?<=[a-z])i(?=[a-z]{2})", "e"),
           (r"ise$", "ize"), (r"ous$", "us"), (r"ea", "ee"), (r"our", "or"), (DOUBLE, r"\1"),
           (UNDOUBLE_CONSONANT, r"\1\1")],
    "de": [(r"ie", "i"), (r"(?<=[^e])i(?=[lmnrt])", "ie"), (r"ä", "e"), (r"^([^aeiouäöü]*)e(?=[lmnrt])", r"\1ä"),
           (r"äu", "eu"), (r"eu", "äu"), (r"dt", "t"), (r"(?<=[aeiou])t$", "dt"), (r"ß", "ss"), (r"(?<=[aeiouäöü])ss", "ß"),
           (r"(?<=[aeiouäöü])h(?=[lmnr])", ""), (r"^([^aeiouäöü]*[aeiouäöü])(?=[lmnr](?:[aeiouäöü]|$))", r"\1h"), (r"v", "f"), (r"f", "v"),
           (r"tz", "z"), (r"(?<=[aeiou])z", "tz"), (r"ck", "k"), (r"(?<=[aeiou])k", "ck"), (r"ig$", "ich"),
           (r"ich$", "ig"), (r"th", "t"), (r"ph", "f"), (r"ai", "ei"), (r"ei", "ai"), (r"x", "chs"), (r"chs", "x"),
           (r"aa", "a"), (r"ee", "e"), (r"end$", "ent"), (r"ent$", "end"), (r"ss$", "s"), (r"(?<=[aeiou])s$", "ss"),
           (DOUBLE, r"\1"), (r"(?<=[aeiouäöü])([lmnprt])(?=[aeiou])", r"\1\1")],
    "fr": [(r"é", "è"), (r"è", "é"), (r"ê", "è"), (r"é", "e"), (r"(?<=[^aeiou])e(?=[^aeiou])", "é"), (r"ç", "c"),
           (r"c(?=[aou])", "ç"), (DOUBLE, r"\1"), (r"(?<=[aeiou])([lmnprt])(?=[aeiou])", r"\1\1"), (r"ent$", "ant"),
           (r"ant$", "ent"), (r"ance$", "ence"), (r"ence$", "ance"), (r"eau", "au"), (r"au", "o"), (r"ai", "é"),
           (r"er$", "é"), (r"é$", "er"), (r"ez$", "er"), (r"(?<=[aeiou])s$", ""), (r"(?<=[aeiou])t$", ""),
           (r"(?<=[^s])$", "s"), (r"ph", "f"), (r"qu", "k"), (r"y", "i"), (r"ain", "in"), (r"ein", "ain"),
           (r"em(?=[bp])", "en"), (r"en", "an"), (r"an", "en"), (r"(?<=[aeiou])s(?=[aeiou])", "ss"), (r"ss", "s"),
           (r"^h", ""), (r"oi", "oa"), (r"ille", "ie"), (r"gu(?=[ei])", "g"), (r"ô", "o"), (r"â", "a"), (r"î", "i")],
    "es": [(r"b", "v"), (r"v", "b"), (r"ll", "y"), (r"y(?=[aeiou])", "ll"), (r"c(?=[ei])", "s"), (r"z", "s"),
           (r"s", "z"), (r"c(?=[ei])", "z"), (r"^h", ""), (r"(?<=[aeiou])h", ""), (r"g(?=[ei])", "j"), (r"j(?=[ei])", "g"),
           (r"qu", "k"), (r"rr", "r"), (r"(?<=[aeiou])r(?=[aeiou])", "rr"), (r"x", "s"), (r"cc", "c"),
           (r"(?<=[aeiou])d$", ""), (r"ado$", "ao"), (r"sc(?=[ei])", "s"), (r"mb", "nb"), (r"mp", "np")],
    "it": [(DOUBLE, r"\1"), (r"(?<=[aeiou])([bcdfglmnprstvz])(?=[aeiou])", r"\1\1"), (r"zz", "z"), (r"gli", "li"),
           (r"li(?=[aeiou])", "gli"), (r"sc(?=[ei])", "sci"), (r"sci(?=[aeou])", "sc"), (r"chi", "ci"), (r"ghi", "gi"),
           (r"gn", "ni"), (r"cq", "q"), (r"qu", "cu"), (r"cu(?=[aeio])", "qu"), (r"zio", "tio"), (r"^h", ""),
           (r"è", "é"), (r"é", "è"), (r"ie", "e"), (r"(?<=[cg])e", "ie"), (r"(?<=[aeiou])s(?=[aeiou])", "ss")],
    "pt": [(r"ç", "ss"), (r"ss", "ç"), (r"(?<=[aeiou])s(?=[aeiou])", "z"), (r"(?<=[aeiou])z(?=[aeiou])", "s"),
           (r"ão$", "am"), (r"am$", "ão"), (r"x", "ch"), (r"ch", "x"), (r"lh", "li"), (r"nh", "ni"), (r"g(?=[ei])", "j"),
           (r"j(?=[ei])", "g"), (r"c(?=[aou])", "ç"), (r"ss", "s"), (r"rr", "r"), (r"(?<=[aeiou])r(?=[aeiou])", "rr"),
           (r"(?<=[aeiou])u$", "l"), (r"(?<=[aeiou])l$", "u"), (r"e$", "i"), (r"o$", "u"), (r"^h", ""),
           (r"s(?=[ce])", ""), (r"sc(?=[ei])", "c"), (r"ç", "s")],
    "pl": [(r"ó", "u"), (r"u", "ó"), (r"rz", "ż"), (r"ż", "rz"), (r"ch", "h"), (r"h", "ch"), (r"ą", "om"),
           (r"ę", "em"), (r"ę$", "e"), (r"ą$", "o"), (r"ś(?=[^aeiouy])", "si"), (r"ć", "ci"), (r"ń", "ni"),
           (r"ci(?=[aeou])", "ć"), (r"w(?=[kpstcf])", "f"), (r"ż", "sz"), (r"dz", "c"), (r"ii$", "i"), (r"ji$", "ii"),
           (r"ł", "l"), (r"on", "ą"), (r"en", "ę"), (r"(?<=[aeiouy])j", "i"), (DOUBLE, r"\1"),
           (r"(?<=[aeiouy])([lmnst])(?=[aeiouy])", r"\1\1"), (r"b(?=[kpst])", "p"), (r"d(?=[kpst])", "t"),
           (r"g(?=[kpst])", "k"), (r"ź", "ż"), (r"ż", "ź")],
    "ru": [(r"(?<=[^аеиоуыэюя])о(?=[^аеиоуыэюя])", "а"), (r"(?<=[^аеиоуыэюя])а(?=[^аеиоуыэюя])", "о"),
           (r"е(?=[^аеиоуыэюя])", "и"), (r"и(?=[^аеиоуыэюя])", "е"), (r"я(?=[^аеиоуыэюя])", "е"),
           (r"тся$", "ться"), (r"ться$", "тся"), (r"ь(?=[^аеиоуыэюя])", ""), (r"нн", "н"),
           (r"(?<=[аеиоуыэюя])н(?=[аеиоуыэюя])", "нн"), (r"ё", "е"), (r"з(?=[кпстфхцчшщ])", "с"),
           (r"с(?=[бгдзж])", "з"), (r"жи", "жы"), (r"ши", "шы"), (r"ча", "чя"), (r"ща", "щя"), (r"чу", "чю"),
           (r"сч", "щ"), (r"щ", "сч"), (r"ого$", "ово"), (r"его$", "ево"), (r"стн", "сн"), (r"здн", "зн"),
           (r"вств", "ств"), (r"й", "и"), (r"ъ", "ь"), (r"(?<=[^аеиоуыэюя])ь$", ""), (r"сс", "с"), (r"лл", "л")],
    "uk": [(r"и", "і"), (r"і", "и"), (r"е(?=[^аеиіоуюяєї])", "и"), (r"и(?=[^аеиіоуюяєї])", "е"), (r"ь", ""),
           (r"ї", "і"), (r"є", "е"), (r"ґ", "г"), (r"ться$", "тся"), (r"нн", "н"),
           (r"(?<=[аеиіоуюяєї])н(?=[аеиіоуюяєї])", "нн"), (r"(?<=[^аеиіоуюяєї])о(?=[^аеиіоуюяєї])", "а"),
           (r"з(?=[кпстфхцчш])", "с"), (r"с(?=[бгдзж])", "з"), (r"дж", "ж"), (r"дз", "з"), (r"щ", "шч"), (r"лл", "л")],
    "bg": [(r"ъ", "а"), (r"(?<=[^аеиоуъюя])а(?=[^аеиоуъюя])", "ъ"), (r"я", "е"), (r"е(?=[^аеиоуъюя])", "я"),
           (r"о", "у"), (r"у", "о"), (r"щ", "шт"), (r"ьо", "йо"), (r"ий$", "и"), (r"(?<=[аеиоуъюя])т$", "д"),
           (r"д$", "т"), (r"в(?=[кпстфхцчш])", "ф"), (r"з(?=[кпстфхцчш])", "с"), (r"нн", "н"), (r"тт", "т")],
    "cs": [(r"i", "y"), (r"y", "i"), (r"í", "ý"), (r"ý", "í"), (r"ů", "ú"), (r"ú", "ů"), (r"ě", "je"), (r"je", "ě"),
           (r"mě", "mně"), (r"mně", "mě"), (r"(?<=[aeiouy])s(?=[aeiouy])", "z"), (r"z", "s"), (r"^s", "z"),
           (r"ou", "ú"), (r"nn", "n"), (r"dě", "dje"), (r"tě", "tje"), (r"ž", "š"), (r"d$", "t"), (r"v(?=[kpst])", "f")],
    "sk": [(r"i", "y"), (r"y", "i"), (r"í", "ý"), (r"ý", "í"), (r"ä", "e"), (r"ô", "uo"), (r"ľ", "l"), (r"ia", "ie"),
           (r"ie", "ia"), (r"(?<=[aeiouy])s(?=[aeiouy])", "z"), (r"z", "s"), (r"ou", "ú"), (r"nn", "n"), (r"d$", "t")],
    "nl": [(r"ei", "ij"), (r"ij", "ei"), (r"dt$", "t"), (r"(?<=[aeiou])t$", "dt"), (r"d$", "t"), (r"t$", "d"),
           (r"ou", "au"), (r"au", "ou"), (r"g", "ch"), (r"ch", "g"), (r"aa", "a"), (r"ee", "e"), (r"oo", "o"),
           (r"uu", "u"), (r"(?<=[^aeiou][aeiou])([bdfgklmnprst])(?=[aeiou])", r"\1\1"), (DOUBLE, r"\1"),
           (r"(?<=[aeiou])s(?=[aeiou])", "z"), (r"^z", "s"), (r"f", "v"), (r"^v", "f"), (r"ie", "i"), (r"c", "k"),
           (r"k", "c"), (r"y", "ij"), (r"eeu", "eu"), (r"ui", "uy")],
    "sv": [(r"å", "o"), (r"(?<=[^aeiouyåäö])o", "å"), (r"ä", "e"), (r"e", "ä"), (r"ö", "ø"), (r"sj", "sk"),
           (r"sk(?=[eiyäö])", "sj"), (r"stj", "sj"), (r"tj", "sj"), (r"k(?=[eiyäö])", "tj"), (r"j", "g"),
           (r"g(?=[eiyäö])", "j"), (DOUBLE, r"\1"), (r"(?<=[aeiouyåäö])([klmnpst])(?=[aeiouyåäö]|$)", r"\1\1"),
           (r"ck", "k"), (r"(?<=[aeiouyåäö])k", "ck"), (r"dj", "j"), (r"hj", "j"), (r"lj", "j")],
    "da": [(r"æ", "e"), (r"(?<=[^aeiouyæøå])e", "æ"), (r"ø", "ö"), (r"å", "aa"), (r"aa", "å"), (r"(?<=[aeiouyæøå])d$", ""),
           (r"(?<=[aeiouyæøå])([bdfgklmnprst])(?=[aeiouyæøå])", r"\1\1"), (DOUBLE, r"\1"), (r"hv", "v"),
           (r"^v", "hv"), (r"ig$", "i"), (r"c", "k"), (r"k", "c"), (r"ej", "aj"), (r"ø", "o")],
    "nb": [(r"æ", "e"), (r"(?<=[^aeiouyæøå])e", "æ"), (r"ø", "ö"), (r"å", "aa"), (r"(?<=[aeiouyæøå])d$", ""),
           (r"(?<=[aeiouyæøå])([bdfgklmnprst])(?=[aeiouyæøå])", r"\1\1"), (DOUBLE, r"\1"), (r"hv", "v"),
           (r"^v", "hv"), (r"ig$", "i"), (r"kj", "tj"), (r"skj", "sj"), (r"sj", "skj"), (r"ei", "æi"), (r"ø", "o")],
    "is": [(r"ð", "d"), (r"þ", "th"), (r"y", "i"), (r"i", "y"), (r"ý", "í"), (r"í", "ý"), (r"é", "je"),
           (DOUBLE, r"\1"), (r"(?<=[aeiouyáéíóúý])([lnrst])(?=[aeiouáéíóú])", r"\1\1"), (r"gg", "g")],
    "ca": [(r"b", "v"), (r"v", "b"), (r"ç", "ss"), (r"(?<=[aeiou])ss(?=[aeiou])", "s"), (r"l·l", "ll"),
           (r"ny", "ñ"), (r"ix", "x"), (r"tx", "ch"), (r"g(?=[ei])", "j"), (r"j(?=[ei])", "g"), (r"à", "á"),
           (r"è", "é"), (r"é", "è"), (r"ò", "ó"), (r"ó", "ò"), (r"^h", ""), (r"tz", "z"), (r"(?<=[aeiou])s$", "z")],
    "hu": [(r"ly", "j"), (r"(?<=[aeiouáéíóöőúüű])j", "ly"), (r"ö", "ő"), (r"ő", "ö"), (r"ü", "ű"), (r"ű", "ü"),
           (r"i", "í"), (r"í", "i"), (r"o", "ó"), (r"ó", "o"), (r"u", "ú"), (r"ú", "u"), (r"é", "e"), (r"á", "a"),
           (DOUBLE, r"\1"), (r"(?<=[aeiouáéíóöőúüű])([lmnst])(?=[aeiouáéíóöőúüű])", r"\1\1"), (r"ssz", "sz"),
           (r"tt", "t"), (r"cs", "ch")],
    "ro": [(r"ă", "a"), (r"â", "î"), (r"î", "â"), (r"ș", "s"), (r"ț", "t"), (r"ii$", "i"), (r"(?<=[^i])i$", "ii"),
           (r"ea", "e"), (r"ia", "ea"), (r"(?<=[aeiou])s(?=[aeiou])", "z"), (r"x", "cs"), (DOUBLE, r"\1")],
    "lt": [(r"ė", "e"), (r"ę", "e"), (r"į", "i"), (r"y", "i"), (r"i", "y"), (r"ų", "u"), (r"ū", "u"), (r"u", "ū"),
           (r"ą", "a"), (r"č", "c"), (r"š", "s"), (r"ž", "z"), (r"ie", "e"), (r"uo", "o")],
    "lv": [(r"ā", "a"), (r"ē", "e"), (r"ī", "i"), (r"ū", "u"), (r"a", "ā"), (r"e", "ē"), (r"i", "ī"), (r"ļ", "l"),
           (r"ņ", "n"), (r"ķ", "k"), (r"ģ", "g"), (r"č", "c"), (r"š", "s"), (r"ž", "z"), (r"ie", "e")],
    "sl": [(r"č", "c"), (r"š", "s"), (r"ž", "z"), (r"lj", "l"), (r"nj", "n"), (r"(?<=[aeiou])l$", "u"),
           (r"u$", "l"), (r"ij", "i"), (r"d$", "t"), (r"z(?=[kpstfhc])", "s"), (r"s(?=[bgdz])", "z")],
    "hr": [(r"č", "ć"), (r"ć", "č"), (r"dž", "đ"), (r"đ", "dž"), (r"ije", "je"), (r"(?<=[^i])je", "ije"),
           (r"lj", "l"), (r"nj", "n"), (r"z(?=[kpstfhc])", "s"), (r"s(?=[bgdz])", "z"), (r"d(?=[kpst])", "t")],
    "bs": [(r"č", "ć"), (r"ć", "č"), (r"dž", "đ"), (r"đ", "dž"), (r"ije", "je"), (r"(?<=[^i])je", "ije"),
           (r"lj", "l"), (r"nj", "n"), (r"h", ""), (r"z(?=[kpstfhc])", "s"), (r"s(?=[bgdz])", "z")],
    "sr": [(r"č", "ć"), (r"ć", "č"), (r"dž", "đ"), (r"đ", "dž"), (r"ije", "e"), (r"je", "e"), (r"lj", "l"),
           (r"nj", "n"), (r"z(?=[kpstfhc])", "s"), (r"ч", "ћ"), (r"ћ", "ч"), (r"џ", "ђ"), (r"ђ", "џ"),
           (r"з(?=[кпстфхц])", "с"), (r"с(?=[бгдз])", "з")],
    "el": [(r"ο", "ω"), (r"ω", "ο"), (r"ι", "η"), (r"η", "ι"), (r"ει", "ι"), (r"οι", "ι"), (r"υ", "ι"), (r"ε", "αι"),
           (r"αι", "ε"), (r"ό", "ώ"), (r"ώ", "ό"), (r"ί", "ή"), (r"ή", "ί"), (r"ύ", "ί"), (r"ει", "ι"), (r"μπ", "β"),
           (r"ντ", "δ"), (r"γγ", "γκ"), (r"γκ", "γγ"), (DOUBLE.replace("bcdfghjklmnpqrstvwxz", "βγδζθκλμνπρστφχψ"), r"\1")],
    "he": [(r"א", "ע"), (r"ע", "א"), (r"ת", "ט"), (r"ט", "ת"), (r"כ", "ח"), (r"ח", "כ"), (r"ק", "כ"), (r"כ", "ק"),
           (r"ס", "ש"), (r"ש", "ס"), (r"ב", "ו"), (r"(?<=.)ו(?=.)", ""), (r"(?<=.)י(?=.)", ""), (r"(?<=.)(?=[^וי].)", "י")],
    "tr": [(r"ı", "i"), (r"i", "ı"), (r"ler$", "lar"), (r"lar$", "ler"), (r"de$", "da"), (r"da$", "de"),
           (r"ğ", ""), (r"(?<=[aeıioöuü])y", ""), (r"k$", "ğ"), (r"c", "ç"), (r"d", "t"), (DOUBLE, r"\1"),
           (r"(?<=[aeıioöuü])([lmnrst])(?=[aeıioöuü])", r"\1\1")],
    "id": [(r"u", "o"), (r"o", "u"), (r"e", "a"), (r"ny", "nj"), (r"sy", "sj"), (r"kh", "h"), (r"f", "p"),
           (r"p", "f"), (r"v", "f"), (r"z", "j"), (DOUBLE, r"\1"), (r"(?<=[aeiou])([kmnt])(?=[aeiou])", r"\1\1")],
    "vi": [(r"d", "gi"), (r"gi", "d"), (r"tr", "ch"), (r"ch", "tr"), (r"s", "x"), (r"x", "s"), (r"n$", "ng"),
           (r"ng$", "n"), (r"c$", "t"), (r"t$", "c"), (r"i$", "y"), (r"y$", "i"), (r"r", "d")],
    "hi": [(r"ि", "ी"), (r"ी", "ि"), (r"ु", "ू"), (r"ू", "ु"), (r"ं", "ँ"), (r"ँ", "ं"), (r"श", "स"), (r"ष", "श"),
           (r"स", "श"), (r"ण", "न"), (r"ऋ", "रि"), (r"े", "ै"), (r"ै", "े"), (r"ो", "ौ"), (r"ौ", "ो"), (r"्", "")],
    "bn": [(r"ি", "ী"), (r"ী", "ি"), (r"ু", "ূ"), (r"ূ", "ু"), (r"শ", "স"), (r"ষ", "শ"), (r"স", "শ"), (r"ন", "ণ"),
           (r"ণ", "ন"), (r"জ", "য"), (r"য", "জ"), (r"ে", "ৈ"), (r"ো", "ৌ"), (r"্", ""), (r"ড়", "র"), (r"র", "ড়")],
}

# Words that are one character when a layout sends them (ß is on the German number row, and so on).
EXTRA_KEYS = {"de": "ß"}

# Letters with their diacritic left out: what NFD decomposition does not give.
STRIPPED = {"ß": "ss", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "Ae", "đ": "d", "Đ": "D", "ð": "d",
            "þ": "th", "ı": "i", "œ": "oe"}

# language -> Hunspell dictionary, layout, sources (kind, argument).
# Kinds: fortunes (a package's fortune files), textgz (a package's .txt.gz), html (a package's or a
# folder's .html files), man (a package's manual pages), gettext (/usr/share/locale/<arg>/LC_MESSAGES/*.mo).
IG = "/usr/share/doc/installation-guide-amd64/"
LANGUAGES = {
    "en": ("en_US", "us", [("fortunes", "fortunes"), ("textgz", "maint-guide"), ("html", IG + "en")]),
    "bg": ("bg_BG", "bg", [("fortunes", "fortunes-bg"), ("gettext", "bg")]),
    "bn": ("bn_BD", None, [("gettext", "bn")]),
    "bs": ("bs_BA", "hr", [("gettext", "bs")]),
    "ca": ("ca", "ca", [("textgz", "maint-guide-ca"), ("html", IG + "ca"), ("gettext", "ca")]),
    "cs": ("cs_CZ", "cs", [("fortunes", "fortunes-cs:!klasik-sk"), ("man", "manpages-cs"), ("html", IG + "cs")]),
    "da": ("da_DK", "da", [("man", "manpages-da"), ("html", IG + "da"), ("gettext", "da")]),
    "de": ("de_DE", "de", [("fortunes", "fortunes-de"), ("textgz", "maint-guide-de"), ("html", "debian-reference-de")]),
    "el": ("el_GR", "el", [("man", "manpages-el"), ("html", IG + "el"), ("gettext", "el")]),
    "es": ("es_ES", "es", [("fortunes", "fortunes-es"), ("textgz", "maint-guide-es"), ("html", "debian-reference-es")]),
    "fr": ("fr_FR", "fr", [("textgz", "maint-guide-fr"), ("html", "debian-reference-fr"), ("man", "manpages-fr")]),
    "he": ("he_IL", "he", [("gettext", "he")]),
    "hi": ("hi_IN", None, [("gettext", "hi")]),
    "hr": ("hr_HR", "hr", [("gettext", "hr")]),
    "hu": ("hu_HU", "hu", [("man", "manpages-hu"), ("gettext", "hu")]),
    "id": ("id_ID", "us", [("man", "manpages-id"), ("html", IG + "id"), ("gettext", "id")]),
    "is": ("is_IS", "is", [("gettext", "is")]),
    "it": ("it_IT", "it", [("fortunes", "fortunes-it"), ("textgz", "maint-guide-it"), ("html", "debian-reference-it")]),
    "lt": ("lt_LT", "lt", [("gettext", "lt")]),
    "lv": ("lv_LV", "us", [("gettext", "lv")]),
    "nb": ("nb_NO", "nb", [("man", "manpages-nb"), ("gettext", "nb")]),
    "nl": ("nl_NL", "us", [("man", "manpages-nl"), ("html", IG + "nl"), ("gettext", "nl")]),
    "pl": ("pl_PL", "us", [("fortunes", "fortunes-pl"), ("man", "manpages-pl")]),
    "pt": ("pt_BR", "pt", [("fortunes", "fortunes-br"), ("html", "debian-reference-pt-br"), ("man", "manpages-pt-br")]),
    "ro": ("ro_RO", "ro", [("man", "manpages-ro"), ("html", IG + "ro"), ("gettext", "ro")]),
    "ru": ("ru_RU", "ru", [("fortunes", "fortunes-ru"), ("textgz", "maint-guide-ru"), ("man", "manpages-ru")]),
    "sk": ("sk_SK", "sk", [("fortunes", "fortunes-cs:klasik-sk"), ("gettext", "sk")]),
    "sl": ("sl_SI", "hr", [("gettext", "sl")]),
    "sr": ("sr_RS", "sr-cyrl", [("gettext", "sr")]),
    "sv": ("sv_SE", "sv", [("man", "manpages-sv"), ("html", IG + "sv"), ("gettext", "sv")]),
    "tr": ("tr_TR", "tr", [("man", "manpages-tr"), ("gettext", "tr")]),
    "uk": ("uk_UA", "uk", [("man", "manpages-uk"), ("gettext", "uk")]),
    "vi": ("vi_VN", "us", [("man", "manpages-vi"), ("html", IG + "vi"), ("gettext", "vi")]),
}
DIACRITIC_LANGUAGES = set(LANGUAGES) - {"en", "nl", "id", "bn", "hi", "he", "ru", "bg", "uk", "sr"}


# --- Text extraction ---

def package_files(package):
    listing = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True)
    if listing.returncode != 0:
        raise SystemExit("%s is not installed (scripts/install-deps --with-bench installs it)" % package)
    return sorted(p for p in listing.stdout.split("\n") if os.path.isfile(p) and not os.path.islink(p))


def read_bytes(path):
    with (gzip.open(path) if path.endswith(".gz") else open(path, "rb")) as handle:
        return handle.read()


def strip_html(text):
    text = re.sub(r"(?is)<(pre|code|script|style|tt)\b.*?</\1>", " ", text)
    return html.unescape(re.sub(r"(?s)<[^>]*>", " ", text))


def strip_roff(text):
    lines = []
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            # Keep the text of font and section macros (.B word, .SH NAME).
            match = re.match(r"\.(?:B|I|BI|IB|BR|RB|IR|RI|SH|SS|TP|IP)\s+(.*)", line)
            if not match:
                continue
            line = match.group(1).replace('"', " ")
        line = re.sub(r"\\f(?:\[[^\]]*\]|\(..|.)", "", line)
        line = re.sub(r"\\\((..)|\\\[[^\]]*\]|\\\*(?:\(..|\[[^\]]*\]|.)|\\s[-+]?\d+|\\[&e\-|^%:!~0 ]", " ", line)
        lines.append(line)
    return "\n".join(lines)


def gettext_text(path):
    result = subprocess.run(["msgunfmt", path], capture_output=True)
    if result.returncode != 0:
        return ""
    strings = []
    current = None
    for line in result.stdout.decode("utf-8", "replace").split("\n"):
        if line.startswith("msgstr"):
            current = []
            strings.append(current)
            line = line.split(" ", 1)[1] if " " in line else ""
        elif line.startswith(("msgid", "#")) or not line.strip():
            current = None
            continue
        if current is not None and line.startswith('"'):
            current.append(line.strip()[1:-1].replace("\\n", " ").replace('\\"', '"'))
    # %s, %d and the like are not words.
    return re.sub(r"%[-+ #0-9.]*[a-zA-Z]|&(?=\w)|_(?=\w)", " ", "\n".join(" ".join(s) for s in strings))


def documents(sources):
    """(source, path, text) for every document of the sources, in a stable order."""
    found = []
    for kind, argument in sources:
        start = len(found)
        if kind == "fortunes":
            package, _, part = argument.partition(":")
            # `package:name` keeps only the files whose path holds `name`, `package:!name` drops them.
            paths = [p for p in package_files(package) if "/fortunes/" in p and not p.endswith((".dat", ".u8"))
                     and ((part[1:] not in p) if part.startswith("!") else (part in p))]
            found += [(p, read_bytes(p).decode("utf-8", "replace")) for p in paths]
        elif kind == "textgz":
            found += [(p, read_bytes(p).decode("utf-8", "replace")) for p in package_files(argument)
                      if p.endswith(".txt.gz")]
        elif kind == "html":
            paths = (sorted(glob.glob(os.path.join(argument, "*.html"))) if argument.startswith("/")
                     else [p for p in package_files(argument) if p.endswith(".html")])
            if argument.startswith("/") and not paths:
                raise SystemExit("no HTML files in %s (install installation-guide-amd64)" % argument)
            found += [(p, strip_html(read_bytes(p).decode("utf-8", "replace"))) for p in paths]
        elif kind == "man":
            found += [(p, strip_roff(read_bytes(p).decode("utf-8", "replace"))) for p in package_files(argument)
                      if "/man/" in p and re.search(r"\.\d\w*(\.gz)?$", p)]
        elif kind == "gettext":
            paths = sorted(glob.glob("/usr/share/locale/%s/LC_MESSAGES/*.mo" % argument))
            found += [(p, gettext_text(p)) for p in paths]
        else:
            raise ValueError(kind)
        label = {"html": "html " + os.path.basename(argument.rstrip("/")) if argument.startswith("/") else argument,
                 "gettext": "gettext catalogues " + argument}.get(kind, argument.partition(":")[0])
        if argument.startswith(IG):
            label = "installation-guide-amd64 (%s)" % os.path.basename(argument)
        found[start:] = [(label, path, text) for path, text in found[start:]]
    return found


def split_documents(found):
    """The tuning half and the measurement half: documents in order, alternately."""
    tune, measure = [], []
    for index, document in enumerate(found):
        (tune if index % 2 == 0 else measure).append(document)
    return tune, measure


def is_letter(character):
    return unicodedata.category(character)[0] in "LM"


def tokens(text):
    """Runs of letters (and combining marks) not joined to digits, apostrophes, hyphens, periods or the like."""
    result = []
    index = 0
    length = len(text)
    while index < length:
        if not is_letter(text[index]):
            index += 1
            continue
        start = index
        while index < length and is_letter(text[index]):
            index += 1
        before = text[start - 1] if start > 0 else " "
        after = text[index] if index < length else " "
        if before not in "'’-._/@\\" and not before.isdigit() and after not in "'’-_/@\\" and not after.isdigit() \
                and not (after == "." and index + 1 < length and is_letter(text[index + 1])):
            result.append(unicodedata.normalize("NFC", text[start:index]))
    return result


# --- Hunspell ---

def Dictionary(name):
    """The bundled en_US, or a system dictionary by name."""
    folder = os.path.join(ROOT, "dictionaries") if name == "en_US" else "/usr/share/hunspell"
    try:
        return HunspellDictionary(os.path.join(folder, name + ".aff"))
    except FileNotFoundError:
        raise SystemExit("no %s dictionary in %s" % (name, folder))


# --- Errors ---

def neighbours(rows):
    near = collections.defaultdict(set)
    for r, row in enumerate(rows):
        for i, key in enumerate(row):
            for j in (i - 1, i + 1):
                if 0 <= j < len(row):
                    near[key].add(row[j])
            for other, offsets in ((r - 1, (i, i + 1)), (r + 1, (i - 1, i))):
                if 0 <= other < len(rows):
                    for j in offsets:
                        if 0 <= j < len(rows[other]):
                            near[key].add(rows[other][j])
    return {key: sorted(c for c in value if c.isalpha()) for key, value in near.items()}


def same_case(model, letter):
    return letter.upper() if model.isupper() else letter


class Maker:
    def __init__(self, lang, rnd):
        _, layout, _ = LANGUAGES[lang]
        self.lang = lang
        self.rnd = rnd
        rows = list(LAYOUTS.get(layout, [])) if layout else []
        if layout == "fr":
            rows = LAYOUTS["fr-numbers"] + rows
        self.near = neighbours(rows) if rows else {}
        self.rules = [(re.compile(p), r) for p, r in PHONETIC.get(lang, [(DOUBLE, r"\1"), (UNDOUBLE_CONSONANT, r"\1\1")])]

    def keyboard(self, word):
        spots = [i for i, c in enumerate(word) if c.lower() in self.near and self.near[c.lower()]]
        if not spots:
            return None
        i = self.rnd.choice(spots)
        return word[:i] + same_case(word[i], self.rnd.choice(self.near[word[i].lower()])) + word[i + 1:]

    def insert(self, word):
        spots = [i for i, c in enumerate(word) if c.lower() in self.near and self.near[c.lower()]]
        if not spots:
            return None
        i = self.rnd.choice(spots)
        extra = same_case(word[i], self.rnd.choice(self.near[word[i].lower()]))
        return word[:i + 1] + extra + word[i + 1:] if self.rnd.random() < 0.5 else word[:i] + extra + word[i:]

    def swap(self, word):
        spots = [i for i in range(len(word) - 1) if word[i] != word[i + 1] and is_base(word[i]) and is_base(word[i + 1])]
        if not spots:
            return None
        i = self.rnd.choice(spots)
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]

    def drop(self, word):
        doubled = [i for i in range(1, len(word)) if word[i] == word[i - 1]]
        if doubled and self.rnd.random() < 0.5:
            i = self.rnd.choice(doubled)
        else:
            i = self.rnd.randrange(1, len(word)) if len(word) > 3 and self.rnd.random() < 0.9 else self.rnd.randrange(len(word))
        return word[:i] + word[i + 1:]

    def double(self, word):
        spots = [i for i, c in enumerate(word) if is_base(c)]
        if not spots:
            return None
        i = self.rnd.choice(spots)
        return word[:i] + word[i] + word[i:]

    def diacritic(self, word):
        stripped = [strip(c) for c in word]
        spots = [i for i, c in enumerate(word) if stripped[i] != c]
        if not spots:
            return None
        if len(spots) > 1 and self.rnd.random() < 0.3:
            return "".join(stripped)
        i = self.rnd.choice(spots)
        return word[:i] + stripped[i] + word[i + 1:]

    def phonetic(self, word):
        lower = word.lower()
        rules = list(self.rules)
        self.rnd.shuffle(rules)
        for pattern, replacement in rules:
            matches = list(pattern.finditer(lower))
            if not matches:
                continue
            m = self.rnd.choice(matches)
            changed = lower[:m.start()] + m.expand(replacement) + lower[m.end():]
            if changed != lower and changed:
                return restore_case(word, changed)
        return None

    def kinds(self):
        kinds = [(self.drop, 16), (self.double, 8), (self.swap, 12), (self.phonetic, 26)]
        if self.near:
            kinds += [(self.keyboard, 20), (self.insert, 8)]
        if self.lang in DIACRITIC_LANGUAGES:
            kinds += [(self.diacritic, 12)]
        return kinds


def is_base(character):
    return unicodedata.category(character)[0] == "L"


def strip(character):
    if character in STRIPPED:
        return STRIPPED[character]
    decomposed = unicodedata.normalize("NFD", character)
    base = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    return unicodedata.normalize("NFC", base) if base else character


def restore_case(model, lower):
    if model[:1].isupper() and not model.isupper():
        return lower[:1].upper() + lower[1:]
    if model.isupper():
        return lower.upper()
    return lower


# --- Sets ---

def word_pool(half, dictionary):
    """Words of one half of the documents with how often each occurs, as most often written."""
    surfaces = collections.Counter()
    for _, _, text in half:
        for token in tokens(text):
            # Lower case (or a caseless script) or Capitalised only: not acronyms, not mixed case (iPhone).
            if len(token) >= 3 and not any(c.isupper() for c in token[1:]):
                surfaces[token] += 1
    by_key = {}
    counts = collections.Counter()
    for surface, count in surfaces.most_common():
        key = surface.lower()
        counts[key] += count
        by_key.setdefault(key, surface)
    pool = []
    for key, count in counts.items():
        word = by_key[key]
        if dictionary.accepts(word):
            pool.append((word, count))
    pool.sort(key=lambda item: (-item[1], item[0]))
    return pool


def make_set(lang, half, seed, count, dictionary):
    rnd = random.Random(seed)
    maker = Maker(lang, rnd)
    pool = word_pool(half, dictionary)
    if len(pool) < count:
        print("%s: only %d usable words in this half" % (lang, len(pool)), file=sys.stderr)
    words = [w for w, _ in pool]
    weights = [c ** 0.5 for _, c in pool]
    kinds, kind_weights = zip(*maker.kinds())
    rows = []
    used_words = set()
    seen = set()
    attempts = 0
    while len(rows) < count and attempts < count * 60 and len(used_words) < len(words):
        attempts += 1
        word = rnd.choices(words, weights)[0]
        if word in used_words:
            continue
        kind = rnd.choices(kinds, kind_weights)[0]
        # Errors are made on the letters; the word's case pattern (Capitalised, lower) is kept.
        typo = kind(word.lower())
        typo = restore_case(word, typo) if typo else typo
        if not typo or typo == word or typo in seen or len(typo) < 2:
            continue
        if dictionary.accepts(typo) or dictionary.accepts(typo.lower()) or dictionary.accepts(typo[:1].upper() + typo[1:]):
            continue
        used_words.add(word)
        seen.add(typo)
        rows.append((typo, word, kind.__name__))
    return rows, len(pool)


def describe(half):
    sources = collections.Counter(label for label, _, _ in half)
    return ", ".join("%s: %d" % kv for kv in sorted(sources.items()))


def write(path, header, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for line in header:
            out.write("# %s\n" % line)
        for row in rows:
            out.write("\t".join(row) + "\n")


def make_language(lang, count):
    name, _, sources = LANGUAGES[lang]
    dictionary = Dictionary(name)
    found = [document for document in documents(sources) if document[2].strip()]
    halves = dict(zip(("tune", "measure"), split_documents(found)))
    for which, seed in (("tune", TUNE_SEED), ("measure", MEASURE_SEED)):
        rows, pool = make_set(lang, halves[which], seed, count, dictionary)
        kinds = collections.Counter(k for _, _, k in rows)
        path = os.path.join(DATA, "typos-%s-%s.tsv" % (lang, which))
        write(path, [
            "%s set for %s: misspelling<TAB>correct<TAB>kind; made by scripts/make-typo-sets.py (seed %d)"
            % ("TUNING" if which == "tune" else "MEASUREMENT (never tune on it)", lang, seed),
            "words from %d documents (%s half, %d distinct words %s accepts): %s"
            % (len(halves[which]), which, pool, name, describe(halves[which])),
            "kinds: " + ", ".join("%s %d" % kv for kv in sorted(kinds.items())),
        ], rows)
        print("%s %s: %d pairs from %d documents (%d words); %s" % (
            lang, which, len(rows), len(halves[which]), pool, ", ".join("%s %d" % kv for kv in sorted(kinds.items()))))


def make_english_real(source, count):
    """Real English misspellings from Wikipedia's list, split in two by a hash of the misspelling."""
    dictionary = Dictionary("en_US")
    corrections = collections.defaultdict(set)
    with open(source, encoding="utf-8") as handle:
        for line in handle:
            if "->" not in line:
                continue
            wrong, right = line.strip().split("->", 1)
            for candidate in right.split(","):
                if candidate.strip():
                    corrections[wrong.strip()].add(candidate.strip())
    pairs = []
    for wrong, rights in sorted(corrections.items()):
        if len(rights) != 1:
            continue
        right = next(iter(rights))
        if " " in right or not dictionary.accepts(right) or dictionary.accepts(wrong):
            continue
        pairs.append((wrong, right, "real"))
    halves = {"tune": [], "measure": []}
    for pair in pairs:
        digest = hashlib.sha1(pair[0].encode()).digest()[0]
        halves["tune" if digest % 2 == 0 else "measure"].append(pair)
    for which, rows in halves.items():
        path = os.path.join(DATA, "typos-en-real-%s.tsv" % which)
        write(path, [
            "%s set of real English misspellings: misspelling<TAB>correct<TAB>kind; made by scripts/make-typo-sets.py"
            % ("TUNING" if which == "tune" else "MEASUREMENT (never tune on it)"),
            "from Wikipedia:Lists of common misspellings/For machines (CC BY-SA 3.0), as of 2018-01-19 with a few",
            "additions, in github.com/lgtmhq/lgtm-queries (commit 324eb99) javascript/Expressions/TypoDatabase.qll;",
            "entries with one correction that en_US accepts and a misspelling it rejects; halves by the parity of the",
            "first byte of SHA-1(misspelling)",
        ], rows[:count] if count else rows)
        print("en-real %s: %d pairs" % (which, len(rows)))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("languages", nargs="*", help="default: all of " + " ".join(sorted(LANGUAGES)))
    parser.add_argument("--count", type=int, default=1000, help="pairs per set (default 1000)")
    parser.add_argument("--english-real", metavar="FILE", help="make typos-en-real-{tune,measure}.tsv from this list")
    parser.add_argument("--output", metavar="FOLDER", help="write the sets here (default bench/data)")
    args = parser.parse_args()
    global DATA
    DATA = args.output or DATA
    os.makedirs(DATA, exist_ok=True)
    if args.english_real:
        make_english_real(args.english_real, 0)
        if not args.languages:
            return
    for lang in args.languages or sorted(LANGUAGES):
        if lang not in LANGUAGES:
            raise SystemExit("unknown language %s" % lang)
        make_language(lang, args.count)


if __name__ == "__main__":
    main()

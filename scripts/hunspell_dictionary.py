"""One Hunspell dictionary, asked word by word through libhunspell (ctypes; no tokenizer in the way).

Shared by the data-generating scripts (make-frequencies.py, make-typo-sets.py).
"""
import ctypes
import os


class HunspellDictionary:
    library = None

    def __init__(self, affix):
        """Opens the dictionary whose .aff file is `affix` (links followed); FileNotFoundError when it is missing."""
        if HunspellDictionary.library is None:
            library = ctypes.CDLL("libhunspell-1.7.so.0")
            library.Hunspell_create.restype = ctypes.c_void_p
            library.Hunspell_create.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
            library.Hunspell_spell.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
            HunspellDictionary.library = library
        base = os.path.realpath(affix)[:-4]
        if not os.path.exists(base + ".aff") or not os.path.exists(base + ".dic"):
            raise FileNotFoundError(affix)
        self.handle = HunspellDictionary.library.Hunspell_create((base + ".aff").encode(), (base + ".dic").encode())
        self.charset = "utf-8"
        with open(base + ".aff", "rb") as aff:
            for raw in aff:
                fields = raw.lstrip(b"\xef\xbb\xbf").split()
                if len(fields) > 1 and fields[0] == b"SET":
                    self.charset = fields[1].decode()
                    break
        self.memo = {}

    def accepts(self, word):
        """Whether Hunspell accepts `word`; a word the dictionary's charset cannot hold is not accepted."""
        if word not in self.memo:
            try:
                encoded = word.encode(self.charset)
                self.memo[word] = HunspellDictionary.library.Hunspell_spell(self.handle, encoded) != 0
            except (UnicodeEncodeError, LookupError):
                self.memo[word] = False
        return self.memo[word]

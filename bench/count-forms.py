#!/usr/bin/env python3
"""How many word forms a Hunspell dictionary's affix rules generate, and from what (issue 25, item 2's profile).

Mirrors WordFormExpander's rules (Sources/TextServices/Spelling/Affix) closely enough to count, not to compile:
each .dic stem, its suffixes, a second suffix through the first one's continuation classes, its prefixes, and
prefix + suffix cross products, counted by kind on an even sample of .dic lines and scaled up. Conditions are
read as regular expressions; AF aliases and FLAG long/num/UTF-8 are understood; compounds are not generated
(as in the expander); UTF-8 dictionaries only. Elision prefixes (every entry writes an apostrophe) are counted
as the rules allow them, so the figures are those of the expander before it left their cross products to
Hunspell.

Usage: bench/count-forms.py TAG [STRIDE]   (dictionary in /usr/share/hunspell; STRIDE 20 counts every 20th line)
"""
import re, sys, collections
tag, step = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20
aff = open(f"/usr/share/hunspell/{tag}.aff", encoding="utf-8", errors="replace").read().splitlines()
flagmode = "char"
special = {}
for l in aff:
    p = l.split()
    if not p: continue
    if p[0] == "FLAG": flagmode = p[1]
    if p[0] in ("NEEDAFFIX","FORBIDDENWORD","ONLYINCOMPOUND","CIRCUMFIX","KEEPCASE","NOSUGGEST","COMPOUNDFLAG","COMPOUNDBEGIN","COMPOUNDMIDDLE","COMPOUNDEND","COMPOUNDPERMITFLAG","ONLYINCOMPOUND"):
        special[p[0]] = p[1]
def flags(s):
    if not s: return []
    if flagmode == "long": return [s[i:i+2] for i in range(0, len(s), 2)]
    if flagmode == "num": return s.split(",")
    return list(s)
af = {}
afidx = 0
for l in aff:
    p = l.split()
    if p and p[0] == "AF" and len(p) >= 2 and not p[1].isdigit():
        afidx += 1; af[str(afidx)] = p[1]
def resolve(s):
    if s and af and s.isdigit() and s in af: return flags(af[s])
    return flags(s)
sfx, pfx, cross = collections.defaultdict(list), collections.defaultdict(list), {}
header = set()
for l in aff:
    p = l.split()
    if len(p) < 4 or p[0] not in ("SFX","PFX"): continue
    key = (p[0], p[1])
    if key not in header:
        header.add(key); cross[key] = p[2] == "Y"; continue
    strip = "" if p[2] == "0" else p[2]
    add, _, cont = p[3].partition("/")
    add = "" if add == "0" else add
    cond = p[4] if len(p) > 4 else "."
    rx = re.compile((cond + "$") if p[0] == "SFX" else ("^" + cond)) if cond != "." else None
    e = (strip, add, set(resolve(cont)), rx, cross[key])
    (sfx if p[0] == "SFX" else pfx)[p[1]].append(e)
def sapply(w, e):
    strip, add, cont, rx, cr = e
    if strip and not w.endswith(strip): return None
    if len(w) <= len(strip) and strip: return None
    if rx and not rx.search(w): return None
    return w[:len(w)-len(strip)] + add
def papply(w, e):
    strip, add, cont, rx, cr = e
    if strip and not w.startswith(strip): return None
    if rx and not rx.search(w): return None
    return add + w[len(strip):]
NA, OC, CF, FB = special.get("NEEDAFFIX"), special.get("ONLYINCOMPOUND"), special.get("CIRCUMFIX"), special.get("FORBIDDENWORD")
count = collections.Counter()
perstem = []
stems = 0
lines = open(f"/usr/share/hunspell/{tag}.dic", encoding="utf-8", errors="replace").read().splitlines()[1:]
for i, line in enumerate(lines):
    if i % step: continue
    line = line.split("\t")[0].strip()
    m = re.match(r"^((?:\\/|[^/ ])+)(?:/(\S*))?", line)
    if not m: continue
    stem = m.group(1).replace("\\/", "/"); fl = resolve(m.group(2) or "")
    if FB in fl: continue
    stems += 1
    before = sum(count.values())
    if NA not in fl and OC not in fl: count["stem"] += 1
    pflags = [f for f in fl if f in pfx]
    for f in fl:
        for e in sfx.get(f, []):
            s1 = sapply(stem, e)
            if s1 is None: continue
            count["suffix"] += 1
            for f2 in e[2]:
                for e2 in sfx.get(f2, []):
                    s2 = sapply(s1, e2)
                    if s2 is None: continue
                    count["two suffixes"] += 1
                    if e[4] and e2[4]:
                        for pf in pflags:
                            for pe in pfx[pf]:
                                if pe[4] and papply(s2, pe) is not None: count["prefix + two suffixes"] += 1
            if e[4]:
                for pf in pflags + [c for c in e[2] if c in pfx and c not in pflags]:
                    for pe in pfx[pf]:
                        if pe[4] and papply(s1, pe) is not None: count["prefix + suffix"] += 1
    for pf in pflags:
        for pe in pfx[pf]:
            p1 = papply(stem, pe)
            if p1 is None: continue
            count["prefix"] += 1
            if pe[4]:
                for f2 in pe[2]:
                    if f2 in fl: continue
                    for e2 in sfx.get(f2, []):
                        if e2[4] and sapply(stem, e2) is not None: count["prefix + its continuation suffix"] += 1
    perstem.append(sum(count.values()) - before)
total = sum(count.values())
perstem.sort()
print(f"{tag}: sample 1/{step}: {stems} stems, {total} forms, x{step} = {total*step:,} forms; per stem mean {total/max(stems,1):.1f}, median {perstem[len(perstem)//2]}, p99 {perstem[int(len(perstem)*.99)]}, max {perstem[-1]}")
for k, v in count.most_common(): print(f"  {k}: {v*step:,} ({100*v/max(total,1):.1f}%)")

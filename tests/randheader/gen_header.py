#!/usr/bin/env python3
"""Writes a random annotated header from a seed: root structs (@schema)
whose members use every type and keyword of docs/annotations.md, with
constraints kept consistent (some value satisfies them, defaults and enum
values satisfy the bounds, patterns come from run.mjs's PATTERN_GEN), plus
the run.mjs configuration the header needs (--config: the char buffers of
each root by instance path, the map keys that are char buffers, and the
roots whose decoded value must encode back to the same JSON value).

Usage: gen_header.py SEED HEADER.h CONFIG.json
Prints the names of the root types, one a line.
"""
import json
import math
import random
import re
import struct
import sys

INTS = {  # C type: (lowest, highest) as schemac states them (I-JSON for 64 bits)
    "int8_t": (-128, 127), "uint8_t": (0, 255), "int16_t": (-32768, 32767), "uint16_t": (0, 65535),
    "int32_t": (-2 ** 31, 2 ** 31 - 1), "uint32_t": (0, 2 ** 32 - 1),
    "int64_t": (-(2 ** 53 - 1), 2 ** 53 - 1), "uint64_t": (0, 2 ** 53 - 1),
    "short": (-32768, 32767), "unsigned short": (0, 65535), "int": (-2 ** 31, 2 ** 31 - 1),
    "unsigned": (0, 2 ** 32 - 1), "long long": (-(2 ** 53 - 1), 2 ** 53 - 1),
    "unsigned long long": (0, 2 ** 53 - 1),
}
# Patterns with a generator in run.mjs (PATTERN_GEN), with the lengths (in
# code points) of the strings they match: (shortest, longest or None).
PATTERNS = {
    "^[a-z]+$": (1, None), "^[a-z][a-z0-9_]*$": (1, None), "^[α-ω]+$": (1, None), "😀": (1, None),
    "^\\d{3}-[A-Z]{2}$": (6, 6), "^.{2}$": (2, 2), "(^|,)x$": (1, None), "\\S": (1, None),
    "^[A-Za-z-]+$": (1, None), "^[0-9]{16}$": (16, 16),
}
FORMATS = ["date-time", "date", "time", "email", "uri", "uuid", "ipv4", "ipv6", "hostname"]
STRING_WORDS = ["alpha", "beta", "é", "😀", "two words", "x", "a\\\"q", "ω", "", "end."]
JSON_NAMES = ["a-b", "with space", "é", "x/y~z", "Upper", "kind_", "n_items", "has_x", "__proto__", "0"]
ENUM_WORDS = ["RED", "GREEN", "BLUE_SKY", "NONE", "MAX", "OFF", "ON", "LEFT", "RIGHT", "UP"]
INT_MULTIPLES = [2, 3, 5, 10, 0.5]
DOUBLE_MULTIPLES = [0.5, 0.25, 0.1, 0.001, 3]


# ---- untagged unions: an overlap oracle of its own -------------------------
# Which variants of an untagged union share a value, decided here
# independently of schemac (model/overlap.c), for the variants this file
# writes: integers, doubles and floats with inclusive bounds; strings whose
# pattern is one character class repeated (or none) with lengths, and
# enums; booleans with or without @const; arrays of integers or of strings.
# Numbers are sets of doubles, as the decoder reads them (a float variant
# accepts every double that rounds into its bounds, and holds floats).
FLT_MAX = 3.4028234663852886e38
DBL_MAX = sys.float_info.max


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f32_step(f, up):
    """The next float above (up) or below f."""
    if f == 0:
        tiny = struct.unpack("<f", struct.pack("<I", 1))[0]
        return tiny if up else -tiny
    bits = struct.unpack("<I", struct.pack("<f", f))[0]
    bits += 1 if (f > 0) == up else -1
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def f32_interval(f):
    """The doubles that round to the float f (bounds here are never 0 at an
    open end that matters: -0 and 0 both round into [-2^-150, 2^-150])."""
    def end(up):
        if abs(f) == FLT_MAX and (f > 0) == up:
            return f
        m = (f + f32_step(f, up)) / 2
        return m if f32(m) == f else math.nextafter(m, f)
    return end(False), end(True)


def f32_at_least(x):
    f = f32(max(min(x, FLT_MAX), -FLT_MAX))
    return f if f >= x else f32_step(f, True)


def numbers_overlap(earlier, later):
    """earlier, later: (kind, lo, hi) with kind int, double or float."""
    ki, li, hi = earlier
    kj, lj, hj = later
    if ki == "float":  # what the decoder accepts: every double rounding into the bounds
        li, hi = max(f32_interval(li)[0], -FLT_MAX), min(f32_interval(hi)[1], FLT_MAX)
    lo, up = max(li, lj), min(hi, hj)
    if lo > up:
        return False
    if ki == "int" or kj == "int":
        k = float(math.ceil(lo))
        if kj == "float":
            k = f32_at_least(k)  # integral: every float from 2^23 is
        return k <= up
    if kj == "float":
        return f32_at_least(lo) <= up
    return True


# string classes: (name, pattern, characters or None for any, shortest, longest)
STRING_CLASSES = [
    ("lower", "^[a-z]+$", "abcdefghijklmnopqrstuvwxyz", 1, None),
    ("upper", "^[A-Z]+$", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", 1, None),
    ("alpha", "^[A-Za-z-]+$", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-", 1, None),
    ("greek", "^[α-ω]+$", "".join(chr(c) for c in range(0x3B1, 0x3CA)), 1, None),
    ("digits", "^[0-9]{16}$", "0123456789", 16, 16),
    ("two", "^.{2}$", None, 2, 2),
    ("any", None, None, 0, None),
]


def string_accepts(spec, text):
    _, chars, lo, hi = spec
    n = len(text)
    if n < lo or (hi is not None and n > hi):
        return False
    if chars == "dot":
        return all(c not in "\n\r\u2028\u2029" for c in text)
    return chars is None or all(c in chars for c in text)


def strings_overlap(a, b):
    """a, b: ("enum", names) or ("string", chars, lo, hi)."""
    if a[0] == "enum" or b[0] == "enum":
        names = a[1] if a[0] == "enum" else b[1]
        other = b if a[0] == "enum" else a
        if other[0] == "enum":
            return bool(set(a[1]) & set(b[1]))
        return any(string_accepts(other, n) for n in names)
    lo, hi = max(a[2], b[2]), min(x for x in (a[3], b[3], 1 << 60) if x is not None)
    if lo > hi:
        return False
    if lo == 0:
        return True
    ca, cb = a[1], b[1]
    if ca in (None, "dot") or cb in (None, "dot"):
        return True
    return bool(set(ca) & set(cb))


def doc(tags, indent="    ", text=""):
    """A doc comment with one tag a line (a @pattern runs to its line's end)."""
    lines = ([text] if text else []) + [t.strip() for t in tags if t and t.strip()]
    if not lines:
        return ""
    return "%s/**\n%s%s */\n" % (indent, "".join("%s * %s\n" % (indent, ln) for ln in lines), indent)


def jnum(x):
    """A number as JSON text (integers without a fraction)."""
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
        x = int(x)
    return json.dumps(x)


class Header:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.defs = []      # typedefs before the roots, in order
        self.counter = 0
        self.uses_cjson = False
        self.rejected = []  # untagged unions with overlaps not accepted: (type, text, overlaps)
        self.recursion = False  # the root being written recurses already
        # the root being written refers to itself: its documents grow past
        # 64 levels, where error paths are cut short (SC_ERROR_PATH_MAX), so
        # run.mjs could not find its char buffers by path: they get an
        # exact @maxLength there
        self.deep = False

    def chance(self, p):
        return self.rng.random() < p

    def pick(self, xs):
        return xs[self.rng.randrange(len(xs))]

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    # ---- numbers --------------------------------------------------------------
    def int_keywords(self, ctype):
        """Tags for an integer of ctype and a list of values they accept."""
        tl, th = INTS[ctype]
        r = self.rng
        cands = sorted({v for v in [tl, tl + 1, -100, -7, -1, 0, 1, 2, 7, 100, 1000, th - 1, th] if tl <= v <= th})
        kind = r.randrange(7)
        if kind == 0:
            return "", [tl, th, 0 if tl <= 0 else tl, th // 2]
        if kind == 5:  # enum of values in range
            vals = sorted(set(self.rng.sample(cands, min(len(cands), r.randint(1, 4)))))
            return "@enum [%s]" % ", ".join(map(str, vals)), vals
        if kind == 6:
            v = self.pick(cands)
            return "@const %d" % v, [v]
        lo, hi = sorted((self.pick(cands), self.pick(cands)))
        tags = []
        elo, ehi = lo, hi
        if kind in (1, 3):  # inclusive, maybe fractional (still inside the type)
            if self.chance(0.3) and lo > tl:
                tags.append("@minimum %s" % jnum(lo - 0.5))
            elif lo > tl or self.chance(0.2):
                tags.append("@minimum %d" % lo)
            if self.chance(0.3) and hi < th:
                tags.append("@maximum %s" % jnum(hi + 0.5))
            elif hi < th or self.chance(0.2):
                tags.append("@maximum %d" % hi)
        else:  # exclusive bounds inside the type
            if lo > tl:
                tags.append("@exclusiveMinimum %d" % (lo - 1))
            if hi < th:
                tags.append("@exclusiveMaximum %d" % (hi + 1))
        if kind in (3, 4):
            m = self.pick(INT_MULTIPLES)
            first = -(-elo // m) * m if m >= 1 else elo
            if first <= ehi:
                tags.append("@multipleOf %s" % jnum(m))
                vals = [v for v in (first, first + m, int(ehi // m * m) if m >= 1 else ehi) if elo <= v <= ehi]
                return " ".join(tags), [int(v) for v in vals]
        return " ".join(tags), [elo, ehi, (elo + ehi) // 2]

    def double_keywords(self, is_float):
        r = self.rng
        if is_float:  # inclusive bounds only (docs/annotations.md: float)
            lo, hi = sorted((self.pick([-1.5e3, -1, 0, 2.5, 1e6]), self.pick([-1, 0, 2.5, 1e6, 16777216])))
            tags = []
            if self.chance(0.6):
                tags.append("@minimum %s" % jnum(lo))
            if self.chance(0.6):
                tags.append("@maximum %s" % jnum(hi))
            return " ".join(tags), [lo, hi]
        kind = r.randrange(6)
        if kind == 0:
            return "", [0.5, -1e300, 1e300]
        if kind == 4:
            vals = sorted(set(self.rng.sample([0.5, -1.25, 100, 0, 3, 1e-7, -2e10], r.randint(1, 3))))
            return "@enum [%s]" % ", ".join(map(jnum, vals)), vals
        if kind == 5:
            v = self.pick([0.5, -1.25, 100, 0, 2.75])
            return "@const %s" % jnum(v), [v]
        lo, hi = self.pick([-1e308, -1000, -1.5, -1, 0]), self.pick([0.5, 1, 2.5, 1e6, 1e308])
        tags = [("@exclusiveMinimum %s" if self.chance(0.5) else "@minimum %s") % jnum(lo),
                ("@exclusiveMaximum %s" if self.chance(0.5) else "@maximum %s") % jnum(hi)]
        tags = [t for t in tags if self.chance(0.8)]
        # strictly inside both bounds, whichever of them is exclusive (halves
        # first: lo + hi overflows near 1e308; seed 2138814708 drew 0.5 for
        # an exclusive maximum of 0.5)
        mid = lo / 2 + hi / 2
        vals = [mid if abs(lo) < 1e300 and abs(hi) < 1e300 else 0.5 if lo < 0.5 < hi else mid]
        if kind == 3:
            m = self.pick(DOUBLE_MULTIPLES)
            tags.append("@multipleOf %s" % jnum(m))
            # multiples as ajv sees them: the quotient is an integer
            vals = [v for v in (0, 3 * m, m, 2 * m) if lo < v < hi and (v / m).is_integer()]
            if not vals:
                return self.double_keywords(False)
        return " ".join(tags), vals

    # ---- strings ------------------------------------------------------------
    def string_keywords(self, cap=None):
        """Tags of a string (cap: a char[cap] buffer) and a valid value or None."""
        r = self.rng
        kind = r.randrange(6)
        room = None if cap is None else (cap - 1) // 4  # exact code points for any text
        if kind == 1:
            p = self.pick(list(PATTERNS))
            lo, hi = PATTERNS[p]
            if cap is not None and lo * 4 > cap - 1:
                return "", None
            tags = ["@pattern " + p]
            if hi is None and self.chance(0.5):
                tags.insert(0, "@maxLength %d" % r.randint(lo, min(room, 12) if room else 12))
            return "\n".join(tags), None
        if kind == 2:
            if cap is not None and cap < 64:
                return "", None
            return "@format %s" % self.pick(FORMATS), None
        if kind == 3:
            words = [w for w in self.rng.sample(STRING_WORDS, r.randint(1, 4)) if room is None or len(w) <= room]
            if not words:
                return "", None
            return "@enum [%s]" % ", ".join('"%s"' % w for w in words), words[0]
        if kind == 4:
            w = self.pick([w for w in STRING_WORDS if room is None or len(w) <= room] or [""])
            return '@const "%s"' % w, w
        lo = r.randint(0, 3)
        hi = r.randint(lo, lo + 20)
        if room is not None:
            if lo > room:
                return "", None
            hi = min(hi, room)
        tags = []
        if lo > 0 or self.chance(0.3):
            tags.append("@minLength %d" % lo)
        if self.chance(0.7) or room is not None:
            tags.append("@maxLength %d" % hi)
        return " ".join(tags), ("abcdefghijklmnopqrstuvwxyz" * 2)[:lo]

    # ---- types ----------------------------------------------------------------
    def enum_type(self, named=True):
        name = self.fresh("color")
        prefix = name.upper() + "_"
        words = self.rng.sample(ENUM_WORDS, self.rng.randint(2, 5))
        lines, jsons = [], []
        for i, w in enumerate(words):
            tail = ""
            if named and self.chance(0.2):
                jn = self.pick(["X-%d" % i, "v%d.0" % i, "Ω%d" % i, "with space %d" % i])
                tail = " /**< @name %s */" % jn
                jsons.append(jn)
            else:
                jsons.append(w.lower())
            value = " = %d" % (i * 3 + 1) if self.chance(0.2) else ""
            lines.append("    %s%s%s,%s" % (prefix, w, value, tail))
        self.defs.append("/** Colors %s. */\ntypedef enum {\n%s\n} %s;\n" % (name, "\n".join(lines), name))
        return name, [prefix + w for w in words], jsons

    def item_struct(self, depth, info):
        """A struct held by value or by pointer: a few scalar members."""
        name = self.fresh("part")
        members = []
        sub = Info()
        for _ in range(self.rng.randint(1, 4)):
            members.append(self.member(depth + 1, sub, scalar_only=depth >= 2))
        self.defs.append("typedef struct {\n%s} %s;\n" % ("".join(members), name))
        return name, sub

    def member(self, depth, info, scalar_only=False, in_union=None):
        """One member (and its companions) of a struct: its C text. info
        collects what the run.mjs configuration needs. in_union: the name
        of the union variant the member is."""
        r = self.rng
        name = in_union or self.fresh("f")
        jname = name
        tags = []
        if self.chance(0.12) and not in_union:
            jname = self.pick(JSON_NAMES) + str(self.counter)
            tags.append("@name %s" % jname)
        if self.chance(0.05):
            tags.append("@deprecated")
        kinds = ["int", "int", "double", "float", "bool", "string", "string", "charbuf", "enum"]
        if not scalar_only:
            kinds += ["array", "array", "fixed", "struct", "struct_ptr", "ignore", "typedef"]
            if not self.deep:
                # maps and any values in a recursive root: valid, but run.mjs
                # mutates them at every level of 64-level documents (minutes)
                kinds += ["any", "map"]
        if depth == 1 and not self.recursion:
            # one way to recurse per root, directly in it: run.mjs grows
            # documents along it to the nesting limit
            kinds.append("list")
        kind = self.pick(kinds)
        companion = ""
        opt = self.pick(["required"] * 5 + ["optional", "has", "default", "pointer", "nullable"])
        if in_union:
            opt = "required"
        p = "/" + jname.replace("~", "~0").replace("/", "~1")

        def optional_scalar(ctype, example):
            nonlocal companion, opt
            if opt == "optional" and any(t.strip() for t in tags if t != "@deprecated" and not t.startswith("@name")):
                opt = "has"  # a missing member reads as 0, which the keywords may refuse
            if opt == "optional":
                tags.append("@optional")
                info.inexact = True
            elif opt == "has":
                companion = "    bool has_%s;\n" % name
            elif opt == "default" and example is not None:
                tags.append("@default %s" % example)
                info.inexact = True
                if self.chance(0.25):  # required all the same: the default only documents
                    tags.append("@required")
            elif opt == "pointer":  # one value, not an array: @optional says which
                tags.append("@optional")
                return "%s *%s" % (ctype, name)
            elif opt == "nullable":
                tags.append("@nullable")
                if self.chance(0.5):
                    companion = "    bool has_%s;\n" % name
                return "%s *%s" % (ctype, name)
            return "%s %s" % (ctype, name)

        if kind == "int":
            ctype = self.pick(list(INTS))
            kw, vals = self.int_keywords(ctype)
            tags.append(kw)
            if self.chance(0.1):
                tags.append("@examples [%d]" % vals[0])
            decl = optional_scalar(ctype, str(self.pick(vals)))
        elif kind in ("double", "float"):
            kw, vals = self.double_keywords(kind == "float")
            tags.append(kw)
            if kind == "float":
                info.inexact = True
            decl = optional_scalar(kind, jnum(self.pick(vals)))
        elif kind == "bool":
            example = self.pick(["true", "false"])
            if self.chance(0.2):
                tags.append("@const %s" % example)
            decl = optional_scalar("bool", example)
        elif kind == "enum":
            ename, cnames, jsons = self.enum_type()
            if opt == "optional":
                opt = "has"  # its enumerators may start at 1 (= value): a missing member's 0 is none of them
            if self.chance(0.2):
                tags.append('@const "%s"' % self.pick(jsons))
                example = None
            else:
                example = self.pick(cnames + ['"%s"' % j for j in jsons if " " not in j])
            decl = optional_scalar(ename, example)
        elif kind == "string":
            kw, example = self.string_keywords()
            tags.append(kw)
            ctype = self.pick(["char", "const char"])
            if opt in ("default",) and example is not None:
                tags.append('@default "%s"' % example)
                info.inexact = True
                if self.chance(0.25):  # required all the same: the default only documents
                    tags.append("@required")
            elif opt == "nullable":
                tags.append("@nullable")
                if self.chance(0.5):
                    companion = "    bool has_%s;\n" % name
            elif opt == "optional" and not kw:
                tags.append("@optional")
            elif opt in ("has", "optional"):
                companion = "    bool has_%s;\n" % name
            decl = "%s *%s" % (ctype, name)
        elif kind == "charbuf":
            cap = self.pick([2, 4, 8, 9, 16, 33, 64, 80])
            kw, example = self.string_keywords(cap)
            if self.deep:
                kw = "@maxLength %d" % r.randint(0, (cap - 1) // 4)
                example = ""
            tags.append(kw)
            if "@maxLength" not in kw and "@const" not in kw and "@enum" not in kw:
                info.inexact = True
            info.charbufs.append((p, cap))
            if opt == "default" and example is not None:
                tags.append('@default "%s"' % example)
                info.inexact = True
            elif opt == "optional" and not kw:
                tags.append("@optional")
                info.inexact = True
            elif opt in ("has", "optional"):
                companion = "    bool has_%s;\n" % name
            decl = "char %s[%d]" % (name, cap)
        elif kind == "typedef":  # keywords on a typedef apply wherever it is used
            tname = self.fresh("digit")
            ctype = self.pick(["int32_t", "uint8_t", "int64_t"])
            kw, vals = self.int_keywords(ctype)
            self.defs.append("%stypedef %s %s;\n" % (doc(kw.split("\n"), "", "A constrained integer."), ctype, tname))
            if self.chance(0.5):
                decl = "%s *%s" % (tname, name)
                companion = "    size_t %s_count;\n" % name
                tags.append("@maxItems %d" % r.randint(0, 5))
            else:
                decl = "%s %s" % (tname, name)
        elif kind in ("array", "fixed"):
            decl, companion = self.array_member(name, p, depth, tags, info, fixed=kind == "fixed",
                                                nullable=opt == "nullable")
        elif kind in ("struct", "struct_ptr"):
            sname, sub = self.item_struct(depth, info)
            info.merge(sub, p)
            if kind == "struct":
                decl = "%s %s" % (sname, name)
                if opt == "has":
                    companion = "    bool has_%s;\n" % name
            else:
                decl = "%s *%s" % (sname, name)
                if opt == "nullable":
                    tags.append("@nullable")
        elif kind == "any":
            self.uses_cjson = True
            if self.chance(0.5):
                decl = "cJSON *%s" % name
            else:
                decl = "cJSON **%s" % name
                companion = "    size_t %s_count;\n" % name
                if self.chance(0.5):
                    tags.append("@maxItems %d" % r.randint(1, 4))
            if self.chance(0.3):  # a free-form object (each item's, for cJSON **)
                tags.append("@type object")
        elif kind == "list":  # a recursive struct that is not a root: $defs
            cell = self.fresh("cell")
            ctype = self.pick(list(INTS))
            kw, _ = self.int_keywords(ctype)
            self.defs.append("/** A list cell. */\ntypedef struct %s {\n%s    %s value;\n    struct %s *next;\n} %s;\n"
                             % (cell, doc(kw.split("\n")), ctype, cell, cell))
            decl = "%s *%s" % (cell, name)
            self.recursion = True
        elif kind == "map":
            decl, companion = self.map_member(name, p, depth, tags, info)
        else:  # ignore: not part of the JSON
            tags = ["@ignore"]
            if self.chance(0.5):
                decl = "int *%s" % name
                companion = "    size_t %s_count;\n" % name
            else:
                decl = "double %s" % name
        decl = self.qualify(decl)
        tags = [x for t in tags for x in t.split("\n")]
        tags.sort(key=lambda t: t.startswith("@pattern"))
        indent = "        " if in_union else "    "
        comment = doc(tags, indent, "Member %s." % name if self.chance(0.4) else "")
        return "%s%s%s;\n%s" % (comment, indent, decl, companion)

    # ---- qualifiers and file-scope names (issue 18) -------------------------
    def qualify(self, decl):
        """decl ("T *name", "T **name", "T *name[N]") with a const pointee in
        one of the forms schemac accepts: written at the member (const T
        *x, T const *const *x for pointers to pointers), through a typedef
        of a pointer to const (typedef const T *alias; alias x), or through
        a typedef of a const type (typedef const T alias; alias *x); the
        decoded value is the same, so run.mjs's verdicts are unchanged."""
        m = re.match(r"^((?:struct )?[A-Za-z_][\w ]*?)\s*(\*+)\s*([A-Za-z_]\w*)(\[\d+\])?$", decl)
        if m is None or not self.chance(0.3):
            return decl
        base, stars, name, dims = m.groups()
        if base.startswith("const") or base.startswith("code"):
            return decl  # const already, or char buffers (whose items the decoder fills in place)
        form = self.rng.randrange(4)
        if form == 1 and len(stars) >= 2:
            return "%s const *const *%s%s%s" % (base, stars[2:], name, dims or "")
        if form == 2:
            alias = self.fresh("cptr")
            self.defs.append("typedef const %s *%s;\n" % (base, alias))
            return "%s %s%s%s" % (alias, stars[1:], name, dims or "")
        if form == 3:
            alias = self.fresh("cval")
            self.defs.append("typedef const %s %s;\n" % (base, alias))
            return "%s %s%s%s" % (alias, stars, name, dims or "")
        return "const %s %s%s%s" % (base, stars, name, dims or "")

    def colliding_names(self, roots):
        """Declarations named like the file-scope names generated code
        declared for the roots before they took the sc_gen_ prefix (read_T,
        check_T_F, T_keys, any_build_T, ...), as typedefs, enumerators,
        functions and variables: the generated C must still compile."""
        forms = ["read_T", "check_T", "build_T", "any_read_T", "any_check_T", "any_build_T",
                 "decode_T_text", "decode_all_T_text", "T_keys", "T_members", "member_T",
                 "check_T_F", "check_T_F_items", "check_T_F_text", "drop_nulls_T", "invoke_T"]
        lines = []
        for root, text, _ in roots:
            members = re.findall(r"\n    [^ /*][^;]*?\b(f\d+)(?:\[\d+\])?;", text) or ["f"]
            for form in forms:
                if self.chance(0.3):
                    name = form.replace("T", root).replace("F", self.pick(members))
                    lines.append(self.pick(["typedef int %s;", "enum { %s };", "int %s(void);",
                                            "extern int %s;"]) % name)
        return "".join(line + "\n" for line in lines)

    def array_member(self, name, p, depth, tags, info, fixed, nullable):
        r = self.rng
        item = self.pick(["int", "double", "string", "enum", "bool", "struct", "charbuf"])
        unique_ok = item in ("int", "double", "string", "enum", "bool")
        distinct = None  # with @uniqueItems, at least this many values fit the items (None: plenty)
        if item == "int":
            ctype = self.pick(list(INTS))
            kw, vals = self.int_keywords(ctype)
            distinct = len(set(vals))  # valid values, so a lower bound: [7, 7, 7] for bounds 7 .. 7
        elif item == "double":
            ctype, (kw, vals) = "double", self.double_keywords(False)
            if "@multipleOf" in kw or "@enum" in kw:  # @multipleOf 3 in -1 .. 2.5 is 0 only
                distinct = len(set(vals))
        elif item == "string":
            ctype = "char *"
            kw, _ = self.string_keywords()
            if kw.startswith("@enum "):  # @enum ["two words"] is one value
                distinct = len(set(json.loads(kw[len("@enum "):])))
            elif "@maxLength 0" in kw:
                distinct = 1
        elif item == "enum":
            ctype, kw = self.enum_type()[0], ""
        elif item == "bool":
            ctype, kw = "bool", ""
        elif item == "charbuf":  # items are char buffers: a typedef
            cap = self.pick([4, 8, 16])
            ctype = self.fresh("code")
            exact = "/** @maxLength %d */\n" % ((cap - 1) // 4) if self.deep else ""
            self.defs.append("%stypedef char %s[%d];\n" % (exact, ctype, cap))
            kw = ""
            info.charbufs.append((p + "/*", cap))
            info.inexact = True
        else:
            ctype, sub = self.item_struct(depth, info)
            info.merge(sub, p + "/*")
            kw = ""
        if "@const" in kw or "@enum" in kw or item == "bool":
            unique_ok = unique_ok and item != "bool" and "@const" not in kw
        tags.append(kw)
        lo = r.randint(0, 2)
        hi = r.randint(lo, lo + 4)
        if fixed:
            size = self.pick([1, 3, 5, 8])
            hi = min(hi, size)
            lo = min(lo, hi)
        with_max = self.chance(0.5) and not fixed
        unique = unique_ok and self.chance(0.3)
        if unique and distinct is not None:
            # no more distinct items than the item keywords allow, or no
            # array is valid and run.mjs has no document to start from
            lo = min(lo, distinct)
        if lo > 0:
            tags.append("@minItems %d" % lo)
        if with_max:
            tags.append("@maxItems %d" % hi)
        if unique:
            tags.append("@uniqueItems")
        if nullable and not fixed:
            tags.append("@nullable")
        star = "" if ctype.endswith("*") else " "
        count_name = name + "_count"
        count_type = "size_t"
        if self.chance(0.25):  # another name, another type
            count_name = self.fresh("num")
            count_type = self.pick(["size_t", "uint8_t", "int", "uint16_t"])
            tags.append("@count %s" % count_name)
        if fixed:
            decl = "%s%s%s[%d]" % (ctype, star if not ctype.endswith("*") else "", name, size)
        else:
            decl = "%s%s*%s" % (ctype, star, name)
        return decl, "    %s %s;\n" % (count_type, count_name)

    def map_member(self, name, p, depth, tags, info):
        r = self.rng
        entry = self.fresh("entry")
        key_tags = ""
        one_key = False
        if self.chance(0.4) and not self.deep:
            cap = self.pick([4, 8, 12])
            key = "char key[%d];" % cap
        else:
            cap = None
            key = "char *key;"
            if self.chance(0.5):
                kw, _ = self.string_keywords()
                if "@const" not in kw and "@enum" not in kw and "@format" not in kw:
                    key_tags = doc(kw.split("\n"))
                    one_key = "@maxLength 0" in kw  # the key "" only
        vkind = self.pick(["int", "string", "struct", "bool"])
        if vkind == "int":
            ctype = self.pick(list(INTS))
            kw, _ = self.int_keywords(ctype)
            value = "%s    %s value;\n" % (doc(kw.split("\n")), ctype)
        elif vkind == "string":
            kw, _ = self.string_keywords()
            value = "%s    char *value;\n" % doc(kw.split("\n"))
        elif vkind == "bool":
            value = "    bool value;\n"
        else:
            sname, sub = self.item_struct(depth, info)
            if sub.charbufs or sub.keybufs:
                return self.map_member(name, p, depth, tags, info)
            info.inexact = info.inexact or sub.inexact
            value = "    %s value;\n" % sname
        if cap is not None:  # only now: a value with char buffers above starts the map again, maybe without
            info.keybufs.append((p, cap))
            info.inexact = True
        self.defs.append("typedef struct {\n%s    %s\n%s} %s;\n" % (key_tags, key, value, entry))
        tags.append("@additionalProperties")
        lo = r.randint(0, 2)
        if one_key:  # keys are distinct: a map of at most one entry
            lo = min(lo, 1)
        if lo and self.chance(0.5):
            tags.append("@minProperties %d" % lo)
        if self.chance(0.4):
            tags.append("@maxProperties %d" % r.randint(max(lo, 1), lo + 4))
        return "%s *%s" % (entry, name), "    size_t %s_count;\n" % name

    def untagged_union(self):
        """An @untagged union of 2 to 5 variants of every scalar kind and
        arrays, overlapping ones included: (name, text with every overlap
        accepted, text with none accepted or None when nothing overlaps,
        the overlaps [(later, earlier)] the second text must be rejected
        for, whether a value can lose exactness, what find_same compares)."""
        r = self.rng
        name = self.fresh("either")
        prefix = name.upper() + "_"
        variants = []  # (member, json type, spec, C declaration, tags, how find_same compares)
        kinds = ["int", "int", "double", "float", "string", "string", "enum", "bool", "ints", "doubles", "strings",
                 "null"]
        for _ in range(r.randint(2, 5)):
            kind = self.pick(kinds)
            m = self.fresh("v")
            if kind in ("null", "ints", "doubles", "strings", "bool") and any(v[6] == kind for v in variants):
                continue  # one null, one array of each item type, one bool
            if kind == "int":
                ctype = self.pick(list(INTS))
                tl, th = INTS[ctype]
                cands = [v for v in [tl, -1000, -1, 0, 1, 7, 100, 1000, 16777216, 16777217, th] if tl <= v <= th]
                lo, hi = sorted((self.pick(cands), self.pick(cands)))
                tags = []
                if lo > tl and self.chance(0.7):
                    tags.append("@minimum %d" % lo)
                else:
                    lo = tl
                if hi < th and self.chance(0.7):
                    tags.append("@maximum %d" % hi)
                else:
                    hi = th
                variants.append((m, "number", ("int", float(lo), float(hi)), "%s %s" % (ctype, m), tags, "mem", kind))
            elif kind in ("double", "float"):
                bounds = [-1e6, -1.5, -1, 0, 0.5, 1, 2.5, 100, 16777216, 1e6]
                lo, hi = sorted((self.pick(bounds), self.pick(bounds)))
                tags = []
                top = FLT_MAX if kind == "float" else DBL_MAX
                if self.chance(0.6):
                    tags.append("@minimum %s" % jnum(lo))
                else:
                    lo = -top
                if self.chance(0.6):
                    tags.append("@maximum %s" % jnum(hi))
                else:
                    hi = top
                variants.append((m, "number", (kind, float(lo), float(hi)), "%s %s" % (kind, m), tags, "mem", kind))
            elif kind == "string":
                cname, pattern, chars, plo, phi = self.pick(STRING_CLASSES)
                tags = ["@pattern " + pattern] if pattern else []
                lo, hi = plo, phi
                if phi is None and self.chance(0.5):
                    lo = max(plo, r.randint(0, 3))
                    tags.append("@minLength %d" % lo)
                if phi is None and self.chance(0.5):
                    hi = r.randint(max(lo, 1), lo + 6)
                    tags.append("@maxLength %d" % hi)
                if cname == "two":
                    chars = "dot"
                variants.append((m, "string", ("string", chars, lo, hi), "char *%s" % m, tags, "str", kind))
            elif kind == "enum":
                ename, _, jsons = self.enum_type(named=False)
                variants.append((m, "string", ("enum", jsons), "%s %s" % (ename, m), [], "mem", kind))
            elif kind == "bool":
                const = self.pick([None, True, False])
                tags = ["@const %s" % ("true" if const else "false")] if const is not None else []
                values = {True, False} if const is None else {const}
                variants.append((m, "boolean", values, "bool %s" % m, tags, "mem", kind))
                # a second bool, sometimes: they share true or false
                if self.chance(0.3):
                    m2 = self.fresh("v")
                    variants.append((m2, "boolean", {True, False}, "bool %s" % m2, [], "mem", "bool2"))
            elif kind == "ints":
                lo = self.pick([0, 0, 1])
                tags = ["@minItems 1"] if lo else []
                variants.append((m, "array", lo, "int32_t *%s" % m, tags, "ints", kind))
            elif kind == "doubles":
                lo = self.pick([0, 1])
                tags = ["@minItems 1"] if lo else []
                variants.append((m, "array", lo, "double *%s" % m, tags, "doubles", kind))
            elif kind == "strings":
                lo = self.pick([0, 0, 1])
                tags = ["@minItems 1"] if lo else []
                variants.append((m, "array", lo, "char **%s" % m, tags, "strs", kind))
            else:
                variants.append((m, "null", None, None, [], "none", kind))
        if len(variants) < 2:
            return self.untagged_union()
        overlaps = []
        for j, later in enumerate(variants):
            for earlier in variants[:j]:
                if earlier[1] != later[1] or later[1] == "null":
                    continue
                t = later[1]
                if t == "number":
                    hit = numbers_overlap(earlier[2], later[2])
                elif t == "string":
                    hit = strings_overlap(earlier[2], later[2])
                elif t == "boolean":
                    hit = bool(earlier[2] & later[2])
                else:  # arrays share [], and arrays of numbers [1]
                    numbers = {earlier[6], later[6]} == {"ints", "doubles"}
                    hit = (earlier[2] == 0 and later[2] == 0) or numbers
                if hit:
                    overlaps.append((later[0], earlier[0]))
        overlapping = {l for l, _ in overlaps}

        def text(accept, suffix):
            tname = name + suffix
            vprefix = tname.upper() + "_"
            lines = ["typedef enum { %s } %s_kind;\n" % (", ".join(vprefix + v[0].upper() for v in variants), tname),
                     "/** Untagged union %s. @untagged */\ntypedef struct {\n    %s_kind kind;\n    union {\n"
                     % (tname, tname)]
            counts = []
            for v in variants:
                if v[3] is None:
                    continue
                tags = list(v[4])
                if accept and v[0] in overlapping:
                    tags.append("@acceptOverlap")
                tags.sort(key=lambda t: t.startswith("@pattern"))
                lines.append("%s        %s;\n" % (doc(tags, "        "), v[3]))
                if v[5] in ("ints", "doubles", "strs"):
                    counts.append("    size_t %s_count;\n" % v[0])
            lines.append("    } as;\n%s} %s;\n" % ("".join(counts), tname))
            return "".join(lines)

        # some overlaps accepted in the header run, the rest only in the
        # header schemac must reject
        same = [(prefix + v[0].upper(), v[0], v[5]) for v in variants]
        inexact = any(v[6] == "float" for v in variants)
        return name, text(True, ""), text(False, "_r") if overlaps else None, overlaps, inexact, same

    def union_members(self, info):
        """A tagged union: the enum member, then the union."""
        kname, cnames, _ = self.enum_type(named=False)
        prefix = kname.upper() + "_"
        lines = ["    %s kind_%d;\n" % (kname, self.counter), "    union {\n"]
        for i, c in enumerate(cnames):
            if i > 0 and self.chance(0.25):
                continue  # a variant with only the common members
            vname = c[len(prefix):].lower()
            if self.chance(0.5):
                sname, sub = self.item_struct(1, info)
                info.merge(sub, "")
                lines.append("        %s %s;\n" % (sname, vname))
            else:  # a scalar variant: the member has the variant's name
                lines.append(self.member(3, info, scalar_only=True, in_union=vname))
        lines.append("    }%s;\n" % ("" if self.chance(0.4) else " as_%d" % self.counter))
        return "".join(lines)

    def root(self):
        name = self.fresh("root")
        info = Info()
        recursive = self.chance(0.2)
        self.recursion = self.deep = recursive
        members = []
        for _ in range(self.rng.randint(1, 7)):
            members.append(self.member(1, info))
        # not in a recursive root: run.mjs mutates every variant at every
        # level of the documents it grows to 64 levels, minutes per schema
        if self.chance(0.25) and not self.recursion:
            members.append(self.union_members(info))
            info.union = True
        if self.chance(0.5) and not self.recursion:
            uname, text, rejected, overlaps, inexact, same = self.untagged_union()
            self.defs.append(text)
            m = self.fresh("u")
            members.append("    %s %s;\n" % (uname, m))
            info.untagged.append((m, uname, same))
            info.inexact = info.inexact or inexact
            if rejected is not None:
                self.rejected.append((uname + "_r", rejected, overlaps))
        if recursive:
            kids = self.fresh("kids")
            members.append("    /** @maxItems %d */\n    struct %s *%s;\n    size_t %s_count;\n"
                           % (self.rng.randint(1, 3), name, kids, kids))
            # the buffers again at every level run.mjs grows documents to
            # (past the nesting limit of 64)
            for bufs in (info.charbufs, info.keybufs):
                bufs += [("/%s/*" % kids * level + q, n) for level in range(1, 70) for q, n in list(bufs)]
        tags = "@schema"
        if self.chance(0.2):
            tags += " @additionalProperties"
            info.inexact = True
        text = "/** Root %s. %s */\ntypedef struct %s{\n%s} %s;\n" % (
            name, tags, name + " " if recursive else "", "".join(members), name)
        return name, text, info


class Info:
    """What run.mjs must know of a type: its char buffers and map keys that
    are char buffers (by instance path), and whether encode gives back the
    document exactly."""

    def __init__(self):
        self.charbufs = []
        self.keybufs = []
        self.inexact = False
        self.union = False
        self.untagged = []  # (member, union type, [(enum value, variant member, how)])

    def merge(self, sub, prefix):
        self.charbufs += [(prefix + q, n) for q, n in sub.charbufs]
        self.keybufs += [(prefix + q, n) for q, n in sub.keybufs]
        self.inexact = self.inexact or sub.inexact


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    seed, header, config = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    h = Header(seed)
    roots = [h.root() for _ in range(h.rng.randint(3, 6))]
    guard = "RANDHEADER_%d_H" % seed
    with open(header, "w", encoding="utf-8") as f:
        f.write("/* A random header of tests/randheader (seed %d). */\n#ifndef %s\n#define %s\n\n" % (seed, guard, guard))
        f.write("#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n")
        if h.uses_cjson:
            f.write("#include <cJSON.h>\n")
        f.write("\n" + "\n".join(h.defs) + "\n" + "\n".join(text for _, text, _ in roots) + "\n")
        f.write(h.colliding_names(roots) + "#endif\n")
    # the unions whose overlaps are not accepted, in a header of their own
    # that schemac must reject with exactly those overlaps
    reject = header[:-2] + "_reject.h" if header.endswith(".h") else header + "_reject.h"
    with open(reject, "w", encoding="utf-8") as f:
        f.write("/* Untagged unions of tests/randheader (seed %d) whose overlaps are not accepted. */\n" % seed)
        f.write("#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n")
        if h.uses_cjson:
            f.write("#include <cJSON.h>\n")
        f.write("\n" + "\n".join(h.defs) + "\n" + "\n".join(text for _, text, _ in h.rejected))
        f.write("\n/** The rejected unions. @schema */\ntypedef struct {\n    int plain;\n%s} rejected_%d;\n"
                % ("".join("    %s m%d;\n" % (t, i) for i, (t, _, _) in enumerate(h.rejected)), seed))
    cfg = {"charBuffers": {}, "keyBuffers": {}, "exactRoundtrip": [], "untagged": {},
           "rejectHeader": reject, "rejectOverlaps": sorted(set(o for _, _, ovs in h.rejected for o in ovs))}
    for name, _, info in roots:
        if info.charbufs:
            cfg["charBuffers"][name] = {q: n for q, n in info.charbufs}
        if info.keybufs:
            cfg["keyBuffers"][name] = {q: n for q, n in info.keybufs}
        if not info.inexact and not info.union:
            cfg["exactRoundtrip"].append(name)
        if info.untagged:
            cfg["untagged"][name] = info.untagged
    with open(config, "w", encoding="utf-8") as f:
        json.dump(cfg, f, indent=1, ensure_ascii=False)
    for name, _, _ in roots:
        print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Writes idna_tables.h: what idn-hostname (idna.c) needs to know of each
code point, from Python's unicodedata (its Unicode version is named in the
output): the IDNA2008 derived property of RFC 5892 and, for the code
points a label may hold, the Bidi class (RFC 5893), whether it is a mark,
a virama, its script where the contextual rules of RFC 5892 appendix A
ask (Greek, Hebrew, Hiragana/Katakana/Han) and its Joining_Type.

    idna_tables.py > idna_tables.h
    idna_tables.py --check idna_tables.h    (exit 1 when it differs, 77
                                             when this Python's Unicode
                                             version is another)

unicodedata has neither Script, Joining_Type nor
Default_Ignorable_Code_Point, so:
- the script is read from the character's name ("GREEK ...", "HEBREW ...",
  "HIRAGANA ...", "KATAKANA ...", "CJK UNIFIED IDEOGRAPH-..."), which is
  right for every code point IDNA2008 lets into a label that the rules
  look at;
- Joining_Type is derived from the Arabic presentation forms: a letter that
  has an <initial> or <medial> form joins on both sides (D), one with only
  <final> and <isolated> forms on the right (R); marks and format
  characters are transparent (T). Letters of other joining scripts (Syriac,
  N'Ko, Mongolian, ...) get no type, so a ZERO WIDTH NON-JOINER between
  them is refused unless a virama precedes it;
- Default_Ignorable_Code_Point and the Hangul syllable types are listed
  below from the Unicode data files (DerivedCoreProperties.txt,
  HangulSyllableType.txt), which change rarely.
"""
import sys
import unicodedata

# RFC 5892 section 2.6, Exceptions (F)
EXCEPTIONS = {0x00DF: 'PVALID', 0x03C2: 'PVALID', 0x06FD: 'PVALID', 0x06FE: 'PVALID', 0x0F0B: 'PVALID',
              0x3007: 'PVALID', 0x00B7: 'CONTEXTO', 0x0375: 'CONTEXTO', 0x05F3: 'CONTEXTO', 0x05F4: 'CONTEXTO',
              0x30FB: 'CONTEXTO', 0x0640: 'DISALLOWED', 0x07FA: 'DISALLOWED', 0x302E: 'DISALLOWED',
              0x302F: 'DISALLOWED', 0x3031: 'DISALLOWED', 0x3032: 'DISALLOWED', 0x3033: 'DISALLOWED',
              0x3034: 'DISALLOWED', 0x3035: 'DISALLOWED', 0x303B: 'DISALLOWED'}
for cp in list(range(0x0660, 0x066A)) + list(range(0x06F0, 0x06FA)):
    EXCEPTIONS[cp] = 'CONTEXTO'

# Default_Ignorable_Code_Point (DerivedCoreProperties.txt)
DEFAULT_IGNORABLE = [(0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
                     (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
                     (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
                     (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF)]
# White_Space (PropList.txt)
WHITE_SPACE = [(0x0009, 0x000D), (0x0020, 0x0020), (0x0085, 0x0085), (0x00A0, 0x00A0), (0x1680, 0x1680),
               (0x2000, 0x200A), (0x2028, 0x2029), (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000)]
# IgnorableBlocks (D): Combining Diacritical Marks for Symbols, Musical
# Symbols, Ancient Greek Musical Notation
IGNORABLE_BLOCKS = [(0x20D0, 0x20FF), (0x1D100, 0x1D1FF), (0x1D200, 0x1D24F)]
# OldHangulJamo (I): Hangul_Syllable_Type L, V and T
OLD_HANGUL_JAMO = [(0x1100, 0x115F), (0xA960, 0xA97C), (0x1160, 0x11A7), (0xD7B0, 0xD7C6), (0x11A8, 0x11FF),
                   (0xD7CB, 0xD7FB)]

# the bits of a row's value: idna.c reads them (IDNA_* there)
CLASS = {'DISALLOWED': 0, 'PVALID': 1, 'CONTEXTJ': 2, 'CONTEXTO': 3}
BIDI = ['', 'L', 'R', 'AL', 'AN', 'EN', 'ES', 'CS', 'ET', 'ON', 'BN', 'NSM']  # '': any other class
SCRIPT = {None: 0, 'Greek': 1, 'Hebrew': 2, 'HKH': 3}
JOINING = {None: 0, 'T': 1, 'D': 2, 'R': 3}


def in_ranges(cp, ranges):
    return any(a <= cp <= b for a, b in ranges)


def noncharacter(cp):
    return 0xFDD0 <= cp <= 0xFDEF or (cp & 0xFFFE) == 0xFFFE


def derived(cp):
    """RFC 5892 section 3: the derived property of cp."""
    c = chr(cp)
    if cp in EXCEPTIONS:
        return EXCEPTIONS[cp]
    gc = unicodedata.category(c)
    if gc == 'Cn' and not noncharacter(cp):
        return 'UNASSIGNED'
    if c == '-' or '0' <= c <= '9' or 'a' <= c <= 'z':
        return 'PVALID'
    if cp in (0x200C, 0x200D):
        return 'CONTEXTJ'
    if 0xD800 <= cp <= 0xDFFF:
        return 'DISALLOWED'  # surrogates: never text
    nfkc = unicodedata.normalize('NFKC', c)
    if unicodedata.normalize('NFKC', nfkc.casefold()) != c:
        return 'DISALLOWED'  # Unstable (B)
    if in_ranges(cp, DEFAULT_IGNORABLE) or in_ranges(cp, WHITE_SPACE) or noncharacter(cp):
        return 'DISALLOWED'  # IgnorableProperties (C)
    if in_ranges(cp, IGNORABLE_BLOCKS) or in_ranges(cp, OLD_HANGUL_JAMO):
        return 'DISALLOWED'
    if gc in ('Ll', 'Lu', 'Lo', 'Nd', 'Lm', 'Mn', 'Mc'):
        return 'PVALID'  # LetterDigits (A)
    return 'DISALLOWED'


def script(cp):
    name = unicodedata.name(chr(cp), '')
    if name.startswith('GREEK '):
        return 'Greek'
    if name.startswith('HEBREW '):
        return 'Hebrew'
    if cp in (0x30FB, 0x30FC):
        return None  # KATAKANA MIDDLE DOT and the prolonged sound mark are Common
    if name.startswith(('HIRAGANA ', 'KATAKANA ', 'CJK UNIFIED IDEOGRAPH-', 'CJK COMPATIBILITY IDEOGRAPH-')):
        return 'HKH'
    if cp in (0x3005, 0x3007) or 0x3021 <= cp <= 0x3029 or 0x3038 <= cp <= 0x303B:
        return 'HKH'  # Han: iteration mark, number zero, Hangzhou numerals
    return None


def joining_types():
    forms = {}
    for cp in list(range(0xFB50, 0xFE00)) + list(range(0xFE70, 0xFF00)):
        d = unicodedata.decomposition(chr(cp)).split()
        if len(d) == 2 and d[0] in ('<initial>', '<medial>', '<final>', '<isolated>'):
            forms.setdefault(int(d[1], 16), set()).add(d[0])
    out = {}
    for base, kinds in forms.items():
        out[base] = 'D' if kinds & {'<initial>', '<medial>'} else 'R'
    return out


def rows():
    jt = joining_types()
    out = []
    prev = None
    for cp in range(0x110000):
        d = derived(cp)
        if d not in CLASS:  # DISALLOWED or UNASSIGNED: nothing more matters
            value = 0
        else:
            c = chr(cp)
            gc = unicodedata.category(c)
            bidi = unicodedata.bidirectional(c)
            join = jt.get(cp) or ('T' if gc in ('Mn', 'Me', 'Cf') else None)
            value = (CLASS[d] | (BIDI.index(bidi) if bidi in BIDI else 0) << 2 | (gc[0] == 'M') << 6 |
                     (unicodedata.combining(c) == 9) << 7 | SCRIPT[script(cp)] << 8 | JOINING[join] << 10)
        if value != prev:
            out.append((cp, value))
            prev = value
    return out


def header():
    r = rows()
    lines = ['/* Generated by idna_tables.py from Unicode %s (Python unicodedata): do not edit.' %
             unicodedata.unidata_version,
             ' * idna_rows[i] holds for the code points from its start up to the next',
             ' * row\'s: bits 0-1 the IDNA2008 class (0 DISALLOWED or UNASSIGNED,',
             ' * 1 PVALID, 2 CONTEXTJ, 3 CONTEXTO), 2-5 the Bidi class (IDNA_BIDI_*),',
             ' * 6 a mark (General_Category M*), 7 a virama (Canonical_Combining_Class',
             ' * 9), 8-9 the script (1 Greek, 2 Hebrew, 3 Hiragana, Katakana or Han),',
             ' * 10-11 the Joining_Type (1 T, 2 D, 3 R). */',
             '#ifndef SCHEMAC_VALIDATE_IDNA_TABLES_H',
             '#define SCHEMAC_VALIDATE_IDNA_TABLES_H',
             '',
             '#include <stdint.h>',
             '',
             '#define IDNA_UNICODE_VERSION "%s"' % unicodedata.unidata_version,
             '']
    for i, b in enumerate(BIDI):
        if b:
            lines.append('#define IDNA_BIDI_%s %d' % (b, i))
    lines += ['', 'static const struct {', '    uint32_t start;', '    uint16_t value;',
              '} idna_rows[] = {']
    items = ['{0x%X, 0x%X}' % x for x in r]
    for i in range(0, len(items), 6):
        lines.append('    ' + ', '.join(items[i:i + 6]) + ',')
    lines += ['};', '', '#endif', '']
    return '\n'.join(lines)


def main():
    text = header()
    if len(sys.argv) == 3 and sys.argv[1] == '--check':
        with open(sys.argv[2], encoding='utf-8') as f:
            committed = f.read()
        if ('from Unicode %s ' % unicodedata.unidata_version) not in committed.split('\n')[0]:
            print('%s was made from another Unicode version than this Python\'s %s: skipped' %
                  (sys.argv[2], unicodedata.unidata_version))
            return 77
        if committed != text:
            print('%s differs from what idna_tables.py writes: run it again' % sys.argv[2])
            return 1
        print('%s: up to date (%d rows)' % (sys.argv[2], text.count('{0x')))
        return 0
    if len(sys.argv) != 1:
        print(__doc__)
        return 2
    sys.stdout.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main())

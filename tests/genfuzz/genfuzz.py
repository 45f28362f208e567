#!/usr/bin/env python3
"""Mutation fuzzer of the generator: the repository's annotated headers,
mutated (tags, tag values, declarations: types, array sizes, names,
qualifiers, comments), each run through schemac. A failure is

  - a crash (a signal, or an exit status other than 0 and 1),
  - a sanitizer report (ASan, LSan, UBSan) from an instrumented schemac,
  - a hang (no answer within --timeout seconds),
  - an accepted header (exit 0) whose generated C does not compile with
    -std=c11 -O2 -Wall -Wextra -Wpedantic -Werror -Wshadow under gcc AND
    clang.

Each failure is printed with the mutations that made it and the mutated
header is saved (--save DIR) so that `schemac SAVED.h -o OUT` reproduces it.
The run is reproducible: header i of a run is a function of --seed and i
alone (and of the corpus), so `--seed S --only I` replays one header.

Usage: genfuzz.py --schemac SCHEMAC --cjson-include DIR --include DIR
                  [--seed S] [--count N] [--jobs J] [--timeout SEC]
                  [--save DIR] [--only I] [--strict] [--verbose] CORPUS...
CORPUS: headers, or folders whose *.h (at any depth) are taken.
Exit status: 0 no failure, 1 failures, 2 usage.
"""
import argparse
import concurrent.futures
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

TAGS = ["@schema", "@tool", "@additionalProperties", "@minimum", "@maximum", "@exclusiveMinimum",
        "@exclusiveMaximum", "@multipleOf", "@minLength", "@maxLength", "@pattern", "@format",
        "@minItems", "@maxItems", "@minProperties", "@maxProperties", "@uniqueItems", "@enum",
        "@const", "@examples", "@deprecated", "@name", "@optional", "@default", "@nullable",
        "@required", "@type",
        "@ignore", "@count", "@effect", "@idempotent", "@openWorld", "@version", "@output",
        "@config", "@dialects", "@acceptLoss", "@acceptOverlap", "@maxlength", "@", "@@"]

# Tag values: numbers at the edges of every C type and of doubles, JSON of
# every kind, broken JSON, formats, regexes, names, text that ends or opens
# comments, control characters and non-ASCII text.
VALUES = ["0", "1", "-1", "2", "7", "8", "127", "128", "-128", "-129", "255", "256", "32767", "32768",
          "65535", "65536", "2147483647", "2147483648", "-2147483648", "4294967295", "4294967296",
          "9007199254740991", "9007199254740992", "-9007199254740991", "18446744073709551615",
          "1e400", "-1e400", "5e-324", "1e-400", "-0", "0.0", "1.5", "0.1", "1e308", "3.4028235e38",
          "1e2", "1.0", "0x10", "01", "+1", ".5", "NaN", "Infinity", "1e", "-",
          "\"x\"", "\"\"", "\"\\ud800\"", "\"a\\\"b\"", "\"tab\\t\"", "[]", "[1,2]", "[1,1]", "[\"a\",\"a\"]",
          "[\"a\",null]", "[null]", "{}", "{\"a\":1}", "[", "{", "\"", "null", "true", "false",
          "date-time", "date", "time", "email", "uri", "uuid", "ipv4", "ipv6", "hostname", "regex",
          "^[a-z]+$", "(", "[", "a{2,1}", "\\u{10FFFF}", "(?<n>a)\\k<n>", "^$", ".*", "a|", "\\p{L}+",
          "class", "out", "err", "r", "n", "value", "json", "arena", "a b", "a/*b", "a*/b", "*/",
          "/*", "a\"b", "\u00e9t\u00e9", "\U0001F600", "x\u202ey", "readonly", "mutating",
          "destructive", "object", "1.2.3", "v2.0", "openai", "anthropic", "gemini", "mcp", "all", "",
          "   ", "@", "@@x", "a,b", "<x>", "&amp;", "A" * 300, "9" * 40, "-" + "9" * 25,
          "1" + "0" * 400]

TYPES = ["bool", "char", "signed char", "unsigned char", "short", "unsigned short", "int",
         "unsigned", "long", "unsigned long", "long long", "unsigned long long", "int8_t",
         "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t", "size_t",
         "float", "double", "long double", "char *", "const char *", "char *const", "void *",
         "cJSON *", "cJSON **", "int *", "double *", "bool *", "char **", "const char **",
         "_Bool", "wchar_t", "ptrdiff_t", "intptr_t"]
TYPE_WORDS = re.compile(r"\b(bool|_Bool|char|short|int|long|unsigned|signed|float|double|size_t|"
                        r"u?int(?:8|16|32|64)_t|cJSON)\b(\s*\*+)?")
QUALIFIERS = ["const ", "volatile ", "static ", "_Atomic ", "restrict ", "register ", "extern ",
              "_Alignas(16) ", "__attribute__((aligned(8))) ", "struct ", "enum ", "unsigned "]
NAMES = ["out", "err", "r", "n", "i", "value", "json", "arena", "node", "item", "len", "rc", "p",
         "class", "type", "has_x", "x_count", "count", "items", "key", "a_b", "a", "b_c", "_x",
         "__x", "x__y", "X", "main", "free", "malloc", "errno", "cJSON", "sc_error", "bool",
         "true", "NULL", "int8_t", "_Bool", "\u00e9", "x" * 200]
ARRAY_SIZES = ["0", "1", "2", "3", "4", "7", "8", "9", "16", "36", "37", "64", "255", "256", "257",
               "65536", "1000000", "-1", "", "1u", "0x10", "N", "2*3", "(1<<20)"]
COMMENT_STARTS = ["/**", "/*", "/*!", "///", "//", "/**<", "///<", "/***", "/** */ /**"]
ENUM_VALUES = ["0", "1", "-1", "255", "2147483647", "-2147483648", "0x7fffffff", "'a'", "1 << 4"]


def choose(rng, items):
    return items[rng.randrange(len(items))]


def spans(text, pattern):
    return [m for m in re.finditer(pattern, text)]


def replace_span(text, start, end, new):
    return text[:start] + new + text[end:]


def mutate_tag_name(rng, text):
    tags = spans(text, r"@[A-Za-z]+")
    if not tags:
        return None
    m = choose(rng, tags)
    new = choose(rng, TAGS)
    return replace_span(text, m.start(), m.end(), new), "tag %s -> %s" % (m.group(), new)


def mutate_tag_value(rng, text):
    # a tag's value: the rest of its line up to the next tag or comment end
    tags = spans(text, r"(@[A-Za-z]+)([ \t]+)([^@\n*]*)")
    if not tags:
        return None
    m = choose(rng, tags)
    new = choose(rng, VALUES)
    if rng.random() < 0.3:  # two values, or a value and its neighbour
        new += " " + choose(rng, VALUES)
    return replace_span(text, m.start(3), m.end(3), new + " "), "value of %s -> %r" % (m.group(1), new)


def insert_tag(rng, text):
    comments = spans(text, r"/\*\*<?|///<?")
    if not comments:
        return None
    m = choose(rng, comments)
    tag, value = choose(rng, TAGS), choose(rng, VALUES)
    new = " %s %s " % (tag, value)
    if m.group().startswith("///"):  # keep a line comment on its line
        new = new.replace("\n", " ")
    return replace_span(text, m.end(), m.end(), new), "insert %s %r" % (tag, value)


def annotate_member(rng, text):
    # a new doc comment before a member (a line ending in ';' inside a struct)
    members = spans(text, r"\n([ \t]+)([A-Za-z_][^;\n{}]*;)")
    if not members:
        return None
    m = choose(rng, members)
    tags = " ".join("%s %s" % (choose(rng, TAGS), choose(rng, VALUES)) for _ in range(rng.randint(1, 3)))
    style = choose(rng, ["/** %s */ ", "/// %s\n" + m.group(1), "/** %s\n" + m.group(1) + " */ "])
    new = style % tags
    return replace_span(text, m.start(2), m.start(2), new), "annotate %r with %r" % (m.group(2), tags)


def mutate_type(rng, text):
    words = spans(text, TYPE_WORDS)
    if not words:
        return None
    m = choose(rng, words)
    new = choose(rng, TYPES)
    return replace_span(text, m.start(), m.end(), new + " "), "type %r -> %r" % (m.group(), new)


def mutate_array_size(rng, text):
    sizes = spans(text, r"\[([^\]\n]*)\]")
    if not sizes:
        return None
    m = choose(rng, sizes)
    new = choose(rng, ARRAY_SIZES)
    if rng.random() < 0.2:  # an array of arrays
        new += "][" + choose(rng, ARRAY_SIZES)
    return replace_span(text, m.start(1), m.end(1), new), "array size [%s] -> [%s]" % (m.group(1), new)


def mutate_name(rng, text):
    # a member, typedef or enumerator name: an identifier before ; , [ = or }
    names = spans(text, r"\b([A-Za-z_][A-Za-z0-9_]*)(?=\s*(?:;|\[|,\s*(?:\n|/)|=|\s*\n\s*\}))")
    if not names:
        return None
    m = choose(rng, names)
    if rng.random() < 0.3:  # a name from the same header: duplicates and collisions
        other = choose(rng, names).group(1)
        new = choose(rng, [other, other + "_count", "has_" + other, other + "_", other.upper()])
    else:
        new = choose(rng, NAMES)
    return replace_span(text, m.start(1), m.end(1), new), "name %s -> %s" % (m.group(1), new)


def add_qualifier(rng, text):
    members = spans(text, r"\n[ \t]+(?=[A-Za-z_][^;\n{}()]*;)")
    if not members:
        return None
    m = choose(rng, members)
    q = choose(rng, QUALIFIERS)
    if rng.random() < 0.5:  # after the type: char *const p, int const x
        line_end = text.find(";", m.end())
        decl = text[m.end():line_end]
        star = decl.rfind("*")
        if star >= 0:
            at = m.end() + star + 1
            return replace_span(text, at, at, q), "qualifier %r after * of %r" % (q, decl)
    return replace_span(text, m.end(), m.end(), q), "qualifier %r before %r" % (q, text[m.end():text.find(";", m.end())])


def mutate_comment(rng, text):
    comments = spans(text, r"/\*\*<?|///<?|/\*|//|\*/")
    if not comments:
        return None
    m = choose(rng, comments)
    kind = rng.randrange(5)
    if kind == 0 and not m.group().endswith("/"):  # another comment style
        new = choose(rng, COMMENT_STARTS)
        if m.group().startswith("//") != new.startswith("//"):
            return None  # keep line and block comments apart: the rest stays C
        return replace_span(text, m.start(), m.end(), new), "comment %s -> %s" % (m.group(), new)
    if kind == 1:  # a second doc comment on the same declaration
        dup = choose(rng, ["/** @optional */ ", "/** @name z */ ", "/**< @minimum 1 */ ",
                           "/** first */ /** second */ ", "/** a */\n", "///< x\n"])
        return replace_span(text, m.start(), m.start(), dup), "comment %r added" % dup
    if kind == 2:  # strange text inside a comment
        junk = choose(rng, ["*/", "/*", "\\", "\t", "\x01", "\x1b[31m", "\u00e9", "\U0001F600",
                            "@", "@@", "\\\n", "\r", "\"", "'", "`", "$", "<b>", "\u2028"])
        if junk.startswith("*/") or (junk in ("\\\n",) and m.group().startswith("//")):
            return None  # would end the comment: other mutations cover that
        at = m.end()
        return replace_span(text, at, at, " " + junk + " "), "junk %r in a comment" % junk
    if kind == 3:  # an enumerator line: several enumerators, one comment
        enums = spans(text, r"\n([ \t]+)([A-Z][A-Z0-9_]*),")
        if len(enums) < 2:
            return None
        a = choose(rng, enums)
        return (replace_span(text, a.start(), a.end(), "\n" + a.group(1) + a.group(2) + ", " + a.group(2) + "_X,"),
                "enumerator %s_X on the line of %s" % (a.group(2), a.group(2)))
    line_start = text.rfind("\n", 0, m.start()) + 1
    line_end = text.find("\n", m.end())
    if line_end < 0:
        return None
    return replace_span(text, line_start, line_end, ""), "comment line %r removed" % text[line_start:line_end]


def mutate_lines(rng, text):
    lines = text.split("\n")
    # only lines of declarations: not the command-line comment, not a
    # preprocessor line
    cand = [i for i, ln in enumerate(lines) if i > 0 and ln.strip() and not ln.lstrip().startswith("#")]
    if not cand:
        return None
    i = choose(rng, cand)
    kind = rng.randrange(3)
    if kind == 0:
        lines.insert(i, lines[i])
        return "\n".join(lines), "line %d duplicated: %r" % (i + 1, lines[i])
    if kind == 1:
        gone = lines.pop(i)
        return "\n".join(lines), "line %d removed: %r" % (i + 1, gone)
    j = choose(rng, cand)
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines), "lines %d and %d swapped" % (i + 1, j + 1)


def mutate_enum(rng, text):
    enums = [m for m in spans(text, r"\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b(\s*=\s*[^,}\n]+)?(?=\s*[,}\n/])")
             if not text[text.rfind("\n", 0, m.start()) + 1:m.start()].lstrip().startswith("#")]
    if not enums:
        return None
    m = choose(rng, enums)
    kind = rng.randrange(3)
    if kind == 0:
        new = m.group(1) + " = " + choose(rng, ENUM_VALUES)
    elif kind == 1:
        new = m.group(1) + ", " + m.group(1) + "_" + str(rng.randrange(100)) + ", " + m.group(1).lower().upper() + "_b"
    else:
        new = m.group(1) + ", " + ", ".join("%s_V%d" % (m.group(1), k) for k in range(rng.choice([2, 50, 700])))
    return replace_span(text, m.start(), m.end(), new), "enumerator %s -> %.60s" % (m.group(), new)


def const_pointee(rng, text):
    """A const pointee, the forms the generator accepts (issue 18): const
    written before a member's pointer type or its fixed array of char *, a
    const pointer to the items (char const *const *), or the type replaced
    by a typedef of a pointer to const or of a const type, declared before
    the struct; unlike add_qualifier's, most of these are accepted, so
    their generated C gets compiled."""
    members = spans(text, r"\n([ \t]+)((?:struct |enum )?[A-Za-z_]\w*)[ \t]*(\*+)[ \t]*([A-Za-z_]\w*)[ \t]*(\[[^\]\n]*\])?;")
    if not members:
        return None
    m = choose(rng, members)
    base, stars, name, dims = m.group(2), m.group(3), m.group(4), m.group(5) or ""
    if base in ("const", "return", "typedef"):
        return None
    kind = rng.randrange(4)
    prelude = ""
    if kind == 0:  # const T *x, const char *x[N], const T **x
        decl = "const %s %s%s%s" % (base, stars, name, dims)
    elif kind == 1 and len(stars) >= 2:  # T const *const *x
        decl = "%s const *const %s%s%s" % (base, stars[2:], name, dims)
    elif kind == 1:  # T *const x: a const member, an error with its reason
        decl = "%s *const %s%s" % (base, name, dims)
    else:
        alias = "gf_%s_%d" % (re.sub(r"\W", "_", base), rng.randrange(1000))
        if kind == 2:  # typedef const T *alias; alias x (a typedef of a pointer to const)
            prelude = "typedef const %s *%s;\n" % (base, alias)
            decl = "%s %s%s%s" % (alias, stars[1:], name, dims)
        else:  # typedef const T alias; alias *x (a typedef of a const type)
            prelude = "typedef const %s %s;\n" % (base, alias)
            decl = "%s %s%s%s" % (alias, stars, name, dims)
    text = replace_span(text, m.start(2), m.end(), decl + ";")
    if prelude:
        # before the typedef or struct that holds the member, and before
        # its doc comment, which must stay the struct's
        at = text.rfind("\ntypedef struct", 0, m.start())
        at = text.rfind("\nstruct", 0, m.start()) if at < 0 else at
        if at < 0:
            return None
        before = text[:at].rstrip()
        if before.endswith("*/") and before.rfind("/*") >= 0:
            at = text.rfind("\n", 0, before.rfind("/*"))
        text = replace_span(text, at + 1, at + 1, prelude)
    return text, "const pointee: %r -> %r%s" % (m.group().strip(), decl, " with " + prelude.strip() if prelude else "")


# The file-scope names generated code declared before they took the sc_gen_
# prefix (issue 18 item 6b), its prefixed names, its public names and its
# locals: T is a struct of the header, F one of its members.
GENERATED_NAMES = ["read_T", "check_T", "build_T", "check_T_F", "check_T_F_text", "check_T_F_items",
                   "check_T_F_key", "check_T_F_value", "match_T_F", "T_keys", "T_members", "member_T",
                   "any_read_T", "any_check_T", "any_build_T", "decode_T_text", "decode_all_T_text",
                   "name_T", "drop_nulls_T", "invoke_T", "T_openai", "T_openai_strict", "T_xml",
                   "sc_long_text_0", "sc_gen_read_T", "sc_gen_keys_T", "T_decode", "T_validate_all",
                   "T_schema_json", "T_tool", "T_bind", "out_", "rc_", "i_", "value_"]


def colliding_name(rng, text):
    """A file-scope identifier named like one generated code declares for a
    struct of the header, as a typedef, an enumerator, a function or a
    variable: a former static name must compile now, a prefixed, public or
    local one must be an error."""
    structs = [m.group(1) for m in spans(text, r"\}\s*([A-Za-z_]\w*)\s*;")]
    members = [m.group(1) for m in spans(text, r"\n[ \t]+[A-Za-z_][\w \t*]*?\b([A-Za-z_]\w*)\s*(?:\[[^\]\n]*\])?;")]
    if not structs:
        return None
    name = choose(rng, GENERATED_NAMES).replace("T", choose(rng, structs), 1)
    name = name.replace("F", choose(rng, members) if members else "x", 1) if "_F" in name else name
    decl = choose(rng, ["typedef int %s;", "enum { %s };", "int %s(void);", "extern int %s;",
                        "typedef struct { enum { %s } k; } gf_holder_%d;"])
    decl = decl % ((name, rng.randrange(1000)) if "%d" in decl else name)
    # at the end, inside the include guard if there is one
    at = text.rfind("#endif")
    at = len(text) if at < 0 else at
    return replace_span(text, at, at, "\n" + decl + "\n"), "file-scope name %r" % decl


MUTATORS = [(mutate_tag_name, 3), (mutate_tag_value, 5), (insert_tag, 4), (annotate_member, 3),
            (mutate_type, 4), (mutate_array_size, 2), (mutate_name, 3), (add_qualifier, 2),
            (mutate_comment, 2), (mutate_lines, 2), (mutate_enum, 2), (const_pointee, 3), (colliding_name, 2)]
MUTATOR_TABLE = [f for f, w in MUTATORS for _ in range(w)]


def mutate(rng, text):
    done = []
    for _ in range(rng.choice([1, 1, 1, 1, 2, 2, 3])):
        for _attempt in range(10):
            r = choose(rng, MUTATOR_TABLE)(rng, text)
            if r is not None:
                text, what = r
                done.append(what)
                break
    return text, done


def corpus_entry(path):
    """A header of the corpus: its text and the command-line flags it needs
    (a golden case's -D/-I from its first line; -I of its own folder)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    folder = os.path.dirname(os.path.abspath(path))
    flags = ["-I" + folder]
    first = text.split("\n", 1)[0]
    if first.startswith("/* schemac:"):
        args = shlex.split(first[len("/* schemac:"):].rsplit("*/", 1)[0])
        if any(a.endswith(".h") for a in args):
            return None  # a case that runs on another header of the corpus
        for a in args:
            if a.startswith("-D"):
                flags.append(a)
            elif a.startswith("-I") and a != "-I":
                inc = a[2:]
                flags.append("-I" + (inc if os.path.isabs(inc) else os.path.join(folder, inc)))
    # headers the generator accepts get mutated more often than the error
    # cases and the mistake corpus, most of whose mutations it rejects again
    error_case = os.path.basename(path).startswith("err_") or os.path.basename(folder) == "mistakes"
    weight = 1 if error_case else 3
    return {"path": path, "text": text, "flags": flags, "weight": weight}


SANITIZER = re.compile(r"ERROR: (Address|Leak|Memory|Thread)Sanitizer|runtime error:|SUMMARY: \w+Sanitizer")
CFLAGS = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-Wshadow"]


def compile_c(cc, cfile, includes, timeout):
    """None when cc compiles cfile, else what it said."""
    try:
        p = subprocess.run([cc, *CFLAGS, *includes, "-c", cfile, "-o", os.devnull],
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "%s timed out" % cc
    return None if p.returncode == 0 else "%s %s:\n%s" % (cc, " ".join(CFLAGS), p.stderr)


def compile_generated(cfile, header, includes, timeout):
    """(kind, detail): ("accepted", "") when gcc and clang both compile
    cfile; ("header", why) when the mutated header does not compile by
    itself either (a mutation that broke the C, e.g. an empty struct under
    -Wpedantic: the generator's input, not its output, is at fault);
    ("compile", why) otherwise."""
    for cc in ("gcc", "clang"):
        why = compile_c(cc, cfile, includes, timeout)
        if why is None:
            continue
        if why.endswith("timed out"):
            # megabytes of C (a union of 700 variants): slow, not wrong
            return "slow", "%s (%d bytes of C)" % (why, os.path.getsize(cfile))
        alone = os.path.join(os.path.dirname(header), "header_alone.c")
        with open(alone, "w", encoding="utf-8") as f:
            f.write('#include "%s"\n' % os.path.basename(header))
        if compile_c(cc, alone, includes, timeout) is not None:
            return "header", why
        return "compile", why
    return "accepted", ""


# Findings of issue 8 that are known and open, recognised by what the
# compiler says about the generated code. They are counted and printed by
# name, not failed, so that a fuzz run stays useful (and CI green) until
# they are fixed; --strict fails them too. Remove an entry when its fix
# lands: the run then fails if the finding comes back.
KNOWN_OPEN = [
    # Findings this fuzzer made that are still open, by compiler message:
    # counted, not failed (--strict fails them). Empty: const members,
    # long literals and -Wcomment were fixed, volatile members are an error.
]


def known_open_name(kind):
    return any(kind == name for name, _ in KNOWN_OPEN)


def known_open(detail):
    for name, signature in KNOWN_OPEN:
        if signature.search(detail):
            return name
    return None


def run_one(opts, corpus, index):
    """Mutates one header (a function of the seed and index alone), runs
    schemac on it, compiles what it wrote. Returns (index, kind, detail,
    header text, mutations, source name, flags)."""
    rng = random.Random("%d/%d" % (opts.seed, index))
    entry = choose(rng, corpus)
    text, done = mutate(rng, entry["text"])
    # the types a mutation may bring in must be declared, or clang rejects
    # the header before schemac sees it
    text = "#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n" + \
        ("#include <cJSON.h>\n" if "cJSON" in text else "") + text
    work = tempfile.mkdtemp(prefix="genfuzz-")
    try:
        stem = "fuzz_%d" % index
        header = os.path.join(work, stem + ".h")
        with open(header, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
        out = os.path.join(work, "out")
        os.mkdir(out)
        argv = [opts.schemac, *entry["flags"], "-I" + opts.cjson_include, header, "-o", out]
        env = dict(os.environ)
        # a sanitizer report must never pass for schemac's ordinary exit 1
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "detect_leaks=1") + ":exitcode=86"
        env["UBSAN_OPTIONS"] = env.get("UBSAN_OPTIONS", "print_stacktrace=1") + ":halt_on_error=1:exitcode=87"
        try:
            p = subprocess.run(argv, capture_output=True, timeout=opts.timeout, env=env)
        except subprocess.TimeoutExpired:
            return index, "hang", "no answer in %ss" % opts.timeout, text, done, entry
        err = p.stderr.decode("utf-8", "replace")
        if SANITIZER.search(err):
            return index, "sanitizer", err[-4000:], text, done, entry
        if p.returncode not in (0, 1):
            return index, "crash", "exit status %d\n%s" % (p.returncode, err[-4000:]), text, done, entry
        if p.returncode == 1:
            return index, "rejected", err[:300], text, done, entry
        cfile = os.path.join(out, stem + ".schemac.c")
        if not os.path.exists(cfile):
            return index, "crash", "exit 0 but no %s written" % os.path.basename(cfile), text, done, entry
        kind, why = compile_generated(cfile, header, ["-I" + out, "-I" + work, "-I" + opts.include,
                                                      "-I" + opts.cjson_include, *entry["flags"]], opts.timeout * 4)
        if kind == "compile" and not opts.strict and known_open(why):
            return index, known_open(why), why, text, done, entry
        if len(why) > 4000:
            why = why[:2000] + "\n...\n" + why[-2000:]
        return index, kind, why, text, done, entry
    finally:
        shutil.rmtree(work, ignore_errors=True)



def seed_arg(text):
    """--seed S, or "new": a seed of the run's own, printed first, so that
    CI tries other headers each run and a failure can be replayed."""
    return random.SystemRandom().randrange(1, 2 ** 31) if text == "new" else int(text)

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--schemac", required=True)
    ap.add_argument("--cjson-include", required=True, help="cJSON's include folder (for <cJSON.h>)")
    ap.add_argument("--include", required=True, help="libschemac's include folder")
    ap.add_argument("--seed", type=seed_arg, default=1, help="a number, or new (a random seed, printed)")
    ap.add_argument("--count", type=int, default=200, help="headers to mutate and run")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds schemac may take on a header")
    ap.add_argument("--save", default=None, help="folder for the headers of failures")
    ap.add_argument("--only", type=int, default=None, help="run header INDEX of the seed alone")
    ap.add_argument("--strict", action="store_true", help="known open findings (KNOWN_OPEN) fail too")
    ap.add_argument("--verbose", action="store_true", help="print every header's mutations and verdict")
    ap.add_argument("corpus", nargs="+")
    opts = ap.parse_args()
    print("%s: --seed %d" % (os.path.basename(__file__), opts.seed), flush=True)
    paths = set()
    for c in opts.corpus:
        if os.path.isdir(c):
            paths.update(os.path.join(d, f) for d, _, fs in os.walk(c) for f in fs if f.endswith(".h"))
        else:
            paths.add(c)
    corpus = [e for e in (corpus_entry(p) for p in sorted(paths)) if e is not None
              for _ in range(e["weight"])]
    if not corpus:
        print("no corpus headers", file=sys.stderr)
        return 2
    for cc in ("gcc", "clang"):
        if shutil.which(cc) is None:
            print("%s not found: skipped" % cc)
            return 77
    save = opts.save or tempfile.mkdtemp(prefix="genfuzz-failures-")
    indexes = [opts.only] if opts.only is not None else list(range(opts.count))
    started = time.monotonic()
    tally = {}
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        for index, kind, detail, text, done, entry in pool.map(lambda i: run_one(opts, corpus, i), indexes):
            tally[kind] = tally.get(kind, 0) + 1
            if opts.verbose:
                print("#%d %s (%s): %s" % (index, kind, entry["path"], "; ".join(done)))
                if kind != "accepted":
                    print("    " + detail.split("\n", 1)[0])
            if kind == "slow":
                print("slow #%d: %s, from %s by: %s" % (index, detail, entry["path"], "; ".join(done)))
            if kind in ("accepted", "rejected", "header", "slow") or known_open_name(kind):
                continue
            os.makedirs(save, exist_ok=True)
            saved = os.path.join(save, "seed%d_%d_%s.h" % (opts.seed, index, kind))
            with open(saved, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(text)
            failures.append(index)
            flags = " ".join(shlex.quote(x) for x in entry["flags"] if not x.startswith("-I/"))
            print("FAIL #%d: %s, from %s by: %s" % (index, kind, entry["path"], "; ".join(done)))
            print("  saved: %s" % saved)
            print("  reproduce: schemac %s -I%s %s -o OUT  (or genfuzz.py --seed %d --only %d ...)"
                  % (flags, opts.cjson_include, saved, opts.seed, index))
            print("  " + detail.strip().replace("\n", "\n  "))
    print("genfuzz: seed %d, %d headers from %d corpus entries in %.0f s: %s" % (
        opts.seed, len(indexes), len(corpus), time.monotonic() - started,
        ", ".join("%s %d" % kv for kv in sorted(tally.items()))))
    print("failures: %d%s" % (len(failures), " (%s)" % save if failures else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

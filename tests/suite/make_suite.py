#!/usr/bin/env python3
"""Map the JSON Schema Test Suite (draft2020-12) onto schemac declarations.

    make_suite.py --list SUITE_DIR      one line per output, for meson:
                                        "header STEM ROOT_TYPE..." and "input PATH"
    make_suite.py --out DIR SUITE_DIR   write DIR/suite_STEM.h (one header per
                                        keyword file) and DIR/suite_cases.c

For every test group of the keyword files schemac supports, the group's
schema is expressed as a C declaration (a struct tagged @schema whose
members carry the annotations of docs/annotations.md). The mapping is the
MAPPING table below, written by hand per group; the C text is generated
from it. Each test case becomes (root type, JSON document, expected valid).

Wrapping: schemac decodes objects into structs, so a root schema that is
not an object (e.g. {"minimum": 1.1}) is expressed as the member `v` of a
struct, and the instance I is decoded as the document {"v": I}. The struct
has no other member and rejects unknown ones, so {"v": I} is accepted
exactly when I is accepted by v's schema.

Applicability, decided per case from the declaration, never from the result:
- an instance the schema rejects must be rejected by the decoder: always
  applicable. When the C type cannot even hold the instance's JSON type, the
  decoder rejects it for its type; the runner counts those passes apart
  ("by type"), because the keyword under test played no part.
- an instance the schema accepts is applicable when the C type can hold its
  value (an integral number in int64_t, any number in double, a string
  without U+0000 in char *, ...). Otherwise it is "not applicable", with
  the reason (e.g. {"minimum": 1.1} accepts "x", which no double holds).
- a group whose schema the type system cannot express at all (mixed
  types, null, $ref, oneOf/anyOf/allOf, patternProperties, maps, tuples,
  arrays of arrays, ...) is not applicable as a whole, with the reason.

Untyped sub-schemas: where a keyword has no `type` (e.g. {"minimum": 1.1}) or
a member's schema is {} (accepts anything), the declaration uses the one C
type that fits the keyword (a number for minimum, a string for maxLength)
or, for {}, the type the group's instances use; instances of other types
then fall under the rules above. A group may list several variants (e.g.
uniqueItems over number, string and boolean arrays); each case goes to the
first variant whose C type holds the instance.
"""

import json
import os
import re
import sys

# ---------------------------------------------------------------- the model

INT = ('int',)    # int64_t: JSON integers (1.0 included), limited to +-(2^53-1)
NUM = ('num',)    # double: any finite number
STR = ('str',)    # char *: a string without U+0000
BOOL = ('bool',)  # bool


def arr(item):
    """T *v + size_t v_count."""
    return ('arr', item)


def obj(members, additional=False):
    """A struct; additional=True tags it @additionalProperties."""
    return ('obj', list(members), additional)


def m(name, typ, *tags, opt=False):
    """A member: JSON name, type, value tags, optional (absent is distinguishable)."""
    return (name, typ, list(tags), opt)


class Decl:
    """One C root declaration. wrap: the root schema is not an object and
    is the member v (with tags) of the root struct."""

    def __init__(self, typ, *tags, wrap=True, note=''):
        self.wrap = wrap
        self.note = note
        if wrap:
            self.root = obj([m('v', typ, *tags)])
        else:
            assert typ[0] == 'obj' and not tags
            self.root = typ


class Map:
    def __init__(self, *variants, note='', na=None):
        self.variants = list(variants)
        self.note = note
        self.na = na  # the reason for a valid instance no variant holds (default: derived)


class NA:
    def __init__(self, reason):
        self.reason = reason


def W(typ, *tags, note=''):
    return Map(Decl(typ, *tags), note=note)


def O(typ, note=''):
    return Map(Decl(typ, wrap=False), note=note)


NULLABLE = NA('null is not representable: @nullable is planned')
MIXED = NA('several JSON types for one value: tagged unions are planned, a C member has one type')
REF = NA('$ref/$defs: recursive and referenced types are planned')
APPLICATORS = NA('allOf/anyOf/oneOf/not/if: schema applicators are not part of the type system')
PATTERNPROPS = NA('patternProperties: member names are fixed by the C declaration')
MAPS = NA('additionalProperties with a schema is a map: members are fixed by the C declaration')
TUPLES = NA('prefixItems (tuples): an array member has one item type')
DEPENDENT = NA('dependentSchemas/propertyNames: not part of the type system')
ESCAPED_NAMES = NA('member names with control characters, quotes or backslashes: @name takes a bare word')
NUL_STRING = NA('U+0000 inside a string: C strings are NUL-terminated, the decoders reject \\u0000 (docs/strictness.md)')
BOOL_SCHEMA = NA('a false sub-schema (a member that must be absent) cannot be declared')
NESTED_ARRAYS = NA('arrays of arrays are not supported')
ENUM_NONSCALAR = NA('enum/const values of mixed types cannot be declared')

# (file, group description) -> Map or NA. Comments give the reasoning where
# the declaration is not a word-for-word translation.
MAPPING = {
    # ------------------------------------------------------------ type
    ('type', 'integer type matches integers'): W(INT),
    ('type', 'number type matches numbers'): W(NUM),
    ('type', 'string type matches strings'): W(STR),
    ('type', 'object type matches objects'): O(obj([], additional=True),
        note='any object: a struct without members that accepts unknown ones'),
    ('type', 'array type matches arrays'): W(arr(NUM),
        note='items are unconstrained; declared as numbers (the only valid instance is [])'),
    ('type', 'boolean type matches booleans'): W(BOOL),
    ('type', 'null type matches only the null object'): NULLABLE,
    ('type', 'multiple types can be specified in an array'): MIXED,
    ('type', 'type as array with one item'): W(STR, note='["string"] is "string"'),
    ('type', 'type: array or object'): MIXED,
    ('type', 'type: array, object or null'): MIXED,
    # ------------------------------------------------------------ properties
    ('properties', 'object properties validation'): O(obj([
        m('foo', INT, opt=True), m('bar', STR, opt=True)], additional=True),
        note='no "type": non-objects are valid but no struct holds them'),
    ('properties', 'properties, patternProperties, additionalProperties interaction'): PATTERNPROPS,
    ('properties', 'properties with boolean schema'): BOOL_SCHEMA,
    ('properties', 'properties with escaped characters'): ESCAPED_NAMES,
    ('properties', 'properties with null valued instance properties'): NULLABLE,
    ('properties', 'properties whose names are Javascript object property names'): O(obj([
        m('__proto__', NUM, opt=True),
        m('toString', obj([m('length', STR, opt=True)], additional=True), opt=True),
        m('constructor', NUM, opt=True)], additional=True)),
    # ------------------------------------------------------------ required
    ('required', 'required validation'): O(obj([
        m('foo', NUM), m('bar', NUM, opt=True)], additional=True),
        note='foo and bar are {} (anything); declared as numbers, the type the instances use'),
    ('required', 'required default validation'): O(obj([m('foo', NUM, opt=True)], additional=True),
        note='foo is {} (anything); declared as a number'),
    ('required', 'required with empty array'): O(obj([m('foo', NUM, opt=True)], additional=True),
        note='foo is {} (anything); declared as a number'),
    ('required', 'required with escaped characters'): ESCAPED_NAMES,
    ('required', 'required properties whose names are Javascript object property names'): O(obj([
        m('__proto__', NUM), m('toString', obj([], additional=True)), m('constructor', NUM)],
        additional=True),
        note='the three members are unconstrained; declared with the types of the valid instance '
             '(numbers and any object)'),
    # ------------------------------------------------------------ additionalProperties
    ('additionalProperties', 'additionalProperties being false does not allow other properties'): PATTERNPROPS,
    ('additionalProperties', 'non-ASCII pattern with additionalProperties'): PATTERNPROPS,
    ('additionalProperties', 'additionalProperties with schema'): MAPS,
    ('additionalProperties', 'additionalProperties can exist by itself'): MAPS,
    ('additionalProperties', 'additionalProperties are allowed by default'): O(obj([
        m('foo', NUM, opt=True), m('bar', NUM, opt=True)], additional=True),
        note='foo and bar are {}; declared as numbers. Allowing schema -> @additionalProperties'),
    ('additionalProperties', 'additionalProperties does not look in applicators'): APPLICATORS,
    ('additionalProperties', 'additionalProperties with null valued instance properties'): NULLABLE,
    ('additionalProperties', 'additionalProperties with propertyNames'): DEPENDENT,
    ('additionalProperties', 'dependentSchemas with additionalProperties'): DEPENDENT,
    # ------------------------------------------------------------ enum
    ('enum', 'simple enum validation'): W(NUM, '@enum [1, 2, 3]'),
    ('enum', 'heterogeneous enum validation'): ENUM_NONSCALAR,
    ('enum', 'heterogeneous enum-with-null validation'): NULLABLE,
    ('enum', 'enums in properties'): O(obj([
        m('foo', STR, '@enum ["foo"]', opt=True), m('bar', STR, '@enum ["bar"]')], additional=True)),
    ('enum', 'enum with escaped characters'): W(STR, '@enum ["foo\\nbar", "foo\\rbar"]'),
    ('enum', 'enum with false does not match 0'): W(BOOL, '@enum [false]'),
    ('enum', 'enum with [false] does not match [0]'): W(arr(BOOL), '@enum [false]', '@minItems 1', '@maxItems 1',
        note='enum [[false]] is the set {[false]}: one item equal to false'),
    ('enum', 'enum with true does not match 1'): W(BOOL, '@enum [true]'),
    ('enum', 'enum with [true] does not match [1]'): W(arr(BOOL), '@enum [true]', '@minItems 1', '@maxItems 1',
        note='enum [[true]] is the set {[true]}: one item equal to true'),
    ('enum', 'enum with 0 does not match false'): W(NUM, '@enum [0]'),
    ('enum', 'enum with [0] does not match [false]'): W(arr(NUM), '@enum [0]', '@minItems 1', '@maxItems 1',
        note='enum [[0]] is the set {[0]}: one item equal to 0'),
    ('enum', 'enum with 1 does not match true'): W(NUM, '@enum [1]'),
    ('enum', 'enum with [1] does not match [true]'): W(arr(NUM), '@enum [1]', '@minItems 1', '@maxItems 1',
        note='enum [[1]] is the set {[1]}: one item equal to 1'),
    ('enum', 'nul characters in strings'): NUL_STRING,
    ('enum', 'empty enum'): NA('an empty enum accepts nothing; schemac rejects @enum [] ("needs at least one value")'),
    # ------------------------------------------------------------ const
    ('const', 'const validation'): W(NUM, '@const 2'),
    ('const', 'const with object'): O(obj([m('foo', STR, '@const "bar"'), m('baz', STR, '@const "bax"')]),
        note='const {"foo":"bar","baz":"bax"}: exactly these two members with these values'),
    ('const', 'const with array'): W(arr(obj([m('foo', STR, '@const "bar"')])), '@minItems 1', '@maxItems 1',
        note='const [{"foo":"bar"}]: one item, an object with exactly foo = "bar"'),
    ('const', 'const with null'): NULLABLE,
    ('const', 'const with false does not match 0'): W(BOOL, '@const false'),
    ('const', 'const with true does not match 1'): W(BOOL, '@const true'),
    ('const', 'const with [false] does not match [0]'): W(arr(BOOL), '@const false', '@minItems 1', '@maxItems 1',
        note='const [false]: one item equal to false'),
    ('const', 'const with [true] does not match [1]'): W(arr(BOOL), '@const true', '@minItems 1', '@maxItems 1',
        note='const [true]: one item equal to true'),
    ('const', 'const with {"a": false} does not match {"a": 0}'): O(obj([m('a', BOOL, '@const false')])),
    ('const', 'const with {"a": true} does not match {"a": 1}'): O(obj([m('a', BOOL, '@const true')])),
    ('const', 'const with 0 does not match other zero-like types'): W(NUM, '@const 0'),
    ('const', 'const with 1 does not match true'): W(NUM, '@const 1'),
    ('const', 'const with -2.0 matches integer and float types'): W(NUM, '@const -2.0'),
    ('const', 'float and integers are equal up to 64-bit representation limits'): W(NUM, '@const 9007199254740992'),
    ('const', 'nul characters in strings'): NUL_STRING,
    ('const', 'characters with the same visual representation but different codepoint'): W(STR, '@const "\\u03bc"'),
    ('const', 'characters with the same visual representation, but different number of codepoints'):
        W(STR, '@const "\\u00e4"'),
    # ------------------------------------------------------------ numbers
    ('minimum', 'minimum validation'): W(NUM, '@minimum 1.1'),
    ('minimum', 'minimum validation with signed integer'): W(NUM, '@minimum -2',
        note='no "type": integer; -2.0001 is a valid instance type, so a number'),
    ('maximum', 'maximum validation'): W(NUM, '@maximum 3.0'),
    ('maximum', 'maximum validation with unsigned integer'): W(NUM, '@maximum 300',
        note='no "type": integer; 299.97 is a valid instance, so a number'),
    ('exclusiveMinimum', 'exclusiveMinimum validation'): W(NUM, '@exclusiveMinimum 1.1'),
    ('exclusiveMaximum', 'exclusiveMaximum validation'): W(NUM, '@exclusiveMaximum 3.0'),
    ('multipleOf', 'by int'): W(NUM, '@multipleOf 2'),
    ('multipleOf', 'by number'): W(NUM, '@multipleOf 1.5'),
    ('multipleOf', 'by small number'): W(NUM, '@multipleOf 0.0001'),
    ('multipleOf', 'float division = inf'): W(INT, '@multipleOf 0.123456789'),
    ('multipleOf', 'small multiple of large integer'): W(INT, '@multipleOf 1e-8'),
    # ------------------------------------------------------------ strings
    ('minLength', 'minLength validation'): W(STR, '@minLength 2'),
    ('minLength', 'minLength validation with a decimal'): W(STR, '@minLength 2',
        note='minLength 2.0 is the count 2; schemac only takes the integer spelling'),
    ('maxLength', 'maxLength validation'): W(STR, '@maxLength 2'),
    ('maxLength', 'maxLength validation with a decimal'): W(STR, '@maxLength 2',
        note='maxLength 2.0 is the count 2; schemac only takes the integer spelling'),
    ('pattern', 'pattern validation'): W(STR, '@pattern ^a*$'),
    ('pattern', 'pattern is not anchored'): W(STR, '@pattern a+'),
    ('pattern', 'pattern with Unicode property escape requires unicode mode'):
        NA('\\p{...} Unicode property escapes are not supported (docs/patterns.md)'),
    # ------------------------------------------------------------ arrays
    ('items', 'a schema given for items'): W(arr(INT)),
    ('items', 'items with boolean schema (true)'): W(arr(NUM),
        note='items: true accepts any item; declared as numbers (an array member has one item type)'),
    ('items', 'items with boolean schema (false)'): W(arr(NUM), '@maxItems 0',
        note='items: false allows only the empty array'),
    ('items', 'items and subitems'): REF,
    ('items', 'nested items'): NESTED_ARRAYS,
    ('items', 'prefixItems with no additional items allowed'): W(arr(NUM), '@maxItems 3',
        note='three {} prefix items and items: false: at most 3 items of any type; declared as numbers'),
    ('items', 'items does not look in applicators, valid case'): APPLICATORS,
    ('items', 'prefixItems validation adjusts the starting index for items'): TUPLES,
    ('items', 'items with heterogeneous array'): W(arr(NUM), '@maxItems 1',
        note='one {} prefix item and items: false: at most 1 item of any type; declared as numbers'),
    ('items', 'items with null instance elements'): NULLABLE,
    ('minItems', 'minItems validation'): W(arr(NUM), '@minItems 1'),
    ('minItems', 'minItems validation with a decimal'): W(arr(NUM), '@minItems 1',
        note='minItems 1.0 is the count 1; schemac only takes the integer spelling'),
    ('maxItems', 'maxItems validation'): W(arr(NUM), '@maxItems 2'),
    ('maxItems', 'maxItems validation with a decimal'): W(arr(NUM), '@maxItems 2',
        note='maxItems 2.0 is the count 2; schemac only takes the integer spelling'),
    ('uniqueItems', 'uniqueItems validation'): Map(
        Decl(arr(NUM), '@uniqueItems'), Decl(arr(STR), '@uniqueItems'), Decl(arr(BOOL), '@uniqueItems'),
        note='items are unconstrained; @uniqueItems takes arrays of numbers, strings or booleans, '
             'one variant each',
        na='items that are not all numbers, all strings or all booleans: an array member has one '
           'item type, and @uniqueItems takes scalar items only'),
    ('uniqueItems', 'uniqueItems with an array of items'): TUPLES,
    ('uniqueItems', 'uniqueItems with an array of items and additionalItems=false'): TUPLES,
    ('uniqueItems', 'uniqueItems=false validation'): Map(
        Decl(arr(NUM)), Decl(arr(STR)), Decl(arr(BOOL)),
        note='uniqueItems: false is no constraint; items are unconstrained, one variant per scalar item type',
        na='items that are not all numbers, all strings or all booleans: an array member has one '
           'item type (object items would each need their own struct: not mapped)'),
    ('uniqueItems', 'uniqueItems=false with an array of items'): TUPLES,
    ('uniqueItems', 'uniqueItems=false with an array of items and additionalItems=false'): TUPLES,
}

KEYWORD_FILES = ['type', 'properties', 'required', 'additionalProperties', 'enum', 'const',
                 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
                 'minLength', 'maxLength', 'pattern', 'items', 'minItems', 'maxItems', 'uniqueItems']
FORMATS = ['date-time', 'date', 'time', 'email', 'uri', 'uuid', 'ipv4', 'ipv6', 'hostname']


def rule_based(keyword, schema):
    """Groups mapped by rule rather than by the table: the format files and
    the pattern groups of optional/ecmascript-regex.json."""
    body = {k: v for k, v in schema.items() if k not in ('$schema', '$comment')}
    if keyword.startswith('format/'):
        fmt = keyword[len('format/'):]
        if body == {'format': fmt}:
            return W(STR, '@format ' + fmt)
        return None
    if keyword == 'ecmascript-regex':
        if 'patternProperties' in body:
            return PATTERNPROPS
        if set(body) in ({'pattern'}, {'pattern', 'type'}) and body.get('type', 'string') == 'string':
            if re.search(r'\\[pP]\{', body['pattern']):
                return NA('\\p{...} Unicode property escapes are not supported (docs/patterns.md)')
            return W(STR, '@pattern ' + body['pattern'])
        return None
    return None


def keyword_files():
    """(keyword name, path relative to the draft2020-12 directory, C stem)."""
    out = [(k, k + '.json') for k in KEYWORD_FILES]
    out += [('format/' + f, 'optional/format/' + f + '.json') for f in FORMATS]
    out.append(('ecmascript-regex', 'optional/ecmascript-regex.json'))
    return [(k, p, re.sub(r'[^A-Za-z0-9]+', '_', k)) for k, p in out]


# ------------------------------------------------------ what a C type holds

def json_type(v):
    if v is None:
        return 'null'
    if isinstance(v, bool):
        return 'a boolean'
    if isinstance(v, int):
        return 'an integer'
    if isinstance(v, float):
        return 'an integer' if v.is_integer() else 'a number'
    if isinstance(v, str):
        return 'a string'
    if isinstance(v, list):
        return 'an array'
    return 'an object'


TYPE_WORDS = {'int': 'an integer (int64_t)', 'num': 'a number (double)', 'str': 'a string (char *)',
              'bool': 'a boolean (bool)', 'arr': 'an array', 'obj': 'an object (struct)'}


def why_not(typ, v, path=''):
    """None when the C type can hold the JSON value v (constraints aside),
    else the reason."""
    at = ' at ' + path if path else ''
    kind = typ[0]
    isnum = isinstance(v, (int, float)) and not isinstance(v, bool)
    if kind == 'int':
        if isnum and float(v).is_integer():
            return None
    elif kind == 'num':
        if isnum:
            return None
    elif kind == 'str':
        if isinstance(v, str):
            if '\0' in v:
                return 'the string%s contains U+0000, which a C string cannot hold' % at
            return None
    elif kind == 'bool':
        if isinstance(v, bool):
            return None
    elif kind == 'arr':
        if isinstance(v, list):
            for i, item in enumerate(v):
                r = why_not(typ[1], item, '%s/%d' % (path, i))
                if r:
                    return r
            return None
    elif kind == 'obj':
        if isinstance(v, dict):
            members = {name: t for name, t, _, _ in typ[1]}
            for key, val in v.items():
                if key in members:
                    r = why_not(members[key], val, '%s/%s' % (path, key))
                    if r:
                        return r
                # unknown members: skipped with @additionalProperties, else a
                # constraint (additionalProperties: false), not a type matter
            return None
    return 'the value%s is not %s' % (at, TYPE_WORDS[kind])


# ----------------------------------------------------------- C declarations

C_RESERVED = {'auto', 'break', 'case', 'char', 'const', 'continue', 'default', 'do', 'double',
              'else', 'enum', 'extern', 'float', 'for', 'goto', 'if', 'inline', 'int', 'long',
              'register', 'restrict', 'return', 'short', 'signed', 'sizeof', 'static', 'struct',
              'switch', 'typedef', 'union', 'unsigned', 'void', 'volatile', 'while', 'bool',
              'true', 'false'}


def c_name(json_name, index):
    if (re.fullmatch(r'[A-Za-z][A-Za-z0-9_]*', json_name) and json_name not in C_RESERVED
            and not json_name.endswith('_count')):
        return json_name, None
    if not re.fullmatch(r'[!-~]+', json_name) or '@' in json_name or '*/' in json_name:
        raise ValueError('member name %r cannot be given with @name' % json_name)
    return 'm%d_' % index, json_name


def comment_safe(text):
    return text.replace('*/', '*\\/')


class HeaderWriter:
    def __init__(self, stem):
        self.stem = stem
        self.lines = []

    def scalar_c(self, kind):
        return {'int': 'int64_t', 'num': 'double', 'bool': 'bool', 'str': 'char *'}[kind]

    def member(self, owner, index, member, out):
        name, typ, tags, opt = member
        cname, rename = c_name(name, index)
        tags = list(tags)
        if rename:
            tags.insert(0, '@name ' + rename)
        kind = typ[0]
        if kind == 'obj':
            tname = '%s_%s' % (owner, cname.strip('_'))
            self.struct(tname, typ, root=False)
            decl = ['struct %s %s%s;' % (tname, '*' if opt else '', cname)]
        elif kind == 'arr':
            item = typ[1]
            if item[0] == 'obj':
                iname = 'struct %s_%s_item' % (owner, cname.strip('_'))
                self.struct(iname[len('struct '):], item, root=False)
            elif item[0] == 'str':
                iname = '%s_str' % self.stem  # char ** is not allowed; a typedef'd char * is
            elif item[0] == 'arr':
                raise ValueError('arrays of arrays are not supported')
            else:
                iname = self.scalar_c(item[0])
            if opt:
                tags.append('@optional')
            decl = ['%s *%s;' % (iname, cname), 'size_t %s_count;' % cname]
        elif kind == 'str':
            if opt:
                tags.append('@optional')  # NULL when absent
            decl = ['char *%s;' % cname]
        else:
            decl = ['%s %s%s;' % (self.scalar_c(kind), '*' if opt else '', cname)]  # NULL when absent
        if tags:
            out.append('    /**')
            for t in tags:  # one tag per line: @pattern runs to the end of its line
                assert '*/' not in t and '\n' not in t, t
                out.append('     * ' + t)
            out.append('     */')
        out.extend('    ' + d for d in decl)

    def struct(self, tname, typ, root, comment=None):
        _, members, additional = typ
        body = []
        for i, mem in enumerate(members):
            self.member(tname, i, mem, body)
        if not members:
            body.append('    /** @ignore */')
            body.append('    int unused_; /* C has no empty structs; not part of the JSON */')
        tags = (['@schema'] if root else []) + (['@additionalProperties'] if additional else [])
        text = []
        if comment:
            text.append('/*')
            text.extend((' * ' + line).rstrip() for line in comment)
            text.append(' */')
        if tags:
            text.append('/** %s */' % ' '.join(tags))
        # Nested structs are declared as `struct NAME`: schemac rejects the tags
        # of a tagged `typedef struct {...} NAME;` when NAME is used as a member
        # type ("@additionalProperties cannot be used on a typedef").
        text.append('typedef struct {' if root else 'struct %s {' % tname)
        text.extend(body)
        text.append('} %s;' % tname if root else '};')
        text.append('')
        self.lines.extend(text)

    def render(self):
        guard = 'SUITE_%s_H' % self.stem.upper()
        head = ['/* Generated by tests/suite/make_suite.py from the JSON Schema Test Suite. Do not edit.',
                ' * Each @schema struct expresses one test group\'s schema (see the script\'s header',
                ' * comment for wrapping and applicability). */',
                '#ifndef ' + guard, '#define ' + guard, '',
                '#include <stdbool.h>', '#include <stddef.h>', '#include <stdint.h>', '',
                '/* array items that are strings: char ** is not a schemac type, this typedef is */',
                'typedef char *%s_str;' % self.stem, '']
        return '\n'.join(head + self.lines + ['#endif /* %s */' % guard, ''])


# ------------------------------------------------------------------ driver

def c_string(data):
    """A C string literal for bytes (octal escapes: never ambiguous; no trigraphs)."""
    out = ['"']
    for b in data:
        c = chr(b)
        if c in '"\\?':
            out.append('\\' + c)
        elif 32 <= b < 127:
            out.append(c)
        else:
            out.append('\\%03o' % b)
    out.append('"')
    return ''.join(out)


def dumps(v):
    return json.dumps(v, ensure_ascii=False, separators=(', ', ': '))


def load(suite_dir):
    """[(keyword, stem, path, [(group index, group, spec)])]; None when the suite is missing."""
    if not os.path.isdir(suite_dir):
        return None
    result = []
    for kw, rel, stem in keyword_files():
        path = os.path.join(suite_dir, rel)
        with open(path, encoding='utf-8') as f:
            groups = json.load(f)
        file_key = kw
        entries = []
        for gi, g in enumerate(groups):
            spec = MAPPING.get((file_key, g['description'])) or rule_based(kw, g['schema'])
            if spec is None:
                spec = NA('no mapping written yet (a group new to the suite?): add it to make_suite.py')
            entries.append((gi, g, spec))
        result.append((kw, stem, path, entries))
    return result


def root_names(stem, gi, spec):
    if not isinstance(spec, Map):
        return []
    if len(spec.variants) == 1:
        return ['%s_g%d' % (stem, gi)]
    return ['%s_g%d_%d' % (stem, gi, vi) for vi in range(len(spec.variants))]


def cmd_list(suite_dir):
    data = load(suite_dir)
    if data is None:
        return
    for kw, stem, path, entries in data:
        names = [n for gi, g, spec in entries for n in root_names(stem, gi, spec)]
        print('header', stem, *names)
        print('input', path)


def cmd_out(out_dir, suite_dir):
    data = load(suite_dir)
    cases = []
    wrappers = []
    headers = []
    for kw, stem, path, entries in (data or []):
        hw = HeaderWriter(stem)
        for gi, g, spec in entries:
            names = root_names(stem, gi, spec)
            schema_text = json.dumps(g['schema'], ensure_ascii=True)
            if isinstance(spec, Map):
                for vi, (decl, tname) in enumerate(zip(spec.variants, names)):
                    comment = ['%s, group %d: %s' % (os.path.relpath(path, suite_dir), gi,
                                                     json.dumps(g['description'])),
                               'schema: ' + comment_safe(schema_text)]
                    if decl.wrap:
                        comment.append('not an object schema: the instance I is decoded as {"v": I}')
                    if len(spec.variants) > 1:
                        comment.append('variant %d of %d' % (vi + 1, len(spec.variants)))
                    for note in (spec.note, decl.note):
                        if note:
                            comment.append('mapping: ' + comment_safe(note))
                    hw.struct(tname, decl.root, root=True, comment=comment)
                    wrappers.append(tname)
            for ci, t in enumerate(g['tests']):
                inst = dumps(t['data'])
                case = {'kw': kw, 'group': g['description'], 'desc': t['description'],
                        'inst': inst, 'valid': bool(t['valid']), 'type': None, 'doc': inst,
                        'holds': False, 'na': None}
                if isinstance(spec, NA):
                    case['na'] = spec.reason
                else:
                    pick = None
                    reasons = []
                    for decl, tname in zip(spec.variants, names):
                        typ = decl.root[1][0][1] if decl.wrap else decl.root
                        r = why_not(typ, t['data'])
                        if r is None:
                            pick = (decl, tname)
                            break
                        reasons.append(r)
                    if pick is None and t['valid']:
                        case['na'] = spec.na or '; '.join(reasons)
                    else:
                        case['holds'] = pick is not None
                        decl, tname = pick or (spec.variants[0], names[0])
                        case['type'] = tname
                        case['doc'] = '{"v": %s}' % inst if decl.wrap else inst
                cases.append(case)
        hname = 'suite_%s.h' % stem
        headers.append(stem)
        with open(os.path.join(out_dir, hname), 'w', encoding='utf-8') as f:
            f.write(hw.render())

    c = ['/* Generated by tests/suite/make_suite.py. Do not edit. */', '#include <stdio.h>',
         '#include <stdlib.h>', '#include <string.h>', '', '#include "suite_cases.h"']
    c += ['#include "suite_%s.schemac.h"' % s for s in headers]
    c += ['', 'const int suite_missing = %d;' % (1 if data is None else 0), '']
    used = {k['type'] for k in cases if k['type']}
    for t in wrappers:
        if t in used:  # a variant no case needs gets no runner (it would be unused)
            c.append('SUITE_WRAPPER(%s)' % t)
    c.append('')
    c.append('const suite_case suite_cases[] = {')
    for k in cases:
        doc = k['doc'].encode('utf-8')
        fields = [c_string(k['kw'].encode()), c_string(k['group'].encode('utf-8')),
                  c_string(k['desc'].encode('utf-8')), c_string(k['inst'].encode('utf-8')),
                  c_string(k['type'].encode()) if k['type'] else 'NULL',
                  'run_' + k['type'] if k['type'] else 'NULL',
                  c_string(doc), str(len(doc)), '1' if k['valid'] else '0',
                  '1' if k['holds'] else '0',
                  c_string(k['na'].encode('utf-8')) if k['na'] else 'NULL']
        c.append('    {' + ', '.join(fields) + '},')
    if not cases:
        c.append('    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0, NULL},')
    c.append('};')
    c.append('const size_t suite_case_count = %d;' % len(cases))
    c.append('')
    with open(os.path.join(out_dir, 'suite_cases.c'), 'w', encoding='utf-8') as f:
        f.write('\n'.join(c))


def main(argv):
    if len(argv) == 3 and argv[1] == '--list':
        cmd_list(argv[2])
    elif len(argv) == 4 and argv[1] == '--out':
        cmd_out(argv[2], argv[3])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

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
exactly when I is accepted by v's schema. This holds as well when v is a
map (a root schema of additionalProperties, propertyNames or
min/maxProperties alone, with no declared members): v's schema is then
{"type": "object", "additionalProperties": V, ...}, which accepts the
object I exactly when the root schema does; a non-object I, valid for a
root schema without "type", is no map and not applicable. A cJSON * v is
optional like every cJSON * member, but the document always has v.

Applicability, decided per case from the declaration, never from the result:
- an instance the schema rejects must be rejected by the decoder: always
  applicable. When the C type cannot even hold the instance's JSON type, the
  decoder rejects it for its type; the runner counts those passes apart
  ("by type"), because the keyword under test played no part.
- an instance the schema accepts is applicable when the C type can hold its
  value (an integral number in int64_t, any number in double, a string
  without U+0000 in char *, a value some variant of an @untagged union
  holds, ...). Otherwise it is "not applicable", with
  the reason (e.g. {"minimum": 1.1} accepts "x", which no double holds).
- a group whose schema the type system cannot express at all (a value that
  must be null, a oneOf whose branches overlap, object branches open to
  other members, patternProperties, declared members beside a map, tuples
  of different item schemas, arrays of arrays, false schemas, ...) is not
  applicable as a whole, with the reason.

The type system: scalars, char *, arrays (T *v + v_count), structs, @nullable
pointer members (null stored as NULL), cJSON * for any value (`{}`/true;
always optional, so never a required member), maps (additionalProperties:
V, with propertyNames and min/maxProperties), structs that reach
themselves through a pointer ($ref), and @untagged unions (an anyOf of
variants of different JSON types, or of one type with different keywords,
tried in order; a null variant). A $ref to a plain schema is resolved
here, by hand: the declaration is the referenced schema's.

Untyped sub-schemas: where a keyword has no `type` (e.g. {"minimum": 1.1}),
the declaration uses the one C type that fits the keyword (a number for
minimum, a string for maxLength); instances of other types then fall under
the rules above. A sub-schema {} or true (accepts anything) is a cJSON *
member or cJSON * items, except for a required member: cJSON * members are
always optional, so a required {} member gets the type the group's
instances use. A group may list several variants (e.g.
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
ANY = ('any',)    # cJSON *: any JSON value (strings without U+0000). Always optional: NULL when absent
SELF = ('self',)  # struct ROOT *: the root struct itself (a recursive type: "$ref": "#" in the schema)


def arr(item):
    """T *v + size_t v_count (cJSON **v for ANY items)."""
    return ('arr', item)


C_RESERVED = {'auto', 'break', 'case', 'char', 'const', 'continue', 'default', 'do', 'double',
              'else', 'enum', 'extern', 'float', 'for', 'goto', 'if', 'inline', 'int', 'long',
              'register', 'restrict', 'return', 'short', 'signed', 'sizeof', 'static', 'struct',
              'switch', 'typedef', 'union', 'unsigned', 'void', 'volatile', 'while', 'bool',
              'true', 'false'}

VARIANT_KINDS = ('int', 'num', 'str', 'bool', 'arr', 'obj', 'null')
NULL = ('null',)  # the null variant of an untagged union: an enum value without a union member


def union(*variants):
    """An @untagged union (JSON Schema anyOf, docs/annotations.md): a struct
    holding an enum member `kind` and a union `as`, one variant per
    var(NAME, TYPE, tags...): the enum value NAME and, but for the null
    variant, the union member NAME of that C type with those tags (an array's
    count stands beside the union). The value's JSON type chooses among the
    variants; those of one JSON type are tried in order, the first whose
    constraints hold taking the value, so the union accepts exactly what the
    anyOf of the variants' schemas accepts."""
    names = [v[0] for v in variants]
    assert len(set(names)) == len(names), names
    assert sum(1 for v in variants if v[1][0] == 'null') <= 1, 'one null variant at most'
    assert any(v[1][0] != 'null' for v in variants), 'a union needs a member'
    for name, typ, tags in variants:
        # the enumerator's JSON name is what follows the common prefix up to a
        # '_', so the variant names have none; each is also a C member name
        assert re.fullmatch(r'[a-z][a-z0-9]*', name) and name not in C_RESERVED, name
        assert typ[0] in VARIANT_KINDS, 'no untagged variant of kind %s' % typ[0]
        assert typ[0] != 'null' or not tags, name
        if typ[0] == 'arr':
            assert typ[1][0] in ('int', 'num', 'str', 'bool', 'any', 'obj'), typ
    return ('union', list(variants))


def var(name, typ, *tags):
    """A variant of union(): NAME (its enum value and union member), its C type, its tags."""
    return (name, typ, list(tags))


def other_types(*taken):
    """An unconstrained variant for each JSON type not in taken (null, boolean,
    number, string, array, object; number covers integer): a union of these
    and constrained variants of the taken types states a schema whose
    keywords leave the other types valid (minimum accepts any non-number)."""
    every = [('null', NULL), ('boolean', BOOL), ('number', NUM), ('string', STR), ('array', arr(ANY)),
             ('object', obj([], additional=True))]
    assert set(taken) <= {name for name, _ in every}, taken
    return [var(name, typ) for name, typ in every if name not in taken]


def obj(members, additional=False):
    """A struct; additional=True tags it @additionalProperties."""
    return ('obj', list(members), additional)


def mapof(value, key_tags=(), value_tags=()):
    """A map member: `struct E *v; size_t v_count;` tagged @additionalProperties,
    E = struct { char *key; V value; }. JSON: an object whose member values are
    V (additionalProperties: V); key_tags become propertyNames, value_tags
    constrain the values. @minProperties/@maxProperties go on the member."""
    return ('map', value, list(key_tags), list(value_tags))


def m(name, typ, *tags, opt=False, nullable=False):
    """A member: JSON name, type, value tags, optional (absent is distinguishable),
    nullable (@nullable: null is accepted and stored as NULL; the member is then a
    pointer and, not being optional, required)."""
    assert not (opt and nullable), 'an optional nullable member needs has_X: not modelled'
    assert typ[0] != 'any' or opt, 'a cJSON * member is always optional: declare it opt=True'
    assert typ[0] != 'self' or opt, 'a recursive member is a pointer: declare it opt=True'
    return (name, typ, list(tags), opt, nullable)


class Decl:
    """One C root declaration. wrap: the root schema is not an object and
    is the member v (with tags) of the root struct."""

    def __init__(self, typ, *tags, wrap=True, nullable=False, note=''):
        self.wrap = wrap
        self.note = note
        if wrap:
            # v is always present in the document {"v": I}, so a cJSON * v
            # (optional, like every cJSON * member) decides exactly as I does
            self.root = obj([m('v', typ, *tags, opt=typ[0] == 'any', nullable=nullable)])
        else:
            assert typ[0] == 'obj' and not tags and not nullable
            self.root = typ


class Map:
    def __init__(self, *variants, note='', na=None):
        self.variants = list(variants)
        self.note = note
        self.na = na  # the reason for a valid instance no variant holds (default: derived)


class NA:
    def __init__(self, reason):
        self.reason = reason


def W(typ, *tags, nullable=False, note=''):
    return Map(Decl(typ, *tags, nullable=nullable), note=note)


def O(typ, note=''):
    return Map(Decl(typ, wrap=False), note=note)


ONLY_NULL = NA('a value that must be null: @nullable adds null to a pointer member\'s type and an @untagged '
               'union\'s null variant stands beside others, but no C member holds null alone (@const null and '
               '@enum [null] are errors, a union needs a member)')
TUPLES = NA('prefixItems (tuples) with items of different schemas: an array member has one item type')
PATTERNPROPS = NA('patternProperties: member names are fixed by the C declaration')
MAP_BESIDE_MEMBERS = NA('declared members beside additionalProperties with a schema: a map is one member holding '
                        'a whole object, a struct cannot keep a map of its undeclared members')
ESCAPED_NAMES = NA('member names with control characters, quotes or backslashes: @name takes a bare word')
NUL_STRING = NA('U+0000 inside a string: C strings are NUL-terminated, the decoders reject \\u0000 (docs/strictness.md)')
BOOL_SCHEMA = NA('a false sub-schema (a member that must be absent) cannot be declared')
NESTED_ARRAYS = NA('arrays of arrays are not supported')
ACCEPTS_NOTHING = NA('the schema accepts no value (false, a $ref to false, oneOf/anyOf of false branches or '
                     'oneOf of several true ones): every C type accepts some value')
OPEN_OBJECT_BRANCHES = ('object branches open to any other member (no additionalProperties: false), told apart '
                        'by which members are present')
OPEN_OBJECT_VARIANTS = ('an @untagged union\'s object variants reject unknown members and are each selected by a '
                        'required member of their own, and schemac\'s oneOf is a tagged union (an enum '
                        'discriminator member holding a const)')
METASCHEMA = NA('$ref to the draft 2020-12 metaschema: a schema as the instance (mixed types, $dynamicRef) '
                'is not a C type')

# (file, group description) -> Map or NA. Comments give the reasoning where
# the declaration is not a word-for-word translation.
MAPPING = {
    # ------------------------------------------------------------ type
    ('type', 'integer type matches integers'): W(INT),
    ('type', 'number type matches numbers'): W(NUM),
    ('type', 'string type matches strings'): W(STR),
    ('type', 'object type matches objects'): O(obj([], additional=True),
        note='any object: a struct without members that accepts unknown ones'),
    ('type', 'array type matches arrays'): W(arr(ANY), note='items are unconstrained: cJSON * items'),
    ('type', 'boolean type matches booleans'): W(BOOL),
    ('type', 'null type matches only the null object'): ONLY_NULL,
    # Several types: an @untagged union with a variant per type, each the
    # declaration of that type alone above (the union is the anyOf of them).
    ('type', 'multiple types can be specified in an array'): W(union(
        var('integer', INT), var('string', STR)),
        note='["integer", "string"]: an untagged union of an int64_t and a char * variant'),
    ('type', 'type as array with one item'): W(STR, note='["string"] is "string"'),
    ('type', 'type: array or object'): W(union(
        var('array', arr(ANY)), var('object', obj([], additional=True))),
        note='["array", "object"]: an untagged union of an array of cJSON * items and a struct without '
             'members that accepts unknown ones (any object)'),
    ('type', 'type: array, object or null'): W(union(
        var('array', arr(ANY)), var('object', obj([], additional=True)), var('null', NULL)),
        note='["array", "object", "null"]: as ["array", "object"], with a null variant (an enum value '
             'without a union member)'),
    # ------------------------------------------------------------ properties
    ('properties', 'object properties validation'): O(obj([
        m('foo', INT, opt=True), m('bar', STR, opt=True)], additional=True),
        note='no "type": non-objects are valid but no struct holds them'),
    ('properties', 'properties, patternProperties, additionalProperties interaction'): PATTERNPROPS,
    ('properties', 'properties with boolean schema'): BOOL_SCHEMA,
    ('properties', 'properties with escaped characters'): ESCAPED_NAMES,
    ('properties', 'properties with null valued instance properties'): ONLY_NULL,
    ('properties', 'properties whose names are Javascript object property names'): O(obj([
        m('__proto__', NUM, opt=True),
        m('toString', obj([m('length', STR, opt=True)], additional=True), opt=True),
        m('constructor', NUM, opt=True)], additional=True)),
    # ------------------------------------------------------------ required
    ('required', 'required validation'): O(obj([
        m('foo', NUM), m('bar', NUM, opt=True)], additional=True),
        note='foo and bar are {} (anything); a cJSON * member is always optional, so the required foo is '
             'declared with the type the instances use, a number, and bar with it too'),
    ('required', 'required default validation'): O(obj([m('foo', ANY, opt=True)], additional=True),
        note='foo is {} (anything) and not required: an optional cJSON * member'),
    ('required', 'required with empty array'): O(obj([m('foo', ANY, opt=True)], additional=True),
        note='foo is {} (anything) and not required: an optional cJSON * member'),
    ('required', 'required with escaped characters'): ESCAPED_NAMES,
    ('required', 'required properties whose names are Javascript object property names'): O(obj([
        m('__proto__', NUM), m('toString', obj([], additional=True)), m('constructor', NUM)],
        additional=True),
        note='the three members are unconstrained but required, and a cJSON * member is always '
             'optional: declared with the types of the valid instance (numbers and any object)'),
    # ------------------------------------------------------------ additionalProperties
    ('additionalProperties', 'additionalProperties being false does not allow other properties'): PATTERNPROPS,
    ('additionalProperties', 'non-ASCII pattern with additionalProperties'): PATTERNPROPS,
    ('additionalProperties', 'additionalProperties with schema'): MAP_BESIDE_MEMBERS,
    # A root schema of additionalProperties alone is an object of V: the map
    # member v of the wrapper, decoded from {"v": I}. The wrapper is honest
    # for maps as for scalars: v is its only member, it rejects unknown ones,
    # and v's schema is {"type": "object", "additionalProperties": V}, so
    # {"v": I} is accepted exactly when the object I is. A non-object I (valid
    # for a schema without "type") is no map: those cases are not applicable.
    ('additionalProperties', 'additionalProperties can exist by itself'): W(mapof(BOOL),
        note='additionalProperties alone: a map of booleans'),
    ('additionalProperties', 'additionalProperties are allowed by default'): O(obj([
        m('foo', ANY, opt=True), m('bar', ANY, opt=True)], additional=True),
        note='foo and bar are {}: optional cJSON * members. Allowing schema -> @additionalProperties'),
    ('additionalProperties', 'additionalProperties does not look in applicators'): W(mapof(BOOL),
        note='allOf [{properties: {foo: {}}}] constrains nothing and does not make foo a declared member '
             'for additionalProperties, so every member must be a boolean: a map of booleans'),
    ('additionalProperties', 'additionalProperties with null valued instance properties'): ONLY_NULL,
    ('additionalProperties', 'additionalProperties with propertyNames'): W(mapof(NUM, key_tags=['@maxLength 5']),
        note='propertyNames {maxLength: 5} -> @maxLength on the key; additionalProperties {type: number} '
             '-> double values'),
    ('additionalProperties', 'dependentSchemas with additionalProperties'): O(obj([m('foo2', ANY, opt=True)]),
        note='dependentSchemas {foo: {}, foo2: {properties: {bar: {}}}} constrains nothing (bar is {}), so '
             'the schema is properties {foo2: {}} with additionalProperties false: a struct with an '
             'optional cJSON * foo2 that rejects unknown members'),
    # ------------------------------------------------------------ enum
    ('enum', 'simple enum validation'): W(NUM, '@enum [1, 2, 3]'),
    ('enum', 'heterogeneous enum validation'): W(union(
        var('number', NUM, '@const 6'), var('string', STR, '@const "foo"'), var('array', arr(ANY), '@maxItems 0'),
        var('boolean', BOOL, '@const true'), var('object', obj([m('foo', NUM, '@const 12')]))),
        note='enum [6, "foo", [], true, {"foo": 12}]: one variant per value, each of its own JSON type: a '
             'number 6, a string "foo", an empty array, true, and an object with exactly foo = 12'),
    ('enum', 'heterogeneous enum-with-null validation'): W(NUM, '@enum [6]', nullable=True,
        note='enum [6, null] -> @nullable double *v with @enum [6]: null joins the enum'),
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
    ('const', 'const with null'): ONLY_NULL,
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
    ('items', 'items with boolean schema (true)'): W(arr(ANY), note='items: true accepts any item: cJSON * items'),
    ('items', 'items with boolean schema (false)'): W(arr(NUM), '@maxItems 0',
        note='items: false allows only the empty array'),
    # the $refs resolve to arrays of at most 3 items, each an array of at
    # most 2 objects: arrays of arrays
    ('items', 'items and subitems'): NESTED_ARRAYS,
    ('items', 'nested items'): NESTED_ARRAYS,
    ('items', 'prefixItems with no additional items allowed'): W(arr(ANY), '@maxItems 3',
        note='three {} prefix items and items: false: at most 3 items of any type'),
    ('items', 'items does not look in applicators, valid case'): W(arr(NUM), '@minimum 5',
        note='allOf [{prefixItems: [{minimum: 3}]}] asks the first item to be >= 3, which items {minimum: 5} '
             'already asks of every item: the schema is items {minimum: 5}; declared as numbers'),
    ('items', 'prefixItems validation adjusts the starting index for items'): TUPLES,
    ('items', 'items with heterogeneous array'): W(arr(ANY), '@maxItems 1',
        note='one {} prefix item and items: false: at most 1 item of any type'),
    ('items', 'items with null instance elements'): ONLY_NULL,
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
        na='items that are not all numbers, all strings or all booleans: @uniqueItems takes scalar items '
           'only (it is an error on cJSON *, struct and array items), and an array member has one item type'),
    # prefixItems [boolean, boolean]: the prefix items share one schema, so
    # with items: false the tuple is an array of at most 2 booleans; without
    # it, later items are unconstrained and the array of booleans holds the
    # all-boolean instances (the others are not applicable, or rejected for
    # their type when invalid).
    ('uniqueItems', 'uniqueItems with an array of items'): W(arr(BOOL), '@uniqueItems',
        note='prefixItems [boolean, boolean], later items unconstrained: an array of booleans holds '
             'the all-boolean instances'),
    ('uniqueItems', 'uniqueItems with an array of items and additionalItems=false'): W(
        arr(BOOL), '@uniqueItems', '@maxItems 2',
        note='prefixItems [boolean, boolean] and items: false: at most 2 booleans'),
    ('uniqueItems', 'uniqueItems=false validation'): W(arr(ANY),
        note='uniqueItems: false is no constraint and items are unconstrained: cJSON * items'),
    ('uniqueItems', 'uniqueItems=false with an array of items'): W(arr(BOOL),
        note='prefixItems [boolean, boolean], later items unconstrained: an array of booleans holds '
             'the all-boolean instances'),
    ('uniqueItems', 'uniqueItems=false with an array of items and additionalItems=false'): W(
        arr(BOOL), '@maxItems 2', note='prefixItems [boolean, boolean] and items: false: at most 2 booleans'),
    # ------------------------------------------------------------ propertyNames, min/maxProperties
    # propertyNames and min/maxProperties alone: a map (through the wrapper,
    # as for additionalProperties alone) of cJSON * values; non-objects are
    # valid for these schemas but no map holds them.
    ('propertyNames', 'propertyNames validation'): W(mapof(ANY, key_tags=['@maxLength 3'])),
    ('propertyNames', 'propertyNames validation with pattern'): W(mapof(ANY, key_tags=['@pattern ^a+$'])),
    ('propertyNames', 'propertyNames with boolean schema true'): W(mapof(ANY)),
    ('propertyNames', 'propertyNames with boolean schema false'): W(mapof(ANY), '@maxProperties 0',
        note='no name is valid, so only the empty object: @maxProperties 0'),
    ('propertyNames', 'propertyNames with const'): W(mapof(ANY, key_tags=['@const "foo"'])),
    ('propertyNames', 'propertyNames with enum'): W(mapof(ANY, key_tags=['@enum ["foo", "bar"]'])),
    ('minProperties', 'minProperties validation'): W(mapof(ANY), '@minProperties 1'),
    ('minProperties', 'minProperties validation with a decimal'): W(mapof(ANY), '@minProperties 1',
        note='minProperties 1.0 is the count 1; schemac only takes the integer spelling'),
    ('maxProperties', 'maxProperties validation'): W(mapof(ANY), '@maxProperties 2'),
    ('maxProperties', 'maxProperties validation with a decimal'): W(mapof(ANY), '@maxProperties 2',
        note='maxProperties 2.0 is the count 2; schemac only takes the integer spelling'),
    ('maxProperties', 'maxProperties = 0 means the object is empty'): W(mapof(ANY), '@maxProperties 0'),
    # ------------------------------------------------------------ oneOf, anyOf
    # An anyOf is an @untagged union when each branch is one variant: a JSON
    # type with its keywords (docs/annotations.md). Untyped branches accept
    # every other JSON type, so their union has an unconstrained variant for
    # each of those (other_types). A oneOf is an anyOf only where its branches
    # cannot both hold; where they overlap, the group is mapped only when the
    # values valid for exactly one branch are themselves such a union (the
    # rewriting is the mapping's work, given in its note). schemac's oneOf is
    # a tagged union: objects told apart by an enum member with a const value;
    # no suite group is one. Groups equivalent to `true` (every value valid)
    # are a cJSON * member; the cases then test only that cJSON * accepts any
    # value, the equivalence is the mapping's work.
    ('oneOf', 'oneOf'): NA('a oneOf whose branches overlap (3 is an integer and >= 2, so invalid): the numbers '
                           'valid for exactly one branch are the integers below 2 and the non-integers from 2 '
                           'up, and no keyword excludes the integers from a number variant (an @untagged union '
                           'is an anyOf)'),
    ('oneOf', 'oneOf with base schema'): W(union(
        var('atmost1', STR, '@maxLength 1'), var('atleast5', STR, '@minLength 5')),
        note='type string, oneOf [{minLength: 2}, {maxLength: 4}]: a string of 2 to 4 characters matches both '
             'branches, so the valid strings are those of at most 1 or at least 5 characters: an untagged '
             'union of two char * variants'),
    ('oneOf', 'oneOf with boolean schemas, all true'): ACCEPTS_NOTHING,
    ('oneOf', 'oneOf with boolean schemas, one true'): W(ANY,
        note='oneOf [true, false, false]: exactly one branch accepts any value, so the schema is true'),
    ('oneOf', 'oneOf with boolean schemas, more than one true'): ACCEPTS_NOTHING,
    ('oneOf', 'oneOf with boolean schemas, all false'): ACCEPTS_NOTHING,
    ('oneOf', 'oneOf complex types'): NA('a oneOf of ' + OPEN_OBJECT_BRANCHES + ', which overlap ({"foo": '
                                         '"baz", "bar": 2} matches both) and accept every non-object twice: '
                                         + OPEN_OBJECT_VARIANTS),
    ('oneOf', 'oneOf with empty schema'): W(union(*other_types('number')),
        note='oneOf [{type: number}, {}]: {} accepts every value, so exactly one branch holds for the '
             'non-numbers only: an untagged union of every JSON type but number, each unconstrained'),
    ('oneOf', 'oneOf with required'): NA('objects with foo and exactly one of bar and baz, any other member '
                                         'allowed: ' + OPEN_OBJECT_VARIANTS),
    ('oneOf', 'oneOf with missing optional property'): NA('a oneOf of ' + OPEN_OBJECT_BRANCHES + ' (bar, '
                                                          'foo; exactly one of them): ' + OPEN_OBJECT_VARIANTS),
    ('oneOf', 'nested oneOf, to check validation semantics'): ONLY_NULL,
    ('anyOf', 'anyOf'): W(union(var('integer', INT), var('number', NUM, '@minimum 2', '@acceptOverlap'),
                                *other_types('number')),
        note='anyOf [{type: integer}, {minimum: 2}]: an integer, a number >= 2, or (minimum being untyped) '
             'any value of another JSON type: integer and number variants, in that order (@acceptOverlap: '
             'integers from 2 are both, and the integer variant reads them), and an unconstrained variant '
             'for each other type'),
    ('anyOf', 'anyOf with base schema'): W(union(
        var('atmost2', STR, '@maxLength 2'), var('atleast4', STR, '@minLength 4')),
        note='type string, anyOf [{maxLength: 2}, {minLength: 4}]: an untagged union of two char * variants'),
    ('anyOf', 'anyOf with boolean schemas, all true'): W(ANY, note='anyOf [true, true] is true'),
    ('anyOf', 'anyOf with boolean schemas, some true'): W(ANY, note='anyOf [true, false] is true'),
    ('anyOf', 'anyOf with boolean schemas, all false'): ACCEPTS_NOTHING,
    ('anyOf', 'anyOf complex types'): NA('an anyOf of ' + OPEN_OBJECT_BRANCHES + ', which may both hold '
                                        '({"foo": "baz", "bar": 2}): ' + OPEN_OBJECT_VARIANTS),
    ('anyOf', 'anyOf with one empty schema'): W(ANY, note='anyOf [{type: number}, {}] is true'),
    ('anyOf', 'nested anyOf, to check validation semantics'): ONLY_NULL,
    # ------------------------------------------------------------ $ref, $defs
    # A reference in C is a type name: a $ref to a plain schema is that
    # schema's declaration, used where the $ref stands (the $ref/$id/$anchor
    # resolution is done here, by hand, so those cases test the resolved
    # declaration). A $ref back to an enclosing object is a recursive struct,
    # which schemac emits as "$ref": "#" or under $defs.
    ('ref', 'root pointer ref'): O(obj([m('foo', SELF, opt=True)]),
        note='foo is the root schema: a pointer to the root struct (recursive, "$ref": "#"); '
             'additionalProperties false: no @additionalProperties'),
    ('ref', 'relative pointer ref to object'): O(obj([m('foo', INT, opt=True), m('bar', INT, opt=True)],
                                                     additional=True),
        note='bar refers to foo\'s schema: both are integers'),
    ('ref', 'relative pointer ref to array'): TUPLES,
    ('ref', 'escaped pointer ref'): O(obj([m('tilde', INT, opt=True), m('slash', INT, opt=True),
                                          m('percent', INT, opt=True)], additional=True),
        note='the three $defs are integers'),
    ('ref', 'nested refs'): W(INT, note='c -> b -> a: an integer'),
    ('ref', 'ref applies alongside sibling keywords'): O(obj([m('foo', arr(ANY), '@maxItems 2', opt=True)],
                                                             additional=True),
        note='foo: the $ref (type array) and maxItems 2: an array of cJSON * items with @maxItems 2'),
    ('ref', 'remote ref, containing refs itself'): METASCHEMA,
    ('ref', 'property named $ref that is not a reference'): O(obj([m('$ref', STR, opt=True)], additional=True)),
    ('ref', 'property named $ref, containing an actual $ref'): O(obj([m('$ref', STR, opt=True)],
                                                                     additional=True),
        note='the member $ref refers to a string schema'),
    ('ref', '$ref to boolean schema true'): W(ANY, note='the $ref is to true: any value'),
    ('ref', '$ref to boolean schema false'): ACCEPTS_NOTHING,
    ('ref', 'Recursive references between schemas'): O(obj([
        m('meta', STR),
        m('nodes', arr(obj([m('value', NUM), m('subtree', SELF, opt=True)], additional=True)))],
        additional=True),
        note='tree {meta, nodes: [node]} and node {value, subtree: tree}: the node items point back to '
             'the root struct (mutual recursion through a pointer); neither says additionalProperties'),
    ('ref', 'refs with quote'): ESCAPED_NAMES,
    ('ref', 'ref creates new scope when adjacent to keywords'): O(obj([]),
        note='$defs/A has unevaluatedProperties: false and no properties of its own, so any member makes '
             'an object invalid: a struct without members that rejects unknown ones'),
    ('ref', 'naive replacement of $ref with its destination is not correct'): O(obj([
        m('$ref', STR, '@const "#/$defs/a_string"')]),
        note='enum [{"$ref": "#/$defs/a_string"}]: exactly that object, as for const with object'),
    ('ref', 'refs with relative uris and defs'): O(obj([
        m('foo', obj([m('bar', STR, opt=True)], additional=True), opt=True), m('bar', STR, opt=True)],
        additional=True),
        note='the root $ref and foo both resolve to $defs/inner {properties: {bar: string}}'),
    ('ref', 'relative refs with absolute uris and defs'): O(obj([
        m('foo', obj([m('bar', STR, opt=True)], additional=True), opt=True), m('bar', STR, opt=True)],
        additional=True),
        note='the root $ref and foo both resolve to $defs/inner {properties: {bar: string}}'),
    ('ref', '$id must be resolved against nearest parent, not just immediate parent'): W(NUM,
        note='allOf [$ref d.json] resolves to {type: number}'),
    ('ref', 'order of evaluation: $id and $ref'): W(NUM, '@maximum 10',
        note='$ref int.json resolves to $defs/bigint {maximum: 10} (untyped: declared as a number)'),
    ('ref', 'order of evaluation: $id and $anchor and $ref'): W(NUM, '@maximum 10',
        note='$ref #bigint resolves to $defs/bigint {maximum: 10} (untyped: declared as a number)'),
    ('ref', 'order of evaluation: $id and $ref on nested schema'): W(NUM,
        note='nested/foo.json -> nested/bar.json: {type: number}'),
    ('ref', 'simple URN base URI with $ref via the URN'): O(obj([m('foo', NUM, '@minimum 30', opt=True)],
                                                                additional=True),
        note='foo is the root schema (minimum 30, and properties for objects): declared with the type the '
             'instances use, a number >= 30; an object foo is not applicable'),
    ('ref', 'simple URN base URI with JSON pointer'): O(obj([m('foo', STR, opt=True)], additional=True)),
    ('ref', 'URN base URI with NSS'): O(obj([m('foo', STR, opt=True)], additional=True)),
    ('ref', 'URN base URI with r-component'): O(obj([m('foo', STR, opt=True)], additional=True)),
    ('ref', 'URN base URI with q-component'): O(obj([m('foo', STR, opt=True)], additional=True)),
    ('ref', 'URN base URI with URN and JSON pointer ref'): O(obj([m('foo', STR, opt=True)], additional=True)),
    ('ref', 'URN base URI with URN and anchor ref'): O(obj([m('foo', STR, opt=True)], additional=True),
        note='#something is the $anchor of $defs/bar: a string'),
    ('ref', 'URN ref with nested pointer ref'): W(STR, note='resolves to $defs/foo/$defs/bar: a string'),
    ('ref', 'ref to if'): W(INT, note='the $ref is to the if schema {type: integer}; an if alone has no effect'),
    ('ref', 'ref to then'): W(INT, note='the $ref is to the then schema {type: integer}; a then alone has no effect'),
    ('ref', 'ref to else'): W(INT, note='the $ref is to the else schema {type: integer}; an else alone has no effect'),
    ('ref', 'ref with absolute-path-reference'): W(STR, note='/absref/foobar.json is $defs/b: a string'),
    ('ref', '$id with file URI still resolves pointers - *nix'): W(NUM),
    ('ref', '$id with file URI still resolves pointers - windows'): W(NUM),
    ('ref', 'empty tokens in $ref json-pointer'): W(NUM, note='allOf [$ref #/$defs//$defs/]: {type: number}'),
    ('defs', 'validate definition against metaschema'): METASCHEMA,
    # ------------------------------------------------------------ boolean schemas
    ('boolean_schema', "boolean schema 'true'"): W(ANY, note='true accepts any value: a cJSON * member'),
    ('boolean_schema', "boolean schema 'false'"): ACCEPTS_NOTHING,
}

KEYWORD_FILES = ['type', 'properties', 'required', 'additionalProperties', 'propertyNames',
                 'minProperties', 'maxProperties', 'enum', 'const',
                 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
                 'minLength', 'maxLength', 'pattern', 'items', 'minItems', 'maxItems', 'uniqueItems',
                 'oneOf', 'anyOf', 'ref', 'defs', 'boolean_schema']
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
              'bool': 'a boolean (bool)', 'arr': 'an array', 'obj': 'an object (struct)',
              'map': 'an object (map)'}


def nul_path(v, path=''):
    """The path of a string or member name holding U+0000 in v, else None."""
    if isinstance(v, str):
        return path if '\0' in v else None
    if isinstance(v, list):
        for i, item in enumerate(v):
            r = nul_path(item, '%s/%d' % (path, i))
            if r is not None:
                return r
    if isinstance(v, dict):
        for key, val in v.items():
            r = nul_path(key, path) if '\0' in key else nul_path(val, '%s/%s' % (path, key))
            if r is not None:
                return r
    return None


def why_not_member(member, v, root, path=''):
    """why_not for the value of a member: a @nullable member holds null too."""
    _, typ, _, _, nullable = member
    if nullable and v is None:
        return None
    return why_not(typ, v, root, path)


def why_not(typ, v, root, path=''):
    """None when the C type can hold the JSON value v (constraints aside),
    else the reason. root: the root struct, for SELF."""
    at = ' at ' + path if path else ''
    kind = typ[0]
    isnum = isinstance(v, (int, float)) and not isinstance(v, bool)
    if kind == 'self':
        return why_not(root, v, root, path)
    if kind == 'union':
        # held when some variant's C type holds the value (constraints aside)
        reasons = []
        for _, vt, _ in typ[1]:
            r = ('the value%s is not null' % at if v is not None else None) if vt[0] == 'null' else \
                why_not(vt, v, root, path)
            if r is None:
                return None
            reasons.append(r)
        return 'no variant of the untagged union holds the value%s (%s)' % (at, '; '.join(reasons))
    if kind == 'any':
        # any JSON value, under the strictness rules: no U+0000 anywhere
        r = nul_path(v, path)
        if r is not None:
            return 'the string%s contains U+0000, which a cJSON * value read by schemac cannot hold' % (
                ' at ' + r if r else '')
        return None
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
                r = why_not(typ[1], item, root, '%s/%d' % (path, i))
                if r:
                    return r
            return None
    elif kind == 'map':
        if isinstance(v, dict):
            for key, val in v.items():
                if '\0' in key:
                    return 'the member name%s contains U+0000, which a C string cannot hold' % at
                r = why_not(typ[1], val, root, '%s/%s' % (path, key))
                if r:
                    return r
            return None
    elif kind == 'obj':
        if isinstance(v, dict):
            members = {mem[0]: mem for mem in typ[1]}
            for key, val in v.items():
                if key in members:
                    r = why_not_member(members[key], val, root, '%s/%s' % (path, key))
                    if r:
                        return r
                elif typ[2] and ('\0' in key or nul_path(val) is not None):
                    # skipped with @additionalProperties, under the strictness rules
                    return 'the member %r%s holds U+0000, which schemac\'s reader rejects even where it ' \
                        'skips a member' % (key, at)
                # other unknown members: skipped with @additionalProperties, else a
                # constraint (additionalProperties: false), not a type matter
            return None
    return 'the value%s is not %s' % (at, TYPE_WORDS[kind])


# ----------------------------------------------------------- C declarations


def c_name(json_name, index):
    if (re.fullmatch(r'[A-Za-z][A-Za-z0-9_]*', json_name) and json_name not in C_RESERVED
            and not json_name.endswith('_count')):
        return json_name, None
    if not re.fullmatch(r'[!-~]+', json_name) or '@' in json_name or '*/' in json_name:
        raise ValueError('member name %r cannot be given with @name' % json_name)
    return 'm%d_' % index, json_name


def comment_safe(text):
    return text.replace('*/', '*\\/')


def uses(typ, kind):
    """Whether the type mentions a type of this kind (not through SELF)."""
    if typ[0] == kind:
        return True
    if typ[0] in ('arr', 'map'):
        return uses(typ[1], kind)
    if typ[0] == 'obj':
        return any(uses(mem[1], kind) for mem in typ[1])
    if typ[0] == 'union':
        return any(uses(vt, kind) for _, vt, _ in typ[1])
    return False


class HeaderWriter:
    def __init__(self, stem):
        self.stem = stem
        self.lines = []
        self.cjson = False
        self.root_name = None  # the root struct being written, for SELF

    def scalar_c(self, kind):
        return {'int': 'int64_t', 'num': 'double', 'bool': 'bool', 'str': 'char *', 'any': 'cJSON *'}[kind]

    def tag_block(self, tags, out, indent='    '):
        if tags:
            out.append(indent + '/**')
            for t in tags:  # one tag per line: @pattern runs to the end of its line
                assert '*/' not in t and '\n' not in t, t
                out.append(indent + ' * ' + t)
            out.append(indent + ' */')

    def member(self, owner, index, member, out, indent='    ', counts=None):
        """Declare a member into out. counts: in a union, where an array
        variant's count goes (beside the union, not in it)."""
        name, typ, tags, opt, nullable = member
        cname, rename = c_name(name, index)
        tags = list(tags)
        if rename:
            tags.insert(0, '@name ' + rename)
        if nullable:
            tags.append('@nullable')  # a pointer member: NULL is null; required (present or null)
        kind = typ[0]
        if kind == 'obj':
            tname = '%s_%s' % (owner, cname.strip('_'))
            self.struct(tname, typ, root=False)
            decl = ['struct %s %s%s;' % (tname, '*' if opt or nullable else '', cname)]
        elif kind == 'union':
            assert not nullable, 'a null variant, not @nullable'
            tname = '%s_%s' % (owner, cname.strip('_'))
            self.untagged(tname, typ)
            decl = ['%s %s%s;' % (tname, '*' if opt else '', cname)]  # a pointer: NULL when absent
        elif kind == 'self':
            decl = ['struct %s *%s;' % (self.root_name, cname)]  # NULL when absent
        elif kind == 'any':
            self.cjson = True
            decl = ['cJSON *%s;' % cname]  # NULL when absent, a cJSON_NULL item for null
        elif kind == 'map':
            assert not opt
            _, value, key_tags, value_tags = typ
            ename = '%s_%s_entry' % (owner, cname.strip('_'))
            entry = ['struct %s {' % ename]
            self.tag_block(key_tags, entry)
            entry.append('    char *key;')
            self.tag_block(value_tags, entry)
            if value[0] in ('int', 'num', 'bool', 'str', 'any'):
                self.cjson = self.cjson or value[0] == 'any'
                entry.append('    %s%svalue;' % (self.scalar_c(value[0]),
                                                 '' if value[0] in ('str', 'any') else ' '))
            else:
                raise ValueError('map values of kind %s are not modelled' % value[0])
            entry += ['};', '']
            self.lines.extend(entry)
            tags.insert(0, '@additionalProperties')
            decl = ['struct %s *%s;' % (ename, cname), 'size_t %s_count;' % cname]
        elif kind == 'arr':
            item = typ[1]
            if item[0] == 'obj':
                iname = 'struct %s_%s_item' % (owner, cname.strip('_'))
                self.struct(iname[len('struct '):], item, root=False)
            elif item[0] == 'str':
                iname = '%s_str' % self.stem  # char ** is not allowed; a typedef'd char * is
            elif item[0] == 'any':
                self.cjson = True
                iname = 'cJSON *'  # cJSON **v + count: an array of any values
            elif item[0] == 'arr':
                raise ValueError('arrays of arrays are not supported')
            else:
                iname = self.scalar_c(item[0])
            if opt:
                tags.append('@optional')
            decl = ['%s%s*%s;' % (iname, '' if iname.endswith('*') else ' ', cname),
                    'size_t %s_count;' % cname]
        elif kind == 'str':
            if opt:
                tags.append('@optional')  # NULL when absent
            decl = ['char *%s;' % cname]
        else:
            if opt and not nullable:
                tags.append('@optional')  # a pointer to one value, not an array without a count
            decl = ['%s %s%s;' % (self.scalar_c(kind), '*' if opt or nullable else '', cname)]  # NULL when absent
        if counts is not None and len(decl) == 2:
            counts.append(decl.pop())  # an array variant's count stands beside the union
        self.tag_block(tags, out, indent)
        out.extend(indent + d for d in decl)

    def untagged(self, tname, typ):
        """typedef enum {...} TNAME_kind; and the @untagged struct TNAME."""
        variants = typ[1]
        prefix = tname.upper() + '_'
        self.lines.extend(['typedef enum { %s } %s_kind;' % (
            ', '.join(prefix + name.upper() for name, _, _ in variants), tname), ''])
        body, counts = [], []
        for i, (name, vt, tags) in enumerate(variants):
            if vt[0] != 'null':  # the null variant is an enum value without a member
                # nested types are named TNAME_type_NAME: TNAME_NAME would give the
                # struct the check function name of the member
                self.member(tname + '_type', i, (name, vt, tags, False, False), body, indent='        ',
                            counts=counts)
        text = ['/** @untagged */', 'typedef struct {', '    %s_kind kind;' % tname, '    union {']
        text += body + ['    } as;'] + ['    ' + c for c in counts] + ['} %s;' % tname, '']
        self.lines.extend(text)

    def struct(self, tname, typ, root, comment=None):
        _, members, additional = typ
        recursive = False
        if root:
            self.root_name = tname
            recursive = any(uses(mem[1], 'self') for mem in members)
            if recursive:  # nested structs point to it before its definition
                self.lines.extend(['struct %s;' % tname, ''])
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
        # type ("@additionalProperties cannot be used on a typedef"). A root
        # that reaches itself is `typedef struct NAME {...} NAME;`.
        if root:
            text.append('typedef struct %s{' % (tname + ' ' if recursive else ''))
        else:
            text.append('struct %s {' % tname)
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
                '#include <stdbool.h>', '#include <stddef.h>', '#include <stdint.h>', '']
        if self.cjson:
            head[-1:-1] = ['', '#include <cJSON.h> /* cJSON *: any JSON value */']
        head += ['/* array items that are strings: char ** is not a schemac type, this typedef is */',
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
        if names:  # a file with no applicable group (defs.json) gets no header
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
                        if decl.wrap:
                            r = why_not_member(decl.root[1][0], t['data'], decl.root)
                        else:
                            r = why_not(decl.root, t['data'], decl.root)
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
        if not any(isinstance(spec, Map) for gi, g, spec in entries):
            continue  # no applicable group: no header (cmd_list lists none)
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

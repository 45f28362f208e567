/* schemac generator: what parse.c, parse_types.c and parse_struct.c share
 * (libclang stays behind these three files). */
#ifndef SCHEMAC_GENERATOR_PARSE_INTERNAL_H
#define SCHEMAC_GENERATOR_PARSE_INTERNAL_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stdint.h>

#include "model/model.h"
#include "parse/annotations.h"
#include "parse/constants.h"
#include "parse/tags.h"
#include "schemac/reader.h"
#include "util/diag.h"

/* A struct or enum already turned into the model, keyed by its canonical
 * declaration. */
typedef struct known_decl {
    CXCursor cursor;
    struct_def *s;
    enum_def *e;
} known_decl;

/* The typedef name that names a record or enum, for the nicest spelling. */
typedef struct typedef_name {
    CXCursor target;   /* canonical record or enum declaration */
    CXCursor typedef_; /* the typedef itself, whose comment may describe the type */
    char *name;
} typedef_name;

/* Structs nested deeper than this are an error: every walk over the model
 * recurses, and no decoder accepts a document deeper than SC_MAX_DEPTH
 * anyway (check_depth.c says so for the depths up to here). */
enum { MAX_STRUCT_NESTING = SC_MAX_DEPTH + 24 };

/* Canonical cursor -> array index, hashed: a header of N structs makes
 * O(N) lookups, which a linear search made quadratic. */
typedef struct cursor_slot {
    CXCursor cursor;
    size_t index;
    bool used;
} cursor_slot;

typedef struct cursor_index {
    cursor_slot *slots;
    size_t nslots; /* 0 or a power of two */
    size_t used;
} cursor_index;

typedef struct parser {
    model *m;
    diag_state *diag;         /* where the header's mistakes are reported */
    constant_table constants; /* the tags' integer constant expressions, evaluated */
    tag_context tags;         /* diag and constants, for tags.c */
    unsigned nesting;         /* structs being read, one inside the other */
    known_decl *known;
    size_t nknown;
    cursor_index known_index;
    typedef_name *typedefs;
    size_t ntypedefs;
    cursor_index typedef_index; /* by target */
    bool in_untagged_member;    /* building the field of an untagged union's member */
} parser;

/* Resolves typedefs (collecting their doc comments, outermost first) down
 * to the type they name. */
typedef struct resolved {
    CXType type;         /* no typedef, no elaboration */
    annotations *layers; /* the typedefs' annotations, outermost first */
    size_t nlayers;
    char *description; /* the outermost typedef description, if any */
} resolved;

/* ---- parse.c: cursors, locations, doc comments, known declarations ---- */

char *take_string(CXString s);
/* Locations name files the model keeps (model_intern). */
src_loc loc_of(parser *p, CXSourceLocation l);
src_loc cursor_loc(parser *p, CXCursor c);
void read_annotations(parser *p, CXCursor c, annotations *out);
/* Evaluates the integer constant expressions of the numeric tags of tu's
 * doc comments (parse_constants.c), for constant_find. */
void parse_constants_evaluate(parser *p, CXIndex index, CXTranslationUnit tu, const char *header,
                              const char *const *args, int nargs);
CXType strip_elaborated(CXType t);
const char *typedef_name_for(parser *p, CXCursor decl);
known_decl *find_known(parser *p, CXCursor decl);
known_decl *add_known(parser *p, CXCursor decl);
void read_decl_annotations(parser *p, CXCursor decl, annotations *out);

/* ---- parse_types.c ---- */

enum_def *get_enum(parser *p, CXCursor decl);
bool is_char_kind(enum CXTypeKind k);
bool is_cjson_pointer(CXType t);
bool is_integer_kind(enum CXTypeKind k);
bool is_unsigned_kind(enum CXTypeKind k);
resolved resolve(parser *p, CXType t);
void resolved_free(resolved *r);
void apply_layers(parser *p, const resolved *r, node *n);
char *type_spelling(CXType t);
/* Whether a member of type t is itself const (`const int x`, `char *const
 * p`, `const char name[8]`): the decoder could not fill it. */
bool written_const(CXType t);
/* How C spells t without its own const, a const hidden in a typedef
 * included (the spelling of what the typedef names); NULL when that has no
 * name C can spell (a const unnamed struct). malloc'd. */
char *spelling_without_const(CXType t);
/* Whether volatile qualifies t or what it points to or holds. */
bool has_volatile(CXType t);
node *build_value_node(parser *p, CXType spelled, src_loc where);

/* ---- count_names.c ---- */

/* Whether `member` looks like the count of array `array` without being its
 * `array_count`: item_count, items_len, n_items, num_items, items_size, a
 * typo such as ports_cont for ports. */
bool is_near_miss_count(const char *array, const char *member);

/* ---- parse_struct.c ---- */

struct_def *get_struct(parser *p, CXCursor decl);

#endif /* SCHEMAC_GENERATOR_PARSE_INTERNAL_H */

/* schemac import: anyOf, oneOf and type lists. Objects told apart by a
 * member fixed to a distinct string (const) are a tagged union (oneOf in
 * schemac's schema); values of distinct JSON types are an @untagged union
 * (anyOf), the JSON type choosing the variant. Anything else has no C form. */
#include "import/import_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"

static const char *str_of(const cJSON *s, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(s, k);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* A branch with its $refs followed (NULL: a $ref that names nothing). */
static const cJSON *resolved(imp_ctx *c, const cJSON *b, const char *pointer)
{
    for (int hops = 0; hops < 32 && cJSON_IsObject(b) && str_of(b, "$ref") != NULL; hops++)
        b = imp_resolve_ref(c, str_of(b, "$ref"), pointer);
    return b;
}

static bool only_objects(imp_ctx *c, const cJSON *b, const char *at, int depth);

/* The JSON type a branch reads, or NULL when it has none or several. */
static const char *branch_type(imp_ctx *c, const cJSON *b, const char *pointer)
{
    b = resolved(c, b, pointer);
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(b, "type");
    if (cJSON_IsString(t))
        return t->valuestring;
    if (t == NULL && only_objects(c, b, pointer, 0))
        return "object"; /* a union of objects (a tagged union, say) */
    if (cJSON_GetObjectItemCaseSensitive(b, "properties") != NULL)
        return NULL;
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(b, "enum");
    if (cJSON_IsArray(e) && cJSON_IsString(cJSON_GetArrayItem(e, 0)))
        return "string";
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(b, "const");
    if (cJSON_IsString(k))
        return "string";
    return NULL;
}

/* The discriminator's value in a branch: {"const": "x"} or {"enum": ["x"]}. */
static const char *tag_value(const cJSON *prop)
{
    const char *k = str_of(prop, "const");
    if (k != NULL)
        return k;
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(prop, "enum");
    if (cJSON_GetArraySize(e) == 1 && cJSON_IsString(cJSON_GetArrayItem(e, 0)))
        return cJSON_GetArrayItem(e, 0)->valuestring;
    return NULL;
}

static bool in_required(const cJSON *b, const char *name)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(b, "required"))
    {
        if (cJSON_IsString(r) && strcmp(r->valuestring, name) == 0)
            return true;
    }
    return false;
}

/* An object of properties: type object, properties, required,
 * additionalProperties false (closed) or absent, true or {} (open), and
 * annotations only. */
static bool object_of_properties(const cJSON *b, bool closed)
{
    const cJSON *k;
    cJSON_ArrayForEach(k, b)
    {
        if (!imp_known_annotation(k->string) && strcmp(k->string, "type") != 0 &&
            strcmp(k->string, "properties") != 0 && strcmp(k->string, "required") != 0 &&
            strcmp(k->string, "additionalProperties") != 0)
            return false;
    }
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(b, "type");
    const cJSON *extra = cJSON_GetObjectItemCaseSensitive(b, "additionalProperties");
    bool open = extra == NULL || cJSON_IsTrue(extra) ||
                (cJSON_IsObject(extra) && cJSON_GetArraySize(extra) == 0);
    return cJSON_IsString(t) && strcmp(t->valuestring, "object") == 0 &&
           (closed ? cJSON_IsFalse(extra) : open);
}

static bool closed_object(const cJSON *b)
{
    return object_of_properties(b, true);
}

/* The member every branch fixes to a distinct string, which a C
 * identifier can name (the union member is named after it). */
static const char *find_tag(const cJSON *const *b, size_t n)
{
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(b[0], "properties"))
    {
        bool ok = true;
        for (size_t i = 0; i < n && ok; i++) {
            const cJSON *q = cJSON_GetObjectItemCaseSensitive(
                cJSON_GetObjectItemCaseSensitive(b[i], "properties"), p->string);
            const char *v = q != NULL ? tag_value(q) : NULL;
            ok = v != NULL && in_required(b[i], p->string) && imp_is_identifier(v);
            for (size_t j = 0; j < i && ok; j++) {
                const cJSON *o = cJSON_GetObjectItemCaseSensitive(
                    cJSON_GetObjectItemCaseSensitive(b[j], "properties"), p->string);
                ok = strcmp(tag_value(o), v) != 0;
            }
        }
        if (ok)
            return p->string;
    }
    return NULL;
}

/* A property every branch has with one schema and one requiredness. */
static bool common_member(const cJSON *const *b, size_t n, const char *name)
{
    const cJSON *first = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(b[0], "properties"), name);
    for (size_t i = 1; i < n; i++) {
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(b[i], "properties"), name);
        if (p == NULL || !cJSON_Compare(first, p, 1) ||
            in_required(b[i], name) != in_required(b[0], name))
            return false;
    }
    return true;
}

/* The object of a branch's common members (common) or its own ones,
 * closed unless open (the common ones of open branches). */
static cJSON *sub_object(const cJSON *b, const char *tag, const cJSON *const *all, size_t n,
                         bool common, bool open)
{
    cJSON *o = cJSON_CreateObject(), *props = cJSON_CreateObject(), *req = cJSON_CreateArray();
    cJSON_AddStringToObject(o, "type", "object");
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(b, "properties"))
    {
        if (strcmp(p->string, tag) == 0 || common_member(all, n, p->string) != common)
            continue;
        cJSON_AddItemToObject(props, p->string, cJSON_Duplicate(p, 1));
        if (in_required(b, p->string))
            cJSON_AddItemToArray(req, cJSON_CreateString(p->string));
    }
    cJSON_AddItemToObject(o, "properties", props);
    cJSON_AddItemToObject(o, "required", req);
    if (!open)
        cJSON_AddFalseToObject(o, "additionalProperties");
    return o;
}

/* open: every branch takes other members (an @additionalProperties
 * struct); the discriminator's distinct values still let one branch at
 * most match, so oneOf and anyOf say the same. */
/* The pointer of branch i of the list at `at`, as the input writes it:
 * origin holds each branch's index there when fewer_branches left some
 * out (NULL: none was). */
static char *branch_pointer(const char *at, const size_t *origin, size_t i)
{
    return xasprintf("%s/%zu", at, origin != NULL ? origin[i] : i);
}

static itype *map_tagged(imp_ctx *c, const cJSON *s, const cJSON *const *b, const size_t *origin,
                         size_t n, const char *tag, bool open, const char *pointer,
                         const char *name_hint)
{
    /* the common members and the discriminator, as one struct */
    cJSON *common = sub_object(b[0], tag, b, n, true, open);
    cJSON *tag_enum = cJSON_CreateObject(), *values = cJSON_CreateArray();
    cJSON_AddStringToObject(tag_enum, "type", "string");
    const cJSON *tag0 =
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(b[0], "properties"), tag);
    if (str_of(tag0, "description") != NULL)
        cJSON_AddStringToObject(tag_enum, "description", str_of(tag0, "description"));
    for (size_t i = 0; i < n; i++)
        cJSON_AddItemToArray(values,
                             cJSON_CreateString(tag_value(cJSON_GetObjectItemCaseSensitive(
                                 cJSON_GetObjectItemCaseSensitive(b[i], "properties"), tag))));
    cJSON_AddItemToObject(tag_enum, "enum", values);
    cJSON_AddItemToObject(cJSON_GetObjectItemCaseSensitive(common, "properties"), tag, tag_enum);
    cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(common, "required"),
                         cJSON_CreateString(tag));
    if (str_of(s, "description") != NULL)
        cJSON_AddStringToObject(common, "description", str_of(s, "description"));
    itype *t = imp_map_schema(c, common, pointer, name_hint);
    cJSON_Delete(common);
    if (t == NULL || t->kind != IK_STRUCT)
        return NULL;
    t->tag_field = t->nfields - 1;
    t->tag_enum = t->fields[t->tag_field].type;
    if (t->tag_enum == NULL || t->tag_enum->kind != IK_ENUM)
        return imp_refuse(c, pointer, "this discriminator",
                          "its values must be the names of a C enum");
    /* schemac states the discriminator's description on the member */
    t->fields[t->tag_field].description = t->tag_enum->description;
    t->tag_enum->description = NULL;
    t->variants = xcalloc(n, sizeof *t->variants);
    t->nvariants = n;
    for (size_t i = 0; i < n; i++) {
        ifield *v = &t->variants[i];
        v->c_name = xstrdup(t->tag_enum->values[i]);
        v->enum_value = xstrdup(t->tag_enum->enumerators[i]);
        if (str_of(b[i], "description") != NULL)
            v->description = xstrdup(str_of(b[i], "description"));
        cJSON *own = sub_object(b[i], tag, b, n, false, false);
        if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(own, "properties")) > 0) {
            char *hint = xasprintf("%s_%s", t->c_name, t->tag_enum->values[i]);
            char *list = imp_pointer_append(
                pointer, cJSON_GetObjectItemCaseSensitive(s, "oneOf") ? "oneOf" : "anyOf");
            char *at = branch_pointer(list, origin, i);
            free(list);
            v->type = imp_map_schema(c, own, at, hint);
            free(at);
            free(hint);
        }
        cJSON_Delete(own);
    }
    return t;
}

/* Several object branches are variants schemac tells apart when each is
 * closed and requires a member no other object branch has: a document
 * holding it is valid for no other branch, so anyOf and oneOf agree with
 * the decoder, which picks the variant by that member. */
static bool objects_separable(imp_ctx *c, const cJSON *const *b, const char *const *types, size_t n,
                              const char *pointer)
{
    for (size_t i = 0; i < n; i++) {
        if (strcmp(types[i], "object") != 0)
            continue;
        const cJSON *bi = resolved(c, b[i], pointer);
        if (bi == NULL || !closed_object(bi))
            return false;
        bool own = false;
        const cJSON *r;
        cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(bi, "required"))
        {
            bool elsewhere = false;
            for (size_t j = 0; j < n && cJSON_IsString(r); j++) {
                const cJSON *bj =
                    j != i && strcmp(types[j], "object") == 0 ? resolved(c, b[j], pointer) : NULL;
                elsewhere |=
                    cJSON_GetObjectItemCaseSensitive(
                        cJSON_GetObjectItemCaseSensitive(bj, "properties"), r->valuestring) != NULL;
            }
            own |= cJSON_IsString(r) && !elsewhere;
        }
        if (!own)
            return false;
    }
    return true;
}

/* An @untagged union of the branches (schemas of distinct JSON types). */
static itype *map_untagged(imp_ctx *c, const cJSON *s, const cJSON *const *b, const size_t *origin,
                           const char *const *types, size_t n, bool any_of, const char *pointer,
                           const char *name_hint)
{
    itype *u = imp_new_type(c, IK_UNTAGGED, name_hint != NULL ? name_hint : "value");
    imp_register_in_progress(c, u);
    const char *d = str_of(s, "description");
    u->description = d != NULL ? xstrdup(d) : NULL;
    char *kind_name = xasprintf("%s_kind", u->c_name);
    itype *k = imp_new_type(c, IK_ENUM, kind_name);
    free(kind_name);
    k->nvalues = n;
    k->values = xcalloc(n + 1, sizeof *k->values);
    k->enumerators = xcalloc(n + 1, sizeof *k->enumerators);
    k->value_docs = xcalloc(n + 1, sizeof *k->value_docs);
    for (size_t i = 0; i < n; i++)
        k->enumerators[i] = imp_enumerator(c, k->c_name, types[i]);
    char **derived = imp_derived_enum_names(k->enumerators, n);
    for (size_t i = 0; i < n; i++)
        k->values[i] = derived[i]; /* the union members are named after them */
    free(derived);
    u->tag_enum = k;
    u->fields = xcalloc(n, sizeof *u->fields);
    for (size_t i = 0; i < n; i++) {
        ifield *f = &u->fields[u->nfields];
        sb_init(&f->extra);
        f->c_name = xstrdup(k->values[i]);
        f->json_name = xstrdup(k->values[i]);
        f->enum_value = xstrdup(k->enumerators[i]);
        f->required = true;
        if (strcmp(types[i], "null") == 0) {
            u->nfields++;
            continue;
        }
        char *at = branch_pointer(pointer, origin, i);
        /* not U_NAME: the generated check of the union member U.NAME has that name */
        char *hint = xasprintf("%s_%s_value", u->c_name, k->values[i]);
        f->type = imp_map_schema(c, b[i], at, hint);
        if (f->type != NULL && f->type->kind == IK_ANY_OBJECT) {
            /* an object of any members: a variant struct without members
             * that skips unknown ones accepts the same objects */
            f->type = imp_new_type(c, IK_STRUCT, hint);
            f->type->open = true;
            f->type->done = true;
        }
        free(hint);
        if (f->type == NULL) {
            free(at);
            return NULL;
        }
        if (f->type->kind == IK_ANY || f->type->kind == IK_MAP || f->type->kind == IK_UNTAGGED) {
            imp_refuse(
                c, at, "this branch",
                "a variant of an untagged union is a boolean, number, string, enum, array, struct or any object");
            free(at);
            return NULL;
        }
        free(at);
        if (str_of(b[i], "description") != NULL && f->type->c_name == NULL)
            f->description = xstrdup(str_of(b[i], "description"));
        /* anyOf: a later variant of a type an earlier one reads takes what
         * that one leaves; the decoder tries them in order, and accepts
         * what one of them accepts, as anyOf does */
        for (size_t j = 0; j < i && any_of; j++)
            if ((strcmp(types[j], types[i]) == 0 && strcmp(types[i], "object") != 0) ||
                (strcmp(types[j], "integer") == 0 && strcmp(types[i], "number") == 0) ||
                (strcmp(types[j], "number") == 0 && strcmp(types[i], "integer") == 0))
                f->accept_overlap =
                    true; /* object variants never overlap: each has its own member */
        u->nfields++;
    }
    u->done = true;
    return u;
}

/* {"type": "object"} with nothing but annotations and additionalProperties
 * true or {}: every object. */
static bool any_object(const cJSON *b)
{
    const cJSON *k;
    cJSON_ArrayForEach(k, b)
    {
        if (strcmp(k->string, "additionalProperties") == 0 &&
            (cJSON_IsTrue(k) || (cJSON_IsObject(k) && cJSON_GetArraySize(k) == 0)))
            continue;
        if (!imp_known_annotation(k->string) && strcmp(k->string, "type") != 0)
            return false;
    }
    const char *t = str_of(b, "type");
    return t != NULL && strcmp(t, "object") == 0;
}

/* Whether every value b accepts is an object: type object, or a union of
 * such branches (a bounded walk: a cycle of $refs says no). */
static bool only_objects(imp_ctx *c, const cJSON *b, const char *at, int depth)
{
    b = resolved(c, b, at);
    const char *type = str_of(b, "type");
    if (type != NULL || depth > 16)
        return type != NULL && strcmp(type, "object") == 0;
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(b, "anyOf");
    if (list == NULL)
        list = cJSON_GetObjectItemCaseSensitive(b, "oneOf");
    if (cJSON_GetArraySize(list) == 0)
        return false;
    const cJSON *branch;
    cJSON_ArrayForEach(branch, list)
    {
        if (!only_objects(c, branch, at, depth + 1))
            return false;
    }
    return true;
}

/* anyOf's branches without those that add no value: false, and the
 * objects beside a branch of every object (each of their values is an
 * object, which that branch accepts). The same documents, and objects
 * that need no member of their own. NULL when nothing is left out; else
 * *origin is each kept branch's index in s, for error pointers. */
static cJSON *fewer_branches(imp_ctx *c, const cJSON *s, const char *at, size_t **origin)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(s, "anyOf");
    int n = cJSON_GetArraySize(list), every = -1;
    for (int i = 0; i < n && every < 0; i++)
        if (any_object(resolved(c, cJSON_GetArrayItem(list, i), at)))
            every = i;
    cJSON *copy = cJSON_Duplicate(s, 1), *kept = cJSON_GetObjectItemCaseSensitive(copy, "anyOf");
    /* index[i..] holds the original indexes of the branches kept from i on */
    size_t *index = xcalloc((size_t)n, sizeof *index), left = (size_t)n;
    for (int i = n - 1; i >= 0; i--) {
        const cJSON *bi = cJSON_GetArrayItem(list, i);
        /* false adds no value, as long as one branch is left */
        if ((cJSON_IsFalse(bi) && cJSON_GetArraySize(kept) > 1) ||
            (every >= 0 && i != every && only_objects(c, bi, at, 0))) {
            cJSON_DeleteItemFromArray(kept, i);
            memmove(&index[i], &index[i + 1], (left - (size_t)i - 1) * sizeof *index);
            left--;
        } else {
            index[i] = (size_t)i;
        }
    }
    if (left == (size_t)n) {
        free(index);
        cJSON_Delete(copy);
        return NULL;
    }
    *origin = index;
    return copy;
}

static itype *map_union_checked(imp_ctx *c, const cJSON *s, const size_t *origin,
                                const char *pointer, const char *name_hint);

/* true, or a schema of annotations only: every value. */
static bool any_value(const cJSON *b)
{
    if (cJSON_IsTrue(b))
        return true;
    if (!cJSON_IsObject(b))
        return false;
    const cJSON *k;
    cJSON_ArrayForEach(k, b)
    {
        if (!imp_known_annotation(k->string))
            return false;
    }
    return true;
}

itype *imp_map_union(imp_ctx *c, const cJSON *s, const char *pointer, const char *name_hint)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(s, "anyOf");
    if (!cJSON_IsArray(list) || cJSON_GetObjectItemCaseSensitive(s, "oneOf") != NULL)
        return map_union_checked(c, s, NULL, pointer, name_hint);
    char *at = imp_pointer_append(pointer, "anyOf");
    const cJSON *b, *k;
    bool alone = true; /* keywords beside anyOf are refused below */
    cJSON_ArrayForEach(k, s)
    {
        alone &= strcmp(k->string, "anyOf") == 0 || imp_known_annotation(k->string);
    }
    cJSON_ArrayForEach(b, list)
    {
        if (alone && any_value(b)) { /* one branch takes every value: so does the anyOf */
            free(at);
            return imp_map_schema(c, b, pointer, name_hint);
        }
    }
    size_t *origin = NULL;
    cJSON *fewer = fewer_branches(c, s, at, &origin);
    free(at);
    if (fewer == NULL)
        return map_union_checked(c, s, NULL, pointer, name_hint);
    itype *t = map_union_checked(c, fewer, origin, pointer, name_hint);
    cJSON_Delete(fewer);
    free(origin);
    return t;
}

static itype *map_union_checked(imp_ctx *c, const cJSON *s, const size_t *origin,
                                const char *pointer, const char *name_hint)
{
    bool any_of = cJSON_GetObjectItemCaseSensitive(s, "anyOf") != NULL;
    if (any_of && cJSON_GetObjectItemCaseSensitive(s, "oneOf") != NULL)
        return imp_refuse(c, pointer, "anyOf beside oneOf", "a member is one union");
    const char *alt = any_of ? "anyOf" : "oneOf";
    const cJSON *k;
    cJSON_ArrayForEach(k, s)
    {
        if (strcmp(k->string, alt) != 0 && !imp_known_annotation(k->string)) {
            char *construct = xasprintf("\"%s\" beside %s", k->string, alt);
            imp_refuse(c, pointer, construct, "the keywords of a union are its branches'");
            free(construct);
            return NULL;
        }
    }
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(s, alt);
    size_t n = (size_t)cJSON_GetArraySize(list);
    char *at = imp_pointer_append(pointer, alt);
    const char *only = n == 1 ? branch_type(c, cJSON_GetArrayItem(list, 0), at) : NULL;
    if (n == 1 && (only == NULL || strcmp(only, "object") == 0 || strcmp(only, "null") == 0)) {
        /* one object: its struct; a value of one type is an untagged union
         * of one variant, which schemac writes back as this anyOf */
        char *first = branch_pointer(at, origin, 0);
        itype *t = imp_map_schema(c, cJSON_GetArrayItem(list, 0), first, name_hint);
        free(first);
        free(at);
        return t;
    }
    const cJSON **b = xcalloc(n + 1, sizeof *b);
    const char **types = xcalloc(n + 1, sizeof *types);
    bool all_objects = n > 1, all_open = n > 1;
    size_t i = 0;
    const cJSON *branch;
    cJSON_ArrayForEach(branch, list)
    {
        b[i] = resolved(c, branch, at);
        all_objects = all_objects && b[i] != NULL && closed_object(b[i]);
        all_open = all_open && b[i] != NULL && object_of_properties(b[i], false);
        i++;
    }
    itype *t = NULL;
    const char *tag = all_objects || all_open ? find_tag(b, n) : NULL;
    if (tag != NULL) {
        t = map_tagged(c, s, b, origin, n, tag, all_open, pointer, name_hint);
    } else {
        bool ok = true;
        for (i = 0; i < n && ok; i++) {
            b[i] = cJSON_GetArrayItem(list, (int)i);
            types[i] = branch_type(c, b[i], at);
            ok = types[i] != NULL;
        }
        bool separable = ok && objects_separable(c, b, types, n, at);
        for (i = 0; i < n && ok; i++)
            for (size_t j = 0; j < i && ok; j++)
                ok = (strcmp(types[i], "object") == 0 ? separable || strcmp(types[j], "object") != 0
                                                      : any_of) ||
                     (strcmp(types[i], types[j]) != 0 &&
                      !(strcmp(types[i], "number") == 0 && strcmp(types[j], "integer") == 0) &&
                      !(strcmp(types[j], "number") == 0 && strcmp(types[i], "integer") == 0));
        if (ok)
            t = map_untagged(c, s, b, origin, types, n, any_of, at, name_hint);
        else
            imp_refuse(c, pointer, alt,
                       any_of
                           ? "an untagged union's branches each have a type, and one object at most"
                           : "oneOf's branches must be objects told apart by a member fixed to a "
                             "distinct string, or values of distinct JSON types");
    }
    free(b);
    free(types);
    free(at);
    return t;
}

/* "type": [A, B, ...]: an untagged union of the schema read as each type
 * (a keyword of one type leaves the others alone). */
itype *imp_map_type_list(imp_ctx *c, const cJSON *s, const char *pointer, const char *name_hint)
{
    static const struct {
        const char *keyword, *type;
    } owners[] = {
        {"minLength", "string"},        {"maxLength", "string"},
        {"pattern", "string"},          {"format", "string"},
        {"minimum", "number"},          {"maximum", "number"},
        {"exclusiveMinimum", "number"}, {"exclusiveMaximum", "number"},
        {"multipleOf", "number"},       {"items", "array"},
        {"minItems", "array"},          {"maxItems", "array"},
        {"uniqueItems", "array"},       {"properties", "object"},
        {"required", "object"},         {"additionalProperties", "object"},
        {"propertyNames", "object"},    {"minProperties", "object"},
        {"maxProperties", "object"},
    };
    if (cJSON_GetObjectItemCaseSensitive(s, "enum") != NULL ||
        cJSON_GetObjectItemCaseSensitive(s, "const") != NULL)
        return imp_refuse(c, pointer, "an enum or const beside several types",
                          "@enum takes values of one type");
    const cJSON *types = cJSON_GetObjectItemCaseSensitive(s, "type");
    bool has_number = false;
    const cJSON *t;
    cJSON_ArrayForEach(t, types)
    {
        has_number |= cJSON_IsString(t) && strcmp(t->valuestring, "number") == 0;
    }
    cJSON *list = cJSON_CreateArray();
    cJSON_ArrayForEach(t, types)
    {
        if (!cJSON_IsString(t) || (has_number && strcmp(t->valuestring, "integer") == 0))
            continue; /* number holds every integer */
        const char *type = strcmp(t->valuestring, "integer") == 0 ? "number" : t->valuestring;
        cJSON *branch = cJSON_CreateObject();
        cJSON_AddStringToObject(branch, "type", t->valuestring);
        const cJSON *k;
        cJSON_ArrayForEach(k, s)
        {
            for (size_t o = 0; o < sizeof owners / sizeof *owners; o++)
                if (strcmp(k->string, owners[o].keyword) == 0 && strcmp(owners[o].type, type) == 0)
                    cJSON_AddItemToObject(branch, k->string, cJSON_Duplicate(k, 1));
        }
        cJSON_AddItemToArray(list, branch);
    }
    cJSON *u = cJSON_CreateObject();
    if (str_of(s, "description") != NULL)
        cJSON_AddStringToObject(u, "description", str_of(s, "description"));
    cJSON_AddItemToObject(u, "anyOf", list);
    itype *r = imp_map_union(c, u, pointer, name_hint);
    cJSON_Delete(u);
    return r;
}

/* schemac runtime: a value's keywords through its rules
 * (include/schemac/table.h): each test in the order the generator wrote
 * the rules, with the message it put in each. */
#include "table_internal.h"

#include <float.h>

#include "number.h"
#include "schemac/check.h"
#include "support_internal.h"

/* The value at p as its rules test it. */
typedef struct scalar {
    double number;    /* numbers and integers, as (double)value_ */
    uint64_t bits;    /* bools and enumerators */
    const char *text; /* strings: len bytes, chars code points */
    size_t len, chars;
} scalar;

static bool one_of(const sc_table_value *v, const sc_table_rule *rule, const scalar *x)
{
    for (size_t i = 0; i < rule->count; i++) {
        switch (v->kind) {
        case SC_TABLE_BOOL:
        case SC_TABLE_ENUM:
            if (sc_table_same_int(x->bits, v->size, ((const int64_t *)rule->values)[i]))
                return true;
            break;
        case SC_TABLE_STRING:
        case SC_TABLE_CHARBUF:
            if (strcmp(x->text, ((const char *const *)rule->values)[i]) == 0)
                return true;
            break;
        default:
            if (x->number == ((const double *)rule->values)[i])
                return true;
            break;
        }
    }
    return false;
}

/* multipleOf on the number r just read from offset at, as the document
 * wrote it (its double may have rounded 19.99 off a multiple of 0.01). */
static bool multiple_of_text(const sc_reader *r, size_t at, double divisor)
{
    char d[SC_NUMBER_TEXT_SIZE];
    const char *text = r->begin + at;
    while (*text == ' ' || *text == '\t' || *text == '\n' || *text == '\r')
        text++;
    return sc_multiple_of_text(text, (size_t)(r->p - text), d, sc_number_text(divisor, d)) == 1;
}

/* Whether x passes rule. */
static bool passes(const sc_table_value *v, const sc_table_rule *rule, const scalar *x)
{
    switch (rule->op) {
    case SC_TABLE_FAILS_BELOW:
        return !(x->number < rule->bound);
    case SC_TABLE_FAILS_AT_MOST:
        return !(x->number <= rule->bound);
    case SC_TABLE_FAILS_ABOVE:
        return !(x->number > rule->bound);
    case SC_TABLE_FAILS_AT_LEAST:
        return !(x->number >= rule->bound);
    case SC_TABLE_MULTIPLE_OF:
        return sc_is_multiple_of(x->number, rule->bound);
    case SC_TABLE_FINITE:
        return x->number >= -DBL_MAX && x->number <= DBL_MAX;
    case SC_TABLE_SHORTER:
        return !((double)x->chars < rule->bound);
    case SC_TABLE_LONGER:
        return !((double)x->chars > rule->bound);
    case SC_TABLE_FORMAT:
        return sc_format_valid((sc_format)rule->format, x->text, x->len);
    case SC_TABLE_PATTERN:
        return rule->match(x->text, x->len);
    case SC_TABLE_ONE_OF:
        return one_of(v, rule, x);
    }
    return true;
}

static int fail_rule(const sc_table_rule *rule, sc_error *err)
{
    return sc_fail(err, rule->op == SC_TABLE_FINITE ? SC_ERR_NUMBER : SC_ERR_CONSTRAINT,
                   rule->keyword, "%s", rule->message);
}

static int check_rules(const sc_table_value *v, const sc_table_rule *rules, size_t n,
                       const scalar *x, sc_error *err, bool full)
{
    for (size_t i = 0; i < n; i++) {
        const sc_table_rule *rule = &rules[i];
        if ((full || !rule->full_only) && !passes(v, rule, x))
            return fail_rule(rule, err);
    }
    return 0;
}

int sc_table_check_text(const sc_table_value *v, const sc_table_rule *rules, size_t n,
                        const char *text, size_t len, size_t chars, sc_error *err)
{
    /* check_rules for a string: its lengths are one comparison each */
    for (const sc_table_rule *rule = rules, *end = rules + n; rule < end; rule++) {
        bool fails;
        switch (rule->op) {
        case SC_TABLE_SHORTER:
            fails = (double)chars < rule->bound;
            break;
        case SC_TABLE_LONGER:
            fails = (double)chars > rule->bound;
            break;
        case SC_TABLE_PATTERN:
            fails = !rule->match(text, len);
            break;
        default: {
            scalar x = {0, 0, text, len, chars};
            fails = !passes(v, rule, &x);
            break;
        }
        }
        if (fails)
            return fail_rule(rule, err);
    }
    return 0;
}

int sc_table_check_number(const sc_table_value *v, const sc_table_rule *rules, size_t n,
                          double number, const sc_reader *r, size_t at, bool full)
{
    /* check_rules for a number, the one kind every document is full of:
     * the value stays in a register and a bound is one comparison */
    for (const sc_table_rule *rule = rules, *end = rules + n; rule < end; rule++) {
        bool fails;
        if (rule->full_only && !full)
            continue;
        switch (rule->op) {
        case SC_TABLE_FAILS_BELOW:
            fails = number < rule->bound;
            break;
        case SC_TABLE_FAILS_AT_MOST:
            fails = number <= rule->bound;
            break;
        case SC_TABLE_FAILS_ABOVE:
            fails = number > rule->bound;
            break;
        case SC_TABLE_FAILS_AT_LEAST:
            fails = number >= rule->bound;
            break;
        case SC_TABLE_MULTIPLE_OF:
            fails = !multiple_of_text(r, at, rule->bound);
            break;
        default: {
            scalar x = {number, 0, NULL, 0, 0};
            fails = !passes(v, rule, &x);
            break;
        }
        }
        if (fails)
            return fail_rule(rule, r->err);
    }
    return 0;
}

static bool counts_code_points(const sc_table_rule *rules, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (rules[i].op == SC_TABLE_SHORTER || rules[i].op == SC_TABLE_LONGER)
            return true;
    return false;
}

int sc_table_check_string(const sc_table_value *v, const sc_table_rule *rules, size_t n,
                          const char *text, sc_error *err, bool full)
{
    size_t len;
    if (text == NULL)
        return sc_fail(err, SC_ERR_TYPE, "type", "must be a string");
    len = strlen(text);
    if (full && sc_check_string(err, text, len) != 0) /* max_string, the text so far, UTF-8 */
        return err->code;
    if (n == 0)
        return 0;
    return sc_table_check_text(v, rules, n, text, len,
                               counts_code_points(rules, n) ? sc_utf8_count(text, len) : 0, err);
}

int sc_table_check_scalar(const sc_table_value *v, const void *p, sc_error *err, bool full)
{
    scalar x = {0, 0, NULL, 0, 0};
    switch (v->kind) {
    case SC_TABLE_BOOL:
        x.bits = *(const bool *)p;
        break;
    case SC_TABLE_INT:
        x.bits = sc_table_load_int(p, v->size, v->is_signed);
        x.number = v->is_signed ? (double)(int64_t)x.bits : (double)x.bits;
        break;
    case SC_TABLE_DOUBLE:
        x.number = *(const double *)p;
        break;
    case SC_TABLE_FLOAT:
        x.number = (double)*(const float *)p;
        break;
    case SC_TABLE_ENUM:
        x.bits = sc_table_load_int(p, v->size, false);
        break;
    default:
        return 0;
    }
    return check_rules(v, v->rules, v->nrules, &x, err, full);
}

/* schemac generator: the overlaps of an untagged union's variants
 * (model/overlap.c decides them), reported. */
#include "check/check_overlap.h"

#include "model/overlap.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* Whether a value of n holds a float somewhere (an item, a member of an
 * item): decoding rounds it, so its encoding is not the document's. */
static bool holds_float(const node *n, int depth)
{
    if (depth > 16)
        return false; /* a struct that reaches itself: its members were looked at */
    switch (n->kind) {
    case NODE_NUMBER:
        return n->is_float;
    case NODE_ARRAY:
        return holds_float(n->items, depth + 1);
    case NODE_MAP:
        return holds_float(n->map_value, depth + 1);
    case NODE_STRUCT:
        for (size_t i = 0; i < n->struct_type->nfields; i++)
            if (holds_float(n->struct_type->fields[i].type, depth + 1))
                return true;
        for (size_t v = 0; v < n->struct_type->nvariants; v++)
            for (size_t i = 0; i < n->struct_type->variants[v]->nfields; i++)
                if (holds_float(n->struct_type->variants[v]->fields[i].type, depth + 1))
                    return true;
        return false;
    default:
        return false;
    }
}

void check_untagged_overlaps(diag_state *diag, const struct_def *s)
{
    for (size_t j = 0; j < s->nvariants; j++) {
        const struct_def *later = s->variants[j];
        if (!variant_compared(later))
            continue;
        const field *fj = &later->fields[0];
        bool any = false;
        for (size_t i = 0; i < j; i++) {
            const struct_def *earlier = s->variants[i];
            if (!variant_compared(earlier) ||
                untagged_variant_type(earlier) != untagged_variant_type(later))
                continue;
            const field *fi = &earlier->fields[0];
            strbuf w;
            sb_init(&w);
            ov_result r = node_overlap(fi->type, fj->type, &w);
            if (r != OV_NONE)
                any = true;
            if (r == OV_FOUND && !later->accept_overlap)
                diag_error(
                    diag, fj->where,
                    "'%s' overlaps the earlier variant '%s': %s is a valid '%s' and a valid "
                    "'%s', and the decoder tries '%s' first, so '%s' %s would come back as '%s'; make "
                    "the variants disjoint or tag '%s' @acceptOverlap",
                    fj->c_name, fi->c_name, w.data, fi->c_name, fj->c_name, fi->c_name, fj->c_name,
                    w.data, fi->c_name, fj->c_name);
            else if (r == OV_UNKNOWN && !later->accept_overlap)
                diag_error(
                    diag, fj->where,
                    "'%s' may overlap the earlier variant '%s' (schemac cannot show that no "
                    "value is valid for both), and the decoder tries '%s' first; make their values "
                    "plainly disjoint or tag '%s' @acceptOverlap",
                    fj->c_name, fi->c_name, fi->c_name, fj->c_name);
            sb_free(&w);
        }
        /* read_back is any && @acceptOverlap (resolve_model). A float
         * variant is written in a form that reads back as it; a float
         * inside an array is not: 1.00000001 in [1.00000001] after an array
         * of integers would be decoded as this variant, rounded to 1.0f and
         * written [1], which the integers take */
        if (later->read_back && fj->type->kind != NODE_NUMBER && holds_float(fj->type, 0))
            diag_error(
                diag, fj->where,
                "'%s' holds floats and shares values with an earlier variant: a float rounded "
                "when decoded can be written back as that variant's value, so @acceptOverlap "
                "cannot keep it; use double",
                fj->c_name);
        if (later->accept_overlap && !any)
            diag_warn(diag, W_ACCEPT_OVERLAP, later->accept_overlap_where,
                      "@acceptOverlap: '%s' shares no value "
                      "with an earlier variant, so it has no overlap to accept",
                      fj->c_name);
    }
}

/* schemac: --print-dialect xml */
/* enum_values="a,b" has no escape for a comma: such an enum stays a string
 * whose description lists the values; one without commas is an enum. */
typedef enum { SIZE_SMALL, /** @name "large, very" */ SIZE_LARGE } size;
typedef enum { MOOD_GOOD, MOOD_BAD } mood;

/** Order something. @tool order */
typedef struct {
    size s;
    mood m;
} order;

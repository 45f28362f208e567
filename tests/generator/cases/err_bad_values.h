/* schemac: --print-schema */
/* Values out of any range, and members with no room. */
/** @schema @tool "x y" @tool z */ typedef struct { int a[0]; int a_count; char s[1]; /** @maxLength 99999999999999999999999 */ char *u; /** @minimum 1e999 */ double v; /** @multipleOf -1 */ int w; /** @enum ["a", 1] */ char *x; /** @const {"a":1} */ int y; /** @examples 5 */ int z; } t;

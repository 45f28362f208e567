/* schemac: --print-schema ok_constants.h -- -DNAME_LEN=32 -DMAX_TAGS=2 */
/* The constants of ok_constants.h follow the build's flags: -DNAME_LEN=32
 * gives maxLength 31, -DMAX_TAGS=2 maxItems 4. */

/* schemac: --print-schema char_bytes.h */
/* char buf[N] holds N-1 bytes while maxLength counts characters of up to 4
 * bytes: a warning where the schema would accept text the decoder refuses
 * (name, word, five), none where the two agree (tiny: 4 * 1 <= 7; code:
 * an ASCII pattern; id: an ASCII format; level: ASCII enum values). */
#include <stdint.h>

/** @schema */
typedef struct {
    char name[8];
    /** @maxLength 1 */
    char tiny[8];
    /** @pattern ^[A-Z]+$ */
    char code[8];
    /** @format uuid */
    char id[40];
    /** A word, accents allowed. @pattern ^[a-zé]+$ */
    char word[16];
    /** @maxLength 5 */
    char five[16];
    /** @enum ["low", "high"] */
    char level[8];
} buffers;

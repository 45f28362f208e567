/* schemac: --print-schema ../../decode/counts.h */
/* Count types narrower than 32 bits bound the items (maxItems), and an
 * @ignore member takes its count with it. */

/* A @prompt struct named T, so the declarations docs/generated-api.md
 * writes for a prompt's or a template's T are checked against what schemac
 * declares for one. */

/**
 * @prompt t_prompt
 */
typedef struct {
    /** an argument */
    char *a;
} T;

/* schemac: --print-schema */
/** @schema */
typedef struct node {
    int value;
    struct node *next;
} node;

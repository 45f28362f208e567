/* Types for the limits test: each one is what an adversarial document
 * would aim at (docs/security.md). */
#ifndef LIMITS_H
#define LIMITS_H

#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

typedef struct {
    /** @optional */
    char note[4096];
} wide_item;

/** Items of 4 KB each that `{}` fills: 3 bytes of input per 4 KB. @schema */
typedef struct {
    wide_item *items;
    size_t items_count;
} wide_list;

/** Any JSON value, kept as a cJSON tree. @schema */
typedef struct {
    cJSON *value;
} any_value;

/** One string. @schema */
typedef struct {
    char *text;
} text_doc;

typedef struct {
    char *key;
    int32_t value;
} count_entry;

/** A map of counts. @schema */
typedef struct {
    /** @additionalProperties */
    count_entry *counts;
    size_t counts_count;
} count_map;

/** Numbers. @schema */
typedef struct {
    int32_t *numbers;
    size_t numbers_count;
} number_list;

/** Nesting: a branch and its branches. @schema */
typedef struct branch {
    struct branch *kids;
    size_t kids_count;
} branch;

/** A node whose children a program may share: the same node reached twice
 * (a DAG built in C), whose JSON grows exponentially with its depth.
 * @schema */
typedef struct dag {
    struct dag *left;
    struct dag *right;
    /** @optional */
    char *label;
} dag;

#endif /* LIMITS_H */

/* The tools of the sample agent (samples/agent/README.md): the example
 * tools of the providers' function-calling guides (get_weather,
 * send_email, search_knowledge_base), written as schemac headers. The
 * handlers (agent_tools.c) are deterministic and touch nothing outside the
 * process, so a recorded response always gets the same reply. */
#ifndef AGENT_TOOLS_H
#define AGENT_TOOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- get_weather -------------------------------------------------------- */

/** A temperature unit. */
typedef enum {
    UNIT_CELSIUS,    /**< Degrees Celsius. */
    UNIT_FAHRENHEIT, /**< Degrees Fahrenheit. */
} temperature_unit;

/** The weather at a place. @schema */
typedef struct {
    /** The place, as asked for. */
    char *location;
    /** The temperature. */
    double temperature;
    /** The unit of the temperature. */
    temperature_unit unit;
    /** The sky, e.g. "sunny". */
    char *conditions;
} weather_output;

/**
 * Get the current weather in a given location.
 * @tool get_weather
 * @effect readonly
 * @output weather_output
 */
typedef struct {
    /** The city and state or country, e.g. San Francisco, CA. @minLength 1 @maxLength 100 */
    char *location;
    /** The unit of the temperature. @default celsius */
    temperature_unit unit;
} weather_input;

/* ---- send_email --------------------------------------------------------- */

/** The email as it was queued. @schema */
typedef struct {
    /** An identifier of the queued message. @pattern ^msg-[0-9a-f]{8}$ */
    char *id;
    /** The recipient. */
    char *to;
} email_output;

/**
 * Send an email to a given recipient with a subject and message.
 * @tool send_email
 * @effect mutating
 * @output email_output
 */
typedef struct {
    /** The recipient email address. @format email @maxLength 254 */
    char *to;
    /** Email subject line. @minLength 1 @maxLength 200 */
    char *subject;
    /** Body of the email message. @maxLength 10000 */
    char *body;
} email_input;

/* ---- search_knowledge_base ---------------------------------------------- */

/** How to order the results. */
typedef enum {
    SORT_RELEVANCE,    /**< Best match first. */
    SORT_DATE,         /**< Newest first. */
    SORT_POPULARITY,   /**< Most read first. */
    SORT_ALPHABETICAL, /**< By title. */
} sort_order;

/** Options of a knowledge base search. */
typedef struct {
    /** Number of top results to return. @minimum 1 @maximum 10 */
    int32_t num_results;
    /** Optional domain to narrow the search (e.g. 'finance', 'medical'). @optional @maxLength 40 */
    char *domain_filter;
    /** How to sort results. */
    bool has_sort_by;
    sort_order sort_by;
} search_options;

/** One article that matched. */
typedef struct {
    /** The article's title. */
    char *title;
    /** The article's domain. */
    char *domain;
} article;

/** The articles that matched, best first. @schema */
typedef struct {
    /** @maxItems 10 */
    article *articles;
    size_t articles_count;
} search_output;

/**
 * Query a knowledge base to retrieve relevant info on a topic.
 * @tool search_knowledge_base
 * @effect readonly
 * @idempotent
 * @output search_output
 */
typedef struct {
    /** The user question or search query. @minLength 1 @maxLength 500 */
    char *query;
    /** Search options. */
    search_options options;
} search_input;

#endif /* AGENT_TOOLS_H */

/* The nonces of the requestStates presented to this process (mcp_mrtr.c),
 * each kept until its state expires, so that a state is taken once for
 * as long as it is valid. A state is never forgotten early: at the bound
 * (sc_mcp_server.max_states unexpired ones) a new one is refused instead.
 *
 * An open-addressed hash table (linear probing) of {nonce, expiry}: a
 * nonce is random (the server drew it and the HMAC covers it), so its
 * first bytes are its hash. An expired entry is a tombstone that an
 * insert may reuse; the table is rebuilt without them when they and the
 * live ones fill three quarters of it, or at the bound (at most once a
 * second), sized to twice the live ones: O(1) amortized per state, and
 * at most about 4 * max_states * 24 bytes.
 *
 * One set for every server of the process, behind sc_mcp_nonce_claim
 * alone (mcp_internal.h): a store shared by the replicas would take its
 * place there. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mcp_internal.h"

#define MIN_SLOTS 1024

typedef struct slot {
    uint8_t nonce[SC_MCP_NONCE_BYTES];
    time_t expires; /* 0: empty; before now: expired (a tombstone) */
} slot;

static struct {
    pthread_mutex_t lock;
    slot *slots;
    size_t cap;   /* a power of two, or 0 before the first state */
    size_t used;  /* slots not empty: live and expired */
    size_t live;  /* unexpired at the last rebuild, and every one added since */
    time_t built; /* when the last rebuild was */
} set = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, 0, 0};

static size_t home(const uint8_t nonce[SC_MCP_NONCE_BYTES], size_t cap)
{
    uint64_t h;
    memcpy(&h, nonce, sizeof h);
    return (size_t)h & (cap - 1);
}

/* The table again without the expired entries, twice as large as the live
 * ones (MIN_SLOTS at least); lock held. false when memory runs out (the
 * old table kept). */
static bool rebuild(time_t now)
{
    size_t live = 0;
    for (size_t i = 0; i < set.cap; i++)
        live += set.slots[i].expires >= now;
    size_t cap = MIN_SLOTS;
    while (cap < 2 * (live + 1))
        cap *= 2;
    slot *slots = calloc(cap, sizeof *slots);
    if (slots == NULL)
        return false;
    for (size_t i = 0; i < set.cap; i++) {
        if (set.slots[i].expires < now)
            continue;
        size_t j = home(set.slots[i].nonce, cap);
        while (slots[j].expires != 0)
            j = (j + 1) & (cap - 1);
        slots[j] = set.slots[i];
    }
    free(set.slots);
    set.slots = slots;
    set.cap = cap;
    set.used = set.live = live;
    set.built = now;
    return true;
}

sc_mcp_nonce_result sc_mcp_nonce_claim(const sc_mcp_server *server,
                                       const uint8_t nonce[SC_MCP_NONCE_BYTES], time_t expires,
                                       time_t now)
{
    size_t bound = server->max_states > 0 ? server->max_states : SC_MCP_DEFAULT_MAX_STATES;
    sc_mcp_nonce_result result = SC_MCP_NONCE_FIRST;
    pthread_mutex_lock(&set.lock);
    if (set.cap > 0) {
        for (size_t i = home(nonce, set.cap); set.slots[i].expires != 0;
             i = (i + 1) & (set.cap - 1))
            if (set.slots[i].expires >= now &&
                memcmp(set.slots[i].nonce, nonce, SC_MCP_NONCE_BYTES) == 0) {
                result = SC_MCP_NONCE_USED;
                break;
            }
    }
    /* room: count again at the bound (those expired since leave), and keep
     * a quarter of the table empty so that probes stay short */
    if (result == SC_MCP_NONCE_FIRST && set.live >= bound && set.built != now)
        (void)rebuild(now);
    if (result == SC_MCP_NONCE_FIRST && set.live >= bound)
        result = SC_MCP_NONCE_FULL;
    if (result == SC_MCP_NONCE_FIRST && (set.used + 1) * 4 > set.cap * 3 && !rebuild(now))
        result = SC_MCP_NONCE_NOMEM;
    if (result == SC_MCP_NONCE_FIRST) {
        size_t i = home(nonce, set.cap);
        while (set.slots[i].expires >= now) /* an empty slot (0) or a tombstone */
            i = (i + 1) & (set.cap - 1);
        set.used += set.slots[i].expires == 0;
        memcpy(set.slots[i].nonce, nonce, SC_MCP_NONCE_BYTES);
        set.slots[i].expires = expires;
        set.live++;
    }
    pthread_mutex_unlock(&set.lock);
    return result;
}

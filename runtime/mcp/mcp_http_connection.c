/* The Streamable HTTP transport's connections: accepting them while fewer
 * than max_connections are open and fewer than max_connections_per_ip from
 * one address, and the deadline of a request's headers and body, which
 * libmicrohttpd 0.9.75 does not have (its timeout counts inactivity only,
 * so a client sending a byte a second would hold its slot for ever): a
 * reaper thread shuts down the socket of a connection whose request is
 * late, and libmicrohttpd then closes it. The parked (suspended)
 * connections too: the reaper resumes each at its deadline, or when its
 * client hangs up (EPOLLRDHUP on its socket, in an epoll set of the
 * reaper's own: libmicrohttpd does not watch a suspended connection). */
#define _GNU_SOURCE /* accept4 */

#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "mcp_http_internal.h"

/* The count of connections from address's IP, made when missing (NULL:
 * no memory); lock held. */
static peer *peer_of(sc_mcp_http *h, const struct sockaddr *address)
{
    unsigned char ip[16] = {0};
    if (address->sa_family == AF_INET)
        memcpy(ip, &((const struct sockaddr_in *)address)->sin_addr, 4);
    else if (address->sa_family == AF_INET6)
        memcpy(ip, &((const struct sockaddr_in6 *)address)->sin6_addr, 16);
    for (peer *p = h->peers; p != NULL; p = p->next)
        if (p->family == address->sa_family && memcmp(p->ip, ip, 16) == 0)
            return p;
    peer *p = calloc(1, sizeof *p);
    if (p != NULL) {
        memcpy(p->ip, ip, 16);
        p->family = address->sa_family;
        p->next = h->peers;
        h->peers = p;
    }
    return p;
}

/* One connection from address fewer; lock held. */
static void peer_closed(sc_mcp_http *h, const struct sockaddr *address)
{
    peer *p = address != NULL ? peer_of(h, address) : NULL;
    if (p == NULL || p->count == 0 || --p->count > 0)
        return;
    for (peer **at = &h->peers; *at != NULL; at = &(*at)->next)
        if (*at == p) {
            *at = p->next;
            free(p);
            return;
        }
}

/* ---- parked connections --------------------------------------------------- */

void sc_http_due_in(parked *p, unsigned seconds)
{
    clock_gettime(CLOCK_MONOTONIC, &p->due);
    p->due.tv_sec += seconds;
}

static bool before(const struct timespec *a, const struct timespec *b)
{
    return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

bool sc_http_is_due(const parked *p)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return !before(&now, &p->due);
}

/* Whether the client closed its side of connection fd (or it failed). */
static bool hung_up(int fd)
{
    struct pollfd p = {fd, POLLRDHUP, 0};
    return fd >= 0 && poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
}

bool sc_http_park(sc_mcp_http *h, parked *p, struct MHD_Connection *c)
{
    if (p->on)
        return true;
    if (h->stopping || p->gone)
        return false;
    if (p->half_close_gone && hung_up(p->fd)) {
        p->gone = true;
        return false;
    }
    if (h->free_count == 0) { /* more slots */
        size_t cap = h->parked_cap != 0 ? 2 * h->parked_cap : 256;
        parked **slots = realloc(h->parked, cap * sizeof *slots);
        if (slots == NULL)
            return false;
        h->parked = slots;
        unsigned *free_slots = realloc(h->free_slots, cap * sizeof *free_slots);
        if (free_slots == NULL)
            return false;
        h->free_slots = free_slots;
        for (size_t i = cap; i > h->parked_cap; i--) {
            h->parked[i - 1] = NULL;
            h->free_slots[h->free_count++] = (unsigned)(i - 1);
        }
        h->parked_cap = cap;
    }
    p->slot = h->free_slots[--h->free_count];
    p->gen = ++h->parked_gen;
    /* its hang-up, once: the reaper then resumes it with gone set */
    struct epoll_event watch = {.events = (p->half_close_gone ? EPOLLRDHUP : 0) | EPOLLONESHOT,
                                .data.u64 = (uint64_t)p->gen << 32 | p->slot};
    if (p->fd >= 0 && epoll_ctl(h->watch_fd, EPOLL_CTL_ADD, p->fd, &watch) != 0) {
        h->free_slots[h->free_count++] = p->slot;
        return false;
    }
    h->parked[p->slot] = p;
    p->c = c;
    p->on = true;
    MHD_suspend_connection(c);
    return true;
}

void sc_http_unwatch(sc_mcp_http *h, parked *p)
{
    if (!p->on)
        return;
    p->on = false;
    h->parked[p->slot] = NULL;
    h->free_slots[h->free_count++] = p->slot;
    if (p->fd >= 0)
        epoll_ctl(h->watch_fd, EPOLL_CTL_DEL, p->fd, NULL);
}

void sc_http_unpark(sc_mcp_http *h, parked *p)
{
    if (p == NULL || !p->on)
        return;
    sc_http_unwatch(h, p);
    MHD_resume_connection(p->c);
}

void sc_http_unpark_all(sc_mcp_http *h)
{
    for (size_t i = 0; i < h->parked_cap; i++)
        sc_http_unpark(h, h->parked[i]);
}

/* Resumes the parked connections whose deadline has come; lock held. */
static void unpark_due(sc_mcp_http *h)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    for (size_t i = 0; i < h->parked_cap; i++) {
        parked *p = h->parked[i];
        if (p != NULL && !before(&now, &p->due))
            sc_http_unpark(h, p);
    }
}

/* Frees the listening sessions released since, outside the lock (their
 * listeners are cancelled under the subscriptions' lock, which comes
 * first); lock held, released meanwhile. */
static void free_dead(sc_mcp_http *h)
{
    while (h->dead != NULL) {
        http_session *s = h->dead;
        h->dead = s->dead_next;
        pthread_mutex_unlock(&h->lock);
        sc_mcp_session_free(&s->session);
        pthread_mutex_lock(&h->lock);
        s->listening = false;
        s->refs = 1;
        sc_http_session_release(s); /* its streams, itself */
    }
}

/* After many connections closed or sessions ended, the memory glibc's
 * malloc keeps for them (scattered among what lives on) is given back to
 * the system, at most every 2 s: without it, a peak of streams would stay
 * resident; lock held, released meanwhile. */
static void give_back(sc_mcp_http *h, time_t now)
{
    if (h->freed < 512 || now - h->trimmed_at < 2)
        return;
    h->freed = 0;
    h->trimmed_at = now;
#ifdef __GLIBC__
    pthread_mutex_unlock(&h->lock); /* a walk of the heap: requests go on meanwhile */
    malloc_trim(0);
    pthread_mutex_lock(&h->lock);
#endif
}

/* ---- the deadline of a request -------------------------------------------- */

static connection *connection_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info != NULL ? info->socket_context : NULL;
}

/* Whether the connection is reading a request (the deadline runs) or
 * answering one (it does not: an SSE stream may last). */
void sc_http_set_receiving(sc_mcp_http *h, struct MHD_Connection *c, bool receiving)
{
    connection *conn = connection_of(c);
    if (conn == NULL)
        return;
    pthread_mutex_lock(&h->lock);
    conn->receiving = receiving;
    conn->idle = receiving; /* set again after a request: until the next one's headers */
    clock_gettime(CLOCK_MONOTONIC, &conn->since);
    pthread_mutex_unlock(&h->lock);
}

void sc_http_set_busy(sc_mcp_http *h, struct MHD_Connection *c)
{
    connection *conn = connection_of(c);
    if (conn == NULL)
        return;
    pthread_mutex_lock(&h->lock);
    conn->idle = false;
    pthread_mutex_unlock(&h->lock);
}

/* An idle kept-alive connection from peer p, the longest idle one, shut
 * down to make room for a new connection from the same address (NULL:
 * none); lock held. A client holding connections it does not use (a pool
 * of kept-alive ones) then does not lock itself out, while connections in
 * use, and slow requests, still count against the limit. */
static connection *reap_idle(sc_mcp_http *h, const peer *p)
{
    connection *oldest = NULL;
    for (connection *conn = h->connections; conn != NULL; conn = conn->next)
        if (conn->from == p && conn->idle && !conn->reaped &&
            (oldest == NULL || conn->since.tv_sec < oldest->since.tv_sec ||
             (conn->since.tv_sec == oldest->since.tv_sec &&
              conn->since.tv_nsec < oldest->since.tv_nsec)))
            oldest = conn;
    if (oldest != NULL) {
        oldest->reaped = true;
        shutdown(oldest->fd, SHUT_RDWR);
    }
    return oldest;
}

void sc_http_on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                           enum MHD_ConnectionNotificationCode code)
{
    sc_mcp_http *h = cls;
    connection *conn = *socket_context;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        if (info == NULL || (conn = calloc(1, sizeof *conn)) == NULL)
            return; /* untracked: only the inactivity timeout applies */
        conn->fd = info->connect_fd;
        conn->receiving = true;
        clock_gettime(CLOCK_MONOTONIC, &conn->since);
        if (h->tls)
            sc_http_tls_guard_start(&conn->tls, h->server, c, conn->fd);
        const union MHD_ConnectionInfo *address =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        pthread_mutex_lock(&h->lock);
        /* its hang-up, edge-triggered: reported once, when the FIN comes
         * (or at once if it came first); taken out of the set, under the
         * lock the reaper reads it with, before conn is freed */
        struct epoll_event watch = {.events = EPOLLRDHUP | EPOLLET, .data.ptr = conn};
        epoll_ctl(h->hangup_fd, EPOLL_CTL_ADD, conn->fd, &watch);
        conn->from =
            address != NULL ? peer_of(h, address->client_addr) : NULL; /* counted at its accept */
        conn->next = h->connections;
        if (h->connections != NULL)
            h->connections->prev = conn;
        h->connections = conn;
        pthread_mutex_unlock(&h->lock);
        *socket_context = conn;
    } else { /* closed: libmicrohttpd closes the socket after this */
        const union MHD_ConnectionInfo *info =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        pthread_mutex_lock(&h->lock);
        h->open--;
        h->freed++;
        peer_closed(h, info != NULL ? info->client_addr : NULL);
        pthread_cond_broadcast(&h->wake); /* the acceptor may take the next one */
        if (conn == NULL) {
            pthread_mutex_unlock(&h->lock);
            return;
        }
        epoll_ctl(h->hangup_fd, EPOLL_CTL_DEL, conn->fd, NULL);
        if (conn->prev != NULL)
            conn->prev->next = conn->next;
        else
            h->connections = conn->next;
        if (conn->next != NULL)
            conn->next->prev = conn->prev;
        pthread_mutex_unlock(&h->lock);
        free(conn);
        *socket_context = NULL;
    }
}

/* ---- clients that hung up mid-request ------------------------------------ */

/* libmicrohttpd 0.9.75 watches its sockets edge-triggered and reads once
 * an event: when a client's last bytes and its FIN arrive in one segment
 * (it sent part of a request and closed), the read takes the bytes, the
 * end of the stream is never read, and the connection waits for the
 * request deadline in CLOSE_WAIT, counted against the client's address.
 * The reaper learns of each hang-up from hangup_fd and shuts down a
 * connection still reading its request HANGUP_GRACE_MS later, when nothing
 * is left unread on it: a client that sent a whole request and then closed
 * its side still gets its answer, as the request is in by then. */
#define HANGUP_GRACE_MS 300

static long long ms_since(const struct timespec *t, const struct timespec *now)
{
    return (now->tv_sec - t->tv_sec) * 1000LL + (now->tv_nsec - t->tv_nsec) / 1000000;
}

/* Marks the connections whose client hung up since the last call; lock
 * held (a closed connection leaves hangup_fd under it, so each event's
 * connection is alive). */
static void note_hangups(sc_mcp_http *h, const struct timespec *now)
{
    struct epoll_event events[64];
    int n;
    while ((n = epoll_wait(h->hangup_fd, events, 64, 0)) > 0)
        for (int i = 0; i < n; i++) {
            connection *conn = events[i].data.ptr;
            conn->hung_up = true;
            conn->hung_up_at = *now;
        }
}

/* Whether the client of connection conn left before its request was in. */
static bool left_mid_request(const connection *conn, const struct timespec *now)
{
    char byte;
    const struct timespec *from =
        before(&conn->since, &conn->hung_up_at) ? &conn->hung_up_at : &conn->since;
    return conn->hung_up && conn->receiving && ms_since(from, now) >= HANGUP_GRACE_MS &&
           recv(conn->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT) == 0;
}

/* Shuts down the socket of every connection whose request is not in
 * within request_timeout, or whose client left before it was
 * (libmicrohttpd then closes it), and ends idle sessions, until the
 * server stops. */
void *sc_http_reaper(void *arg)
{
    sc_mcp_http *h = arg;
    pthread_mutex_lock(&h->lock);
    while (!h->stopping) {
        struct timespec now;
        unpark_due(h);
        free_dead(h);
        clock_gettime(CLOCK_MONOTONIC, &now);
        give_back(h, now.tv_sec);
        note_hangups(h, &now);
        for (connection *conn = h->connections; conn != NULL; conn = conn->next) {
            if (conn->reaped)
                continue;
            if (conn->receiving &&
                ms_since(&conn->since, &now) >= (long long)h->request_timeout * 1000) {
                conn->reaped = true;
                shutdown(conn->fd, SHUT_RDWR);
                sc_mcp_log(h->server, "http: a request not in within %u s: connection closed",
                           h->request_timeout);
            } else if (left_mid_request(conn, &now)) {
                conn->reaped = true;
                shutdown(conn->fd, SHUT_RDWR);
            }
        }
        sc_http_expire_sessions(h, now.tv_sec);
        /* sleeps until a parked connection's client hangs up, or 200 ms */
        pthread_mutex_unlock(&h->lock);
        struct epoll_event events[64];
        int n = epoll_wait(h->watch_fd, events, 64, 200);
        pthread_mutex_lock(&h->lock);
        for (int i = 0; i < n; i++) {
            if (events[i].data.u64 == SC_HTTP_HANGUPS)
                continue; /* read by note_hangups at the top of the loop */
            unsigned slot = (unsigned)(events[i].data.u64 & 0xffffffffu),
                     gen = (unsigned)(events[i].data.u64 >> 32);
            parked *p = slot < h->parked_cap ? h->parked[slot] : NULL;
            if (p != NULL && p->gen == gen) {
                p->gone = true;
                sc_http_unpark(h, p);
            }
        }
    }
    pthread_mutex_unlock(&h->lock);
    return NULL;
}

/* Accepts connections while fewer than max_connections are open, and
 * hands them to libmicrohttpd. Done here rather than by libmicrohttpd,
 * which in its thread-per-connection mode accepts a connection over the
 * limit only to close it: here it waits in the kernel's queue, in the
 * order it came, so a client is served as soon as a slot frees (a slow
 * client's, at its deadline) instead of racing to reconnect. */
void *sc_http_acceptor(void *arg)
{
    sc_mcp_http *h = arg;
    pthread_mutex_lock(&h->lock);
    while (!h->stopping) {
        if (h->open >= h->max_connections) {
            pthread_cond_wait(&h->wake, &h->lock);
            continue;
        }
        pthread_mutex_unlock(&h->lock);
        struct pollfd listening = {h->listen_fd, POLLIN, 0};
        if (poll(&listening, 1, 200) > 0) {
            struct sockaddr_storage address;
            socklen_t address_len = sizeof address;
            int fd = accept4(h->listen_fd, (struct sockaddr *)&address, &address_len, SOCK_CLOEXEC);
            if (fd >= 0) {
                /* the per-address limit is kept here too: libmicrohttpd's
                 * counts a closed connection until its thread is gone */
                pthread_mutex_lock(&h->lock);
                peer *from = peer_of(h, (struct sockaddr *)&address);
                bool take =
                    from != NULL && (from->count < h->max_per_ip || reap_idle(h, from) != NULL);
                if (take) {
                    from->count++;
                    h->open++;
                }
                pthread_mutex_unlock(&h->lock);
                if (!take) {
                    sc_mcp_log(h->server, "http: %u connections from one address: refused another",
                               h->max_per_ip);
                    close(fd);
                } else if (MHD_add_connection(h->daemon, fd, (struct sockaddr *)&address,
                                              address_len) != MHD_YES) {
                    pthread_mutex_lock(&h->lock); /* closed by libmicrohttpd, never notified */
                    h->open--;
                    peer_closed(h, (struct sockaddr *)&address);
                    pthread_mutex_unlock(&h->lock);
                }
            }
        }
        pthread_mutex_lock(&h->lock);
    }
    pthread_mutex_unlock(&h->lock);
    return NULL;
}

/* Connections waiting for their accept (the kernel caps it at
 * net.core.somaxconn): a burst of clients must not overflow it, which
 * costs each one dropped a SYN retransmission (a second). */
#define LISTEN_BACKLOG 4096

/* A socket listening on address:port (port 0: any); -1 with errno. */
int sc_http_listen(const struct sockaddr *address, socklen_t len)
{
    int fd = socket(address->sa_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int on = 1;
    if (fd < 0)
        return -1;
    if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0 ||
        (address->sa_family == AF_INET6 &&
         setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on) != 0) ||
        bind(fd, address, len) != 0 || listen(fd, LISTEN_BACKLOG) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

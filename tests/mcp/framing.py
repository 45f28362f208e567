#!/usr/bin/env python3
"""HTTP framing that libmicrohttpd 0.9.75 lets through (issue 42, item 7),
sent on raw sockets to a real server (an sc_mcp_main server, --http 0):
each malformed request must be refused at once (the answer within 1 s, not
held to the 10 s request deadline) with 400, 411 or 501 and the
connection closed, so that the request pipelined behind it is never
answered; a well-framed request still gets 200 (the checks are not vacuous).

  framing.py MCP_SERVER
"""
import re
import socket
import sys
import time

import serve

INIT = (b'{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"protocolVersion":"2025-11-25",'
        b'"capabilities":{},"clientInfo":{"name":"t","version":"0"}}}')
HEAD = b'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json\r\n'


def with_length(extra=b'', body=INIT):
    return HEAD + extra + b'Content-Length: %d\r\n\r\n' % len(body) + body


def chunked(coding=b'chunked', extension=b'', body=INIT):
    return HEAD + b'Transfer-Encoding: ' + coding + b'\r\n\r\n' + b'%x%s\r\n%s\r\n0\r\n\r\n' % (
        len(body), extension, body)


# name, request, status
CASES = [
    ('Transfer-Encoding: gzip', chunked(b'gzip'), 501),
    ('Transfer-Encoding: gzip, chunked', chunked(b'gzip, chunked'), 501),
    ('Transfer-Encoding: chunked, chunked', chunked(b'chunked, chunked'), 501),
    ('Transfer-Encoding: xchunked', chunked(b'xchunked'), 501),
    ('two Transfer-Encoding: chunked lines', HEAD + b'Transfer-Encoding: chunked\r\n' + chunked(b'chunked')[len(HEAD):], 501),
    ('an unterminated quoted chunk extension', chunked(extension=b';a="b'), 411),
    ('a chunked body (no Content-Length)', chunked(), 411),
    ('Content-Length : N (a space before the colon)',
     HEAD + b'Content-Length : %d\r\n\r\n' % len(INIT) + INIT, 400),
    ('Content-Length<TAB>: N', HEAD + b'Content-Length\t: %d\r\n\r\n' % len(INIT) + INIT, 400),
    ('two Host lines', with_length(b'Host: evil.example.com\r\n'), 400),
    ('a Host that is no host', with_length(b'').replace(b'Host: 127.0.0.1', b'Host: 127.0.0.1/x@y'), 400),
    ('a NUL in a header value', with_length(b'X-Note: a\x00b\r\n'), 400),
    ('a NUL in the Host value', with_length(b'').replace(b'Host: 127.0.0.1', b'Host: 127.0.0.1\x00.evil'), 400),
    ('a control character in a header value', with_length(b'X-Note: a\x01b\r\n'), 400),
    ('a bare CR in a header value', with_length(b'X-Note: a\rb\r\n'), 400),
]
PIPELINED = with_length(b'Connection: close\r\n', INIT.replace(b'"id":7', b'"id":2'))


def exchange(port, data, wait=3.0):
    """Sends data; returns (what came back until the server closed, seconds to the first byte)."""
    s = socket.create_connection(('127.0.0.1', port))
    s.settimeout(wait)
    start = time.monotonic()
    s.sendall(data)
    got, first = b'', None
    try:
        while True:
            d = s.recv(65536)
            if not d:
                break
            if first is None:
                first = time.monotonic() - start
            got += d
    except (socket.timeout, ConnectionResetError):
        pass
    s.close()
    return got, first


def main():
    proc, port = serve.start([sys.argv[1]])
    if port is None:
        print('the server did not start')
        return 1
    failures = 0
    try:
        for name, request, status in CASES:
            got, first = exchange(port, request + PIPELINED)
            statuses = re.findall(rb'HTTP/1\.[01] (\d{3})', got)
            ok = (statuses == [b'%d' % status] and first is not None and first < 1.0
                  and re.search(rb'(?i)connection: close', got) is not None)
            print(f'{"ok  " if ok else "FAIL"} {name}: {status} at once, connection closed, '
                  f'the pipelined request unanswered (got {[s.decode() for s in statuses]}, '
                  f'first byte after {first if first is None else round(first, 3)} s)')
            failures += not ok
        got, first = exchange(port, with_length() + PIPELINED)
        statuses = re.findall(rb'HTTP/1\.[01] (\d{3})', got)
        ok = statuses == [b'200', b'200'] and b'"id":7' in got and b'"id":2' in got
        print(f'{"ok  " if ok else "FAIL"} a well-framed request and the one pipelined behind it: 200, 200 '
              f'(got {[s.decode() for s in statuses]})')
        failures += not ok
    finally:
        proc.terminate()
        proc.wait(10)
    print(f'{len(CASES) + 1 - failures} passed, {failures} failed')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())

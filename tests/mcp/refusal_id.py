#!/usr/bin/env python3
"""The transport's refusals (401, 403, 404, ...) carry the request's id when
its body can be read (issue 42, item 15: they carried "id": null), so that a
client waiting for that id's answer gets it. Against a real server (an
sc_mcp_main server with a bearer token check, --bearer-env), over
http.client: each refusal's status, and the id of its JSON-RPC error; null
where no id can be told (two ids, none, a GET, a body over 16 KiB).

  refusal_id.py MCP_SERVER
"""
import http.client
import json
import os
import sys

import serve

TOKEN = 'refusal-id-test-token'


def message(id_json, method='initialize', extra=''):
    return ('{"jsonrpc":"2.0","id":%s,"method":"%s","params":{"protocolVersion":"2025-11-25",'
            '"capabilities":{},"clientInfo":{"name":"t","version":"0"}%s}}' % (id_json, method, extra))


def main():
    env = dict(os.environ, REFUSAL_ID_TOKEN=TOKEN)
    proc, port = serve.start([sys.argv[1], '--bearer-env', 'REFUSAL_ID_TOKEN'], env)
    if port is None:
        print('the server did not start')
        return 1

    def send(body, path='/mcp', method='POST', token=True, host='127.0.0.1', headers=None):
        c = http.client.HTTPConnection('127.0.0.1', port, timeout=10)
        c.putrequest(method, path, skip_host=True)
        c.putheader('Host', host)
        c.putheader('Content-Type', 'application/json')
        c.putheader('Accept', 'application/json, text/event-stream')
        if token:
            c.putheader('Authorization', 'Bearer ' + TOKEN)
        for k, v in (headers or {}).items():
            c.putheader(k, v)
        data = body.encode() if body is not None else b''
        if body is not None:
            c.putheader('Content-Length', str(len(data)))
        c.endheaders(data if body is not None else None)
        r = c.getresponse()
        text = r.read()
        c.close()
        return r.status, json.loads(text) if text else None

    big = ',"padding":"%s"' % ('x' * 17000)
    cases = [
        # name, request, status, id
        ('401 without a token', dict(body=message('41'), token=False), 401, 41),
        ('401: a string id', dict(body=message('"call-7"'), token=False), 401, 'call-7'),
        ('401: the id of a message that breaks a strictness rule (a duplicate key)',
         dict(body=message('45', extra=',"clientInfo":{}'), token=False), 401, 45),
        ('403: Host not allowed', dict(body=message('42'), host='evil.example.com'), 403, 42),
        ('404: the endpoint is elsewhere', dict(body=message('43'), path='/other'), 404, 43),
        ('404: no such session', dict(body=message('44', method='ping'),
                                      headers={'Mcp-Session-Id': '0' * 32}), 404, 44),
        ('401: two ids, which one is in doubt: null',
         dict(body=message('47').replace('"id":47', '"id":47,"id":48'), token=False), 401, None),
        ('401: a notification (no id): null',
         dict(body='{"jsonrpc":"2.0","method":"notifications/initialized"}', token=False), 401, None),
        ('401: a body over 16 KiB is judged on its headers: null',
         dict(body=message('49', extra=big), token=False), 401, None),
        ('401: a GET (no body): null', dict(body=None, method='GET', token=False), 401, None),
    ]
    failures = 0
    try:
        for name, request, status, want in cases:
            got_status, reply = send(**request)
            got = reply.get('id', 'missing') if isinstance(reply, dict) else 'no JSON'
            ok = got_status == status and got == want and isinstance(reply, dict) and 'error' in reply
            print(f'{"ok  " if ok else "FAIL"} {name}: {status} with id {json.dumps(want)} '
                  f'(got {got_status}, id {json.dumps(got)})')
            failures += not ok
        # the token check still holds: the same message with the token is served
        got_status, reply = send(message('50'))
        ok = got_status == 200 and reply.get('id') == 50 and 'result' in reply
        print(f'{"ok  " if ok else "FAIL"} with the token the same request is served (200, id 50; got {got_status})')
        failures += not ok
    finally:
        proc.terminate()
        proc.wait(10)
    total = len(cases) + 1
    print(f'{total - failures} passed, {failures} failed')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())

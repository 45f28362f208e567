// The tool calls tests/mcp makes of samples/mcp-server, with what each must
// return: shared by client.mjs (over stdio and HTTP) and load.mjs.
import assert from 'node:assert/strict';

// [tool, arguments, expected structuredContent (or a function checking it)]
export const valid = [
    ['calculate', { op: 'add', a: 1, b: 2 }, { result: 3, expression: '1 + 2' }],
    ['calculate', { op: 'divide', a: 1, b: 4 }, { result: 0.25, expression: '1 / 4' }],
    // JSON.stringify writes 1e21 as 1e+21 (1e20 would be an integer literal
    // beyond 2^53, which the server refuses: see client.mjs)
    ['calculate', { op: 'multiply', a: -1.5, b: 1e21 }, { result: -1.5e21, expression: '-1.5 * 1e+21' }],
    ['calculate', { op: 'subtract', a: 0.1, b: 0.3 }, { result: 0.1 - 0.3, expression: '0.1 - 0.3' }],
    ['search_files', { glob: '**.c' }, {
        matches: [
            { path: 'src/agent.c', kind: 'file', size: 14022 },
            { path: 'src/main.c', kind: 'file', size: 3187 },
            { path: 'src/util/strings.c', kind: 'file', size: 2764 },
            { path: 'tests/test_agent.c', kind: 'file', size: 6402 },
        ],
        truncated: false,
    }],
    ['search_files', { glob: 'SRC/*', ignore_case: true, kind: 'any', max_results: 2 }, {
        matches: [
            { path: 'src/agent.c', kind: 'file', size: 14022 },
            { path: 'src/main.c', kind: 'file', size: 3187 },
        ],
        truncated: true,
    }],
    ['search_files', { glob: '*', kind: 'directory' }, {
        matches: ['docs', 'include', 'src', 'tests'].map((path) => ({ path, kind: 'directory', size: 0 })),
        truncated: false,
    }],
    ['search_files', { glob: 'nothing?here' }, { matches: [], truncated: false }],
    ['http_request', {
        method: 'post', url: 'https://api.example.com/v1/items?page=2#top',
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': '42' }, body: '{"name":"x"}',
    }, {
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': '42' },
        method: 'POST', url: 'https://api.example.com/v1/items?page=2#top', sent: false, body_bytes: 12,
        request: 'POST /v1/items?page=2 HTTP/1.1\r\nHost: api.example.com\r\nContent-Type: application/json\r\n' +
            'X-Request-Id: 42\r\nContent-Length: 12\r\n\r\n{"name":"x"}',
    }],
    ['http_request', { url: 'http://localhost:8080' }, {
        headers: {}, method: 'GET', url: 'http://localhost:8080', sent: false, body_bytes: 0,
        request: 'GET / HTTP/1.1\r\nHost: localhost:8080\r\n\r\n',
    }],
    ['create_event', {
        title: 'Design review', start: '2026-12-31T23:50:00+01:00', duration_minutes: 45,
        location: { name: 'Room 4', latitude: 48.8566, longitude: 2.3522 },
        attendees: ['ada@example.com', 'alan@example.org'],
    }, (out) => {
        assert.match(out.id, /^evt-[0-9a-f]{8}$/);
        assert.deepEqual({ ...out, id: undefined }, {
            id: undefined, title: 'Design review', start: '2026-12-31T23:50:00+01:00', end: '2026-12-31T23:35:00Z',
            location: { name: 'Room 4', latitude: 48.8566, longitude: 2.3522 },
            attendees: ['ada@example.com', 'alan@example.org'],
        });
    }],
    ['create_event', {
        title: 'Late', start: '2026-02-28T23:59:59.5Z', location: { name: 'Home', latitude: 0, longitude: 0 },
    }, (out) => {
        assert.equal(out.end, '2026-03-01T00:29:59Z'); // duration_minutes defaults to 30
        assert.deepEqual(out.attendees, []);
    }],
];

// Invalid arguments: a result with isError (the model sees it and can fix
// its call), the message naming the JSON Pointer and the problem.
export const invalid = [
    ['calculate', { op: 'power', a: 2, b: 8 }, /^\/op: must be one of: add, subtract, multiply, divide$/],
    ['calculate', { op: 'add', a: '1', b: 2 }, /^\/a: .*number/],
    ['calculate', { op: 'add', a: 1 }, /b/],
    ['calculate', { op: 'add', a: 1, b: 2, c: 3 }, /c/],
    ['calculate', { op: 'divide', a: 1, b: 0 }, /division by zero: b must not be 0/], // the handler's own error
    ['calculate', { op: 'multiply', a: 1e308, b: 10 }, /too large/],
    ['search_files', {}, /glob/],
    ['search_files', { glob: 'src/$(rm -rf)' }, /^\/glob: .*pattern|^\/glob: must match/],
    ['search_files', { glob: 'x'.repeat(201) }, /^\/glob: .*200/],
    ['search_files', { glob: '*', max_results: 0 }, /^\/max_results: must be >= 1$/],
    ['search_files', { glob: '*', kind: 'link' }, /^\/kind: must be one of: any, file, directory$/],
    ['http_request', { url: 'not a url' }, /^\/url: .*uri/i],
    ['http_request', { url: 'https://example.com', method: 'TRACE' }, /^\/method: must be one of/],
    ['http_request', { url: 'https://example.com', headers: { 'Bad Header': 'x' } }, /^\/headers/],
    ['http_request', { url: 'https://example.com', headers: { 'X-A': 1 } }, /^\/headers\/X-A: .*string/],
    ['http_request', { url: 'https://example.com', headers: { 'X-A': 'a\r\nX-Injected: 1' } }, /line break/],
    ['http_request', { url: 'mailto:someone@example.com' }, /must name a host/],
    ['create_event', {
        title: 'x', start: '2026-01-01T00:00:00Z', location: { name: 'R', latitude: 91, longitude: 0 },
    }, /^\/location\/latitude: must be <= 90$/],
    ['create_event', {
        title: 'x', start: 'tomorrow', location: { name: 'R', latitude: 0, longitude: 0 },
    }, /^\/start: .*date-time/],
    ['create_event', {
        title: 'x', start: '2026-01-01T00:00:00Z', location: { name: 'R', latitude: 0, longitude: 0 },
        attendees: ['a@example.com', 'a@example.com'],
    }, /^\/attendees: must not contain duplicates/],
    ['create_event', {
        title: 'x', start: '2026-01-01T00:00:00Z', location: { name: 'R', latitude: 0, longitude: 0 },
        attendees: ['not-an-email'],
    }, /^\/attendees\/0: .*email/],
    ['create_event', {
        title: 'x', start: '9999-12-31T23:59:00Z', location: { name: 'R', latitude: 0, longitude: 0 },
    }, /outside the years/],
    // every mistake of a call at once, one line each, in document order
    ['calculate', { op: 'power', a: '2', c: 3 },
        /^\/op: must be one of: add, subtract, multiply, divide\n\/a: must be a number\nunknown property "c"; the properties are: op, a, b\nmissing required property "b"$/],
    ['create_event', {
        title: '', start: 'tomorrow', duration_minutes: 1, location: { name: 'R', latitude: 91, longitude: 'east' },
        attendees: ['a@example.com', 'b@example.com', 'a@example.com'],
    }, new RegExp('^/title: must be at least 1 character long\n/start: must be a valid date-time\n' +
        '/duration_minutes: must be >= 5\n/location/latitude: must be <= 90\n/location/longitude: must be a number\n' +
        '/attendees: must not contain duplicates: item 2 repeats an earlier one$')],
    // an array whose item failed is not checked for duplicates (the failed items are not values)
    ['create_event', {
        title: 'x', start: '2026-01-01T00:00:00Z', location: { name: 'R', latitude: 0, longitude: 0 },
        attendees: ['not-an-email', 'a@example.com', 'not-an-email'],
    }, /^\/attendees\/0: must be a valid email\n\/attendees\/2: must be a valid email$/],
    // a null for an optional member: leave it out
    ['search_files', { glob: '*', max_results: null },
        /^\/max_results: must be an integer \(optional: leave the property out instead of sending null\)$/],
];

// The OAuth 2.1 resource server of libschemac-mcp (issue 29, item 1),
// judged by outside authorities: tokens minted with panva's `jose` (RS256,
// ES256, EdDSA), an authorization server written here on Node's HTTPS with
// a throwaway CA (its RFC 8414 metadata, its JWKS, a client_credentials
// token endpoint that honours RFC 8707 resource indicators), and the
// official MCP TypeScript SDK client. oauth_server (oauth_tools.h: whoami,
// and a tool, a prompt and a resource template with @scopes) runs with
// --oauth-resource, --oauth-issuer and --oauth-ca, fetching the keys by
// discovery; then with --oauth-jwks FILE; then with an introspection hook.
//
//   - no token: 401, WWW-Authenticate: Bearer resource_metadata="...",
//     scope="..."; the metadata fetched from that URL and from the root
//     well-known URI; the SDK's own parsers and discovery read both;
//   - the SDK client with a bearer token of each algorithm: whoami sees
//     the principal (sub, client_id, scopes), over a 2025 session and in
//     the 2026-07-28 stateless revision;
//   - the SDK's ClientCredentialsProvider from nothing: the 401 sends it
//     to the metadata, the authorization server's metadata, a token asked
//     for with resource=the server's URI, and calls; a 403
//     insufficient_scope sends it back for a new token;
//   - every rejection: expired, not yet valid, wrong iss, wrong aud, bad
//     signature, alg none, HS256 with the public key as secret, unknown
//     kid, a token over the size bound (8 KiB), garbage: 401
//     error="invalid_token" (a header line over libmicrohttpd's ~15 KiB: 431);
//     missing scopes: 403 error="insufficient_scope" naming them all; a
//     token in the query string: 400, never used; another subject's token
//     on a 2025 session: 404;
//   - an unknown kid fetches the JWKS again once; a flood of made-up kids
//     within jwks_refresh_seconds fetches nothing more; an issuer that
//     cannot be reached: 503 with Retry-After, one attempt per interval;
//   - issue 42: an issuer that holds its JWKS 3.5 s: the metadata, an
//     unauthenticated POST and a known kid's token answered in under 1 s
//     meanwhile (the fetch is off the polling thread), the token that
//     started it answered once the keys come, at most 256 waiters (503
//     past), the interval counted from a fetch's end; a claim or header
//     parameter twice, a signature in non-canonical base64url: 401; a
//     high-S ES256 token (jose mints them): taken; a subject's session
//     and a client's of the same name kept apart; completion/complete,
//     resources/subscribe and subscriptions/listen need the scopes of
//     what they name;
//   - no sanitizer report in the server's log.
//
//   node oauth.mjs OAUTH_SERVER
//
// Exits 77 (skipped) when node_modules (the SDK, jose) or openssl is missing.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';

import { withTestCa } from './test_ca.mjs';
import { check, finish } from './check.mjs';

const serverBinary = process.argv[2];
if (!serverBinary) {
    console.error('usage: node oauth.mjs OAUTH_SERVER');
    process.exit(2);
}

// The authorization server's HTTPS, trusted by this process's fetch (the
// SDK's discovery): test_ca.mjs runs this script again with its CA.
const dir = withTestCa(import.meta.url, { name: 'oauth', server: 'as', envVar: 'SC_OAUTH_TEST_DIR' });
let jose, sdk;
try {
    jose = await import('jose');
    sdk = {
        ...(await import('@modelcontextprotocol/sdk/client/index.js')),
        ...(await import('@modelcontextprotocol/sdk/client/streamableHttp.js')),
        ...(await import('@modelcontextprotocol/sdk/client/auth.js')),
        ...(await import('@modelcontextprotocol/sdk/client/auth-extensions.js')),
    };
} catch (e) {
    console.log(`SKIP node_modules is not installed (npm ci --prefix tests/mcp): ${e.message}`);
    process.exit(77);
}


// ---- the authorization server ---------------------------------------------

const keys = {};
for (const [alg, kid] of [['RS256', 'rsa-1'], ['ES256', 'ec-1'], ['EdDSA', 'ed-1'], ['ES256', 'ec-2']]) {
    const pair = await jose.generateKeyPair(alg, { crv: alg === 'EdDSA' ? 'Ed25519' : undefined, extractable: true });
    const jwk = { ...(await jose.exportJWK(pair.publicKey)), kid, alg, use: 'sig' };
    keys[kid] = { alg, kid, ...pair, jwk };
}
const published = new Set(['rsa-1', 'ec-1', 'ed-1']); // ec-2 comes later (a rotation)
const jwks = () => ({ keys: [...published].map((kid) => keys[kid].jwk) });
writeFileSync(join(dir, 'jwks.json'), JSON.stringify(jwks()));

let jwksFetches = 0;
// While holdJwks (ms) is set, the JWKS is answered that much later, and
// jwksAsked resolves as each such request comes in.
let holdJwks = 0;
let jwksAsked = () => {};
const jwksRequested = () => new Promise((resolve) => { jwksAsked = resolve; });
const tokenRequests = [];
const as = createHttpsServer({ key: readFileSync(join(dir, 'as.key')), cert: readFileSync(join(dir, 'as.pem')) },
    (req, res) => {
        const send = (status, body) => {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(body));
        };
        const url = new URL(req.url, issuer);
        if (req.method === 'GET' && url.pathname === '/.well-known/oauth-authorization-server')
            return send(200, {
                issuer, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`,
                authorization_endpoint: `${issuer}/authorize`, response_types_supported: ['code'],
                grant_types_supported: ['client_credentials', 'authorization_code'],
                token_endpoint_auth_methods_supported: ['client_secret_basic'],
                code_challenge_methods_supported: ['S256'],
            });
        if (req.method === 'GET' && url.pathname === '/jwks') {
            jwksFetches++;
            if (holdJwks > 0) {
                jwksAsked();
                setTimeout(() => send(200, jwks()), holdJwks);
                return;
            }
            return send(200, jwks());
        }
        if (req.method === 'POST' && url.pathname === '/token') {
            let body = '';
            req.on('data', (d) => { body += d; });
            req.on('end', async () => {
                const form = new URLSearchParams(body);
                const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
                    .toString();
                tokenRequests.push({ form: Object.fromEntries(form), basic });
                if (basic !== 'agent:agent-secret' || form.get('grant_type') !== 'client_credentials')
                    return send(401, { error: 'invalid_client' });
                const resource = form.get('resource');
                if (!resource)
                    return send(400, { error: 'invalid_target' });
                const scope = form.get('scope') ?? '';
                const token = await mint({ sub: 'agent', client_id: 'agent', aud: resource, scope });
                send(200, { access_token: token, token_type: 'Bearer', expires_in: 300, scope });
            });
            return;
        }
        send(404, { error: 'not_found' });
    });
await new Promise((resolve) => as.listen(0, '127.0.0.1', resolve));
const issuer = `https://localhost:${as.address().port}`;

const freePort = () => new Promise((resolve) => {
    const s = createNetServer();
    s.listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => resolve(port));
    });
});
const mcpPort = await freePort();
const resource = `http://127.0.0.1:${mcpPort}/mcp`;
const now = () => Math.floor(Date.now() / 1000);

// A JWT access token (RFC 9068) with claims over the defaults.
async function mint(claims = {}, { kid = 'ec-1', header = {} } = {}) {
    const k = keys[kid];
    const body = { iss: issuer, aud: resource, sub: 'alice', client_id: 'app-1', scope: 'files:read',
                   iat: now(), exp: now() + 300, jti: String(Math.random()), ...claims };
    return new jose.SignJWT(body).setProtectedHeader({ alg: k.alg, kid, typ: 'at+jwt', ...header })
        .sign(k.privateKey);
}
const b64 = (o) => Buffer.from(typeof o === 'string' ? o : JSON.stringify(o)).toString('base64url');

// ---- the MCP server ------------------------------------------------------

let serverLog = '';
async function startServer(args, env = {}) {
    const child = spawn(serverBinary, ['--http', String(mcpPort), '--oauth-resource', resource, ...args],
        { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let log = '';
    child.stderr.on('data', (d) => { log += d; serverLog += d; });
    const deadline = Date.now() + 10000;
    while (!/listening on/.test(log)) {
        if (child.exitCode !== null || Date.now() > deadline)
            throw new Error(`the server did not start: ${log}`);
        await new Promise((r) => setTimeout(r, 50));
    }
    return {
        log: () => log,
        stop: () => new Promise((resolve) => {
            child.on('exit', (code, signal) => resolve({ code, signal }));
            child.kill('SIGTERM');
        }),
    };
}

const initialize = {
    jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const VERSION = '2026-07-28';
const meta = {
    'io.modelcontextprotocol/protocolVersion': VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'oauth-test', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
};
// A stateless (2026-07-28) request: its headers, its _meta.
function stateless(method, params = {}, name) {
    const headers = { 'mcp-protocol-version': VERSION, 'mcp-method': method };
    if (name !== undefined)
        headers['mcp-name'] = name;
    return { headers, body: { jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: meta } } };
}
async function post(body, { token, headers = {}, query = '' } = {}) {
    const h = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers };
    if (token !== undefined)
        h.authorization = `Bearer ${token}`;
    const res = await fetch(`${resource}${query}`, { method: 'POST', headers: h, body: JSON.stringify(body) });
    const text = await res.text();
    return { res, status: res.status, challenge: res.headers.get('www-authenticate') ?? '', text };
}
// The JSON-RPC reply of a POST answered as JSON or SSE.
function replyOf(text) {
    if (text.startsWith('{'))
        return JSON.parse(text);
    const data = text.split(/\r?\n/).filter((l) => l.startsWith('data:') && l.length > 6).map((l) => l.slice(5));
    return JSON.parse(data[data.length - 1]);
}
const callTool = (name, args = {}) => stateless('tools/call', { name, arguments: args }, name);
const metadataUrl = `http://127.0.0.1:${mcpPort}/.well-known/oauth-protected-resource/mcp`;

// ---- keys fetched by discovery ---------------------------------------------

let server = await startServer(['--oauth-issuer', issuer, '--oauth-ca', join(dir, 'ca.pem'),
    '--oauth-scope', 'mcp:use'], { SC_TEST_JWKS_REFRESH: '2' });

await check('no token: 401 with resource_metadata and scope in WWW-Authenticate', async () => {
    const r = await post(initialize);
    assert.equal(r.status, 401);
    assert.equal(r.challenge, `Bearer resource_metadata="${metadataUrl}", scope="mcp:use"`);
});

await check('a web page of an allowed origin can read the challenge (CORS exposes WWW-Authenticate)', async () => {
    const r = await post(initialize, { headers: { origin: 'http://localhost:5173' } });
    assert.equal(r.status, 401);
    assert.equal(r.res.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.equal(r.res.headers.get('access-control-expose-headers'), 'Mcp-Session-Id, WWW-Authenticate');
    const meta = await fetch(metadataUrl, { headers: { origin: 'https://anywhere.example' } });
    assert.equal(meta.headers.get('access-control-allow-origin'), '*');
});

await check('the metadata from the challenge\'s URL (RFC 9728) and from the root well-known URI', async () => {
    const r = await post(initialize);
    const url = /resource_metadata="([^"]+)"/.exec(r.challenge)[1];
    const res = await fetch(url);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^application\/json/);
    const doc = await res.json();
    assert.deepEqual(doc, {
        authorization_servers: [issuer],
        scopes_supported: ['files:read', 'files:write', 'reviews', 'mcp:use'],
        bearer_methods_supported: ['header'],
        resource,
        resource_name: 'oauth-test',
    });
    const root = await fetch(`http://127.0.0.1:${mcpPort}/.well-known/oauth-protected-resource`);
    assert.deepEqual(await root.json(), doc);
    const other = await fetch(`http://127.0.0.1:${mcpPort}/.well-known/oauth-protected-resource/elsewhere`);
    assert.equal(other.status, 404);
});

await check('the SDK\'s parsers and discovery read the challenge and the metadata', async () => {
    const r = await post(initialize);
    const params = sdk.extractWWWAuthenticateParams(r.res);
    assert.equal(params.resourceMetadataUrl.href, metadataUrl);
    assert.equal(params.scope, 'mcp:use');
    assert.equal(sdk.extractResourceMetadataUrl(r.res).href, metadataUrl);
    const doc = await sdk.discoverOAuthProtectedResourceMetadata(new URL(resource));
    assert.equal(doc.resource, resource);
    assert.deepEqual(doc.authorization_servers, [issuer]);
    const viaHeader = await sdk.discoverOAuthProtectedResourceMetadata(new URL(resource),
        { resourceMetadataUrl: params.resourceMetadataUrl });
    assert.deepEqual(viaHeader, doc);
    const asMeta = await sdk.discoverAuthorizationServerMetadata(new URL(doc.authorization_servers[0]));
    assert.equal(asMeta.issuer, issuer);
});

// The SDK client over a 2025 session with a fixed bearer token.
async function sdkWhoami(token) {
    const client = new sdk.Client({ name: 'oauth-test', version: '1.0.0' });
    const transport = new sdk.StreamableHTTPClientTransport(new URL(resource),
        { requestInit: { headers: { authorization: `Bearer ${token}` } } });
    await client.connect(transport);
    const result = await client.callTool({ name: 'whoami', arguments: {} });
    await client.close();
    return result.structuredContent;
}

for (const kid of ['rsa-1', 'ec-1', 'ed-1']) {
    await check(`${keys[kid].alg}: the SDK client with a bearer token; whoami sees the principal`, async () => {
        const who = await sdkWhoami(await mint({ scope: 'files:read mcp:use', azp: 'ignored' }, { kid }));
        assert.deepEqual(who, { subject: 'alice', client_id: 'app-1', scopes: 'files:read mcp:use', issuer, traceparent: '' });
    });
}
await check('the keys were fetched once, by discovery (RFC 8414 metadata, then jwks_uri)', async () => {
    assert.equal(jwksFetches, 1);
    assert.match(server.log(), /oauth: 3 key\(s\) of https:\/\/localhost:\d+ fetched from https:\/\/localhost:\d+\/jwks/);
});

await check('scp (an array) for scopes, azp for the client, aud an array naming the resource', async () => {
    const token = await mint({ scope: undefined, scp: ['a:b', 'c'], client_id: undefined, azp: 'web',
                               aud: ['https://other.example', resource] });
    const r = await post(callTool('whoami').body, { token, headers: callTool('whoami').headers });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(replyOf(r.text).result.structuredContent,
                     { subject: 'alice', client_id: 'web', scopes: 'a:b c', issuer, traceparent: '' });
});

await check('2026-07-28: a stateless call carries its own token; its principal reaches the handler', async () => {
    const { headers, body } = callTool('whoami');
    const r = await post(body, { token: await mint({ sub: 'carol' }, { kid: 'ed-1' }), headers });
    assert.equal(r.status, 200, r.text);
    assert.equal(replyOf(r.text).result.structuredContent.subject, 'carol');
    const none = await post(body, { headers });
    assert.equal(none.status, 401);
});

// Every token that must be refused, with why.
const rsaPublicPem = await jose.exportSPKI(keys['rsa-1'].publicKey);
const refused = [
    ['expired', () => mint({ exp: now() - 120 })],
    ['not yet valid (nbf)', () => mint({ nbf: now() + 600 })],
    ['wrong iss', () => mint({ iss: 'https://evil.example' })],
    ['iss of an issuer not configured, signed by a good key', () => mint({ iss: `${issuer}/other` })],
    ['wrong aud', () => mint({ aud: 'https://other.example/mcp' })],
    ['aud of this server without its path', () => mint({ aud: `http://127.0.0.1:${mcpPort}` })],
    ['no aud', () => mint({ aud: undefined })],
    ['no exp', () => mint({ exp: undefined })],
    ['bad signature (another key under a known kid)', async () => {
        const t = await mint({}, { kid: 'ec-2' });
        const [h, p, s] = t.split('.');
        return `${b64({ ...JSON.parse(Buffer.from(h, 'base64url')), kid: 'ec-1' })}.${p}.${s}`;
    }],
    ['claims changed after signing', async () => {
        const [h, , s] = (await mint()).split('.');
        return `${h}.${b64({ iss: issuer, aud: resource, sub: 'admin', exp: now() + 300, scope: 'files:write' })}.${s}`;
    }],
    ['alg none', async () => `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64({ iss: issuer, aud: resource, sub: 'x', exp: now() + 300 })}.`],
    ['alg none with a kid', async () => `${b64({ alg: 'none', kid: 'ec-1' })}.${b64({ iss: issuer, aud: resource, sub: 'x', exp: now() + 300 })}.c2ln`],
    ['HS256 with the RSA public key as secret', () => new jose.SignJWT({ iss: issuer, aud: resource, sub: 'x', exp: now() + 300 })
        .setProtectedHeader({ alg: 'HS256', kid: 'rsa-1' }).sign(new TextEncoder().encode(rsaPublicPem))],
    ['ES256 header over an RSA key (alg confusion)', async () => {
        const t = await mint({}, { kid: 'ec-1' });
        const [h, p, s] = t.split('.');
        return `${b64({ ...JSON.parse(Buffer.from(h, 'base64url')), kid: 'rsa-1' })}.${p}.${s}`;
    }],
    ['crit header', () => mint({}, { header: { crit: ['b64'], b64: true } })],
    ['truncated', async () => (await mint()).slice(0, -10)],
    ['garbage', async () => 'not-a-jwt'],
    ['over the size bound (8 KiB)', () => mint({ pad: 'x'.repeat(7000) })],
];
for (const [why, make] of refused) {
    await check(`401 invalid_token: ${why}`, async () => {
        const token = await make();
        const r = await post(initialize, { token });
        assert.equal(r.status, 401, r.text);
        assert.match(r.challenge, /^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="/);
        assert.ok(r.challenge.includes(`resource_metadata="${metadataUrl}"`));
    });
}
// Issue 42: one accepted spelling per token. A token whose JSON texts
// are given as they are (a name twice): jose signs the claims' bytes as
// given (CompactSign); the header jose always writes itself, so a header
// text is signed with WebCrypto and the same key.
const claimsOf = (extra = '') => `{"iss":"${issuer}","aud":"${resource}","sub":"alice","exp":${now() + 300}${extra}}`;
async function signClaimsText(text, kid = 'ec-1') {
    return new jose.CompactSign(new TextEncoder().encode(text))
        .setProtectedHeader({ alg: keys[kid].alg, kid, typ: 'at+jwt' }).sign(keys[kid].privateKey);
}
async function signHeaderText(headerText, claimsText, kid = 'ec-1') {
    const input = `${b64(headerText)}.${b64(claimsText)}`;
    const algorithm = keys[kid].alg === 'ES256' ? { name: 'ECDSA', hash: 'SHA-256' }
        : keys[kid].alg === 'EdDSA' ? { name: 'Ed25519' } : { name: 'RSASSA-PKCS1-v1_5' };
    const signature = await crypto.subtle.sign(algorithm, keys[kid].privateKey, new TextEncoder().encode(input));
    return `${input}.${Buffer.from(signature).toString('base64url')}`;
}
// The same bytes spelled otherwise: an unused bit of the last character set.
function uncanonical(part) {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    assert.notEqual(part.length % 4, 0, 'a part without unused bits');
    return part.slice(0, -1) + alphabet[alphabet.indexOf(part.at(-1)) | 1];
}
await check('issue 42: a token as jose signs it is taken (the control of the checks below)', async () => {
    for (const token of [await signClaimsText(claimsOf()),
        await signHeaderText(`{"alg":"ES256","kid":"ec-1"}`, claimsOf())]) {
        const r = await post(initialize, { token });
        assert.equal(r.status, 200, r.text);
    }
});
const spelledTwice = [
    ['a claim twice (aud this resource, then another)', () =>
        signClaimsText(claimsOf(`,"aud":"https://other.example/mcp"`))],
    ['a claim twice (sub)', () => signClaimsText(claimsOf(`,"sub":"admin"`))],
    ['a name twice in an object inside the claims', () => signClaimsText(claimsOf(`,"cnf":{"jkt":"a","jkt":"b"}`))],
    ['a header parameter twice (kid)', () => signHeaderText(`{"alg":"ES256","kid":"ec-1","kid":"ec-2"}`, claimsOf())],
    ['a header parameter twice (alg)', () => signHeaderText(`{"alg":"ES256","alg":"none","kid":"ec-1"}`, claimsOf())],
];
for (const kid of ['rsa-1', 'ec-1', 'ed-1'])
    spelledTwice.push([`${keys[kid].alg}: the signature in non-canonical base64url (an unused bit set)`, async () => {
        const [h, p, s] = (await mint({}, { kid })).split('.');
        return `${h}.${p}.${uncanonical(s)}`;
    }]);
for (const [why, make] of spelledTwice) {
    await check(`issue 42: 401 invalid_token: ${why}`, async () => {
        const r = await post(initialize, { token: await make() });
        assert.equal(r.status, 401, r.text);
        assert.match(r.challenge, /^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="/);
    });
}
// ES256 with a high S (n - s verifies as s does) is taken, by decision
// (mcp_jwt.c): ECDSA signers do not normalise S, so about half of the
// tokens jose (WebCrypto) mints have a high one, and refusing them would
// refuse good tokens.
const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
await check('issue 42: ES256 tokens with a high S, as jose mints half of them, are taken', async () => {
    const sOf = (token) => BigInt(`0x${Buffer.from(token.split('.')[2], 'base64url').subarray(32).toString('hex')}`);
    let high;
    for (let i = 0; i < 64 && high === undefined; i++) {
        const t = await mint({ scope: 'files:read mcp:use' });
        if (sOf(t) > P256_N / 2n)
            high = t;
    }
    assert.ok(high, 'jose minted no high-S token in 64');
    assert.equal((await post(initialize, { token: high })).status, 200);
});

await check('a header over libmicrohttpd\'s memory for a request: 431, nothing verified', async () => {
    const r = await post(initialize, { token: await mint({ pad: 'x'.repeat(40000) }) });
    assert.equal(r.status, 431);
});
await check('a token that is not a b64token, or a scheme other than Bearer', async () => {
    const bad = await fetch(resource, { method: 'POST', body: JSON.stringify(initialize),
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: 'Bearer a"b' } });
    assert.equal(bad.status, 400);
    assert.match(bad.headers.get('www-authenticate'), /error="invalid_request"/);
    const basic = await fetch(resource, { method: 'POST', body: JSON.stringify(initialize),
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: 'Basic YTpi' } });
    assert.equal(basic.status, 401);
    assert.match(basic.headers.get('www-authenticate'), /^Bearer resource_metadata=/);
});

await check('a token in the query string: 400 invalid_request, never used (with or without the header)', async () => {
    const token = await mint();
    for (const header of [undefined, token]) {
        const r = await post(initialize, { token: header, query: `?access_token=${token}` });
        assert.equal(r.status, 400, r.text);
        assert.match(r.challenge, /^Bearer error="invalid_request"/);
    }
});

await check('403 insufficient_scope naming every scope a tool, a prompt or a resource needs', async () => {
    const token = await mint({ scope: 'files:read' });
    const cases = [
        [callTool('write_file', { path: 'a' }), 'files:read files:write'],
        [stateless('prompts/get', { name: 'review', arguments: { change: 'x' } }, 'review'), 'reviews'],
    ];
    for (const [{ headers, body }, scopes] of cases) {
        const r = await post(body, { token, headers });
        assert.equal(r.status, 403, r.text);
        assert.equal(r.challenge, `Bearer error="insufficient_scope", scope="${scopes}", resource_metadata="${metadataUrl}", error_description="the token lacks a scope this request needs"`);
        const params = sdk.extractWWWAuthenticateParams(r.res);
        assert.equal(params.error, 'insufficient_scope');
        assert.equal(params.scope, scopes);
    }
    const read = stateless('resources/read', { uri: 'file:///notes' }, 'file:///notes');
    const noScope = await post(read.body, { token: await mint({ scope: '' }), headers: read.headers });
    assert.equal(noScope.status, 403);
    assert.match(noScope.challenge, /scope="files:read"/);
});

await check('with the scopes, the calls go through (tool, prompt, resource); whoami needs none', async () => {
    const token = await mint({ scope: 'files:read files:write reviews' });
    for (const { headers, body } of [callTool('write_file', { path: 'a' }),
        stateless('prompts/get', { name: 'review', arguments: { change: 'x' } }, 'review'),
        stateless('resources/read', { uri: 'file:///notes' }, 'file:///notes')]) {
        const r = await post(body, { token, headers });
        assert.equal(r.status, 200, r.text);
        assert.ok(replyOf(r.text).result, r.text);
    }
    const bare = await post(callTool('whoami').body, { token: await mint({ scope: undefined }),
                                                      headers: callTool('whoami').headers });
    assert.equal(bare.status, 200);
});

// Issue 42: each method that runs, reads or reveals a scoped prompt or
// resource needs its scopes (docs/deploy.md's table).
await check('issue 42: completion/complete of a scoped prompt or template needs its scopes', async () => {
    const cases = [
        [{ ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'change', value: 'x' } }, 'reviews'],
        [{ ref: { type: 'ref/resource', uri: 'file:///{name}' }, argument: { name: 'name', value: 'n' } }, 'files:read'],
    ];
    for (const [params, scope] of cases) {
        const { headers, body } = stateless('completion/complete', params);
        const without = await post(body, { token: await mint({ scope: 'mcp:use' }), headers });
        assert.equal(without.status, 403, without.text);
        assert.match(without.challenge, new RegExp(`^Bearer error="insufficient_scope", scope="${scope}"`));
        const granted = await post(body, { token: await mint({ scope }), headers });
        assert.equal(granted.status, 200, granted.text);
        assert.ok(replyOf(granted.text).result.completion, granted.text);
    }
});
await check('issue 42: resources/subscribe (2025) and subscriptions/listen of a scoped resource need its scopes', async () => {
    const opened = await post(initialize, { token: await mint({ scope: 'mcp:use' }) });
    const headers = { 'mcp-session-id': opened.res.headers.get('mcp-session-id'), 'mcp-protocol-version': '2025-06-18' };
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { token: await mint({ scope: 'mcp:use' }), headers });
    const subscribe = { jsonrpc: '2.0', id: 3, method: 'resources/subscribe', params: { uri: 'file:///notes' } };
    const without = await post(subscribe, { token: await mint({ scope: 'mcp:use' }), headers });
    assert.equal(without.status, 403, without.text);
    assert.match(without.challenge, /scope="files:read"/);
    const granted = await post(subscribe, { token: await mint({ scope: 'files:read' }), headers });
    assert.equal(granted.status, 200, granted.text);
    const unsubscribe = { jsonrpc: '2.0', id: 4, method: 'resources/unsubscribe', params: { uri: 'file:///notes' } };
    assert.equal((await post(unsubscribe, { token: await mint({ scope: 'mcp:use' }), headers })).status, 200,
        'unsubscribe needs no scope');
    const listen = stateless('subscriptions/listen', { notifications: { resourceSubscriptions: ['file:///notes'] } });
    const refused = await post(listen.body, { token: await mint({ scope: 'mcp:use' }), headers: listen.headers });
    assert.equal(refused.status, 403, refused.text);
    assert.match(refused.challenge, /scope="files:read"/);
    const stream = new AbortController();
    const open = await fetch(resource, { method: 'POST', signal: stream.signal, body: JSON.stringify(listen.body),
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream',
                   authorization: `Bearer ${await mint({ scope: 'files:read' })}`, ...listen.headers } });
    assert.equal(open.status, 200);
    stream.abort();
});

await check('a 2025 session is bound to its subject: another subject\'s token on it gets 404', async () => {
    const alice = await mint({ sub: 'alice' });
    const r = await post(initialize, { token: alice });
    assert.equal(r.status, 200, r.text);
    const session = r.res.headers.get('mcp-session-id');
    const ping = { jsonrpc: '2.0', id: 2, method: 'ping' };
    const sessionHeaders = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    const again = await post(ping, { token: await mint({ sub: 'alice' }, { kid: 'rsa-1' }), headers: sessionHeaders });
    assert.equal(again.status, 200, again.text);
    const mallory = await post(ping, { token: await mint({ sub: 'mallory' }), headers: sessionHeaders });
    assert.equal(mallory.status, 404, mallory.text);
    const none = await post(ping, { headers: sessionHeaders });
    assert.equal(none.status, 401);
});

await check('issue 42: a session of the subject "alice" is not the one of a client "alice" (a token without sub), nor the reverse', async () => {
    const ping = { jsonrpc: '2.0', id: 2, method: 'ping' };
    const open = async (token) => {
        const r = await post(initialize, { token });
        assert.equal(r.status, 200, r.text);
        return { 'mcp-session-id': r.res.headers.get('mcp-session-id'), 'mcp-protocol-version': '2025-06-18' };
    };
    const user = await open(await mint({ sub: 'alice', client_id: 'app-1' }));
    const client = await mint({ sub: undefined, client_id: 'alice' });
    assert.equal((await post(ping, { token: client, headers: user })).status, 404);
    assert.equal((await post(ping, { token: await mint({ sub: 'alice', client_id: 'app-9' }), headers: user })).status,
        200, 'the same subject through another client');
    const agent = await open(await mint({ sub: undefined, client_id: 'alice' }));
    assert.equal((await post(ping, { token: await mint({ sub: 'alice' }), headers: agent })).status, 404);
    assert.equal((await post(ping, { token: await mint({ sub: undefined, client_id: undefined, azp: 'alice' }),
                                     headers: agent })).status, 200, 'azp is the client too');
});

await check('unknown kid: the JWKS is fetched again once (a rotation), made-up kids within the interval fetch nothing', async () => {
    await new Promise((r) => setTimeout(r, 2100)); // jwks_refresh_seconds (SC_TEST_JWKS_REFRESH=2)
    published.add('ec-2');
    const before = jwksFetches;
    const rotated = await post(initialize, { token: await mint({}, { kid: 'ec-2' }) });
    assert.equal(rotated.status, 200, rotated.text);
    assert.equal(jwksFetches, before + 1);
    const flood = await Promise.all(Array.from({ length: 40 }, async (_, i) =>
        (await post(initialize, { token: await mint({}, { header: { kid: `made-up-${i}` } }) })).status));
    assert.ok(flood.every((s) => s === 401), String(flood));
    assert.equal(jwksFetches, before + 1, 'a flood of made-up kids fetched the JWKS');
    await new Promise((r) => setTimeout(r, 2100));
    const later = await Promise.all(Array.from({ length: 10 }, async (_, i) =>
        (await post(initialize, { token: await mint({}, { header: { kid: `later-${i}` } }) })).status));
    assert.ok(later.every((s) => s === 401));
    assert.equal(jwksFetches, before + 2, 'one fetch per interval');
});

await check('the SDK\'s ClientCredentialsProvider: 401 -> metadata -> token with resource -> call; 403 -> a new token', async () => {
    const provider = new sdk.ClientCredentialsProvider({ clientId: 'agent', clientSecret: 'agent-secret',
                                                         expectedIssuer: issuer });
    const client = new sdk.Client({ name: 'oauth-agent', version: '1.0.0' });
    const transport = new sdk.StreamableHTTPClientTransport(new URL(resource), { authProvider: provider });
    tokenRequests.length = 0;
    await client.connect(transport);
    assert.equal(tokenRequests.length, 1);
    assert.equal(tokenRequests[0].form.resource, resource, 'RFC 8707 resource indicator');
    const who = await client.callTool({ name: 'whoami', arguments: {} });
    assert.equal(who.structuredContent.subject, 'agent');
    assert.equal(who.structuredContent.client_id, 'agent');
    // the 403 sends the SDK back for a token; its client_credentials flow
    // (1.32.2's fetchToken) asks with clientMetadata.scope, not the
    // challenge's, so the new token lacks the scope and it gives up
    await assert.rejects(client.callTool({ name: 'write_file', arguments: { path: 'a' } }),
                         /403 after trying upscoping/);
    assert.equal(tokenRequests.length, 2, 'a second token after the 403 insufficient_scope');
    await client.close();
    // a client configured with the scopes gets them and calls
    const scoped = new sdk.ClientCredentialsProvider({ clientId: 'agent', clientSecret: 'agent-secret',
                                                       expectedIssuer: issuer, scope: 'files:read files:write' });
    const agent = new sdk.Client({ name: 'oauth-agent', version: '1.0.0' });
    await agent.connect(new sdk.StreamableHTTPClientTransport(new URL(resource), { authProvider: scoped }));
    const wrote = await agent.callTool({ name: 'write_file', arguments: { path: 'a' } });
    assert.equal(wrote.isError, false, JSON.stringify(wrote));
    assert.equal(tokenRequests[2].form.scope, 'files:read files:write');
    assert.equal(tokenRequests[2].form.resource, resource);
    await agent.close();
});

let stopped = await server.stop();
await check('SIGTERM stops it (status 0)', async () => assert.equal(stopped.code, 0));

// ---- keys from a file ------------------------------------------------------

server = await startServer(['--oauth-issuer', issuer, '--oauth-jwks', join(dir, 'jwks.json'), '--access-log']);
await check('--access-log: a line per request with its subject, client and trace id; a refusal with its status',
    async () => {
        const traced = callTool('whoami');
        const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
        const r = await post(traced.body, { token: await mint({ sub: 'carol', client_id: 'app-7' }),
                                           headers: { ...traced.headers, traceparent } });
        assert.equal(r.status, 200, r.text);
        assert.equal(replyOf(r.text).result.structuredContent.traceparent, traceparent); // the HTTP header's
        assert.equal((await post(initialize)).status, 401);
        const denied = callTool('write_file', { path: 'a' });
        assert.equal((await post(denied.body, { token: await mint({ sub: 'dave' }), headers: denied.headers })).status,
            403);
        // a 2025 session: its GET stream's line when it ends, its DELETE's
        const erin = await mint({ sub: 'erin' });
        const opened = await post(initialize, { token: erin });
        const session = opened.res.headers.get('mcp-session-id');
        const sessionHeaders = { authorization: `Bearer ${erin}`, 'mcp-session-id': session,
                                 'mcp-protocol-version': '2025-06-18' };
        const stream = new AbortController();
        const get = await fetch(resource, { headers: { ...sessionHeaders, accept: 'text/event-stream' },
                                            signal: stream.signal });
        assert.equal(get.status, 200);
        stream.abort();
        assert.equal((await fetch(resource, { method: 'DELETE', headers: sessionHeaders })).status, 200);
        const deadline = Date.now() + 5000;
        while (!(/http=403/.test(server.log()) && /status=stream/.test(server.log())) && Date.now() < deadline)
            await new Promise((resolve) => setTimeout(resolve, 20));
        const log = server.log();
        assert.match(log, /access method=tools\/call name=whoami status=ok ms=\d+\.\d{3} subject=carol client=app-7 (?:\S+ )?trace_id=4bf92f3577b34da6a3ce929d0e0e4736\n/);
        assert.match(log, /access method=POST name=\/mcp http=401 status=refused ms=\d+\.\d{3}\n/);
        assert.match(log, /access method=POST name=\/mcp http=403 status=refused ms=\d+\.\d{3} subject=dave client=app-1\n/);
        assert.match(log, /access method=initialize status=ok ms=\d+\.\d{3} subject=erin client=app-1\n/);
        assert.match(log, /access method=GET name=\/mcp http=200 status=stream ms=\d+\.\d{3} subject=erin client=app-1\n/);
        assert.match(log, /access method=DELETE name=\/mcp http=200 status=deleted ms=\d+\.\d{3} subject=erin client=app-1\n/);
    });
await check('--oauth-jwks FILE: tokens of its keys verify, no fetch; a kid not in it is refused', async () => {
    const before = jwksFetches;
    const ok = await post(initialize, { token: await mint({}, { kid: 'ed-1' }) });
    assert.equal(ok.status, 200, ok.text);
    const unknown = await post(initialize, { token: await mint({}, { kid: 'ec-2' }) });
    assert.equal(unknown.status, 401);
    assert.equal(jwksFetches, before);
});
stopped = await server.stop();

// ---- opaque tokens: the application's introspection -------------------------

server = await startServer(['--oauth-issuer', issuer, '--oauth-jwks', join(dir, 'jwks.json')],
    { SC_TEST_OPAQUE_TOKEN: 'opaque-token-123' });
await check('an opaque token goes to the introspection hook; its answer is the principal', async () => {
    const { headers, body } = callTool('whoami');
    const r = await post(body, { token: 'opaque-token-123', headers });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(replyOf(r.text).result.structuredContent,
                     { subject: 'opaque-user', client_id: 'opaque-client', scopes: 'files:read', issuer: '', traceparent: '' });
    const refusedOpaque = await post(body, { token: 'opaque-token-456', headers });
    assert.equal(refusedOpaque.status, 401);
    assert.match(refusedOpaque.challenge, /error="invalid_token"/);
    const jwt = await post(body, { token: await mint({}, { kid: 'ed-1' }), headers });
    assert.equal(jwt.status, 200, 'a JWT still goes to the verifier');
});
stopped = await server.stop();

// ---- an authorization server that cannot be reached ----------------------------

const downIssuer = `https://localhost:${await freePort()}`;
server = await startServer(['--oauth-issuer', downIssuer, '--oauth-ca', join(dir, 'ca.pem')]);
await check('the issuer\'s keys cannot be fetched: 503 with Retry-After (not 401: the token may be good), logged', async () => {
    const token = await mint({ iss: downIssuer });
    const first = await post(initialize, { token });
    assert.equal(first.status, 503, first.text);
    assert.equal(first.res.headers.get('retry-after'), '30');
    assert.equal(first.challenge, '');
    const started = Date.now();
    const again = await post(initialize, { token }); // within jwks_refresh_seconds: no new attempt
    assert.equal(again.status, 503);
    assert.ok(Date.now() - started < 1000);
    assert.equal((server.log().match(/could not be fetched/g) ?? []).length, 1, server.log());
    const other = await post(initialize, { token: await mint() }); // another issuer's: not this server's
    assert.equal(other.status, 401);
});
stopped = await server.stop();

// ---- a slow authorization server (issue 42, item 1) ------------------------------

// Keys are fetched off libmicrohttpd's polling thread: while the issuer
// holds its JWKS answer (3.5 s), the rest of the server answers at once.
const HOLD_MS = 3500;
const timed = async (f) => {
    const started = Date.now();
    const result = await f();
    return [result, Date.now() - started];
};
// jwks_refresh_seconds 3: after a held fetch, the waiters it resumes are
// all verified again within it even in an ASan build on a loaded machine
// (at 1 s, the last of 256 could come after it and rightly fetch again).
const REFRESH_MS = 3000;
server = await startServer(['--oauth-issuer', issuer, '--oauth-ca', join(dir, 'ca.pem')],
    { SC_TEST_JWKS_REFRESH: String(REFRESH_MS / 1000) });
// Unrelated requests while a fetch is held: the RFC 9728 metadata and an
// unauthenticated POST (and, with keys, a token of a known kid).
async function unrelated(knownKid) {
    const [meta, metaMs] = await timed(() => fetch(metadataUrl));
    assert.equal(meta.status, 200);
    await meta.text();
    const [anonymous, anonymousMs] = await timed(() => post(initialize));
    assert.equal(anonymous.status, 401);
    const figures = { metaMs, anonymousMs };
    if (knownKid) {
        const [known, knownMs] = await timed(async () => post(initialize, { token: await mint() }));
        assert.equal(known.status, 200, 'served with the last good keys');
        figures.knownKidMs = knownMs;
    }
    console.log(`     while the JWKS was held ${HOLD_MS} ms: ${JSON.stringify(figures)}`);
    for (const [what, ms] of Object.entries(figures))
        assert.ok(ms < 1000, `${what}: ${ms} ms while a fetch was held`);
}
await check('issue 42: a fresh server (discovery, then the JWKS held 3.5 s) answers other requests meanwhile; the token that started the fetch gets its answer once the keys arrive', async () => {
    holdJwks = HOLD_MS;
    const asked = jwksRequested();
    const before = jwksFetches;
    const trigger = timed(async () => post(initialize, { token: await mint() }));
    await asked;
    await unrelated(false);
    const [answer, answerMs] = await trigger;
    assert.equal(answer.status, 200, answer.text);
    assert.ok(answerMs >= HOLD_MS - 100, `answered after the keys came (${answerMs} ms)`);
    assert.equal(jwksFetches, before + 1);
});
await check('issue 42: a made-up kid\'s fetch held: known kids, the metadata and a POST are answered meanwhile; the waiters are bounded (503 + Retry-After past 256); one fetch; 401 for the made-up kids once it ends', async () => {
    await new Promise((r) => setTimeout(r, REFRESH_MS + 100)); // jwks_refresh_seconds after the last fetch
    holdJwks = HOLD_MS;
    const asked = jwksRequested();
    const before = jwksFetches;
    const trigger = post(initialize, { token: await mint({}, { header: { kid: 'made-up-first' } }) });
    await asked;
    await unrelated(true);
    const flood = await Promise.all(Array.from({ length: 270 }, async (_, i) => {
        const r = await post(initialize, { token: await mint({}, { header: { kid: `made-up-${i}` } }) });
        return [r.status, r.res.headers.get('retry-after')];
    }));
    const refused = flood.filter(([status]) => status === 503);
    assert.ok(refused.length >= 270 - 255, `${refused.length} of 270 got 503`);
    assert.ok(refused.every(([, wait]) => wait === '5'), 'Retry-After: the fetch bound');
    assert.ok(flood.every(([status]) => status === 503 || status === 401), JSON.stringify(flood));
    assert.equal((await trigger).status, 401);
    assert.equal(jwksFetches, before + 1, 'one fetch in flight per issuer');
});
await check('issue 42: the refresh interval counts from the END of a fetch (a fetch that lasted longer than it does not let the next start at once)', async () => {
    // Its own fetch, held longer than jwks_refresh_seconds: the
    // next made-up kid, sent as soon as the first is answered, must fetch
    // nothing; counted from the fetch's start, the interval would be over.
    // (After the flood above the check ran too late on a loaded machine.)
    await new Promise((r) => setTimeout(r, REFRESH_MS + 100));
    holdJwks = REFRESH_MS + 500;
    const before = jwksFetches;
    const first = await post(initialize, { token: await mint({}, { header: { kid: 'made-up-held' } }) });
    assert.equal(first.status, 401);
    assert.equal(jwksFetches, before + 1, 'the held fetch');
    holdJwks = 0;
    const [r, ms] = await timed(async () => post(initialize, { token: await mint({}, { header: { kid: 'made-up-after' } }) }));
    assert.equal(r.status, 401);
    assert.ok(ms < REFRESH_MS - 500, `the second made-up kid took ${ms} ms: too late to tell`);
    assert.equal(jwksFetches, before + 1, 'no fetch within jwks_refresh_seconds of the last one\'s end');
});
stopped = await server.stop();
await check('issue 42: SIGTERM stops a server whose fetch threads ran (status 0)', async () => assert.equal(stopped.code, 0));

// ---- configuration errors -----------------------------------------------------

await check('bad configurations: exit 1 or 2 with a message naming the option', async () => {
    const run = (args) => spawnSync(serverBinary, args, { encoding: 'utf8', timeout: 10000 });
    let r = run(['--http', '0', '--oauth-resource', 'ftp://x/mcp', '--oauth-issuer', issuer]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /oauth\.resource ftp:\/\/x\/mcp: not an https URL/);
    r = run(['--http', '0', '--oauth-resource', 'http://mcp.example.com/mcp', '--oauth-issuer', issuer]);
    assert.equal(r.status, 1, 'plain http only on loopback');
    r = run(['--http', '0', '--oauth-resource', resource]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--oauth-resource and --oauth-issuer go together/);
    r = run(['--http', '0', '--oauth-resource', resource, '--oauth-issuer', issuer, '--oauth-jwks', '/nonexistent']);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /oauth\.jwks_file \/nonexistent: cannot be read/);
    writeFileSync(join(dir, 'oct.json'), '{"keys":[{"kty":"oct","k":"c2VjcmV0"}]}');
    r = run(['--http', '0', '--oauth-resource', resource, '--oauth-issuer', issuer, '--oauth-jwks', join(dir, 'oct.json')]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /no usable key/);
    r = run(['--oauth-resource', resource, '--oauth-issuer', issuer]);
    assert.equal(r.status, 2, 'without --http');
});

await check('no sanitizer report in the server\'s log', async () => {
    assert.doesNotMatch(serverLog, /ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:/);
});

as.close();
finish();

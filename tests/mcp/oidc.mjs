// The OAuth resource server of libschemac-mcp against a certified OpenID
// provider (issue 29): panva's oidc-provider on Node's HTTPS with a
// throwaway CA, issuing JWT access tokens for RFC 8707 resource indicators,
// and the official MCP TypeScript SDK client with an OAuthClientProvider
// of its own (a public client, authorization code with PKCE). The
// provider's login and consent pages (its development interactions) are
// filled in by this script as a user in a browser would.
//
//   - the SDK's first request gets our 401; the SDK reads the Protected
//     Resource Metadata it points to, finds the provider's metadata (its
//     OpenID configuration), sends the user to its authorization endpoint
//     with resource= the server's URI and the challenge's scope and a PKCE
//     challenge; the script signs in and consents; the SDK trades the code
//     for a token (its code_verifier, resource= again) and connects;
//   - oauth_server verifies that token with the keys it found through the
//     provider's discovery (--oauth-issuer, --oauth-ca), and whoami sees
//     the user and the client; a scoped tool gets 403 insufficient_scope,
//     the SDK signs in again for the scopes the challenge names, and the
//     call goes through with the new token;
//   - a token of the provider for another resource is refused (401).
//
//   node oidc.mjs OAUTH_SERVER
//
// Exits 77 (skipped) when node_modules (the SDK, oidc-provider) or openssl
// is missing.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';

import { withTestCa } from './test_ca.mjs';
import { check, finish } from './check.mjs';

const serverBinary = process.argv[2];
if (!serverBinary) {
    console.error('usage: node oidc.mjs OAUTH_SERVER');
    process.exit(2);
}

// The provider's HTTPS, trusted by this process's fetch: test_ca.mjs runs
// this script again with its CA.
const dir = withTestCa(import.meta.url, { name: 'oidc', server: 'op', envVar: 'SC_OIDC_TEST_DIR' });
let jose, Provider, errors, sdk;
try {
    jose = await import('jose');
    ({ default: Provider, errors } = await import('oidc-provider'));
    sdk = {
        ...(await import('@modelcontextprotocol/sdk/client/index.js')),
        ...(await import('@modelcontextprotocol/sdk/client/streamableHttp.js')),
        ...(await import('@modelcontextprotocol/sdk/client/auth.js')),
    };
} catch (e) {
    console.log(`SKIP node_modules is not installed (npm ci --prefix tests/mcp): ${e.message}`);
    process.exit(77);
}


const freePort = () => new Promise((resolve) => {
    const s = createNetServer();
    s.listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => resolve(port));
    });
});
const mcpPort = await freePort(), opPort = await freePort();
const resource = `http://127.0.0.1:${mcpPort}/mcp`;
const issuer = `https://localhost:${opPort}`;
const redirectUrl = 'http://127.0.0.1:1/callback'; // never visited: the script reads the code off the redirect
const scopes = ['mcp:use', 'files:read', 'files:write', 'reviews'];

// ---- the OpenID provider ---------------------------------------------------

const signing = await jose.generateKeyPair('ES256', { extractable: true });
const tokenRequests = [];
const provider = new Provider(issuer, {
    clients: [{
        client_id: 'mcp-inspector', token_endpoint_auth_method: 'none', redirect_uris: [redirectUrl],
        grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
        id_token_signed_response_alg: 'ES256',
    }],
    jwks: { keys: [{ ...(await jose.exportJWK(signing.privateKey)), kid: 'op-1', alg: 'ES256', use: 'sig' }] },
    scopes: ['openid', 'offline_access', ...scopes],
    findAccount: (ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
    features: {
        devInteractions: { enabled: true },
        resourceIndicators: {
            enabled: true,
            defaultResource: () => resource,
            useGrantedResource: () => true,
            getResourceServerInfo: (ctx, indicator) => {
                if (indicator !== resource && indicator !== 'https://other.example/mcp')
                    throw new errors.InvalidTarget();
                return {
                    scope: scopes.join(' '), audience: indicator, accessTokenTTL: 300,
                    accessTokenFormat: 'jwt', jwt: { sign: { alg: 'ES256' } },
                };
            },
        },
    },
    pkce: { required: () => true },
});
provider.on('grant.success', (ctx) => tokenRequests.push(Object.fromEntries(new URLSearchParams(ctx.oidc.body))));
const op = createHttpsServer({ key: readFileSync(join(dir, 'op.key')), cert: readFileSync(join(dir, 'op.pem')) },
    provider.callback());
await new Promise((resolve) => op.listen(opPort, '127.0.0.1', resolve));

// A user in a browser: follows the authorization URL through the
// provider's sign-in and consent pages to the redirect, and returns the
// code it carries.
async function signIn(url, user) {
    const jar = new Map();
    const store = (res) => {
        for (const c of res.headers.getSetCookie()) {
            const [pair] = c.split(';');
            const eq = pair.indexOf('=');
            jar.set(pair.slice(0, eq), pair.slice(eq + 1));
        }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let next = new URL(url), body, steps = 0;
    for (;;) {
        assert.ok(steps++ < 20, 'the sign-in does not end');
        if (next.href.startsWith(redirectUrl)) {
            assert.equal(next.searchParams.get('error'), null, next.href);
            return next.searchParams.get('code');
        }
        const res = await fetch(next, {
            method: body ? 'POST' : 'GET', redirect: 'manual', body,
            headers: { cookie: cookie(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        });
        store(res);
        body = undefined;
        if (res.status >= 300 && res.status < 400) {
            next = new URL(res.headers.get('location'), next);
            continue;
        }
        const html = await res.text();
        assert.equal(res.status, 200, html);
        const action = /<form[^>]*action="([^"]+)"/.exec(html)[1].replace(/&amp;/g, '&').replace(/&#x2F;/g, '/');
        const prompt = /name="prompt" value="([a-z]+)"/.exec(html)[1];
        body = new URLSearchParams(prompt === 'login' ? { prompt, login: user, password: 'any' } : { prompt })
            .toString();
        next = new URL(action, next);
    }
}

// The SDK's OAuthClientProvider of a public client registered beforehand.
class BrowserProvider {
    constructor(user) {
        this.user = user;
        this.authorizations = [];
    }
    get redirectUrl() { return redirectUrl; }
    get clientMetadata() {
        return { client_name: 'schemac oidc test', redirect_uris: [redirectUrl], grant_types: ['authorization_code'],
                 response_types: ['code'], token_endpoint_auth_method: 'none' };
    }
    clientInformation() { return { client_id: 'mcp-inspector' }; }
    tokens() { return this._tokens; }
    saveTokens(tokens) { this._tokens = tokens; }
    saveCodeVerifier(v) { this._verifier = v; }
    codeVerifier() { return this._verifier; }
    async redirectToAuthorization(url) {
        this.authorizations.push(url);
        this.code = await signIn(url.href, this.user);
    }
}

// ---- the MCP server -------------------------------------------------------

const server = spawn(serverBinary, ['--http', String(mcpPort), '--oauth-resource', resource, '--oauth-issuer', issuer,
    '--oauth-ca', join(dir, 'ca.pem'), '--oauth-scope', 'mcp:use'], { stdio: ['ignore', 'ignore', 'pipe'] });
let log = '';
server.stderr.on('data', (d) => { log += d; });
for (const deadline = Date.now() + 10000; !/listening on/.test(log);) {
    if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`the server did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 50));
}

// Connects as a browser user would: the 401, the authorization, the code.
async function connect(auth) {
    const client = new sdk.Client({ name: 'oidc-test', version: '1.0.0' });
    let transport = new sdk.StreamableHTTPClientTransport(new URL(resource), { authProvider: auth });
    try {
        await client.connect(transport);
        return { client, transport };
    } catch (e) {
        if (!(e instanceof sdk.UnauthorizedError))
            throw e;
    }
    await transport.finishAuth(auth.code);
    transport = new sdk.StreamableHTTPClientTransport(new URL(resource), { authProvider: auth });
    await client.connect(transport);
    return { client, transport };
}

const alice = new BrowserProvider('alice');
let session;
await check('the SDK from our 401 to the provider: PKCE, resource=, the challenge\'s scope; a token; connected', async () => {
    session = await connect(alice);
    assert.equal(alice.authorizations.length, 1);
    const url = alice.authorizations[0];
    assert.equal(new URL(url).origin, issuer);
    assert.equal(url.searchParams.get('resource'), resource);
    assert.equal(url.searchParams.get('scope'), 'mcp:use');
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    const exchange = tokenRequests.find((t) => t.grant_type === 'authorization_code');
    assert.equal(exchange.resource, resource);
    assert.ok(exchange.code_verifier);
    const claims = jose.decodeJwt(alice.tokens().access_token);
    assert.equal(claims.aud, resource);
    assert.equal(claims.iss, issuer);
    assert.equal(jose.decodeProtectedHeader(alice.tokens().access_token).typ, 'at+jwt');
});

await check('whoami: the user and the client of the provider\'s token, its keys found by discovery', async () => {
    const who = await session.client.callTool({ name: 'whoami', arguments: {} });
    assert.deepEqual(who.structuredContent, { subject: 'alice', client_id: 'mcp-inspector', scopes: 'mcp:use', issuer, traceparent: '' });
    assert.match(log, /oauth: 1 key\(s\) of https:\/\/localhost:\d+ fetched from https:\/\/localhost:\d+\/jwks/);
});

await check('403 insufficient_scope: the SDK signs in again for the challenge\'s scopes, and the call goes through', async () => {
    let result;
    try {
        result = await session.client.callTool({ name: 'write_file', arguments: { path: 'a' } });
    } catch (e) {
        // the SDK re-authorizes on 403; a browser flow ends in UnauthorizedError, then finishAuth
        if (!(e instanceof sdk.UnauthorizedError) && !/Unauthorized/.test(String(e)))
            throw e;
        await session.transport.finishAuth(alice.code);
        result = await session.client.callTool({ name: 'write_file', arguments: { path: 'a' } });
    }
    assert.equal(result.isError, false, JSON.stringify(result));
    assert.equal(alice.authorizations.length, 2);
    // the challenge's scopes (SDK 1.32.2 asks for those alone, not their
    // union with the earlier ones; the provider's grant keeps both)
    const scope = alice.authorizations[1].searchParams.get('scope').split(' ').sort();
    assert.deepEqual(scope, ['files:read', 'files:write']);
    const granted = jose.decodeJwt(alice.tokens().access_token).scope.split(' ');
    assert.ok(granted.includes('files:write'), granted);
    await session.client.close();
});

await check('a token of the same provider for another resource: 401 invalid_token', async () => {
    const other = new BrowserProvider('bob');
    // the provider's token for https://other.example/mcp, through its own endpoints
    const meta = await sdk.discoverAuthorizationServerMetadata(new URL(issuer));
    const verifier = 'v'.repeat(50);
    const challenge = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))
        .toString('base64url');
    const url = new URL(meta.authorization_endpoint);
    for (const [k, v] of Object.entries({ client_id: 'mcp-inspector', response_type: 'code', redirect_uri: redirectUrl,
        scope: 'mcp:use', resource: 'https://other.example/mcp', code_challenge: challenge,
        code_challenge_method: 'S256' }))
        url.searchParams.set(k, v);
    const code = await signIn(url.href, other.user);
    const res = await fetch(meta.token_endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUrl, client_id: 'mcp-inspector',
                                    code_verifier: verifier, resource: 'https://other.example/mcp' }) });
    const token = (await res.json()).access_token;
    assert.equal(jose.decodeJwt(token).aud, 'https://other.example/mcp');
    const r = await fetch(resource, { method: 'POST', headers: { authorization: `Bearer ${token}`,
        'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18',
                                capabilities: {}, clientInfo: { name: 'x', version: '1' } } }) });
    assert.equal(r.status, 401);
    assert.match(r.headers.get('www-authenticate'), /error="invalid_token", error_description="the token's aud is not this resource"/);
});

const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
server.kill('SIGTERM');
const code = await exited;
await check('SIGTERM stops the server (status 0), no sanitizer report', async () => {
    assert.equal(code, 0, log);
    assert.doesNotMatch(log, /ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:/);
});
op.close();
finish();

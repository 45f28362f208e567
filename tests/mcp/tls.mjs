// HTTPS in libschemac-mcp (issue 29): a throwaway CA made with openssl (a
// root, an intermediate, and a server certificate for localhost, 127.0.0.1
// and ::1 whose file carries the intermediate), samples/mcp-everything
// started with `--http 0 --tls-cert FILE --tls-key FILE`, and
//   - the official TypeScript SDK client over https, trusting only the
//     root (NODE_EXTRA_CA_CERTS, in a child node process): initialize,
//     tools/list, tools/call, a call streamed as SSE (progress) and one
//     that asks the client (sampling); TLS 1.3 by default, 1.2 when asked;
//   - a client without the test CA refused by its own certificate check;
//   - plain HTTP to the TLS port: no HTTP answer, the connection closed;
//   - TLS 1.1 and 1.0 refused (openssl s_client, checked first against
//     an openssl s_server that takes them, so that the refusal is the
//     server's), TLS 1.2 accepted;
//   - a bad certificate or key (missing, not PEM, DER, the key of another
//     certificate, a chain out of order, an encrypted key without its
//     password or with a wrong one) makes the server exit 1 with a
//     message naming the file; --tls-cert without --tls-key, or without
//     --http, exits 2; an encrypted key with its password
//     (tls_key_password, through tls_key_password.c) serves;
//   - SIGTERM stops the server with status 0, and no sanitizer report (an
//     ASan build) is in its log.
//
//   node tls.mjs MCP_EVERYTHING TLS_KEY_PASSWORD_SERVER
//
// Exits 77 (skipped) when node_modules/@modelcontextprotocol/sdk or
// openssl is missing.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { check, finish } from './check.mjs';

// ---- the client, in a child process that trusts the test CA ---------------

if (process.argv[2] === '--client') {
    const [, , , url, kind] = process.argv;
    let sdk;
    try {
        sdk = {
            ...(await import('@modelcontextprotocol/sdk/client/index.js')),
            ...(await import('@modelcontextprotocol/sdk/client/streamableHttp.js')),
            ...(await import('@modelcontextprotocol/sdk/types.js')),
        };
    } catch {
        process.exit(77);
    }
    const { Client, StreamableHTTPClientTransport, CreateMessageRequestSchema, CallToolResultSchema } = sdk;
    const client = new Client({ name: 'tls-test', version: '1.0.0' }, { capabilities: { sampling: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, (r) => ({
        model: 'test-model', role: 'assistant',
        content: { type: 'text', text: `echo of ${r.params.messages[0].content.text}` },
    }));
    const transport = new StreamableHTTPClientTransport(new URL(url));
    const text = (result) => result.content.map((c) => c.text ?? '').join('');
    await check(`https (${kind}): initialize through the SDK, trusting the test root only`, async () => {
        await client.connect(transport);
        assert.match(transport.sessionId ?? '', /^[0-9a-f]{32}$/);
        assert.ok(client.getServerVersion()?.name);
    });
    await check(`https (${kind}): ping`, async () => assert.deepEqual(await client.ping(), {}));
    if (kind === 'everything') {
        await check('https: tools/list', async () => {
            const { tools } = await client.listTools();
            for (const name of ['test_simple_text', 'test_tool_with_progress', 'test_sampling'])
                assert.ok(tools.some((t) => t.name === name), name);
        });
        await check('https: tools/call test_simple_text', async () => {
            assert.equal(text(await client.callTool({ name: 'test_simple_text', arguments: {} })),
                'This is a simple text response for testing.');
        });
        await check('https: tools/call answered as SSE (progress notifications, then the result)', async () => {
            const seen = [];
            const result = await client.callTool({ name: 'test_tool_with_progress', arguments: {} },
                CallToolResultSchema, { onprogress: (p) => seen.push(p.progress) });
            assert.deepEqual(seen, [0, 50, 100]);
            assert.equal(result.isError ?? false, false);
        });
        await check('https: a call that asks the client (sampling), answered on another POST', async () => {
            const result = await client.callTool({ name: 'test_sampling', arguments: { prompt: 'hello' } });
            assert.match(text(result), /echo of hello/);
        });
        const { hostname, port } = new URL(url);
        const version = (options) => new Promise((resolve, reject) => {
            const socket = tlsConnect({ host: hostname, port: Number(port), servername: 'localhost', ...options },
                () => { resolve(socket.getProtocol()); socket.end(); });
            socket.on('error', reject);
        });
        await check('https: TLS 1.3 by default, TLS 1.2 when the client goes no higher', async () => {
            assert.equal(await version({}), 'TLSv1.3');
            assert.equal(await version({ maxVersion: 'TLSv1.2' }), 'TLSv1.2');
        });
    }
    await client.close();
    finish();
}

// ---- the test ---------------------------------------------------------------

const [everything, passwordServer] = process.argv.slice(2);
if (!everything || !passwordServer) {
    console.error('usage: node tls.mjs MCP_EVERYTHING TLS_KEY_PASSWORD_SERVER');
    process.exit(2);
}
try {
    await import('@modelcontextprotocol/sdk/client/index.js');
} catch {
    console.log('@modelcontextprotocol/sdk is not installed (npm ci --prefix tests/mcp): skipped');
    process.exit(77);
}
if (spawnSync('openssl', ['version']).status !== 0) {
    console.log('openssl not found: skipped');
    process.exit(77);
}

const dir = mkdtempSync(join(tmpdir(), 'mcp-tls-'));
const at = (name) => join(dir, name);
const openssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
const ecKey = (name) => openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', name);
// a root, an intermediate it signs, the server's certificate the intermediate signs
ecKey('root.key');
openssl('req', '-x509', '-new', '-key', 'root.key', '-out', 'root.pem', '-days', '2', '-subj', '/CN=schemac test root',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
writeFileSync(at('ca.ext'), 'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\n');
writeFileSync(at('server.ext'), 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n' +
    'extendedKeyUsage=serverAuth\nsubjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1\n');
const sign = (key, subject, issuer, ext, out) => {
    openssl('req', '-new', '-key', key, '-subj', subject, '-out', `${out}.csr`);
    openssl('x509', '-req', '-in', `${out}.csr`, '-CA', `${issuer}.pem`, '-CAkey', `${issuer}.key`, '-set_serial',
        String(Date.now()), '-days', '2', '-extfile', ext, '-out', `${out}.pem`);
};
ecKey('intermediate.key');
sign('intermediate.key', '/CN=schemac test intermediate', 'root', 'ca.ext', 'intermediate');
ecKey('server.key');
sign('server.key', '/CN=localhost', 'intermediate', 'server.ext', 'leaf');
const leaf = readFileSync(at('leaf.pem'), 'utf8'), intermediate = readFileSync(at('intermediate.pem'), 'utf8');
writeFileSync(at('server.pem'), leaf + intermediate); // the chain: the server's first
writeFileSync(at('unsorted.pem'), intermediate + leaf);
openssl('x509', '-in', 'leaf.pem', '-outform', 'DER', '-out', 'server.der');
ecKey('other.key');
openssl('pkcs8', '-topk8', '-in', 'server.key', '-out', 'encrypted.key', '-v2', 'aes-256-cbc', '-passout',
    'pass:correct horse');
writeFileSync(at('garbage.pem'), 'not a certificate\n');

// Starts server with args; resolves to { url, child, log(), stop() } at its
// "listening on" line, or rejects with its exit and log.
function start(server, args, env = {}) {
    const child = spawn(server, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let log = '';
    const exited = new Promise((r) => child.on('exit', (code, signal) => r({ code, signal })));
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "listening on" line: ${log}`)), 30000);
        child.stderr.on('data', (chunk) => {
            log += chunk;
            const m = /listening on (\S+)/.exec(log);
            if (m) {
                clearTimeout(timer);
                resolve({ url: m[1], child, log: () => log,
                    stop: async () => { child.kill('SIGTERM'); return exited; } });
            }
        });
        exited.then(({ code }) => { clearTimeout(timer); reject(Object.assign(new Error(log), { code, log })); });
    });
}
// Runs server with args, which must exit: { code, log }.
function run(server, args, env = {}) {
    const r = spawnSync(server, args, { encoding: 'utf8', timeout: 30000, env: { ...process.env, ...env } });
    return { code: r.status, log: r.stderr };
}
function runClient(url, kind) {
    return new Promise((resolve) => {
        const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--client', url, kind],
            { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_EXTRA_CA_CERTS: at('root.pem') } });
        child.on('exit', (code) => resolve(code));
    });
}
const noSanitizer = (log) => assert.doesNotMatch(log, /Sanitizer|runtime error:/);

const tls = ['--tls-cert', at('server.pem'), '--tls-key', at('server.key')];
let server;
await check('the server with --tls-cert and --tls-key logs "listening on https://127.0.0.1:PORT/mcp"', async () => {
    server = await start(everything, ['--http', '0', ...tls]);
    assert.match(server.url, /^https:\/\/127\.0\.0\.1:\d+\/mcp$/);
});
if (!server) {
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
}
const { port } = new URL(server.url);

await check('a client without the test CA refuses the certificate (its own check: the chain is real)', async () => {
    await assert.rejects(fetch(server.url, { method: 'POST' }), (e) => {
        assert.match(String(e.cause?.code), /ISSUER|SIGNATURE|SELF_SIGNED|VERIFY/);
        return true;
    });
});

// plain HTTP to the TLS port: what an HTTP client sees, and the bytes that come back
await check('plain HTTP to the TLS port: no HTTP answer, the connection closed (ECONNRESET / socket hang up)',
    async () => {
        const error = await new Promise((resolve) => {
            const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
            const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST',
                headers: { 'Content-Type': 'application/json', 'Content-Length': body.length } },
            (res) => resolve(new Error(`an HTTP answer: ${res.statusCode}`)));
            req.on('error', (e) => resolve(e));
            req.end(body);
        });
        assert.match(String(error.code), /ECONNRESET/, String(error));
        console.log(`     node:http sees: ${error.code} (${error.message})`);
        const bytes = await new Promise((resolve, reject) => {
            const socket = netConnect({ host: '127.0.0.1', port: Number(port) }, () =>
                socket.write('GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n'));
            let got = Buffer.alloc(0);
            socket.on('data', (d) => { got = Buffer.concat([got, d]); });
            socket.on('close', () => resolve(got));
            socket.on('error', () => {});
            socket.setTimeout(10000, () => reject(new Error('the connection stayed open')));
        });
        assert.doesNotMatch(bytes.toString('latin1'), /HTTP\/1/);
        console.log(`     a raw socket gets ${bytes.length} bytes back, then the close`);
    });
await check('the failed handshakes are logged as such', () => {
    assert.match(server.log(), /a TLS handshake failed \(a plain HTTP request, TLS before 1\.2/);
});

// TLS 1.0 and 1.1: openssl s_client, able to speak them (SECLEVEL=0),
// first against an openssl s_server that takes them
const sClient = (p, version, extra = []) => spawnSync('openssl', ['s_client', '-connect', `127.0.0.1:${p}`,
    `-${version}`, '-servername', 'localhost', ...extra], { input: '', encoding: 'utf8', timeout: 15000 }).stdout;
const handshook = (out) => /Cipher is (?!\(NONE\))/.test(out);
for (const [version, name] of [['tls1_1', 'TLS 1.1'], ['tls1', 'TLS 1.0']]) {
    const legacy = ['-cipher', 'DEFAULT:@SECLEVEL=0'];
    const control = spawn('openssl', ['s_server', '-accept', '127.0.0.1:0', '-cert', at('server.pem'), '-key',
        at('server.key'), `-${version}`, ...legacy, '-naccept', '1'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const controlPort = await new Promise((resolve) => {
        let out = '';
        control.stdout.on('data', (d) => {
            out += d;
            const m = /ACCEPT 127\.0\.0\.1:(\d+)/.exec(out);
            if (m)
                resolve(m[1]);
        });
        control.on('exit', () => resolve(null));
        setTimeout(() => resolve(null), 10000);
    });
    const able = controlPort !== null && handshook(sClient(controlPort, version, legacy));
    control.kill();
    if (!able) {
        console.log(`skip ${name} refused: this openssl cannot make a ${name} handshake even with an openssl server`);
        continue;
    }
    await check(`${name} refused (openssl s_client -${version} completes one with openssl s_server, not here)`, () => {
        const out = sClient(port, version, legacy);
        assert.ok(!handshook(out), out);
        assert.match(out, /handshake has read 0 bytes/, out);
    });
}
await check('TLS 1.2 accepted, the chain verified against the root (openssl s_client -tls1_2)', () => {
    const out = sClient(port, 'tls1_2', ['-CAfile', at('root.pem'), '-verify_return_error']);
    assert.match(out, /Protocol *: TLSv1\.2/, out);
    assert.match(out, /Verify return code: 0 \(ok\)/, out);
});

// the SDK client, after all the refused handshakes: the server serves on
await check('the TypeScript SDK client over https (child process, NODE_EXTRA_CA_CERTS=root.pem)', async () => {
    assert.equal(await runClient(server.url, 'everything'), 0);
});
await check('SIGTERM stops the server with status 0, nothing from a sanitizer', async () => {
    const { code, signal } = await server.stop();
    assert.deepEqual({ code, signal }, { code: 0, signal: null }, server.log());
    noSanitizer(server.log());
});

// ---- certificates and keys that cannot be used -------------------------------

const refusals = [
    ['a missing certificate file', ['--tls-cert', at('missing.pem'), '--tls-key', at('server.key')],
        /tls_cert_file \S*missing\.pem: No such file or directory/],
    ['a missing key file', ['--tls-cert', at('server.pem'), '--tls-key', at('missing.key')],
        /tls_key_file \S*missing\.key: No such file or directory/],
    ['a directory for the certificate', ['--tls-cert', dir, '--tls-key', at('server.key')],
        /tls_cert_file \S+: not a regular file/],
    ['a certificate file that is not PEM', ['--tls-cert', at('garbage.pem'), '--tls-key', at('server.key')],
        /tls_cert_file \S*garbage\.pem: no PEM certificate/],
    ['the key given as the certificate', ['--tls-cert', at('server.key'), '--tls-key', at('server.key')],
        /tls_cert_file \S*server\.key: no PEM certificate/],
    ['a DER certificate', ['--tls-cert', at('server.der'), '--tls-key', at('server.key')],
        /tls_cert_file \S*server\.der: not PEM \(binary/],
    ['the certificate given as the key', ['--tls-cert', at('server.pem'), '--tls-key', at('server.pem')],
        /tls_key_file \S*server\.pem: no PEM private key/],
    ['the key of another certificate', ['--tls-cert', at('server.pem'), '--tls-key', at('other.key')],
        /tls_key_file \S*other\.key is not the key of the certificate in \S*server\.pem/],
    ['a chain out of order', ['--tls-cert', at('unsorted.pem'), '--tls-key', at('server.key')],
        /tls_cert_file \S*unsorted\.pem: the chain is out of order/],
    ['an encrypted key without its password', ['--tls-cert', at('server.pem'), '--tls-key', at('encrypted.key')],
        /tls_key_file \S*encrypted\.key: an encrypted key, and no tls_key_password/],
];
for (const [what, args, message] of refusals) {
    await check(`${what}: the server exits 1 saying so`, () => {
        const { code, log } = run(everything, ['--http', '0', ...args]);
        assert.equal(code, 1, log);
        assert.match(log, message);
        assert.doesNotMatch(log, /listening on/);
        noSanitizer(log);
    });
}
await check('--tls-cert without --tls-key, or without --http: exit 2', () => {
    let { code, log } = run(everything, ['--http', '0', '--tls-cert', at('server.pem')]);
    assert.equal(code, 2, log);
    assert.match(log, /--tls-cert and --tls-key go together/);
    ({ code, log } = run(everything, tls));
    assert.equal(code, 2, log);
    assert.match(log, /--tls-cert goes with --http PORT/);
});
await check('--help names --tls-cert and --tls-key', () => {
    const r = spawnSync(everything, ['--help'], { encoding: 'utf8' });
    assert.equal(r.status, 0);
    assert.match(r.stdout, /--tls-cert FILE --tls-key FILE/);
});

// tls_key_password: an encrypted key
const encrypted = ['--http', '0', '--tls-cert', at('server.pem'), '--tls-key', at('encrypted.key')];
await check('an encrypted key with a wrong tls_key_password: exit 1 saying so', () => {
    const { code, log } = run(passwordServer, encrypted, { SC_TEST_TLS_KEY_PASSWORD: 'wrong' });
    assert.equal(code, 1, log);
    assert.match(log, /tls_key_file \S*encrypted\.key: cannot decrypt the key with tls_key_password/);
    noSanitizer(log);
});
await check('an encrypted key with its tls_key_password: serves https', async () => {
    const s = await start(passwordServer, encrypted, { SC_TEST_TLS_KEY_PASSWORD: 'correct horse' });
    assert.match(s.url, /^https:/);
    assert.equal(await runClient(s.url, 'encrypted key'), 0);
    const { code } = await s.stop();
    assert.equal(code, 0, s.log());
    noSanitizer(s.log());
});

rmSync(dir, { recursive: true, force: true });
finish();

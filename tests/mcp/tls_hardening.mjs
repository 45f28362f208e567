// HTTPS hardening of libschemac-mcp (issue 48), against the real server
// (samples/mcp-everything with --tls-cert/--tls-key, an RSA certificate
// made by openssl) with raw sockets and openssl s_client:
//   - a ClientHello that announces 16 MiB and never ends: the connection is
//     closed once it has sent the pre-handshake cap (128 KiB), and the
//     server's memory grows by no more than the cap per connection;
//   - a real ClientHello of about 60 KB (ALPN names) still completes;
//   - TLS 1.2 offers only ECDHE with AES-GCM or ChaCha20-Poly1305 (static
//     RSA, CBC and SHA-1 MAC suites refused), TLS 1.3 no CCM, no SHA-1
//     signature, and the server's order wins over the client's;
//   - on plain HTTP, clients that send part of a request and close at once
//     leave no connection behind after a second.
//
//   node tls_hardening.mjs MCP_EVERYTHING [--sanitized]
//
// --sanitized (an ASan build): the memory bound is not checked, as the
// sanitizer's quarantine keeps what was freed; the cap's closing still is.
// Exits 77 (skipped) when openssl is missing.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { check, finish } from './check.mjs';

const [everything, sanitized] = [process.argv[2], process.argv.includes('--sanitized')];
if (spawnSync('openssl', ['version']).status !== 0) {
    console.log('SKIP openssl is missing');
    process.exit(77);
}
const dir = mkdtempSync(join(tmpdir(), 'schemac-tls-hardening-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.pem',
    '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1'], { cwd: dir, stdio: 'pipe' });

function start(args) {
    const child = spawn(everything, ['--http', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "listening on" line: ${log}`)), 30000);
        child.stderr.on('data', (chunk) => {
            log += chunk;
            const m = /listening on \S+:(\d+)\/mcp/.exec(log);
            if (m && timer) {
                clearTimeout(timer);
                resolve({ port: Number(m[1]), pid: child.pid, log: () => log,
                    stop: () => new Promise((r) => { child.on('exit', r); child.kill('SIGTERM'); }) });
            }
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${log}`)));
    });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rssKiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const openFds = (pid) => readdirSync(`/proc/${pid}/fd`).length;

const tls = await start(['--tls-cert', join(dir, 'server.pem'), '--tls-key', join(dir, 'server.key')]);

// A TLS record of the handshake type (22) carrying payload.
const record = (payload) => Buffer.concat([Buffer.from([22, 3, 1, payload.length >> 8, payload.length & 255]), payload]);

await check('a ClientHello that never ends is closed at the cap; memory stays bounded', async () => {
    const connections = 20, perConnection = 4 << 20, chunk = 16384;
    const before = rssKiB(tls.pid);
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, rssKiB(tls.pid)); }, 50);
    const results = await Promise.all(Array.from({ length: connections }, () => new Promise((resolve) => {
        const socket = netConnect(tls.port, '127.0.0.1');
        let sent = 0, closedAt = null;
        const first = Buffer.alloc(chunk);
        first.set([1, 0xff, 0xff, 0xff]); // client_hello, 16 MiB announced
        socket.on('connect', async () => {
            let payload = first;
            const started = Date.now();
            while (sent < perConnection && closedAt === null && Date.now() - started < 3000) {
                if (!socket.write(record(payload)))
                    await new Promise((r) => { socket.once('drain', r); socket.once('close', r); });
                sent += payload.length;
                payload = Buffer.alloc(chunk, 0x41);
            }
            await sleep(1000);
            resolve({ sent, closed: closedAt !== null });
            socket.destroy();
        });
        socket.on('error', () => {});
        socket.on('close', () => { closedAt ??= Date.now(); });
    })));
    clearInterval(sampler);
    const closed = results.filter((r) => r.closed).length;
    assert.equal(closed, connections, `${connections - closed} of ${connections} connections still open after sending up to ${perConnection} bytes`);
    const growth = peak - before;
    // 20 connections at a 128 KiB cap: a few MiB, where 4 MiB each held
    // gave +90 MiB before the cap.
    assert.ok(sanitized || growth < 24 * 1024, `server RSS grew by ${growth} KiB (from ${before})`);
    assert.match(tls.log(), /TLS handshake over \d+ bytes/);
    console.log(`  ${connections} connections, RSS ${before} -> peak ${peak} KiB, each closed after <= ${Math.max(...results.map((r) => r.sent))} bytes`);
});

await check('a valid ClientHello of about 60 KB completes', async () => {
    const names = Array.from({ length: 230 }, (_, i) => `${String(i).padStart(3, '0')}${'x'.repeat(252)}`);
    const protocol = await new Promise((resolve, reject) => {
        const socket = tlsConnect({ host: '127.0.0.1', port: tls.port, rejectUnauthorized: false, ALPNProtocols: names },
            () => { resolve(socket.getProtocol()); socket.destroy(); });
        socket.on('error', reject);
    });
    assert.match(protocol, /^TLSv1\.[23]$/);
});

for (const version of ['TLSv1.2', 'TLSv1.3']) await check(`after a ${version} handshake, a connection reads far more than the cap`, async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25',
        capabilities: {}, clientInfo: { name: 'tls-hardening', version: '1.0.0' }, pad: 'x'.repeat(600 << 10) } });
    const status = await new Promise((resolve, reject) => {
        const socket = tlsConnect({ host: '127.0.0.1', port: tls.port, rejectUnauthorized: false,
            minVersion: version, maxVersion: version }, () => {
            socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${tls.port}\r\nContent-Type: application/json\r\n` +
                `Accept: application/json, text/event-stream\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
        });
        let answer = '';
        socket.on('data', (d) => { answer += d; const m = /^HTTP\/1\.1 (\d+)/.exec(answer); if (m) { resolve(Number(m[1])); socket.destroy(); } });
        socket.on('error', reject);
        socket.on('close', () => reject(new Error(`closed without an answer after ${answer.length} bytes`)));
    });
    assert.equal(status, 200); // the whole body read: initialize answered
});

// openssl s_client with args: the negotiated protocol and suite, or null.
function handshake(...args) {
    const r = spawnSync('openssl', ['s_client', '-connect', `127.0.0.1:${tls.port}`, '-brief', ...args],
        { input: '', encoding: 'utf8', timeout: 10000 });
    const suite = /Ciphersuite: (\S+)/.exec(r.stderr + r.stdout);
    return r.status === 0 && suite ? suite[1] : null;
}

await check('TLS 1.2: only ECDHE with AES-GCM or ChaCha20-Poly1305', () => {
    for (const s of ['ECDHE-RSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES256-GCM-SHA384', 'ECDHE-RSA-CHACHA20-POLY1305'])
        assert.equal(handshake('-tls1_2', '-cipher', s), s, `${s} refused`);
    for (const s of ['AES128-SHA', 'AES256-SHA', 'AES128-GCM-SHA256', 'AES256-GCM-SHA384', 'AES128-CCM',
        'ECDHE-RSA-AES128-SHA', 'ECDHE-RSA-AES256-SHA', 'ECDHE-RSA-AES128-SHA256', 'DHE-RSA-AES128-SHA'])
        assert.equal(handshake('-tls1_2', '-cipher', s), null, `${s} accepted`);
});

await check('TLS 1.3: AES-GCM and ChaCha20-Poly1305, no CCM', () => {
    for (const s of ['TLS_AES_128_GCM_SHA256', 'TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256'])
        assert.equal(handshake('-tls1_3', '-ciphersuites', s), s, `${s} refused`);
    for (const s of ['TLS_AES_128_CCM_SHA256', 'TLS_AES_128_CCM_8_SHA256'])
        assert.equal(handshake('-tls1_3', '-ciphersuites', s), null, `${s} accepted`);
});

await check('no SHA-1 signature: a client offering only RSA+SHA1 is refused', () => {
    assert.equal(handshake('-tls1_2', '-sigalgs', 'RSA+SHA1'), null);
    assert.notEqual(handshake('-tls1_2', '-sigalgs', 'RSA+SHA256'), null);
});

await check("the server's preference wins over the client's order", () => {
    const a = handshake('-tls1_2', '-cipher', 'ECDHE-RSA-CHACHA20-POLY1305:ECDHE-RSA-AES128-GCM-SHA256');
    const b = handshake('-tls1_2', '-cipher', 'ECDHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-CHACHA20-POLY1305');
    assert.ok(a !== null && a === b, `client order decided: ${a} vs ${b}`);
});

await tls.stop();
assert.doesNotMatch(tls.log(), /Sanitizer|runtime error:/);

await check('--tls-priorities replaces the default set; a string GnuTLS cannot read is named', async () => {
    const cert = ['--tls-cert', join(dir, 'server.pem'), '--tls-key', join(dir, 'server.key')];
    const own = await start([...cert, '--tls-priorities', 'NORMAL:-VERS-ALL:+VERS-TLS1.2']);
    const at = (...args) => spawnSync('openssl', ['s_client', '-connect', `127.0.0.1:${own.port}`, '-brief', ...args],
        { input: '', encoding: 'utf8', timeout: 10000 }).status;
    const tls13 = at('-tls1_3'), cbc = at('-tls1_2', '-cipher', 'ECDHE-RSA-AES128-SHA');
    await own.stop();
    assert.notEqual(tls13, 0, 'TLS 1.3 taken though the priorities leave only 1.2');
    assert.equal(cbc, 0, "NORMAL's CBC suite refused");
    const bad = spawnSync(everything, ['--http', '0', ...cert, '--tls-priorities', 'NORMAL:+NO-SUCH-THING'], { encoding: 'utf8', timeout: 10000 });
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /tls_priorities: GnuTLS stops at '\+?NO-SUCH-THING/);
});

await check('plain HTTP: clients that leave mid-request are closed within a second', async () => {
    const http = await start([]);
    await sleep(200);
    const baseline = openFds(http.pid);
    // Data and FIN in one segment (TCP_CORK, from python3: node has no such
    // option): the case an edge-triggered reader misses.
    const aborts = spawnSync('python3', ['-c', `
import socket, sys
partial = [b'POST /mcp HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nContent-Le',
           b'POST /mcp HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nContent-Type: application/json\\r\\nContent-Length: 100\\r\\n\\r\\n{"jsonrpc"']
for i in range(30):
    s = socket.create_connection(('127.0.0.1', int(sys.argv[1])))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 1)
    s.sendall(partial[i % 2])
    s.shutdown(socket.SHUT_WR)
    s.close()
`, String(http.port)], { encoding: 'utf8' });
    assert.equal(aborts.status, 0, aborts.stderr);
    await sleep(1000);
    const left = openFds(http.pid) - baseline;
    await http.stop();
    assert.doesNotMatch(http.log(), /Sanitizer|runtime error:/);
    assert.ok(left <= 2, `${left} descriptors more than before 30 aborted requests, a second later`);
});

finish();

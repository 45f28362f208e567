// What the replica tests share (bus.mjs, haproxy.mjs): the official MCP
// client v2 (tests/sdk2's node_modules), redis-server, haproxy and the
// replicas as child processes on free loopback ports, waiting, checking.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const sourceRoot = path.resolve(here, '..', '..');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Exits 77 (skipped) with the reason.
export function skip(why) {
    console.log(`SKIP: ${why}`);
    process.exit(77);
}

// The official client v2 (@modelcontextprotocol/client), from tests/sdk2.
export async function loadSdk() {
    const entry = path.join(sourceRoot, 'tests', 'sdk2', 'node_modules', '@modelcontextprotocol', 'client', 'dist',
        'index.mjs');
    if (!existsSync(entry))
        skip('@modelcontextprotocol/client is not installed (npm ci --prefix tests/sdk2)');
    return import(pathToFileURL(entry).href);
}

// A program on PATH or in /usr/sbin (haproxy), or a skip.
export function program(name) {
    for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin', '/sbin']) {
        const candidate = path.join(dir, name);
        if (dir !== '' && existsSync(candidate))
            return candidate;
    }
    skip(`${name} is not installed (.ci/install-deps installs it)`);
}

export function freePort() {
    return new Promise((resolve, reject) => {
        const server = net.createServer();
        server.on('error', reject);
        server.listen(0, '127.0.0.1', () => {
            const { port } = server.address();
            server.close(() => resolve(port));
        });
    });
}

export function tempDir(prefix) {
    return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeDir(dir) {
    rmSync(dir, { recursive: true, force: true });
}

export async function waitFor(predicate, what, ms = 10000) {
    for (const deadline = Date.now() + ms; !predicate();) {
        if (Date.now() > deadline)
            throw new Error(`timed out waiting for ${what}`);
        await sleep(20);
    }
}

// Every child still running when the test ends (a check threw) is killed.
const children = new Set();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

// A child process whose stderr (and stdout) is kept; exit recorded.
export function start(command, args, options = {}) {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    children.add(child);
    child.on('exit', () => children.delete(child));
    const proc = { child, log: '', exit: null, name: options.name ?? path.basename(command) };
    child.stdout.on('data', (chunk) => { proc.log += chunk; });
    child.stderr.on('data', (chunk) => { proc.log += chunk; });
    proc.exited = new Promise((resolve) => child.on('exit', (code, signal) => {
        proc.exit = { code, signal };
        resolve(proc.exit);
    }));
    return proc;
}

// Waits until the log matches re (or the process ended): the match.
export async function waitLog(proc, re, what, ms = 15000) {
    await waitFor(() => re.test(proc.log) || proc.exit !== null, what, ms);
    const m = re.exec(proc.log);
    if (!m)
        throw new Error(`${proc.name} exited (${JSON.stringify(proc.exit)}) before ${what}:\n${proc.log}`);
    return m;
}

// SIGTERM, then the exit status: 0 for a server that stopped cleanly (and,
// in the sanitizer build, leaked nothing).
export async function stop(proc, signal = 'SIGTERM') {
    if (proc.exit === null)
        proc.child.kill(signal);
    const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15000);
    const exit = await proc.exited;
    clearTimeout(timer);
    return exit;
}

// redis-server on port, in dir: no persistence, loopback only.
export async function startRedis(redisServer, port, dir) {
    const proc = start(redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
        '--dir', dir, '--daemonize', 'no', '--loglevel', 'notice'], { name: 'redis-server' });
    await waitLog(proc, /Ready to accept connections/, 'redis-server ready');
    return proc;
}

let failures = 0;
export async function check(name, fn) {
    try {
        await fn();
        console.log(`ok   ${name}`);
    } catch (e) {
        failures++;
        console.log(`FAIL ${name}\n     ${e.stack ?? e}`);
    }
}
export const failed = () => failures;

// The texts of a tool result.
export const text = (result) => result.content.map((c) => c.text ?? '').join('');

// Every notification of methods a client gets, as { method, uri, tag }.
export function recorder(sdk, client, methods) {
    const got = [];
    for (const method of methods)
        client.setNotificationHandler(method, (n) => got.push({ method, uri: n.params?.uri,
            tag: n.params?._meta?.[sdk.SUBSCRIPTION_ID_META_KEY] }));
    return got;
}

export { assert };

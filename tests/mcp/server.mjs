// Starting samples/mcp-server for the tests: the command line (the server,
// or valgrind running it), and the server over HTTP on a free port of
// 127.0.0.1 (it listens on port 0 and says which port it got).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

// With MCP_SERVER_VALGRIND=/path/to/valgrind every server process runs
// under memcheck; valgrindReport() then reads its logs.
const valgrind = process.env.MCP_SERVER_VALGRIND;
const valgrindLogs = valgrind ? mkdtempSync(join(tmpdir(), 'mcp-valgrind-')) : null;

export const underValgrind = Boolean(valgrind);

export function command(server, args) {
    if (!valgrind)
        return { command: server, args };
    return {
        command: valgrind,
        args: ['--leak-check=full', '--errors-for-leak-kinds=definite,indirect', `--log-file=${valgrindLogs}/%p.log`,
            server, ...args],
    };
}

// The memcheck logs of every server process so far (and removes them).
export function valgrindReport() {
    const logs = readdirSync(valgrindLogs).map((f) => readFileSync(join(valgrindLogs, f), 'utf8'));
    rmSync(valgrindLogs, { recursive: true, force: true });
    return logs;
}

// Starts `server --http 0 ...args`; resolves to { url, child, stderr(), stop() }
// once the server has logged the address it listens on.
export function startHttp(server, args = [], env = {}) {
    const { command: cmd, args: cmdArgs } = command(server, ['--http', '0', ...args]);
    const child = spawn(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let stderr = '', stdout = '';
    child.stdout.on('data', (d) => { stdout += d; });
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "listening on" line from the server: ${stderr}`)), 60000);
        child.on('error', reject);
        child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${stderr}`)));
        createInterface({ input: child.stderr }).on('line', (line) => {
            stderr += line + '\n';
            const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/\S*)$/.exec(line);
            if (!m)
                return;
            clearTimeout(timer);
            child.removeAllListeners('exit');
            const exited = new Promise((r) => child.on('exit', (code, signal) => r({ code, signal })));
            resolve({
                url: m[1], child, stderr: () => stderr, stdout: () => stdout,
                // SIGTERM: the server stops cleanly, so leak checkers see a normal exit
                stop: async () => { child.kill('SIGTERM'); return exited; },
            });
        });
    });
}

// Starts each published MCP server of package.json over stdio, asks it
// tools/list with hand-written JSON-RPC lines and writes OUT/NAME.json (the
// result). Usage: node tools.mjs OUT_DIR
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2];
mkdirSync(out, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'schemac-import-'));
// Each server's script under node_modules and its arguments.
const servers = {
  filesystem: ['@modelcontextprotocol/server-filesystem/dist/index.js', scratch],
  memory: ['@modelcontextprotocol/server-memory/dist/index.js'],
  everything: ['@modelcontextprotocol/server-everything/dist/index.js', 'stdio'],
  'sequential-thinking': ['@modelcontextprotocol/server-sequential-thinking/dist/index.js'],
  // every capability's tools (vision, pdf, ...), not only the default set;
  // the browser starts only when a tool is called
  playwright: ['@playwright/mcp/cli.js', '--caps=vision,pdf,devtools', '--isolated'],
  notion: ['@notionhq/notion-mcp-server/bin/cli.mjs'],
};

function toolsOf(name, [script, ...args]) {
  return new Promise((resolve, reject) => {
    // Notion's server wants a token to start; tools/list never uses it
    const env = { ...process.env, MEMORY_FILE_PATH: join(scratch, 'memory.json'), NOTION_TOKEN: 'ntn_dummy' };
    const child = spawn(process.execPath, [join(here, 'node_modules', script), ...args],
      { stdio: ['pipe', 'pipe', 'ignore'], env });
    let buffer = '';
    const timer = setTimeout(() => { child.kill(); reject(new Error(`${name}: no tools/list answer`)); }, 20000);
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      for (let nl; (nl = buffer.indexOf('\n')) >= 0;) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        let msg;
        try { msg = JSON.parse(line); } catch { continue; }
        if (msg.id === 1) {
          child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
          child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) + '\n');
        } else if (msg.id === 2) {
          clearTimeout(timer);
          child.kill();
          resolve(msg.result);
        }
      }
    });
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {
      protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'schemac-import-test', version: '1' } } }) + '\n');
  });
}

for (const [name, cmd] of Object.entries(servers)) {
  const result = await toolsOf(name, cmd);
  writeFileSync(join(out, `${name}.json`), JSON.stringify(result, null, 2) + '\n');
  console.log(`${name}: ${result.tools.length} tools`);
}
rmSync(scratch, { recursive: true, force: true });
process.exit(0);

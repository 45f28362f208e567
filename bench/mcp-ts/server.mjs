// The official MCP TypeScript SDK v2 server (@modelcontextprotocol/server,
// pinned in package.json) serving one tool equivalent to samples/mcp-everything's
// `greet` ({name} -> "Hello, NAME!") over Streamable HTTP, for
// bench/mcp_capacity.mjs: createMcpHandler (the 2026-07-28 stateless entry,
// subscriptions/listen on its in-process event bus) wrapped for node:http with
// @modelcontextprotocol/node's toNodeHandler, loopback only, Host checked.
//
//   node [--expose-gc] bench/mcp-ts/server.mjs [PORT [MAX_SUBSCRIPTIONS]]
//
// With --expose-gc, GET /bench/gc runs a full garbage collection and answers
// process.memoryUsage() (bench/mcp_capacity.mjs reads RSS after it).
// Prints "listening on http://127.0.0.1:PORT/mcp" on stderr (PORT 0: a free
// one). SIGUSR2 publishes notifications/tools/list_changed to every listener
// (the equivalent of mcp-everything's test_trigger_tool_change); a
// `trigger_tool_change` tool does the same from a request.
import { createServer } from 'node:http';
import { localhostHostValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const port = Number(process.argv[2] ?? 0);
const maxSubscriptions = Number(process.argv[3] ?? 20000);

let handler;
function factory() {
    const server = new McpServer({ name: 'bench-ts', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
    server.registerTool('greet', {
        description: 'Greets someone',
        inputSchema: z.object({ name: z.string().max(200).describe('Whom to greet') }),
    }, async ({ name }) => ({ content: [{ type: 'text', text: `Hello, ${name}!` }] }));
    server.registerTool('trigger_tool_change', { description: 'Tells the listening clients that the tools changed' },
        async () => {
            handler.notify.toolsChanged();
            return { content: [{ type: 'text', text: 'The tools list changed' }] };
        });
    return server;
}

handler = createMcpHandler(factory, { maxSubscriptions, onerror: (e) => console.error(`mcp: ${e.message}`) });
const nodeHandler = toNodeHandler(handler);
const validateHost = localhostHostValidation();
const http = createServer((req, res) => {
    if (!validateHost(req, res))
        return;
    const { pathname } = new URL(req.url, 'http://x');
    if (pathname === '/bench/gc' && typeof global.gc === 'function') {
        // for the benchmark (node --expose-gc): a full collection, then the
        // process's memory, so that RSS counts live objects, not garbage
        global.gc();
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(process.memoryUsage()));
        return;
    }
    if (pathname !== '/mcp') {
        res.writeHead(404).end();
        return;
    }
    nodeHandler(req, res);
});
// node's defaults close an idle keep-alive connection after 5 s and a
// request after 300 s: an SSE stream is one request that lasts
http.requestTimeout = 0;
http.headersTimeout = 10000;
http.keepAliveTimeout = 30000;
process.on('SIGUSR2', () => handler.notify.toolsChanged());
const stop = () => { http.close(); handler.close().finally(() => process.exit(0)); setTimeout(() => process.exit(0), 2000).unref(); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
http.listen(port, '127.0.0.1', () => console.error(`listening on http://127.0.0.1:${http.address().port}/mcp`));

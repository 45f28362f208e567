"""Starts an MCP server on a free loopback port, as the Python tests of
tests/mcp do: start(argv, env) runs argv + ['--http', '0'] and returns
(process, port) once it logs 'listening on http://127.0.0.1:PORT/mcp', or
(process, None) if it never does. The rest of its log is read on a
thread, so that a server logging much never blocks on a full pipe."""
import re
import subprocess
import threading


def start(argv, env=None):
    proc = subprocess.Popen(argv + ['--http', '0'], env=env, stderr=subprocess.PIPE, text=True)
    for line in proc.stderr:
        m = re.search(r'listening on http://127\.0\.0\.1:(\d+)/mcp', line)
        if m:
            threading.Thread(target=proc.stderr.read, daemon=True).start()
            return proc, int(m.group(1))
    return proc, None

// A throwaway CA and a certificate for localhost and 127.0.0.1 signed by
// it (openssl, P-256), for the HTTPS servers a test starts (an
// authorization server, an OpenID provider), trusted by the test's own
// fetch. Node reads NODE_EXTRA_CA_CERTS only at start, so the first run of
// the script makes them, runs the script again with the variable set and
// exits with its status; in that second run withTestCa returns the folder,
// which holds ca.pem, ca.key, SERVER.key and SERVER.pem. Exits 77 (skip)
// when openssl is missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function withTestCa(scriptUrl, { name, server, envVar }) {
    if (process.env[envVar])
        return process.env[envVar];
    if (spawnSync('openssl', ['version']).status !== 0) {
        console.log('SKIP openssl is missing');
        process.exit(77);
    }
    const dir = mkdtempSync(join(tmpdir(), `schemac-${name}-`));
    const ssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    ssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'ca.key');
    ssl('req', '-x509', '-new', '-key', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', `/CN=schemac ${name} test CA`);
    ssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', `${server}.key`);
    ssl('req', '-new', '-key', `${server}.key`, '-subj', '/CN=localhost', '-out', `${server}.csr`);
    writeFileSync(join(dir, `${server}.ext`), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
    ssl('x509', '-req', '-in', `${server}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-set_serial', '1', '-days', '2',
        '-extfile', `${server}.ext`, '-out', `${server}.pem`);
    const child = spawnSync(process.execPath, [fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
        stdio: 'inherit',
        env: { ...process.env, [envVar]: dir, NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') },
    });
    rmSync(dir, { recursive: true, force: true });
    process.exit(child.status ?? 1);
}

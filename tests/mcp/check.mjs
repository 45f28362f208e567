// The check runner the tests/mcp scripts share: check(name, fn) runs one
// named check and prints "ok" or "FAIL" with the error's stack; finish()
// prints the count and exits with status 1 when a check failed.
let checks = 0;
const failed = [];

export async function check(name, fn) {
    checks++;
    try {
        await fn();
        console.log(`ok   ${name}`);
    } catch (e) {
        failed.push(name);
        console.log(`FAIL ${name}\n     ${String(e.stack ?? e).split('\n').join('\n     ')}`);
    }
}

// How many checks failed so far.
export function failures() {
    return failed.length;
}

// Prints "N/M checks passed" and exits: 0 when every check passed.
export function finish() {
    console.log(`${checks - failed.length}/${checks} checks passed`);
    process.exit(failed.length === 0 ? 0 : 1);
}

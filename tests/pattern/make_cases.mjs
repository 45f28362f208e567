// Builds tests/pattern/cases.json, the checked-in table of pattern cases.
//
// Every expected verdict comes from node itself: `new RegExp(p, "u")` must
// throw for a syntax error, and `.test(input)` gives `match`, exactly what
// ajv does for a JSON Schema `pattern`. Patterns that are valid ECMAScript
// but outside schemac's subset are listed with the reason; the tests check
// that schemac rejects them (a decoder must never check a pattern
// differently from a validator, so rejecting is the safe answer).
//
// Run from anywhere with node >= 20 (no packages needed):
//   node tests/pattern/make_cases.mjs [path/to/json-schema-test-suite]
// and commit the regenerated cases.json. The tests themselves need no node.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const suiteRoot = process.argv[2] ??
  path.join(here, '..', '..', '..', 'shared', 'testdata', 'json-schema-test-suite');
const suiteDir = path.join(suiteRoot, 'tests', 'draft2020-12');
const out = path.join(here, 'cases.json');

const r = String.raw;

// Inputs every supported pattern is also tried on.
const COMMON = ['', 'a', 'abc', 'xaay', 'A1_', ' ', '\n', 'é', '€', '😀', 'a\nb', '-', '/'];

// [pattern, [inputs...]]: valid patterns of the supported subset.
const SUPPORTED = [
  // literals, empty pattern, alternation
  ['', ['anything']],
  ['a', ['b', 'ba', 'ab']],
  ['abc', ['ab', 'xabcx', 'aabc', 'abab', 'abac', 'ABC']],
  ['a|b', ['c', 'cb']],
  ['cat|dog|bird', ['hotdog', 'bir', 'catalog', 'do g']],
  ['a|', ['', 'zzz']],
  ['|', ['x']],
  ['()', ['x']],
  ['(?:)', ['']],
  ['x(?:)y', ['xy', 'x y']],
  ['/', ['a/b', 'ab']],
  ['a/b', ['a/b', 'ab']],
  // multi-byte literals
  ['é', ['e', 'café', 'E\u0301']],
  ['日本', ['日本語', '本日', '日 本']],
  ['😀+', ['😀😀', '😁', 'x😀']],
  ['^🐲*$', ['', '🐲', '🐲🐲', '🐉', '🐲🐉']],
  ['^.$', ['🐲', 'é', '日', 'ab', '\u2028', '\r']],
  ['^..$', ['🐲', '🐲🐲', 'aé']],
  // dot vs line terminators
  ['.', ['\n', '\r', '\u2028', '\u2029', '\r\n', '\u0085', '\t', '\u2027', '\u202a']],
  ['^.*$', ['abc', 'a\nb', 'a\rb', 'a\u2028b', 'a\u2029b', 'a\u0085b', '']],
  ['a.c', ['abc', 'a\nc', 'aéc', 'a😀c', 'ac', 'a\u2029c']],
  ['^.+$', ['x', '\n', 'x\n']],
  // anchors
  ['^abc', ['abc', 'abcd', 'xabc', 'ab']],
  ['abc$', ['abc', 'xabc', 'abcx', 'abc\n']],
  ['^abc$', ['abc', 'abc\n', '\nabc', 'abcabc']],
  ['^$', ['', 'x', '\n']],
  ['^', ['', 'x']],
  ['$', ['', 'x']],
  ['$^', ['', 'x']],
  ['^^a$$', ['a', 'aa']],
  ['a^', ['a', '']],
  ['$a', ['a', '']],
  ['^a|b$', ['a', 'xa', 'ax', 'b', 'bx', 'xb', 'ab', 'ba', '']],
  ['^(a|b)$', ['a', 'b', 'ab', '']],
  ['^a$|^b$|c', ['a', 'b', 'ab', 'xcx', 'ba']],
  ['(^a|b)c', ['ac', 'bc', 'xac', 'xbc', 'xbcx']],
  ['a(b$|c)', ['ab', 'abx', 'acx', 'xac']],
  ['(?:^)*a', ['a', 'ba']],
  ['(?:$)*a', ['a', 'ba']],
  ['(?:^|,)x(?:,|$)', ['x', 'a,x', 'x,b', 'a,x,b', 'ax', 'xa', 'a,xb']],
  ['(^|x)+y', ['y', 'xy', 'xxy', 'zy']],
  ['a$b?', ['a', 'ab', 'ax']],
  ['(a$)*b', ['b', 'ab', 'a']],
  ['x?$', ['', 'abc', 'x']],
  // classes
  ['[abc]', ['a', 'd', 'xxc', '']],
  ['^[a-z]+$', ['hello', 'Hello', 'hello world', '']],
  ['^[A-Za-z0-9_-]+$', ['a-b_C9', 'a b', 'a.b']],
  ['^[^a-z]+$', ['ABC', 'aBC', '123', 'é', '😀', '\n']],
  ['[^a]', ['a', 'aa', 'ab', 'é', '😀', '\n']],
  ['^[^a]$', ['é', '😀', '\u2028', 'a']],
  ['[]', ['', 'a', '[]']],
  ['[^]', ['', 'a', '\n', '😀']],
  ['^[^]*$', ['', 'a\nb', '\u2028']],
  ['a[]b', ['ab', 'a[]b']],
  ['[[]', ['[', ']', 'a']],
  ['[\\]]', [']', '\\', '[']],
  ['[a-]', ['-', 'a', 'b']],
  ['[-a]', ['-', 'a', 'b']],
  ['[a\\-z]', ['-', 'a', 'z', 'b']],
  ['[--a]', ['-', '0', 'a', 'b', ',']],
  ['[%--]', ['%', '*', '-', '.']],
  ['[a-c-e]', ['b', '-', 'd', 'e']],
  ['[\\^a]', ['^', 'a', 'b']],
  ['[a^]', ['^', 'a', 'b']],
  ['[é-ë]', ['é', 'ê', 'ë', 'è', 'ì', 'e']],
  ['^[à-ÿ]+$', ['àéîõü', 'àéîõüx', 'ÀÉ']],
  ['^[α-ω]+$', ['λόγος', 'λογος', 'ΑΒΓ']],
  ['^[一-龥]+$', ['日本語', '日本語x', 'ひらがな']],
  ['^[^α-ω]$', ['λ', 'a', 'Ω', '😀']],
  ['[😀-😂]', ['😀', '😁', '😂', '😃', '🙂']],
  ['^[\\u{1F600}-\\u{1F64F}]+$', ['😀🙏', '😀x', '🚀']],
  ['^[\\u0080-\\u07FF]$', ['\u0080', '\u07ff', '\u0800', '\u007f', 'é']],
  ['^[\\u0800-\\uFFFF]$', ['\u0800', '\uffff', '\u07ff', '😀', '日']],
  ['^[\\u{10000}-\\u{10FFFF}]$', ['😀', '\u{10ffff}', '\uffff', '🐲']],
  ['^[\\x00-\\x7F]*$', ['abc', 'abc\n', 'abé', '']],
  ['^[^\\x00-\\x7F]+$', ['é😀日', 'éa', '']],
  ['[\\uD800-\\uDFFF]', ['a', '😀', '\ud7ff', '\ue000']],
  ['[^\\uD800-\\uDFFF]', ['a', '😀']],
  ['^[\\uD83D\\uDE00]$', ['😀', '😁']],
  ['[\\d\\s]', ['a', '1', ' ', '\u3000', 'x']],
  ['^[\\w.-]+@[\\w.-]+$', ['a.b@c-d.e', 'a@b@c', 'a b@c', 'é@x']],
  ['[\\D]', ['1', 'a', '123', '1a']],
  ['^[\\S]+$', ['abc', 'a c', 'é😀']],
  ['^[^\\s]+$', ['abc', 'a c', 'a\u00a0c']],
  ['^[^\\d\\s]+$', ['abc', 'a1', 'a b', 'é']],
  ['^[\\W\\d]+$', ['1!', 'a', '!é', '_']],
  ['[\\b]', ['\b', 'b', '\\b']],
  ['^[\\t\\n\\v\\f\\r]+$', ['\t\n\v\f\r', ' ']],
  ['[.]', ['.', 'a']],
  ['[*+?(){}|$^/]', ['*', '{', 'a', '|', '/']],
  // class escapes outside classes
  ['^\\d+$', ['0123456789', '12a', '١٢٣', '']],
  ['^\\D+$', ['abc', 'a1', '١']],
  ['^\\w+$', ['abc_XYZ_019', 'é', 'a-b', 'ſ', 'K']],
  ['^\\W+$', ['!@#', 'é', 'a', '_']],
  ['^\\s+$', [' \t\n\r\v\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u200b', '\u2028',
    '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u0085', '\u180e', 'x']],
  ['^\\S+$', ['abc', 'a b', '\u0085', '\u200b', '\u00a0']],
  ['\\s', ['a b', 'ab', 'a\u3000b']],
  ['\\d\\D\\w\\W\\s\\S', ['1a_! x', '11__  ', '1a_!\u00a0é']],
  // escapes
  ['^\\t$', ['\t', '\\t', 't']],
  ['\\n', ['\n', 'n']],
  ['\\r\\n', ['\r\n', '\n']],
  ['\\f\\v', ['\f\v', 'fv']],
  ['\\0', ['a', '\\0', '0']],
  ['^\\x41\\x62$', ['Ab', 'AB']],
  ['\\xe9', ['é', 'e']],
  ['\\xE9', ['é']],
  ['^\\u00e9$', ['é', 'e\u0301']],
  ['^\\u65E5$', ['日', '本']],
  ['^\\u{1F600}$', ['😀', '😁']],
  ['^\\u{0000000041}$', ['A', 'B']],
  ['^\\u{10FFFF}$', ['\u{10ffff}', 'a']],
  ['^\\uD83D\\uDE00$', ['😀', '😁']],
  ['\\uDE00', ['😀', 'a']],
  ['\\uD83D', ['😀', 'a']],
  ['^\\cC$', ['\u0003', '\\cC', 'C']],
  ['^\\cc$', ['\u0003', 'c']],
  ['^\\cJ$', ['\n']],
  ['\\^\\$\\\\\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/', ['^$\\.*+?()[]{}|/', '^$\\.*+?()[]{}|']],
  ['\\.', ['.', 'a']],
  ['a\\*', ['a*', 'aa']],
  ['\\/\\/', ['//', '/']],
  // quantifiers
  ['^a*$', ['', 'a', 'aaaa', 'aab']],
  ['^a+$', ['', 'a', 'aaaa']],
  ['^a?$', ['', 'a', 'aa']],
  ['^ab*c$', ['ac', 'abc', 'abbbc', 'abdc']],
  ['^ab+?c$', ['ac', 'abc', 'abbc']],
  ['^ab*?c$', ['ac', 'abbc']],
  ['^ab??c$', ['ac', 'abc', 'abbc']],
  ['^a{3}$', ['aa', 'aaa', 'aaaa']],
  ['^a{2,}$', ['a', 'aa', 'aaaaaaa']],
  ['^a{2,4}$', ['a', 'aa', 'aaa', 'aaaa', 'aaaaa']],
  ['^a{0}$', ['', 'a']],
  ['^a{0,0}b$', ['b', 'ab']],
  ['^a{1,1}$', ['a', 'aa']],
  ['^a{2,4}?$', ['aaa', 'aaaaa']],
  ['^a{2,}?$', ['a', 'aaa']],
  ['^(ab){2}$', ['abab', 'ab', 'ababab']],
  ['^(ab|c){2,3}$', ['abc', 'cab', 'abcab', 'cccc', 'c']],
  ['^\\d{3}-\\d{4}$', ['555-1234', '5555-1234', '555-123']],
  ['^[0-9]{4}-[0-9]{2}-[0-9]{2}$', ['2024-01-31', '2024-1-31', '2024-01-310']],
  ['^.{2,5}$', ['a', 'ab', 'é😀', 'abcde', 'abcdef', '😀😀😀😀😀', '😀😀😀😀😀😀']],
  ['^.{0,255}$', ['', 'x'.repeat(255), 'x'.repeat(256), '😀'.repeat(255), '😀'.repeat(256)]],
  ['^[a-z]{1,1000}$', ['a'.repeat(1000), 'a'.repeat(1001), 'abc']],
  ['^(?:a{2}){3}$', ['aaaaaa', 'aaaaa']],
  ['a{3}', ['aa', 'xaaax']],
  ['^x{1000}$', ['x'.repeat(1000), 'x'.repeat(999)]],
  ['^(a|b)*abb$', ['abb', 'aababb', 'abab', 'babb']],
  ['(a|b)*abb', ['xabbx', 'ab']],
  ['(a|aa)*b', ['aaab', 'aaaa', 'b', '']],
  ['(a|aa)*c', ['aaaac', 'aaaa']],
  ['(a*)*b', ['aaab', 'aaaa']],
  ['^(a*)*$', ['', 'aaa', 'aab']],
  ['^(a+)+$', ['aaaa', 'aaab']],
  ['^(a|a?)+$', ['aaaa', 'aab', '']],
  ['^(?:a*b*)*c$', ['abababc', 'abababd', 'c']],
  ['^(x+x+)+y$', ['xxxxy', 'xxxx', 'xy']],
  ['^([a-z]+\\.)*[a-z]+$', ['a.b.c', 'a..b', 'abc.', 'a']],
  ['(\\w+\\s?)+$', ['hello world', 'hello world!', '']],
  // groups
  ['^(a(b(c)))$', ['abc', 'ab']],
  ['^(?:ab|cd)+$', ['abcdab', 'abc']],
  ['^(?<year>\\d{4})-(?<month>\\d{2})$', ['2020-12', '2020-1']],
  ['(?<$x_1>a)|(?<_>b)', ['a', 'b', 'c']],
  // realistic schema patterns
  ['^[a-zA-Z_][a-zA-Z0-9_]*$', ['snake_case', '9lives', '_x', 'a-b']],
  ['^#[0-9a-fA-F]{6}$', ['#00ff00', '#00FF0', '#00fg00']],
  ['^(\\+|-)?\\d+(\\.\\d+)?$', ['+1.5', '-2', '1.', '.5', '3.14']],
  ['^[a-z0-9]+(?:-[a-z0-9]+)*$', ['my-slug-1', '-slug', 'slug-', 'a--b']],
  ['^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', ['user@example.com', 'user@@example.com', 'us er@x.y', 'ü@ß.de']],
  ['^(?:[01]\\d|2[0-3]):[0-5]\\d$', ['00:00', '23:59', '24:00', '12:60']],
  ['^v\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?$', ['v1.2.3', 'v1.2.3-rc.1', '1.2.3', 'v1.2']],
  ['^https?://[^\\s/$.?#].[^\\s]*$', ['https://example.com/x', 'ftp://x', 'http://', 'http://a b']],
  ['^[A-Z]{2}\\d{2}[A-Z0-9]{1,30}$', ['DE89370400440532013000', 'de89', 'DE8']],
  ['Straße', ['Strasse', 'Hauptstraße 1']],
  ['^[ぁ-んァ-ン]+$', ['ひらがなカタカナ', 'ひらがな漢字']],
  // comment-hostile patterns (the emitted C comment must survive them)
  ['a*/', ['a/', '/', 'a']],
  ['/*', ['', 'x']],
  ['x*/*y', ['xy', 'x//y', 'y']],
  ['\\*/', ['*/', '/']],
  ['\\/*', ['', '//']],
  ['a??/', ['/', 'a/']],
  ['a??\\/', ['/']],
  ['"\\\\', ['"\\', '"']],
  ['\\u{7f}\\x01', ['\u007f\u0001', 'x']],
  ['[\\t]\\x1b', ['\t\u001b']],
];

// Valid ECMAScript, rejected by schemac: [pattern, reason, inputs for the record].
const UNSUPPORTED = [
  ['(?=a)a', 'lookahead'],
  ['a(?!b)', 'lookahead'],
  ['(?<=a)b', 'lookbehind'],
  ['(?<!a)b', 'lookbehind'],
  ['(a)\\1', 'backreference'],
  ['\\2(a)(b)', 'backreference'],
  ['(?<n>a)\\k<n>', 'backreference'],
  ['\\bword\\b', 'word boundary'],
  ['a\\B', 'word boundary'],
  ['\\p{L}', 'Unicode property escape'],
  ['\\P{Lu}', 'Unicode property escape'],
  ['[\\p{L}\\d]', 'Unicode property escape'],
  ['(?<é>x)', 'non-ASCII group name'],
  ['(?<a\\u0041>x)', 'escaped group name'],
  ['a{1001}', 'pattern too complex (repetition count above 1000)'],
  ['a{0,5000}', 'pattern too complex (repetition count above 1000)'],
  ['(?:a{1000}){1000}', 'pattern too complex (NFA size)'],
  ['(a|b)*a(a|b){20}', 'pattern too complex (DFA size)'],
  ['[\\s\\S]{50}x[\\s\\S]{50}', 'pattern too complex (DFA size)'],
  ['('.repeat(150) + 'a' + ')'.repeat(150), 'pattern too complex (nesting depth)'],
];

// Must be syntax errors in node too (checked below).
const INVALID = [
  '(', ')', 'a)', '(a', '(?', '(?:a', '[', '[a', '[^', 'a[', ']', '}', '{', 'a{', 'a{1', 'a{1,',
  'a{,2}', 'a{1,2', 'a{2,1}', 'x{99999999999,1}', '{1}', '*', 'a**', 'a++', 'a?*', '+a', '?',
  'a|*', '(*)', '^*', '$+', '^{2}', 'a{1}{2}', '\\', 'a\\', '\\a', '\\e', '\\-', '\\z', '\\ ',
  '\\é', '\\1', '[\\1]', '\\00', '\\01', '[\\00]', '\\c', '\\c1', '[\\c_]', '\\x',
  '\\x4', '\\xg0', '\\u', '\\u12', '\\u{}', '\\u{110000}', '\\u{1F600', '\\u{zz}', '[z-a]',
  '[a--]', '[\\d-z]', '[a-\\d]', '[\\w-\\d]', '[\\B]', '(?i:a)', '(?i)a', '(?P<n>a)',
  '(?<1a>x)', '(?<>x)', '(?<a>x)|(?<a>y)', '(?<a>x)(?<a>y)', '\\k', '\\ka', '\\k<a>',
  '\\p', '\\p{Nope}', '[\\k]',
];

function wellFormed(s) {
  return s.isWellFormed() && !s.includes('\0');
}

const cases = [];
const seen = new Set();
function add(c) {
  const key = JSON.stringify(c);
  if (!seen.has(key)) {
    seen.add(key);
    cases.push(c);
  }
}

function compiles(p) {
  try {
    return new RegExp(p, 'u');
  } catch {
    return null;
  }
}

for (const [p, inputs] of SUPPORTED) {
  const re = compiles(p);
  if (!re)
    throw new Error(`supported pattern ${JSON.stringify(p)} is not valid in node`);
  for (const input of [...inputs, ...COMMON]) {
    if (!wellFormed(input))
      throw new Error(`input ${JSON.stringify(input)} is not valid UTF-8 text`);
    add({ pattern: p, input, match: re.test(input) });
  }
}

for (const [p, reason] of UNSUPPORTED) {
  if (!compiles(p))
    throw new Error(`unsupported pattern ${JSON.stringify(p)} is not valid in node`);
  add({ pattern: p, error: true, unsupported: reason });
}

for (const p of INVALID) {
  try {
    new RegExp(p, 'u');
  } catch (e) {
    add({ pattern: p, error: true, syntax: e.message.replace(/^.*: /, '') });
    continue;
  }
  throw new Error(`invalid pattern ${JSON.stringify(p)} compiles in node`);
}

// Long inputs: prefix + repeat x count + suffix. Node backtracks, so its
// verdict is taken on a short version; for these patterns the verdict does
// not depend on the count.
const LONG = [
  ['(a|aa)*c', '', 'a', ''],
  ['(a|aa)*c', '', 'a', 'c'],
  ['(a*)*b', '', 'a', ''],
  ['(a*)*b', '', 'a', 'b'],
  ['^(a|aa)*$', '', 'a', 'b'],
  ['^(a+)+$', '', 'a', '!'],
  ['^(\\w+\\s?)*$', '', 'word ', '!'],
  ['^.*$', '', 'é😀', '\n'],
  ['^[^\\n]*$', 'x', '😀', ''],
];
for (const [p, prefix, repeat, suffix] of LONG) {
  const re = compiles(p);
  const match = re.test(prefix + repeat.repeat(12) + suffix);
  add({ pattern: p, input: prefix, repeat, count: 100000, suffix, match });
}

// Random patterns and inputs from a small grammar (fixed seed, so the table
// is reproducible): differential testing against node on combinations
// nobody thought of. Node decides validity too: a random pattern it
// rejects becomes an error case.
let seed = 20240601;
function rand(n) { // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
}
const pick = (list) => list[rand(list.length)];
const ATOMS = ['a', 'b', 'é', '😀', '.', '[ab]', '[^a]', '[a-é]', '[^😀\\n]', '\\d', '\\s', '\\w',
  '\\W', '\\S', '\\n', '^', '$', '[]', '[^]', '\\u{1F600}'];
const QUANTS = ['', '', '', '*', '+', '?', '{2}', '{0,2}', '{1,}', '*?', '+?', '{1,3}?'];
function randomPattern(depth) {
  const n = 1 + rand(3);
  let alts = [];
  for (let a = 0; a < (rand(4) === 0 ? 2 : 1); a++) {
    let seq = '';
    for (let i = 0; i < n; i++) {
      // Counted repetition of groups is left out: nested counts multiply
      // into DFAs over the size caps (tested separately).
      seq += depth < 2 && rand(4) === 0
        ? (rand(2) ? '(' : '(?:') + randomPattern(depth + 1) + ')' + pick(['', '*', '+', '?', '*?'])
        : pick(ATOMS) + pick(QUANTS);
    }
    alts.push(seq);
  }
  return alts.join('|');
}
const INPUT_CHARS = ['a', 'a', 'b', 'é', '😀', '\n', '1', ' ', '_', 'ab'];
for (let k = 0; k < 600; k++) {
  const p = randomPattern(0);
  const re = compiles(p);
  if (!re) {
    add({ pattern: p, error: true, syntax: 'random' });
    continue;
  }
  for (let j = 0; j < 10; j++) {
    let input = '';
    for (let len = rand(7); len > 0; len--)
      input += pick(INPUT_CHARS);
    add({ pattern: p, input, match: re.test(input), source: 'random' });
  }
}

// The JSON-Schema-Test-Suite: pattern.json and optional/ecmascript-regex.json
// (plus optional/non-bmp-regex.json). Only string instances are matched
// (pattern ignores other types); patternProperties contribute their keys.
const suiteUnsupported = [];
function unsupportedReason(p) {
  if (!compiles(p))
    return 'not a valid pattern in node';
  if (/\\[pP]/.test(p))
    return 'Unicode property escape';
  return null;
}
for (const file of ['pattern.json', 'optional/ecmascript-regex.json', 'optional/non-bmp-regex.json']) {
  const groups = JSON.parse(fs.readFileSync(path.join(suiteDir, file), 'utf8'));
  for (const g of groups) {
    const patterns = g.schema.pattern !== undefined ? [g.schema.pattern]
      : g.schema.patternProperties ? Object.keys(g.schema.patternProperties) : [];
    for (const p of patterns) {
      const source = `suite ${file}: ${g.description}`;
      const reason = unsupportedReason(p);
      if (reason) {
        suiteUnsupported.push({ source, pattern: p, reason, tests: g.tests.length });
        if (compiles(p))
          add({ pattern: p, error: true, unsupported: reason, source });
        continue;
      }
      const re = compiles(p);
      for (const t of g.tests) {
        const inputs = typeof t.data === 'string' ? [t.data]
          : g.schema.patternProperties && t.data && typeof t.data === 'object' && !Array.isArray(t.data)
            ? Object.keys(t.data) : [];
        for (const input of inputs) {
          if (!wellFormed(input))
            continue;
          const match = re.test(input);
          // The suite's verdict concerns the whole schema; for a bare
          // `pattern` it must agree with node.
          if (g.schema.pattern !== undefined && match !== t.valid)
            throw new Error(`node disagrees with the suite: ${source} / ${t.description}`);
          add({ pattern: p, input, match, source: `${source} / ${t.description}` });
        }
      }
    }
  }
}

const text = '[\n' + cases.map((c) => '  ' + JSON.stringify(c)).join(',\n') + '\n]\n';
fs.writeFileSync(out, text);
fs.writeFileSync(path.join(here, 'suite_unsupported.json'),
  JSON.stringify(suiteUnsupported, null, 2) + '\n');
const n = (f) => cases.filter(f).length;
console.log(`${cases.length} cases: ${n((c) => 'match' in c)} verdicts ` +
  `(${n((c) => c.match === true)} match), ${n((c) => c.error)} rejected patterns, ` +
  `${new Set(cases.map((c) => c.pattern)).size} distinct patterns; ` +
  `${suiteUnsupported.length} suite pattern groups unsupported`);

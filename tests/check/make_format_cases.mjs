// Writes format_cases.json: candidate strings for each format schemac checks,
// with the verdict of ajv + ajv-formats ("full" mode, the project's oracle).
// test_format_cases.c checks sc_format_valid against every case, so the C
// test needs no node. Regenerate (only when ajv-formats or the candidates
// change) with ajv installed OUTSIDE the repository:
//
//   mkdir -p /tmp/ajv && cd /tmp/ajv && npm install ajv@8 ajv-formats@3
//   node /path/to/schemac/tests/check/make_format_cases.mjs
//
// ajv is resolved from the current directory; the JSON is written next to
// this script. Strings must be valid Unicode without U+0000 (the decoder
// rejects those before any format check).
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";

const require = createRequire(process.cwd() + "/");
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;
const ajvVersion = require("ajv/package.json").version;
const formatsVersion = require("ajv-formats/package.json").version;

const label = (n, c = "a") => c.repeat(n);
// A host name of exactly n characters: 63-character labels, cut to length
// (a cut that ends on the dot gets one more letter instead).
const hostOfLength = (n) => {
  let s = "";
  while (s.length < n) s += (s ? "." : "") + label(63, "b");
  s = s.slice(0, n);
  return s.endsWith(".") ? s.slice(0, -1) + "c" : s;
};

const candidates = {
  "date": [
    "2024-02-29", "2023-02-29", "2000-02-29", "1900-02-29", "2100-02-29", "0000-02-29",
    "2023-02-28", "2023-01-31", "2023-04-31", "2023-04-30", "2023-06-31", "2023-09-31",
    "2023-11-31", "2023-12-31", "2023-12-32", "2023-13-01", "2023-00-10", "2023-01-00",
    "9999-12-31", "0000-01-01", "2023-1-01", "2023-01-1", "23-01-01", "20230101",
    "2023/01/01", "2023-01-01 ", " 2023-01-01", "2023-01-01T00:00:00Z", "+2023-01-01",
    "2023-01-01\n", "٢٠٢٣-01-01", "２０２３-01-01", "2023-0a-01", "",
  ],
  "time": [
    "00:00:00Z", "23:59:59Z", "23:59:60Z", "23:59:60z", "22:59:60Z", "23:58:60Z",
    "23:59:61Z", "23:59:60.999Z", "23:59:60.9999999999999999Z", "12:00:00.5z",
    "24:00:00Z", "23:60:00Z", "23:59:60+00:00", "22:59:60-01:00", "00:59:60+01:00",
    "23:59:60+01:00", "15:59:60-08:00", "01:29:60+01:30", "00:00:00+23:59",
    "00:00:00-23:59", "00:00:00+24:00", "00:00:00+23:60", "00:00:00+01", "00:00:00+0130",
    "00:00:00+01:3", "00:00:00+01:", "00:00:00+1:00", "00:00:00", "00:00:00.Z",
    "00:00:00.123456789Z", "12:00:59.999999999999999Z", "12:00:59.99999999999999Z",
    "12:00:59.9999999999999964472863211994990706443786621093750Z",
    "12:00:59.9999999999999964472863211994990706443786621093749Z",
    "24:59:60+01:00", "24:59:59+01:00", "99:99:99Z", "00:00:00ZZ", "00:00:00 Z",
    "00:00:00UTC", "00:00:00+00:00:00", "0:00:00Z", "00:00:00\u00a0", "T00:00:00Z",
    "00:00:00.1+05:30", "00:00:00,1Z", "００:00:00Z", "23:59:60-00:00", "00:00:60-00:01",
  ],
  "date-time": [
    "2024-02-29T12:00:00Z", "2023-02-29T12:00:00Z", "2023-12-31T23:59:60Z",
    "2023-12-31t23:59:60z", "2023-12-31T23:59:60+00:00", "2023-12-31T22:59:60-01:00",
    "2023-12-31T23:59:59+23:59", "2023-12-31T23:59:59-23:59", "2023-12-31T23:59:59+24:00",
    "2023-12-31 23:59:59Z", "2023-12-31\t23:59:59Z", "2023-12-31\n23:59:59Z",
    "2023-12-31\u00a023:59:59Z", "2023-12-31\u168023:59:59Z", "2023-12-31\u200a23:59:59Z",
    "2023-12-31\u200b23:59:59Z", "2023-12-31\u2028x23:59:59Z", "2023-12-31\u202f23:59:59Z",
    "2023-12-31\u205f23:59:59Z", "2023-12-31\u300023:59:59Z", "2023-12-31\ufeff23:59:59Z",
    "2023-12-31\u180e23:59:59Z", "2023-12-31\u200023:59:59Z", "2023-12-31\u202823:59:59Z",
    "2023-12-31TT23:59:59Z", "2023-12-31  23:59:59Z", "2023-12-31T23:59:59",
    "2023-12-31T23:59:59.123456+05:30", "2023-12-31T23:59:59+0530", "2023-12-31T23:59:59+05",
    "2023-12-31", "T23:59:59Z", "2023-12-31T", "2023-12-31T23:59Z", "2023-12-31X23:59:59Z",
    "2023-12-31T24:59:60+01:00", "2023-06-30T23:59:60Z", "2023-12-31T23:59:60.5Z",
    "1985-04-12T23:20:50.52Z", "1996-12-19T16:39:57-08:00", "1990-12-31T15:59:60-08:00",
    "2023-12-31T23:59:59Z ", "2023-12-31Т23:59:59Z",
  ],
  "email": [
    "joe@example.com", "joe.bloggs@example.com", "joe..bloggs@example.com",
    ".joe@example.com", "joe.@example.com", "\"joe bloggs\"@example.com",
    "\"joe\"@example.com", "joe@[127.0.0.1]", "joe@[IPv6:::1]", "joe@localhost",
    "joe@example.com.", "joe@-example.com", "joe@example-.com", "joe@ex-ample.com",
    "joe@exa--mple.com", "joe@example..com", "joe@.example.com", "@example.com", "joe@",
    "joe", "joe@@example.com", "jo@e@example.com", "!#$%&'*+/=?^_`{|}~-@example.com",
    "JOE@EXAMPLE.COM", "joe+tag@example.com", "joe bloggs@example.com", "joe@exa mple.com",
    "jöe@example.com", "joe@exämple.com", "joe@xn--exmple-cua.com", "joe@1.2.3.4",
    "joe@example.c", "joe@example.123", "joe@_example.com", "joe(comment)@example.com",
    "joe@example.com\n", "a@" + label(64) + ".com", label(65) + "@example.com",
    "joe\\@example.com", "joe@example.com>", "<joe@example.com>", "joe;x@example.com",
  ],
  "uri": [
    "http://example.com", "http://example.com:8080/path?q=1#frag", "http://example.com:/",
    "http://example.com:abc/path", "http://example.com:80:80", "https://user:pass@example.com/",
    "http://user@host@example.com", "http://[::1]/", "http://[::1]:8080/", "http://[::ffff:1.2.3.4]/",
    "http://[::ffff:01.2.3.4]/", "http://[::ffff:256.2.3.4]/", "http://[fe80::1%25eth0]/",
    "http://[fe80::1%eth0]/", "http://[v1.fe80::a+en1]/", "http://[V7.x]/", "http://[v.x]/",
    "http://[vz.x]/", "http://[::1", "http://::1/", "http:/[::1]", "http:/[::1]/x",
    "http:///path", "http://", "http:/", "http:", "foo:", "foo:?q", "foo:#f", "foo:bar",
    "mailto:joe@example.com", "urn:isbn:0451450523", "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "tel:+1-816-555-1212", "ldap://[2001:db8::7]/c=GB?objectClass?one", "file:///etc/hosts",
    "file://localhost/etc/hosts", "news:comp.infosystems.www.servers.unix",
    "http://example.com/a%20b", "http://example.com/a%2", "http://example.com/a%zz",
    "http://example.com/%C3%A9", "http://example.com/é", "http://exämple.com/",
    "http://example.com/a b", "http://example.com/a\tb", "http://example.com/#a#b",
    "http://example.com/?a?b/c", "http://example.com/#a?b/c", "http://example.com/?q=[1]",
    "http://example.com/[1]", "http://example.com/a|b", "http://example.com/a\\b",
    "http://example.com/a^b", "http://example.com/a`b", "http://example.com/a{b}",
    "http://example.com/a\"b", "http://example.com/a<b>", "http://exa_mple.com/",
    "http://exa%41mple.com/", "http://exa%4mple.com/", "http://1.2.3.4/", "http://256.2.3.4/",
    "http://01.2.3.4/", "//example.com/path", "/abs/path", "rel/path", "example.com",
    "1http://example.com", "h+t-t.p://example.com", "h_t://example.com", "HTTP://EXAMPLE.COM",
    "http://@example.com", "http://:@example.com", "http://u%41@example.com", "http://u%4@example.com",
    "http://u[1]@example.com", "http://example.com?q", "http://example.com#f", "a:b/c//d",
    "a://b//c", "a:////b", "a:@b", "a::", "a:%20", "a:%2", "http://example.com:99999999999999",
    "http://[1:2:3:4:5:6:7:8]/", "http://[1:2:3:4:5:6:7:8:9]/", "http://[1:2:3:4:5:6:1.2.3.4]/",
    "http://[::]/", "http://[]/", "http://[::1]x/", "http://[::1]:x/", "http://[::1]]/",
    "http://ex[ample.com/", "http://example.com/ä", "http:// example.com", " http://example.com",
    "http://example.com ", "javascript:alert(1)", "data:text/plain;base64,SGVsbG8=",
  ],
  "uuid": [
    "2eb8aa08-aa98-11ea-b4aa-73b441d16380", "2EB8AA08-AA98-11EA-B4AA-73B441D16380",
    "urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380", "URN:UUID:2eb8aa08-aa98-11ea-b4aa-73b441d16380",
    "urn:uuid:", "uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380", "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff", "2eb8aa08aa9811eab4aa73b441d16380",
    "{2eb8aa08-aa98-11ea-b4aa-73b441d16380}", "2eb8aa08-aa98-11ea-b4aa-73b441d1638",
    "2eb8aa08-aa98-11ea-b4aa-73b441d163800", "2eb8aa08-aa98-11ea-b4aa-73b441d1638g",
    "2eb8aa0-8aa98-11ea-b4aa-73b441d16380", "2eb8aa08-aa98-11ea-b4aa_73b441d16380",
    "2eb8aa08-aa98-11ea-b4aa-73b441d16380 ", "2eb8aa08-aa98-11ea-b4aa-73b441d1638０",
  ],
  "ipv4": [
    "0.0.0.0", "255.255.255.255", "256.0.0.0", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.02.3.4",
    "1.2.3.04", "0.0.0.00", "1.2.3.4 ", " 1.2.3.4", "1.2.3.4\n", "1..3.4", "1.2.3.", ".1.2.3",
    "1.2.3.4/24", "0x7f.0.0.1", "127.1", "192.168.1.1", "249.250.251.252", "199.200.201.209",
    "1.2.3.٤", "1.2.3.４", "1000.1.1.1",
  ],
  "ipv6": [
    "::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7", "1::3:4:5:6:7:8", "1:2:3:4:5:6::8", "1::8", ":::", "1:::8", "1::4::8",
    ":1:2:3:4:5:6:7", "1:2:3:4:5:6:7:", "::ffff:1.2.3.4", "::1.2.3.4", "1:2:3:4:5:6:1.2.3.4",
    "1:2:3:4:5::1.2.3.4", "1:2:3:4:5:6::1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4", "::ffff:01.2.3.4",
    "::ffff:256.2.3.4", "::ffff:1.2.3", "::ffff:1.2.3.4:5", "1.2.3.4::", "fe80::1%eth0",
    "fe80::1%25eth0", "[::1]", "12345::", "0:0:0:0:0:0:0:0", "ABCD:EF01::", "abcd:ef01::G",
    "1:2:3:4:5:6:7:8 ", " ::1", "::1\n", "::１", "0000:0000:0000:0000:0000:0000:0000:0000",
    "00000::", "1:2:3:4::5:1.2.3.4", "1:2:3:4:5::6:1.2.3.4", "::2:3:4:5:6:1.2.3.4",
    "::2:3:4:5:6:7:1.2.3.4", "1::2:3:4:5:6:7", "1::2:3:4:5:6:7:8",
  ],
  "hostname": [
    "example.com", "example.com.", "example..com", ".example.com", "example", "a", "",
    ".", "-example.com", "example-.com", "ex-ample.com", "ex--ample.com", "xn--X", "xn--bcher-kva.ch",
    "XN--aa---o47jg78q", "123.example", "1.2.3.4", "exa_mple.com", "exa mple.com", "exämple.com",
    "example.com ", "example.com\n", label(63) + ".com", label(64) + ".com", label(63),
    label(64), label(62) + "-", "-" + label(62), hostOfLength(253), hostOfLength(254),
    hostOfLength(253) + ".", hostOfLength(252) + ".", hostOfLength(254) + ".",
    hostOfLength(255), "example.com..", "LOCALHOST", "ex\u212aample.com", "example.ｃｏｍ",
    "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z",
  ],
};

const ajv = new Ajv2020({ strict: false });
addFormats(ajv); // default mode: "full"
const cases = [];
for (const [format, strings] of Object.entries(candidates)) {
  const validate = ajv.compile({ type: "string", format });
  for (const data of strings) {
    if (data.includes("\u0000")) throw new Error("U+0000 in a candidate");
    cases.push({ format, data, valid: validate(data) });
  }
}
const out = {
  comment: "generated by make_format_cases.mjs from ajv " + ajvVersion +
    " + ajv-formats " + formatsVersion + " (full mode); do not edit",
  cases,
};
const path = new URL("format_cases.json", import.meta.url);
writeFileSync(path, JSON.stringify(out, null, 1) + "\n");
console.log(`wrote ${cases.length} cases to ${path.pathname}`);

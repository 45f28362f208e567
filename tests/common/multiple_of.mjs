// multipleOf decided exactly in decimal, as schemac decides it
// (include/schemac/check.h, sc_multiple_of_text; docs/conformance.md):
// ajv divides doubles, so to it 19.99 is no multiple of 0.01
// (19.99 / 0.01 is 1998.9999999999998). The harnesses that compare with
// ajv give it this rule instead (useExactMultipleOf), the deliberate
// divergence from ajv. A number goes by its shortest decimal, String(x),
// which is the document's text whenever JSON.stringify wrote it.

// x (a finite number) as [digits, exponent]: x = digits * 10^exponent.
function decimal(x) {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(x));
  const fraction = m[3] ?? "";
  return [BigInt(m[1] + m[2] + fraction), Number(m[4] ?? 0) - fraction.length];
}

// Whether value / divisor is an integer (divisor > 0).
export function isMultipleOf(value, divisor) {
  let [v, ev] = decimal(value), [d, ed] = decimal(divisor);
  if (ev >= ed) v *= 10n ** BigInt(ev - ed);
  else d *= 10n ** BigInt(ed - ev);
  return v % d === 0n;
}

// ajv with isMultipleOf for multipleOf, its message and params as ajv's own.
export function useExactMultipleOf(ajv) {
  ajv.removeKeyword("multipleOf");
  ajv.addKeyword({
    keyword: "multipleOf",
    type: "number",
    schemaType: "number",
    errors: true,
    validate: function check(divisor, value) {
      if (isMultipleOf(value, divisor)) return true;
      check.errors = [{ keyword: "multipleOf", message: `must be a multiple of ${divisor}`, params: { multipleOf: divisor } }];
      return false;
    },
  });
  return ajv;
}

// text (a JSON number) as [digits, exponent] without trailing zeros.
function normal(text) {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  let digits = (m[2] + (m[3] ?? "")).replace(/^0+/, ""), exp = Number(m[4] ?? 0) - (m[3] ?? "").length;
  const zeros = digits.length - digits.replace(/0+$/, "").length;
  digits = digits.slice(0, digits.length - zeros);
  return digits === "" ? "0" : `${m[1]}${digits}e${exp + zeros}`;
}

// Whether JSON text holds a number whose value is not its double's
// shortest decimal (1e-400 reads as 0, 0.30000000000000001 as 0.3): there
// a decoder, which decides multipleOf on the text, and ajv, which sees
// JSON.parse's double, may differ by design.
export function hasInexactNumber(text) {
  const bare = text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return (bare.match(/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g) ?? []).some((t) => {
    const x = Number(t);
    return Number.isFinite(x) && normal(t) !== normal(String(x).replace(/^-0$/, "0"));
  });
}

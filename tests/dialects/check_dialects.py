#!/usr/bin/env python3
"""Checks the provider dialects schemac writes for every @tool struct.

Usage: check_dialects.py SCHEMAC HEADER...

Each header is run through schemac into a scratch folder; then, for every
TYPE.schema.json of a tool (the canonical schema, "title" = the tool name),
each dialect file beside it must
  - be valid JSON (or XML for TYPE.xml) with the wrapper the provider expects;
  - use only the schema keywords that dialect accepts: the allow-lists below,
    written from the providers' documentation independently of the
    generator's own lists;
  - keep every constraint of the canonical schema: still present as the same
    keyword with the same value at the same member, or stated in a
    description at that member (or an enclosing one), in the words
    docs/tools.md lists;
  - keep the per-value descriptions of enums.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

DIALECTS = ["openai", "openai-strict", "anthropic", "gemini", "mcp", "xml"]

# JSON Schema 2020-12 as schemac uses it; what OpenAI (non-strict),
# Anthropic input_schema and MCP inputSchema take. $schema and title only
# cost tokens: they must be gone.
FULL = {"type", "description", "properties", "required", "additionalProperties", "items", "enum", "const",
        "default", "oneOf", "anyOf", "$ref", "$defs", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "format", "minItems", "maxItems",
        "uniqueItems", "propertyNames", "minProperties", "maxProperties", "deprecated", "examples"}

# OpenAI Structured Outputs, "Supported schemas" (strict: true).
STRICT = {"type", "description", "properties", "required", "additionalProperties", "items", "enum", "anyOf",
          "$ref", "$defs", "pattern", "format", "multipleOf", "maximum", "exclusiveMaximum", "minimum",
          "exclusiveMinimum", "minItems", "maxItems"}
STRICT_FORMATS = {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}

# Gemini API Schema object (OpenAPI 3.0 subset).
GEMINI = {"type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems", "properties",
          "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example", "anyOf",
          "propertyOrdering", "default", "items", "minimum", "maximum"}
GEMINI_TYPES = {"STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT"}
GEMINI_FORMATS = {"date-time", "enum", "float", "double", "int32", "int64"}

WRAPPERS = {
    "openai": ({"type", "function"}, "function", {"name", "description", "parameters", "strict"}, "parameters"),
    "openai-strict": ({"type", "function"}, "function", {"name", "description", "parameters", "strict"},
                      "parameters"),
    "anthropic": ({"name", "description", "input_schema"}, None, None, "input_schema"),
    # parametersJsonSchema: the JSON Schema route, for what the subset cannot say
    "gemini": ({"name", "description", "parameters", "parametersJsonSchema"}, None, None, "parameters"),
    "mcp": ({"name", "description", "inputSchema", "outputSchema", "annotations"}, None, None, "inputSchema"),
}
MCP_ANNOTATIONS = {"title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}

CONSTRAINTS = {
    "minimum": "Minimum: {}", "maximum": "Maximum: {}", "exclusiveMinimum": "greater than {}",
    "exclusiveMaximum": "less than {}", "multipleOf": "multiple of {}", "minLength": "Minimum length: {}",
    "maxLength": "Maximum length: {}", "pattern": "regular expression {}", "format": "Format: {}",
    "minItems": "Minimum number of items: {}", "maxItems": "Maximum number of items: {}",
    "uniqueItems": "Items must be unique", "const": "exactly {}", "minProperties": "Minimum number of entries: {}",
    "maxProperties": "Maximum number of entries: {}", "enum": "one of",
}

failures = []


def fail(where, message):
    failures.append("%s: %s" % (where, message))


def text(v):
    """A value as the descriptions write it."""
    if isinstance(v, str):
        return v
    return json.dumps(v, separators=(",", ":"))


def number_text(v):
    if isinstance(v, float) and v.is_integer() and abs(v) < 2 ** 53:
        v = int(v)
    return json.dumps(v, separators=(",", ":"))


def walk(schema, key, visit):
    """visit(key, schema) for every schema object; key is the member name
    the schema belongs to, with [] for items, {} for map values, {keys}."""
    if not isinstance(schema, dict):
        return
    visit(key, schema)
    for name, sub in schema.get("properties", {}).items():
        walk(sub, name, visit)
    if isinstance(schema.get("items"), dict):
        walk(schema["items"], key + "[]", visit)
    if isinstance(schema.get("additionalProperties"), dict):
        walk(schema["additionalProperties"], key + "{}", visit)
    if isinstance(schema.get("propertyNames"), dict):
        walk(schema["propertyNames"], key + "{keys}", visit)
    for k in ("oneOf", "anyOf"):
        for sub in schema.get(k, []):
            walk(sub, key, visit)
    for name, sub in schema.get("$defs", {}).items():
        walk(sub, "", visit)


def check_keywords(where, dialect, params, allowed):
    def visit(key, s):
        for k in s:
            if k not in allowed:
                fail(where, "%s: keyword '%s' at '%s' is not accepted by %s" % (dialect, k, key, dialect))
        if dialect == "openai-strict" and allowed is STRICT:
            if "properties" in s:
                if sorted(s.get("required", [])) != sorted(s["properties"]):
                    fail(where, "strict: not every property of '%s' is required" % key)
                if s.get("additionalProperties") is not False:
                    fail(where, "strict: '%s' lacks additionalProperties: false" % key)
            if "format" in s and s["format"] not in STRICT_FORMATS:
                fail(where, "strict: format '%s' at '%s'" % (s["format"], key))
        if dialect == "gemini" and allowed is GEMINI:
            if "type" in s and s["type"] not in GEMINI_TYPES:
                fail(where, "gemini: type %r at '%s'" % (s["type"], key))
            if any(not isinstance(v, str) for v in s.get("enum", [])):
                fail(where, "gemini: non-string enum at '%s'" % key)
            if "format" in s and s["format"] not in GEMINI_FORMATS:
                fail(where, "gemini: format '%s' at '%s'" % (s["format"], key))
    walk(params, "", visit)
    if dialect == "openai-strict" and allowed is STRICT and "anyOf" in params:
        fail(where, "strict: anyOf at the root")


def parent_keys(key):
    """'a[]{}' -> ['a[]{}', 'a[]', 'a']: a constraint may be stated at an
    enclosing member (a map's values, a cut recursion)."""
    keys = [key]
    while True:
        m = re.match(r"^(.*)(\[\]|\{\}|\{keys\})$", keys[-1])
        if not m:
            return keys
        keys.append(m.group(1))


def index(params):
    """key -> list of schema objects, and key -> all description text."""
    nodes, texts = {}, {}

    def visit(key, s):
        nodes.setdefault(key, []).append(s)
        if isinstance(s.get("description"), str):
            texts[key] = texts.get(key, "") + "\n" + s["description"]
    walk(params, "", visit)
    return nodes, texts


def same(keyword, want, have):
    if keyword == "enum":
        return isinstance(have, list) and [v for v in have if v is not None] == [v for v in want if v is not None]
    return have == want


def kept(keyword, value, key, nodes, texts):
    for s in nodes.get(key, []):
        if keyword in s and same(keyword, value, s[keyword]):
            return True
        # a one-value enum; or, for a tagged union flattened into one
        # object, the discriminator's enum of all its values
        if keyword == "const" and value in s.get("enum", []):
            return True
    if keyword == "const":
        shown = json.dumps(value, separators=(",", ":"))
    else:
        shown = number_text(value) if not isinstance(value, str) else value
    phrase = CONSTRAINTS[keyword].format(shown)
    fragment = '"%s":%s' % (keyword, json.dumps(value, separators=(",", ":")))
    for k in parent_keys(key):
        t = texts.get(k, "")
        if phrase in t or fragment in t:
            return True
        if keyword == "enum" and all(text(v) in t for v in value if v is not None):
            return True
    return False


def check_roundtrip(where, dialect, canonical, nodes, texts):
    def visit(key, s):
        for keyword, value in s.items():
            if keyword not in CONSTRAINTS:
                continue
            if keyword == "enum" and value == [None]:
                continue
            if not kept(keyword, value, key, nodes, texts):
                fail(where, "%s lost %s %s at '%s'" % (dialect, keyword, text(value), key))
        d = s.get("description", "")
        if "\n- " in d:
            # XML parsers turn newlines in attributes into spaces
            values_doc = " ".join(d[d.index("\n- "):].split())
            if not any(values_doc in " ".join(texts.get(k, "").split()) for k in parent_keys(key)):
                fail(where, "%s lost the value descriptions of '%s'" % (dialect, key))
    walk(canonical, "", visit)


def xml_index(tool):
    """The XML description as the same key -> nodes/texts maps; all
    constraints live in the description attributes."""
    nodes, texts = {}, {}

    def visit(el, key):
        for child in el:
            if child.tag == "arg":
                ck = child.get("name")
            elif child.tag == "items":
                ck = key + "[]"
            elif child.tag == "values":
                ck = key + "{}"
            else:
                ck = key
            node = {}
            if child.get("enum_values") is not None:
                node["enum"] = child.get("enum_values").split(",")
            nodes.setdefault(ck, []).append(node)
            if child.get("description") is not None:
                texts[ck] = texts.get(ck, "") + "\n" + child.get("description")
            visit(child, ck)
    args = tool.find("arguments")
    if args is not None:
        visit(args, "")
    return nodes, texts


def check_tool(folder, stem, canonical):
    name = canonical["title"]
    for dialect in DIALECTS:
        suffix = ".xml" if dialect == "xml" else "." + dialect + ".json"
        path = os.path.join(folder, stem + suffix)
        where = os.path.basename(path)
        if not os.path.exists(path):
            fail(where, "missing")
            continue
        if dialect == "xml":
            try:
                tool = ET.parse(path).getroot()
            except ET.ParseError as e:
                fail(where, "not XML: %s" % e)
                continue
            if tool.tag != "tool" or tool.get("name") != name:
                fail(where, "not <tool name=\"%s\">" % name)
            for el in tool.iter():
                if el.tag not in ("tool", "description", "arguments", "arg", "items", "values", "one_of",
                                  "variant"):
                    fail(where, "unexpected element <%s>" % el.tag)
            nodes, texts = xml_index(tool)
            check_roundtrip(where, dialect, canonical, nodes, texts)
            continue
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except ValueError as e:
            fail(where, "not JSON: %s" % e)
            continue
        top, inner, inner_keys, params_key = WRAPPERS[dialect]
        if not set(doc) <= top:
            fail(where, "unexpected members %s" % sorted(set(doc) - top))
        fn = doc
        if inner is not None:
            if doc.get("type") != "function":
                fail(where, "type is not \"function\"")
            fn = doc.get(inner, {})
            if not set(fn) <= inner_keys:
                fail(where, "unexpected members %s" % sorted(set(fn) - inner_keys))
        if fn.get("name") != name:
            fail(where, "name is %r, not %r" % (fn.get("name"), name))
        json_schema_route = dialect == "gemini" and "parametersJsonSchema" in doc
        if json_schema_route:
            if "parameters" in doc:
                fail(where, "both parameters and parametersJsonSchema")
            params_key = "parametersJsonSchema"
        params = fn.get(params_key)
        if not isinstance(params, dict):
            fail(where, "no %s" % params_key)
            continue
        if params.get("type") not in ("object", "OBJECT"):
            fail(where, "the arguments are not an object")
        allowed = FULL
        if dialect == "openai-strict":
            if fn.get("strict") is True:
                allowed = STRICT
            elif fn.get("strict") is not False:
                fail(where, "strict is neither true nor false")
        elif dialect == "gemini" and not json_schema_route:
            allowed = GEMINI
        elif dialect == "openai" and "strict" in fn:
            fail(where, "the non-strict tool says strict")
        check_keywords(where, dialect, params, allowed)
        if dialect == "mcp":
            if not set(doc.get("annotations", {})) <= MCP_ANNOTATIONS:
                fail(where, "unknown annotations")
            if "outputSchema" in doc:
                check_keywords(where, dialect, doc["outputSchema"], FULL)
                if doc["outputSchema"].get("type") != "object":
                    fail(where, "outputSchema is not an object")
        nodes, texts = index(params)
        check_roundtrip(where, dialect, canonical, nodes, texts)


def main():
    schemac = os.path.abspath(sys.argv[1])
    headers = [os.path.abspath(h) for h in sys.argv[2:]]
    tools = 0
    for header in headers:
        with tempfile.TemporaryDirectory() as folder:
            proc = subprocess.run([schemac, header, "-o", folder], capture_output=True, text=True)
            if proc.returncode != 0:
                fail(header, "schemac failed:\n" + proc.stderr)
                continue
            for entry in sorted(os.listdir(folder)):
                if not entry.endswith(".schema.json"):
                    continue
                stem = entry[:-len(".schema.json")]
                with open(os.path.join(folder, entry), encoding="utf-8") as f:
                    canonical = json.load(f)
                is_tool = os.path.exists(os.path.join(folder, stem + ".openai.json"))
                if not is_tool:
                    continue
                tools += 1
                check_tool(folder, stem, canonical)
    for line in failures:
        print("FAIL " + line)
    print("%d tools checked in %d dialects, %d failures" % (tools, len(DIALECTS), len(failures)))
    return 1 if failures or tools == 0 else 0


if __name__ == "__main__":
    sys.exit(main())

"""tests/import: the generated decoders of an imported header, built into a
driver that compare.mjs (and suite_import.py) send documents to. The
driver is the differential one (tests/differential/driver_main.c and what
it links, given by meson) with randheader.py's codec table of the
header's roots, compiled with randheader.py's flags (-Werror, ASan+UBSan):
the verdicts come from the code a user of the import would run."""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(TESTS, 'randheader'))
from randheader import CFLAGS, codec_table  # noqa: E402  (the one table and flag list)


# randheader's flags, but -O0 (a hundred drivers a run: compile time is the
# cost) and no -Wshadow: codec.h's wrappers name a parameter `node`, which an
# imported schema may name a type
FLAGS = [f for f in CFLAGS if f not in ('-O1', '-Wshadow')] + ['-O0']


class Builder:
    """Compiles drivers: the request loop once, then one per header."""

    def __init__(self, cc, include, cjson, lib, driver_sources, work):
        self.cc, self.include, self.cjson, self.lib = cc, include, cjson, lib
        self.work = work
        self.common = [os.path.join(TESTS, 'common'), os.path.join(TESTS, 'differential')]
        self.loop = []
        for src in driver_sources:
            obj = os.path.join(work, 'loop_' + os.path.basename(src) + '.o')
            r = self.run([cc, *FLAGS, *self.includes(), '-c', src, '-o', obj])
            if r.returncode != 0:
                raise RuntimeError(f'{src} does not compile:\n{r.stderr}')
            self.loop.append(obj)

    @staticmethod
    def run(argv):
        return subprocess.run(argv, capture_output=True, text=True)

    def includes(self, *more):
        return ['-I' + d for d in (*more, *self.common, self.include, self.cjson)]

    def build(self, out, header, roots):
        """(driver path, None) or (None, the compiler's errors): the C that
        schemac wrote into out for header, driving the types in roots
        ((None, None) without roots: compiled only)."""
        stem = os.path.basename(header)[:-2]
        if not roots:  # nothing to drive: the C must still compile
            r = self.run([self.cc, *FLAGS, *self.includes(out, os.path.dirname(header)), '-c',
                          os.path.join(out, stem + '.schemac.c'), '-o', os.path.join(out, stem + '.o')])
            return (None, None) if r.returncode == 0 else (None, r.stderr[-4000:])
        table = os.path.join(out, 'codec_table.c')
        with open(table, 'w', encoding='utf-8') as f:
            f.write(codec_table(stem + '.schemac.h', roots, {}))
        driver = os.path.join(out, 'driver')
        libdir = os.path.dirname(os.path.abspath(self.lib))
        r = self.run([self.cc, *FLAGS, *self.includes(out, os.path.dirname(header)), *self.loop, table,
                      os.path.join(out, stem + '.schemac.c'), self.lib, '-Wl,-rpath,' + libdir, '-lcjson', '-lm',
                      '-o', driver])
        return (driver, None) if r.returncode == 0 else (None, r.stderr[-4000:])


def struct_of_tool(header, tool):
    """The struct a header tags @tool TOOL (and its @output one), whether
    its doc comment is a /** */ block or /// lines (a text holding */)."""
    lines = open(header, encoding='utf-8').read().split('\n')
    found = {}
    for i, line in enumerate(lines):
        m = re.match(r'struct (\w+) \{$', line)
        if m is None or i == 0:
            continue
        j, comment = i - 1, []
        if lines[j].startswith('///'):
            while j >= 0 and lines[j].startswith('///'):
                comment.append(lines[j][3:])
                j -= 1
        elif lines[j].endswith('*/'):
            while j >= 0 and not lines[j].startswith('/**'):
                comment.append(lines[j].lstrip(' *'))
                j -= 1
        tags = [c.strip() for c in comment]
        if f'@tool {tool}' in tags:
            found['input'] = m.group(1)
            found.update(('output', t.split()[1]) for t in tags if t.startswith('@output '))
    return found

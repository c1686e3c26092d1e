"""Cuts MisereSolver.java loose from the rest of CGSuite: the heap options come from
the shim's `HeapRuleset` (Rules.java) instead of CGSuite's Scala rulesets, and the
constructor that reads .msv files (which needs CGSuite's take-and-break parser) goes.
Everything else of the solver is compiled as published."""
import re
import sys

path = sys.argv[1]
src = open(path, encoding="utf-8").read()


def method_span(text, header):
    """The span of the method whose declaration starts with `header`, braces included."""
    start = text.index(header)
    i = text.index("{", start)
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return start, j + 1
    raise SystemExit(f"unbalanced braces after {header!r}")


src = re.sub(r"^import (org\.cgsuite|scala)\..*;\n", "", src, flags=re.M)
s, e = method_span(src, "public MisereSolver(InputStream msvInputStream)")
src = src[:s] + src[e:]
s, e = method_span(src, "public List<int[]> heapOptions(int heapSize)")
src = src[:s] + "public List<int[]> heapOptions(int heapSize) { return rules.heapOptions(heapSize); }" + src[e:]
if "TakeAndBreak" in src or "CollectionConverters" in src or "msvInputStream" in src:
    raise SystemExit("MisereSolver.java is not the version this patch expects")
open(path, "w", encoding="utf-8").write(src)

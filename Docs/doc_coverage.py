#!/usr/bin/env python3
"""Lists every public or open symbol of the library modules that has no doc comment of its own.

Input: the symbol graphs written by `swift package dump-symbol-graph --minimum-access-level public`
(one `<Module>.symbols.json` per module, plus `<Module>@<Other>.symbols.json` for extensions of other
modules' types). Usage: doc_coverage.py SYMBOLGRAPH_DIR MODULE... ; exit status 1 when a symbol is
undocumented, with one line per symbol (file:line: kind path).

Excluded, with the reason:
- symbols synthesized by the compiler from a protocol extension (identifier contains
  `::SYNTHESIZED::`, e.g. `!=` from `Equatable`): they have no declaration in our sources;
- implementations of a protocol requirement that carry no comment of their own (`memberOf` with a
  `sourceOrigin`, or a `docComment` from another module): DocC shows the requirement's documentation
  for them (`description`, `==`, `hash(into:)`, `makeIterator()`...), and the contract is the
  protocol's. Requirements of our own protocols are themselves symbols and must be documented;
- symbols whose access level is below public (the graphs are dumped at public, this is a guard).
"""
import json
import os
import sys


def load(directory, module):
    graphs = []
    for name in sorted(os.listdir(directory)):
        if name == f"{module}.symbols.json" or name.startswith(f"{module}@"):
            with open(os.path.join(directory, name), encoding="utf-8") as f:
                graphs.append(json.load(f))
    return graphs


def own_comment(symbol, module):
    doc = symbol.get("docComment")
    if not doc:
        return False
    # A comment inherited from a protocol in another module names that module (or has no uri).
    if doc.get("module") not in (None, module):
        return False
    if "uri" not in doc:
        return False
    return any(line.get("text", "").strip() for line in doc.get("lines", []))


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[0])
        print("usage: doc_coverage.py SYMBOLGRAPH_DIR MODULE...")
        return 2
    directory, modules = argv[1], argv[2:]
    missing = []
    total = 0
    for module in modules:
        graphs = load(directory, module)
        if not graphs:
            print(f"no symbol graph for {module} in {directory}")
            return 2
        for graph in graphs:
            implements = {r["source"] for r in graph["relationships"]
                          if r["kind"] == "memberOf" and "sourceOrigin" in r}
            implements |= {r["source"] for r in graph["relationships"]
                           if r["kind"] == "defaultImplementationOf"}
            for symbol in graph["symbols"]:
                precise = symbol["identifier"]["precise"]
                if "::SYNTHESIZED::" in precise:
                    continue
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                total += 1
                if own_comment(symbol, module):
                    continue
                if precise in implements:
                    continue
                location = symbol.get("location", {})
                path = location.get("uri", "?").replace("file://", "")
                path = os.path.relpath(path) if path != "?" else path
                line = location.get("position", {}).get("line", -1) + 1
                kind = symbol["kind"]["identifier"].replace("swift.", "")
                missing.append(f"{path}:{line}: {kind} {module}.{'.'.join(symbol['pathComponents'])}")
    for entry in sorted(set(missing)):
        print(entry)
    count = len(set(missing))
    print(f"{count} of {total} public symbols in {', '.join(modules)} have no doc comment")
    return 1 if count else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

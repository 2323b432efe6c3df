#!/usr/bin/env python3
"""Condenses Benchmarks/RESULTS.md (one run of Benchmarks/run.sh) into the README's benchmark table.

One row per performance target: the cases, MediaTiming's CPU time per item (the range over the
cases), the baselines, and the ratio baseline / MediaTiming in CPU time (the range over the cases;
above 1 MediaTiming is faster), plus the run's date and command. The table replaces the lines between
`<!-- bench-table:begin -->` and `<!-- bench-table:end -->` in README.md.

Usage: readme_bench_table.py [RESULTS.md] [README.md]     (--check: exit 1 if README.md differs)
"""
import re
import sys


def rows(text):
    out = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 7 and re.fullmatch(r"P\d+", cells[0]):
            out.append(cells)
    return out


def ns(text):
    m = re.fullmatch(r"([0-9.]+) (ns|us|ms)", text)
    if not m:
        return None
    return float(m.group(1)) * {"ns": 1, "us": 1e3, "ms": 1e6}[m.group(2)]


def span(values, fmt):
    lo, hi = min(values), max(values)
    return fmt(lo) if fmt(lo) == fmt(hi) else f"{fmt(lo)}–{fmt(hi)}"


def table(results):
    meta = dict(re.findall(r"^- (Date|Command|Machine): (.*)$", results, re.M))
    targets = {}
    for target, case, impl, _wall, _wall_item, cpu_item, ratio, *rest in rows(results):
        entry = targets.setdefault(target, {"cases": [], "mt": [], "baselines": [], "ratios": []})
        if case not in entry["cases"]:
            entry["cases"].append(case)
        if impl == "mt":
            entry["mt"].append(ns(cpu_item))
        elif impl != "mt_per_call":
            if impl not in entry["baselines"]:
                entry["baselines"].append(impl)
            entry["ratios"].append(float(ratio))
    goals = dict(re.findall(r"^- (P\d+): (.*)$", results, re.M))
    lines = [
        f"Latest run: {meta.get('Date', '?')}, {meta.get('Machine', '?')}; command: {meta.get('Command', '?').strip()}",
        "(full table: `Benchmarks/RESULTS.md`). Ratio = baseline CPU time / MediaTiming CPU time per item, over",
        "the cases (above 1: MediaTiming is faster).",
        "",
        "| target | cases | MediaTiming (CPU per item) | baseline | ratio | goal (performance.md) |",
        "|---|---|---|---|---|---|",
    ]
    body = []
    for target, e in targets.items():
        mt = span(e["mt"], lambda v: f"{v:.3g} ns") if e["mt"] else "—"
        ratio = span(e["ratios"], lambda v: f"{v:.2f}") if e["ratios"] else "—"
        baseline = ", ".join(e["baselines"]) or "—"
        body.append((int(target[1:]), f"| {target} | {', '.join(e['cases'])} | {mt} | {baseline} | {ratio} | {goals.get(target, '')} |"))
    for target, goal in goals.items():
        if target not in targets:
            body.append((int(target[1:]), f"| {target} | not in this run | — | — | — | {goal} |"))
    lines += [line for _, line in sorted(body)]
    return "\n".join(lines)


def main(argv):
    check = "--check" in argv
    args = [a for a in argv[1:] if a != "--check"]
    results_path = args[0] if args else "Benchmarks/RESULTS.md"
    readme_path = args[1] if len(args) > 1 else "README.md"
    results = open(results_path, encoding="utf-8").read()
    readme = open(readme_path, encoding="utf-8").read()
    pattern = re.compile(r"(<!-- bench-table:begin -->\n).*?(<!-- bench-table:end -->)", re.S)
    if not pattern.search(readme):
        print(f"{readme_path}: no bench-table markers")
        return 1
    updated = pattern.sub(lambda m: m.group(1) + table(results) + "\n" + m.group(2), readme)
    if check:
        if updated != readme:
            print(f"{readme_path}: the benchmark table differs from {results_path} (run Docs/readme_bench_table.py)")
            return 1
        return 0
    open(readme_path, "w", encoding="utf-8").write(updated)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Writes Benchmarks/RESULTS.md from Google Benchmark's JSON: machine, command, medians, ratios.

Usage: report.py results.json RESULTS.md "command line"
Rows are "<target>/<case>/<implementation>"; every implementation is compared with "mt" of the
same "<target>/<case>" (ratio = other / mt: above 1 means MediaTiming is faster).
"""
import json, sys, platform, re, subprocess

TARGETS = {
    "P1": "<= 10 ns/eval, max error <= 1e-7, >= 2x the WebKit solver (ascending x)",
    "P2": "<= 15 ns/eval (shuffled x)",
    "P3": "<= 10 ns/animation, >= 5x the plain C++ loop + WebKit solver",
    "P4": "<= 1 ns per level (chain); <= 3 ns per layer (tree)",
    "P5": "<= 60 ns length; <= 30 ns/sample at 1e-10",
    "P6": "<= 1 us per frame of the disc-player scene; 0 heap allocations per steady-state frame (counted by the harness's allocator; a row fails if not 0)",
    "P7": "<= 2 s for 1 h at 60 fps through the CLI: measured outside the harness by Benchmarks/p7.sh (see Docs/performance.md)",
    "P8": "<= 1 ns per call over a C++ call",
    "P9": "a custom curve's life (prepare + 120 shuffled evaluations, distinct random curves): >= 2x WebKit's construction + 120 evaluations, max error <= 1e-7",
    "S1": "attaching N animations of the mix to N layers: <= 1 us per animation at 1e5; growth 1e3 -> 1e5 <= 1.5x",
    "S2": "a steady frame with N running animations of the mix: <= 25 ns per animation at 1e5, and faster than the plain C++ loop (cpp_loop_webkit) in the same run",
    "S3": "a churn frame (1 % of the animations starting and 1 % ending): <= 1.3x S2's frame at the same N",
    "S4": "1e5 layers without animations + 100 animated: <= 5 us per frame; growth 1e3 -> 1e5 static layers <= 1.2x",
    "S5": "removing N animated layers one by one: <= 1 us each",
    "S6": "memory per attached basic animation, counted by the harness's allocator: <= 512 bytes",
}
SCALE = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}

SCALED = re.compile(r"^(S\d)/([a-z]+)_1e(\d+)/([a-z_]+)$")

def scale_section(rows):
    """The S rows by size: the per-item cost at each N (CPU time; S6: bytes), its growth from the smallest to
    the largest N of the run, and S3's churn frame against S2's steady frame at the same N."""
    table = {}
    for name, r in rows.items():
        m = SCALED.match(name)
        if not m:
            continue
        target, case, exponent, impl = m.groups()
        if r["error"]:
            value = None
        elif target == "S6":
            value = r["bytes"]
        else:
            value = r["cpu"] / r["n"]
        table.setdefault((target, case, impl), {})[int(exponent)] = value
    if not table:
        return []
    exponents = sorted({e for sizes in table.values() for e in sizes})
    def fmt(target, v):
        if v is None:
            return "failed"
        if target == "S6":
            return f"{v:.0f} B"
        return f"{v/1e3:.2f} us" if v >= 1e3 else f"{v:.2f} ns"
    lines = ["", "## Scale (rows S1-S6)", "",
             "Per item = CPU time per iteration / items (S1-S3: per animation; S4: per frame, N = static "
             "layers; S5: per removed layer; S6: heap bytes per attached animation). Growth = per item at the largest N / per item "
             "at the smallest N of this run.", "",
             "| target | case | implementation | " + " | ".join(f"N = 1e{e}" for e in exponents) +
             f" | growth 1e{exponents[0]} -> 1e{exponents[-1]} |",
             "|---|---|---|" + "---|" * (len(exponents) + 1)]
    if len(exponents) == 1:
        lines[-2] = lines[-2].replace(f" growth 1e{exponents[0]} -> 1e{exponents[0]} |", " growth |")
    for (target, case, impl), sizes in sorted(table.items()):
        cells = [fmt(target, sizes[e]) if e in sizes else "" for e in exponents]
        first, last = sizes.get(exponents[0]), sizes.get(exponents[-1])
        growth = f"{last / first:.2f}x" if first and last is not None and len(exponents) > 1 else ""
        lines.append(f"| {target} | {case} | {impl} | " + " | ".join(cells) + f" | {growth} |")
    churn = table.get(("S3", "churn", "mt"), {})
    steady = table.get(("S2", "steady", "mt"), {})
    ratios = [f"N = 1e{e}: {churn[e] / steady[e]:.2f}" for e in exponents
              if churn.get(e) is not None and steady.get(e)]
    if ratios:
        lines += ["", "S3 churn frame / S2 steady frame (per animation, same N): " + ", ".join(ratios) + "."]
    return lines

def main():
    path, out, command = sys.argv[1], sys.argv[2], sys.argv[3]
    data = json.load(open(path))
    rows = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        if b.get("error_occurred") and "real_time" not in b:
            b = dict(b, real_time=0.0, cpu_time=0.0, time_unit="ns")
        name = b.get("run_name", b["name"])
        t = b["real_time"] * SCALE[b["time_unit"]]
        c = b["cpu_time"] * SCALE[b["time_unit"]]
        rows[name] = {"ns": t, "cpu": c, "n": b.get("n", 1.0), "err": b.get("max_err"),
                      "mismatch": b.get("mismatch"), "allocs": b.get("allocs_per_frame"),
                      "event_allocs": b.get("allocs_per_event_frame"), "event_frames": b.get("event_frames"),
                      "bytes": b.get("bytes_per_animation"),
                      "curve_bytes": b.get("curve_bytes"), "curve_allocs": b.get("curve_allocs"),
                      "error": b.get("error_message") if b.get("error_occurred") else None}
    ctx = data["context"]
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip(); break
    except OSError:
        pass
    lines = ["# Benchmark results", "",
             "Generated by Benchmarks/report.py from one run of the C++ harness (Google Benchmark, medians of "
             "the repetitions). Compare ratios within this run only: the machines are shared and noisy (+-30%).", "",
             f"- Machine: {cpu}, {ctx.get('num_cpus')} CPUs, {platform.system()} {platform.release()}",
             f"- Date: {ctx.get('date')}",
             f"- Command: `{command}`",
             f"- Library build type (libbenchmark itself): {ctx.get('library_build_type')}", "",
             "Per item = median time per iteration / items per iteration. The ratio uses CPU time (this / mt; "
             "above 1: MediaTiming is faster), because wall time on the shared machine includes time spent "
             "waiting for a core.", "",
             "Allocations / frame (P6): heap allocations per steady-state frame (no input, no event), counted by "
             "the harness's counting allocator; frames with an input or an event are reported in the note.", "",
             "| target | case | implementation | median wall / iteration | wall per item | CPU per item | ratio (CPU, this / mt) | max error | allocations / frame | note |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    def fmt_ns(x):
        return f"{x/1e6:.3f} ms" if x >= 1e6 else (f"{x/1e3:.2f} us" if x >= 1e3 else f"{x:.2f} ns")
    seen = set()
    for name in rows:
        parts = name.split("/")
        if len(parts) != 3:
            continue
        target, case, impl = parts
        r = rows[name]
        mt = rows.get(f"{target}/{case}/mt")
        ratio = f"{r['cpu'] / mt['cpu']:.2f}" if mt and impl != "mt" else ("1" if impl == "mt" else "")
        err = f"{r['err']:.2e}" if r["err"] is not None else ""
        note = f"{int(r['mismatch'])} of {int(r['n'])} disagree with the baseline by > 1e-5" if r["mismatch"] is not None else ""
        allocs = f"{r['allocs']:g}" if r["allocs"] is not None else ""
        if r["event_allocs"] is not None:
            note = (f"{100 * (r['event_frames'] or 0):.2f}% of frames have an input or event: "
                    f"{r['event_allocs']:.1f} allocations each")
        if r["bytes"] is not None:
            note = f"{r['bytes']:.0f} bytes per animation (heap growth)"
        if r["curve_bytes"] is not None:
            note = (f"{r['curve_bytes']:.0f} bytes of heap per prepared curve behind its handle, in "
                    f"{r['curve_allocs']:g} allocations")
        if r["error"]:
            note = f"FAILED: {r['error']}"
        lines.append(f"| {target} | {case} | {impl} | {fmt_ns(r['ns'])} | {r['ns'] / r['n']:.2f} ns | "
                     f"{r['cpu'] / r['n']:.2f} ns | {ratio} | {err} | {allocs} | {note} |")
        seen.add(target)
    lines += scale_section(rows)
    lines += ["", "## Targets (Docs/performance.md)", ""]
    for t, text in TARGETS.items():
        lines.append(f"- {t}: {text}{'' if t in seen or 'NOT' in text else ' (no row in this run)'}")
    lines.append("")
    with open(out, "w") as f:
        f.write("\n".join(lines))

main()

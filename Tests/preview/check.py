#!/usr/bin/env python3
"""The preview page in a real browser (headless Chromium), against `mediatiming sample`.

  check.py --bin DIR --work DIR            run every check on Tests/preview/scene.json
  check.py --bin DIR --work DIR --figure   also write Docs/figures/preview-demo.png (a frame of the demo)

Standard library only. Every browser run is a fresh headless Chromium process; the page reads its
fragment (#t=…&probe=1) and writes what it drew into <pre id="probe"> (Docs/preview.md).
"""
import argparse, html, json, math, os, re, struct, subprocess, sys, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCENE = os.path.join(HERE, "scene.json")
TIMES = [0, 0.5, 1.5, 2.25, 3.9]

# Geometry tolerance, in CSS pixels: the page writes geometry with 2 decimals (±0.005 per number:
# position, bounds origin, bounds size; the parent's position and bounds origin add two more) and
# Chromium lays out widths and heights in units of 1/64 px (±1/64 per size, ±1/128 once halved by an
# anchor of 0.5); the transform's entries (±5e-6, ±5e-7 for the perspective column) move a 120-px
# corner by less than 0.001. 5 · 0.005 + 1/64 + 0.001 ≈ 0.042 → 0.05.
GEOMETRY_TOLERANCE = 0.05
# Opacity: 4 decimals (±5e-5); Chromium keeps opacity as a 32-bit float (±3e-8 near 1). → 1e-4.
OPACITY_TOLERANCE = 1e-4
# The play checks: the clock is the sum of the frames' elapsed times × the speed, so clock/elapsed is
# the speed up to double rounding (a few ulps over ~100 additions) → 1e-9.
RATE_TOLERANCE = 1e-9
# One window size for every run: the stage's place on the page depends on the width (the controls wrap).
WINDOW = (1000, 1300)

failures = []

def check(ok, message):
    print(("   ok: " if ok else "   FAIL: ") + message)
    if not ok:
        failures.append(message)

def chromium(args, url, window=None):
    window = window or WINDOW
    cmd = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--force-device-scale-factor=1", "--user-data-dir=" + WORK + "/profile", "--no-first-run",
           "--disable-extensions", "--disable-background-networking", "--window-size=%d,%d" % window] + args + [url]
    run = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60)
    return run.stdout.decode("utf-8")

def probe(page, fragment, extra=()):
    dom = chromium(["--dump-dom"] + list(extra), "file://" + page + "#" + fragment)
    match = re.search(r'<pre id="probe"[^>]*>(.*?)</pre>', dom, re.S)
    if not match or not match.group(1):
        raise SystemExit("no probe output for #" + fragment)
    return json.loads(html.unescape(match.group(1)))

def sample(mediatiming, scene, probes, times):
    scene = dict(scene, sample={"times": times}, probes=probes)
    path = os.path.join(WORK, "sample-scene.json")
    with open(path, "w") as f:
        json.dump(scene, f)
    out = subprocess.run([mediatiming, "sample", path], stdout=subprocess.PIPE, check=True).stdout
    return {s["t"]: s["values"] for s in json.loads(out)["samples"]}

def expected_boxes(scene, values):
    """Each layer's drawn box (axis-aligned, in the roots' coordinates) from the sampled presentation
    values: the frame puts the anchor point at the position in the superlayer's bounds coordinates, the
    transform (row vectors, CA's convention) applies about the anchor point with the perspective divide."""
    origin = {}
    boxes = {}
    for layer in scene["layers"]:
        name = layer["id"]
        px, py = values[name + ".position"]
        bx, by, w, h = values[name + ".bounds"]
        ax, ay = values[name + ".anchorPoint"]
        m = values[name + ".transform"]
        base = (0.0, 0.0)
        if "parent" in layer:
            parent = layer["parent"]
            pbx, pby = values[parent + ".bounds"][:2]
            base = (origin[parent][0] - pbx, origin[parent][1] - pby)
        anchor = (base[0] + px, base[1] + py)
        origin[name] = (anchor[0] - ax * w, anchor[1] - ay * h)
        xs, ys = [], []
        for cx, cy in [(-ax * w, -ay * h), ((1 - ax) * w, -ay * h), (-ax * w, (1 - ay) * h), ((1 - ax) * w, (1 - ay) * h)]:
            X = cx * m[0] + cy * m[4] + m[12]
            Y = cx * m[1] + cy * m[5] + m[13]
            W = cx * m[3] + cy * m[7] + m[15]
            xs.append(anchor[0] + X / W)
            ys.append(anchor[1] + Y / W)
        boxes[name] = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), values[name + ".opacity"])
    return boxes

def read_png(path):
    """(width, height, rows of RGB(A) tuples) of an 8-bit RGB or RGBA PNG, unfiltered."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, color = header[:4]
    assert depth == 8 and color in (2, 6), "8-bit RGB(A) expected"
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        filt = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if filt == 1: line[i] = (line[i] + a) & 255
            elif filt == 2: line[i] = (line[i] + b) & 255
            elif filt == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif filt == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, height, bpp, rows

def pixel(png, x, y):
    width, height, bpp, rows = png
    return tuple(rows[int(y)][int(x) * bpp:int(x) * bpp + 3])

def screenshot(page, fragment, path):
    chromium(["--screenshot=" + path], "file://" + page + "#" + fragment)
    return read_png(path)

def main():
    global WORK
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--figure", action="store_true")
    args = parser.parse_args()
    WORK = os.path.abspath(args.work)
    mediatiming = os.path.join(args.bin, "mediatiming")
    scene = json.load(open(SCENE))
    page = os.path.join(WORK, "scene.html")
    subprocess.run([mediatiming, "preview", SCENE, "--out", page], check=True)
    print("-- geometry and opacity drawn at %s s against mediatiming sample (tolerance %g px, %g)" % (TIMES, GEOMETRY_TOLERANCE, OPACITY_TOLERANCE))
    names = [layer["id"] for layer in scene["layers"]]
    probes = [n + "." + k for n in names for k in ("position", "bounds", "anchorPoint", "transform", "opacity")]
    sampled = sample(mediatiming, scene, probes, TIMES)
    drawn = {}
    for t in TIMES:
        got = probe(page, "t=%g&probe=1" % t)
        drawn[t] = got
        check(abs(got["time"] - t) < 1e-6, "t=%g: the page shows the frame at %s" % (t, got["time"]))
        want = expected_boxes(scene, sampled[t])
        worst = 0.0
        for name in names:
            g, e = got["layers"][name], want[name]
            d = max(abs(g["x"] - e[0]), abs(g["y"] - e[1]), abs(g["width"] - e[2]), abs(g["height"] - e[3]))
            worst = max(worst, d)
            if d > GEOMETRY_TOLERANCE:
                check(False, "t=%g %s: drawn %s, sampled %s" % (t, name, g, e))
            if abs(g["opacity"] - e[4]) > OPACITY_TOLERANCE:
                check(False, "t=%g %s: opacity drawn %s, sampled %s" % (t, name, g["opacity"], e[4]))
        check(worst <= GEOMETRY_TOLERANCE, "t=%g: %d layers, largest geometry difference %.4f px" % (t, len(names), worst))

    print("-- every frame is reachable: a seek to a frame's written time (to the microsecond), and steps forwards and back, land on it")
    fps = 60   # mediatiming preview's default, used above
    for k in range(0, 7):
        written = "%.6f" % (k / fps)   # the page writes times to the microsecond
        got = probe(page, "t=%s&probe=1" % written)
        check(got["frame"] == k, "t=%s: frame %s, expected %d" % (written, got["frame"], k))
    for start, steps in ((0, 5), (0, 1), (3, -1), (6, -4)):
        got = probe(page, "t=%.6f&step=%d&probe=1" % (start / fps, steps))
        check(got["frame"] == start + steps, "from frame %d, %+d steps: frame %s" % (start, steps, got["frame"]))

    print("-- screenshots at 0.5 s and 1.5 s: the moving box's pixels differ, the still layer's do not")
    first = drawn[0.5]
    stage = first["stage"]
    a = screenshot(page, "t=0.5", os.path.join(WORK, "a.png"))
    b = screenshot(page, "t=1.5", os.path.join(WORK, "b.png"))
    ox, oy = first["origin"]["x"], first["origin"]["y"]
    box_a = drawn[0.5]["layers"]["box"]
    centre = (ox + box_a["x"] + box_a["width"] / 2, oy + box_a["y"] + box_a["height"] / 2)
    red = pixel(a, *centre)
    check(red[0] > 180 and red[1] < 60 and red[2] < 60, "the box is drawn red at its 0.5 s place: %s" % (red,))
    check(pixel(b, *centre) != red, "at 1.5 s that place shows something else: %s" % (pixel(b, *centre),))
    still = drawn[0.5]["layers"]["still"]
    sc = (ox + still["x"] + still["width"] / 2, oy + still["y"] + still["height"] / 2)
    check(pixel(a, *sc) == pixel(b, *sc) and pixel(a, *sc) == (51, 51, 51), "the still layer is the same in both: %s" % (pixel(a, *sc),))
    moving = [drawn[t]["layers"][n] for t in (0.5, 1.5) for n in ("box", "spinner", "fader", "frame", "child")]
    outside = 0
    for y in range(int(stage["y"]), int(stage["y"] + stage["height"])):
        for x in range(int(stage["x"]), int(stage["x"] + stage["width"])):
            if pixel(a, x, y) != pixel(b, x, y):
                rx, ry = x - ox, y - oy
                if not any(l["x"] - 1 <= rx <= l["x"] + l["width"] + 1 and l["y"] - 1 <= ry <= l["y"] + l["height"] + 1 for l in moving):
                    outside += 1
    check(outside == 0, "no pixel of the stage changed outside the moving layers' boxes (%d did)" % outside)

    print("-- play: the clock advances with the page's clock, at 100 % and at 25 % (virtual time, 1000 ms)")
    rates = {}
    for speed in (1, 0.25):
        got = probe(page, "play=1&speed=%g&loop=0&probe=1" % speed, ["--virtual-time-budget=1000"])
        played = got.get("played", {"clock": 0, "elapsed": 0})
        # The page ticks on 1/60 s timers from its first tick to the end of the 1 s budget. Chromium ends a
        # virtual-time budget when it next looks, so on a busy machine the page may see more than 1 s
        # pass (1.011 s was seen): no upper bound. Half a second is enough ticks for the ratio below,
        # which is the property: the clock is the elapsed time times the speed.
        check(played["clock"] > 0 and played["elapsed"] >= 0.5, "speed %g: the clock advanced %.4f s in %.4f s" % (speed, played["clock"], played["elapsed"]))
        rate = played["clock"] / played["elapsed"] if played["elapsed"] else 0
        rates[speed] = (rate, got["clock"])
        check(abs(rate - speed) <= RATE_TOLERANCE, "speed %g: clock/elapsed = %.12f" % (speed, rate))
        # The drawn frame follows the clock: its time (to the microsecond) is at most the clock, the next
        # frame's (1/60 s later) above it.
        check(got["time"] <= got["clock"] + 5e-7 < got["time"] + 1 / 60,
              "speed %g: the clock reads %.6f s and the page draws the frame at %.6f s" % (speed, got["clock"], got["time"]))
    check(abs(rates[0.25][0] / rates[1][0] - 0.25) <= RATE_TOLERANCE, "25 % advances the clock a quarter as fast as 100 %")

    print("-- the disc page against mediatiming disc --format json (a next at 1 s: the change at 1.5 s, the new disc turning at 1.9 s)")
    disc_page = os.path.join(WORK, "disc.html")
    events = ["--events", "play@0,next@1", "--until", "2"]
    subprocess.run([mediatiming, "disc"] + events + ["--preview", disc_page], check=True)
    run = json.loads(subprocess.run([mediatiming, "disc"] + events + ["--fps", "60", "--format", "json"], stdout=subprocess.PIPE, check=True).stdout)
    frames = {round(f["time"] * 60): f for f in run["frames"]}
    # The app's geometry: a disc view's frame (20, 140, 335, 335), centre (187.5, 307.5); its artwork
    # 319 × 319 about the same centre. The change group scales the leaving view by 0.9 (reached at
    # 0.2 s, then filled) about its centre and moves it by translationY; a layer turned by a has an
    # axis-aligned box 319 · (|cos a| + |sin a|) wide.
    for t, name, scale in [(1.5, "disc0", 0.9), (1.5, "disc1", 1.0), (1.9, "disc1", 1.0)]:
        f = frames[round(t * 60)]
        d = int(name[-1])
        got = probe(disc_page, "t=%g&probe=1" % t)["layers"]
        cy = 307.5 + f["translationY"][d]
        side = 335 * scale
        view = got[name]
        dv = max(abs(view["x"] - (187.5 - side / 2)), abs(view["y"] - (cy - side / 2)), abs(view["width"] - side), abs(view["height"] - side))
        check(dv <= GEOMETRY_TOLERANCE and abs(view["opacity"] - f["opacities"][d]) <= OPACITY_TOLERANCE,
              "t=%g %s: box off by %.4f px, opacity %.5f (player %.5f)" % (t, name, dv, view["opacity"], f["opacities"][d]))
        a = f["angles"][d]
        box = 319 * scale * (abs(math.cos(a)) + abs(math.sin(a)))
        art = got[name + ".artwork"]
        da = max(abs(art["x"] - (187.5 - box / 2)), abs(art["y"] - (cy - box / 2)), abs(art["width"] - box), abs(art["height"] - box))
        check(da <= GEOMETRY_TOLERANCE, "t=%g %s.artwork turned %.4f rad: box %.3f px wide, off by %.4f px" % (t, name, a, art["width"], da))

    if args.figure:
        print("-- Docs/figures/preview-demo.png: a frame of `mediatiming demo --preview`")
        demo = os.path.join(WORK, "demo.html")
        subprocess.run([mediatiming, "demo", "--preview", demo], check=True, stdout=subprocess.DEVNULL)
        info = probe(demo, "t=15.5&probe=1")
        st = info["stage"]
        # The window's width stays WINDOW's (the layout above the stage depends on it); its height ends
        # below the stage.
        target = os.path.join(ROOT, "Docs", "figures", "preview-demo.png")
        chromium(["--screenshot=" + target], "file://" + demo + "#t=15.5", (WINDOW[0], int(st["y"] + st["height"]) + 12))
        print("   wrote " + os.path.relpath(target, ROOT))

    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    print("all preview checks passed")

if __name__ == "__main__":
    main()

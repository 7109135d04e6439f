#!/usr/bin/env python3
# The "Leak check at exit" table of bench/run.sh (section 5c):
#   leak_report.py alone|section OUTFILE RAW.tsv META.txt
import sys, statistics, collections
mode, outf, rawf, metaf = sys.argv[1:5]
meta = collections.OrderedDict()
for line in open(metaf):
    k, _, v = line.rstrip("\n").partition("=")
    meta[k] = v
rows = [l.rstrip("\n").split("\t") for l in open(rawf)][1:]
ok = collections.defaultdict(list)       # (w, f, det, dl) -> rows
failed = {}
order_w, order_f = [], []
for r in rows:
    rnd, f, w, det, dl, st, u, s, m, e, objs, byts, find, note = (r + [""] * 14)[:14]
    if w not in order_w: order_w.append(w)
    if f not in order_f: order_f.append(f)
    if st != "ok":
        failed[(w, f, det)] = f"detect_leaks={dl}, round {rnd}: {note}"
        continue
    ok[(w, f, det, dl)].append(dict(cpu=float(u) + float(s), wall=float(e), rss=int(m),
        objs=int(objs) if objs else None, byts=int(byts) if byts else None,
        find=int(find) / 1000 if find else None))
med = statistics.median
def col(xs, k): return [x[k] for x in xs if x[k] is not None]
def rng(v, d=2): return f"{min(v):.{d}f}–{max(v):.{d}f}" if v else "—"
out = []
P = out.append
P("## Leak check at exit")
P("")
P("What the leak check at exit costs, ksan's detector beside LeakSanitizer's (in ASan): each workload under ksan "
  "inline and ASan, with `detect_leaks=1` (on) and `detect_leaks=0` (off), the four interleaved and their order "
  f"rotating every round, {meta['runs']} rounds ({int(meta['seconds'])//60} min {int(meta['seconds'])%60} s). The check's cost is the difference of the medians (on − off): CPU "
  "time (user+sys), wall time (the scan is single-threaded and runs after the program's work) and peak RSS (the "
  "check's own tables). ksan runs with `verbosity=1` (on and off) for its own account of each check: the objects "
  "live at exit and their bytes (the heap it scans), and the time it took to find the leaks (stopping the world, "
  "listing the heap, marking from the roots). LeakSanitizer prints no such account. These programs leak nothing: "
  "every run must report nothing and exit 0. The machine is shared: the load averages (1, 5, 15 min) at each round's "
  "start were " + "; ".join(meta["loads"].split("|")) + ".")
P("")
P("| workload | compiler | detector | heap at exit (ksan's count) | CPU s off: median (min–max) | CPU s on: median (min–max) "
  "| CPU on − off | wall on − off | peak RSS on − off | ksan's time to find (median, min–max) | runs on/off |")
P("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
cost = {}
for w in order_w:
    for f in order_f:
        heap = "—"
        kon = ok.get((w, f, "ksan", "1"), [])
        if col(kon, "objs"):
            o, b = med(col(kon, "objs")), col(kon, "byts")
            heap = f"{o:,.0f} objects" + (f", {med(b)/1048576:.1f} MiB" if b else "")
        for det, label in (("ksan", "ksan"), ("asan", "LeakSanitizer (ASan)")):
            if (w, f, det) in failed:
                P(f"| {w} | {f} | {label} | | **FAILED**: {failed[(w, f, det)]} | | | | | | |")
                continue
            on, off = ok.get((w, f, det, "1"), []), ok.get((w, f, det, "0"), [])
            if not on or not off:
                continue
            dc = med(col(on, "cpu")) - med(col(off, "cpu"))
            dw = med(col(on, "wall")) - med(col(off, "wall"))
            dr = (med(col(on, "rss")) - med(col(off, "rss"))) / 1024
            cost[(w, f, det)] = (dc, dw)
            fnd = col(on, "find")
            own = f"{med(fnd):.0f} ms ({rng(fnd, 0)})" if fnd else "—"
            P(f"| {w} | {f} | {label} | {heap if det == 'ksan' else '(the same program)'} "
              f"| {med(col(off, 'cpu')):.2f} ({rng(col(off, 'cpu'))}) | {med(col(on, 'cpu')):.2f} ({rng(col(on, 'cpu'))}) "
              f"| {dc:+.3f} s | {dw:+.3f} s | {dr:+.1f} MiB | {own} | {len(on)}/{len(off)} |")
P("")
for w in order_w:
    for f in order_f:
        k, a = cost.get((w, f, "ksan")), cost.get((w, f, "asan"))
        if k and a:
            P(f"- {w} [{f}]: the check costs ksan {k[0]:+.2f} s CPU ({k[1]:+.2f} s wall), LeakSanitizer {a[0]:+.2f} s CPU "
              f"({a[1]:+.2f} s wall)" + (f"; ksan's own account: {med(col(ok[(w, f, 'ksan', '1')], 'find')):.0f} ms"
              if col(ok[(w, f, 'ksan', '1')], 'find') else ""))
P("")
P("A difference smaller than the spread of the runs (the min–max columns) is noise: the heap at exit of "
  "speedtest1 and of Lua's scripts (which close their state) is a handful of objects (ksan's check then walks "
  "the slab's slots and scans the roots: milliseconds), and only "
  "lua-live_heap (bench/lua/live_heap.lua: records kept in a table, then `os.exit(0)` without closing the state) "
  "leaves a large heap to scan.")
P("")
P("Workloads: " + "; ".join(f"{k[9:]}: `{v}`" for k, v in meta.items() if k.startswith("workload.")) + ". Variants: "
  + "; ".join(f"{k[8:]}: `{v}`" for k, v in meta.items() if k.startswith("variant.")) + ". ASan: "
  + "; ".join(f"{k[13:]}: {v}" for k, v in meta.items() if k.startswith("version.asan.")) + ".")
P("")
sec = "\n".join(out) + "\n"
if mode == "alone":
    head = (f"# ksan benchmark: leak check at exit\n\n- date: {meta['date']}; {meta['runs']} interleaved rounds, "
            f"measuring took {int(meta['seconds'])//60} min {int(meta['seconds'])%60} s\n- machine: {meta['cpu']}\n"
            f"- ksan: {meta['ksan']}\n\n")
    open(outf, "w").write(head + sec)
else:
    text = open(outf).read()
    at = text.find("## Exact commands")
    text = text[:at] + sec + "\n" + text[at:] if at >= 0 else text + "\n" + sec
    open(outf, "w").write(text)

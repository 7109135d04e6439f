#!/usr/bin/env python3
# The main Markdown report of bench/run.sh: run.sh calls it as
#   report.py RAW.tsv META.txt LOGDIR DETECT.tsv > report.md
# (RAW: one line per run; META: key=value lines about the machine, variants, workloads).
import sys, math, statistics, os, collections, random

raw, metaf, logs, detectf = sys.argv[1:5]
meta = collections.OrderedDict()
for line in open(metaf):
    k, _, v = line.rstrip("\n").partition("=")
    meta[k] = v
variants = [k[8:] for k in meta if k.startswith("variant.")]
vinfo = {}
for v in variants:
    cc, fam, kind, env, bfail, arch = ([x.strip() for x in meta["variant." + v].split("|")] + [""])[:6]
    vinfo[v] = dict(cc=cc, fam=fam, kind=kind, env=env, bfail=bfail, arch=arch)
workloads = [k[9:] for k in meta if k.startswith("workload.")]
# aarch64 variants (run under qemu-aarch64, RSS only) have their own section;
# the host's variants keep every other section
a64 = [v for v in variants if vinfo[v]["arch"] == "aarch64"]
host_variants = [v for v in variants if v not in a64]

rows = [l.rstrip("\n").split("\t") for l in open(raw)][1:]
cpu = collections.defaultdict(list); rss = collections.defaultdict(list)
wall = collections.defaultdict(list)       # (w, v) -> wall seconds (the KCSAN table)
hello = collections.defaultdict(list); hello_rss = collections.defaultdict(list)
hello_cpu = collections.defaultdict(list)
fail = {}
cpu_r = collections.defaultdict(dict); rss_r = collections.defaultdict(dict)   # (w, v) -> {round: value}
reported = collections.defaultdict(list)   # (w, v) -> notes of runs with a TSan report
split = collections.defaultdict(list)      # (w, v) -> qemu_rss.py's split of each run (aarch64)
for r in rows:
    rnd, w, v, st, u, s, m, e, note, sp = (r + [""] * 10)[:10]
    if st == "ok" and sp:
        split[(w, v)].append({k: int(x) for k, x in (kv.split("=") for kv in sp.split())})
    if st == "ok" and w == "hello" and v in vinfo and vinfo[v]["arch"] == "aarch64":
        hello_rss[v].append(int(m)); continue
    if st == "reported":
        reported[(w, v)].append(note)
    elif st != "ok":
        fail[(w, v)] = note or "FAILED"
        continue
    if w == "hello":
        hello[v].append(float(e)); hello_rss[v].append(int(m)); hello_cpu[v].append(float(u))
    else:
        cpu[(w, v)].append(float(u) + float(s)); rss[(w, v)].append(int(m))
        if e: wall[(w, v)].append(float(e))
        cpu_r[(w, v)][rnd] = float(u) + float(s); rss_r[(w, v)][rnd] = int(m)

def med(x): return statistics.median(x) if x else None

# ---- confidence intervals: a paired bootstrap over the rounds
# Rounds are interleaved (every variant runs once per round, in a rotating
# order), so the runs of two variants in the same round share the machine's
# state: a resample draws rounds (with replacement) within each workload and
# takes both variants' runs of the drawn rounds; the statistic (median ratio
# per workload, then the geometric mean or other aggregate over the
# workloads) is recomputed on each of BOOT_N resamples; the interval is the
# 2.5th and 97.5th percentiles.  Fewer than 3 common rounds: no interval.
BOOT_N, BOOT_SEED = 2000, 17
def paired(w, a, b, table):
    ta, tb = (cpu_r, cpu_r) if table is cpu else (rss_r, rss_r)
    ra, rb = ta.get((w, a), {}), tb.get((w, b), {})
    common = sorted(set(ra) & set(rb), key=lambda x: int(x) if x.isdigit() else 0)
    return [ra[k] for k in common], [rb[k] for k in common]
def boot(pairs, stat):
    """pairs: per workload (xs, ys) paired by round; stat: aggregate of the per-workload ratios"""
    if not pairs or min(len(p[0]) for p in pairs) < 3: return None
    rng = random.Random(BOOT_SEED)
    vals = []
    for _ in range(BOOT_N):
        rs = []
        for xs, ys in pairs:
            idx = [rng.randrange(len(xs)) for _ in xs]
            mb = statistics.median([ys[i] for i in idx])
            if not mb: break
            rs.append(statistics.median([xs[i] for i in idx]) / mb)
        else:
            vals.append(stat(rs))
    if len(vals) < BOOT_N // 2: return None
    vals.sort()
    return vals[int(0.025 * (len(vals) - 1))], vals[int(math.ceil(0.975 * (len(vals) - 1)))]
def ci_txt(ci, d=2):
    return "" if ci is None else f" [{ci[0]:.{d}f}–{ci[1]:.{d}f}]"
def verdict_of(val, goal, nfail, ci, higher_better=False):
    """met: the whole 95% interval on the right side of the goal; met (point estimate): only the point is"""
    if val is None: return "not measured"
    if nfail: return "NOT met"
    ok = (lambda x: x > goal) if higher_better else (lambda x: x <= goal)
    if not ok(val): return "NOT met"
    if ci is not None and ok(ci[0] if higher_better else ci[1]): return "met"
    return "met (point estimate; the 95% interval is not all below the goal)" if ci is not None else \
           "met (point estimate; no interval: fewer than 3 rounds)"
def gmean(x):
    x = [a for a in x if a]
    return math.exp(sum(math.log(a) for a in x) / len(x)) if x else None
def native_of(v):
    fam = vinfo[v]["fam"]
    for cand in (fam, "gcc", "clang"):
        if cand in vinfo and vinfo[cand]["kind"] == "native" and not vinfo[cand]["bfail"]:
            return cand
    return None
def asan_of(v):
    a = "asan-" + vinfo[v]["fam"]
    return a if a in vinfo and not vinfo[a]["bfail"] else None
def ratio(a, b):
    return a / b if a is not None and b else None
def fx(x, d=2): return "—" if x is None else f"{x:.{d}f}×"
def status(w, v):
    if vinfo[v]["bfail"]: return "FAILED (build)"
    if (w, v) in fail: return "FAILED"
    return None

out = []
P = out.append
quick = meta["quick"] == "1"
P(f"# ksan benchmark results{' (QUICK subset)' if quick else ''}")
P("")
P(f"- date: {meta['date']}; `make bench{'-aarch64' if meta.get('aarch64') == '1' else ''}{' QUICK=1' if quick else ''}` ({meta['runs']} interleaved runs per variant; "
  f"measuring took {int(meta['run_seconds'])//60} min {int(meta['run_seconds'])%60} s, the whole script {int(meta['total_seconds'])//60} min {int(meta['total_seconds'])%60} s)")
P(f"- machine: {meta['cpu']}, {meta['cores']} cores, {meta['mem']}; kernel {meta['kernel']}; {meta['os']}")
P(f"- compilers: {meta['gcc']}; {meta['clang']}")
P(f"- ksan: commit {meta['ksan']}")
P(f"- programs (Debian source packages): {meta['sqlite']}, {meta['lua']}" + (f", {meta['bzip2']}" if meta.get('bzip2') else "")
  + (f", {meta['zstd']}" if meta.get('zstd') else ""))
_l = [float(x) for x in meta.get('loads', '').split()]
if _l:
    P(f"- machine load (1-min load average at the start of each round and at the end): {' '.join(f'{x:.2f}' for x in _l)}"
      + (" — other work ran on the machine during the measurement, so the times are noisier than on an idle machine"
         if max(_l) > float(meta['cores']) * 0.75 else ""))
if host_variants:
  P(f"- CPU time = user + sys, peak RSS = max resident set, both from `/usr/bin/time -f '%U %S %M'`; "
  f"medians over the runs, min–max beside them. ASan variants run with `{meta['asan_env']}` "
  f"(no leak check at exit; LSan's cost is measured on its own, in the leak section); ksan variants run with "
  f"ksan's defaults (256 MiB quarantine, as ASan's, and its leak check at exit, which the ASan variants do not "
  f"run: a few tenths of a millisecond of a hello-world process). kfence-gcc is the native gcc build run with `LD_PRELOAD=build/lib/libksan-kfence.so` "
  f"(KFENCE's defaults: one allocation sampled every 100 ms).")
  P(f"- ×native is against the native build of the same compiler; ×ASan against ASan of the same compiler.")
if a64:
    P(f"- aarch64 variants ({', '.join(a64)}): cross-built, run under `{meta.get('qemu', '?').split(' | ')[1] if ' | ' in meta.get('qemu', '') else 'qemu-aarch64'}` "
      f"({meta.get('qemu', '?').split(' | ')[0]}; {meta.get('a64_gcc', '?')}); peak RSS only, in the section "
      f"\"aarch64 under qemu-aarch64\" below.")
if any(vinfo[v]["kind"] in ("kcsan", "tsan") for v in variants):
    P(f"- kcsan-gcc, kcsan-clang: `ksan-cc --ksan=kcsan` (the compiler's -fsanitize=thread instrumentation, ksan's KCSAN "
      f"runtime: sampled soft watchpoints), ksan's defaults (kcsan_skip_watch=4000, kcsan_udelay=80). tsan-gcc, tsan-clang: "
      f"`-fsanitize=thread` with the compiler's own runtime (gcc: libtsan, clang: compiler-rt), "
      f"{('`' + meta['tsan_env'] + '`') if meta.get('tsan_env') else 'its defaults'}. On SQLite and Lua (one thread: KCSAN's "
      f"fast path) neither may report anything: a KCSAN report fails the variant; a TSan report is counted and shown. "
      f"mt-hashtable-N: bench/mt/hashtable.c, N threads on a striped-lock hash table, {meta.get('mt_ops', '?')} operations "
      f"in all; only the native, kcsan and tsan variants run it.")
if any(vinfo[v]["kind"] in ("kmsan", "msan") for v in variants):
    P(f"- kmsan-clang: `ksan-cc --ksan=kmsan` (clang -fsanitize=kernel-memory: origins always on, chained at every store "
      f"of an uninitialised value; eager checks of arguments), ksan's defaults. msan-clang: clang's MemorySanitizer with "
      f"`-fsanitize-memory-track-origins=2`, the MSan origin level that chains at stores too (the comparable setting), "
      f"run with {('`' + meta['msan_env'] + '`') if meta.get('msan_env') else 'its defaults'}. Both must report nothing: "
      f"a run with a report counts as FAILED and its report is shown under Failures.")
_exp = {k[7:]: v.split(" | ") for k, v in meta.items() if k.startswith("expect.")}
if _exp:
    P("- output check: every run's stdout must equal the reference run's (speedtest1 runs with `--verify`: its result-row "
      "hash is compared, its timings are not; bzip2: the decompressed output must equal the input (cmp) and the .bz2's "
      "sha256 is compared; Lua: the scripts' printed results). Reference: the first good run of the native build when one "
      "runs the workload, else (no native variant) the first good run of any variant, so variants that disagree fail. "
      "This run's references: " + "; ".join(f"{w}: {ref[0]}{' (native)' if len(ref) > 1 and ref[1] else ' (no native variant)'}"
                                           for w, ref in sorted(_exp.items())) + ".")
P("")

# ---- the main table
if host_variants:
  P("## CPU time and peak RSS")
  P("")
  P("| workload | variant | CPU s (median) | min–max | ×native | ×ASan | peak RSS MiB | min–max | RSS ×native | RSS ×ASan | .text KiB |")
  P("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
def text_kib(w, v):	# the workload's program's code size (run.sh's text.VARIANT.BINARY), or ""
    b = meta.get("workload." + w, "").split(" ")[0].replace("-roundtrip", "")
    t = meta.get(f"text.{v}.{b}", "")
    return f"{int(t) / 1024:.0f}" if t.isdigit() else ""
for w in workloads if host_variants else []:
    for v in host_variants:
        st = status(w, v)
        if st:
            P(f"| {w} | {v} | **{st}** | | | | | | | | |"); continue
        c, m = cpu.get((w, v)), rss.get((w, v))
        if not c: continue
        n, a = native_of(v), asan_of(v)
        cn = med(cpu.get((w, n), [])) if n else None
        ca = med(cpu.get((w, a), [])) if a else None
        mn = med(rss.get((w, n), [])) if n else None
        ma = med(rss.get((w, a), [])) if a else None
        xa = (fx(ratio(med(c), ca)) + ci_txt(boot([paired(w, v, a, cpu)], lambda r: r[0]) if ca else None)) \
            if vinfo[v]["kind"].startswith("ksan") else ""
        ra = fx(ratio(med(m), ma)) if vinfo[v]["kind"].startswith("ksan") else ""
        xn = "" if vinfo[v]["kind"] == "native" and n == v else \
            fx(ratio(med(c), cn)) + ci_txt(boot([paired(w, v, n, cpu)], lambda r: r[0]) if cn else None)
        rn = "" if vinfo[v]["kind"] == "native" and n == v else fx(ratio(med(m), mn))
        P(f"| {w} | {v} | {med(c):.2f} | {min(c):.2f}–{max(c):.2f} | {xn} | {xa} | "
          f"{med(m)/1024:.1f} | {min(m)/1024:.1f}–{max(m)/1024:.1f} | {rn} | {ra} | {text_kib(w, v)} |")
if host_variants:
  P("")

# ---- before and after (run.sh --base-build): each VARIANT beside VARIANT@base,
# the same sources built by another ksan (an older commit), interleaved in the same rounds
_based = [v for v in host_variants if v + "@base" in vinfo]
if _based:
    P("## Before and after")
    P("")
    _bt = meta['ksan'].split('BASE = --base-build): ', 1)
    P("Each ksan variant beside the same variant built by the base ksan (`--base-build`: `VARIANT@base`, "
      f"commit {_bt[1] if len(_bt) > 1 else '?'}), in the same interleaved rounds. "
      "after/before is the ratio of the medians (CPU time user+sys, peak RSS); [a–b] is its paired-bootstrap "
      "95% interval over the rounds. Below 1: the current build is faster or smaller.")
    P("")
    P("| workload | variant | CPU s after | CPU s before | CPU after/before | RSS MiB after | RSS MiB before | RSS after/before |")
    P("|---|---|---:|---:|---:|---:|---:|---:|")
    for v in _based:
        b = v + "@base"
        for w in workloads:
            if not (cpu.get((w, v)) or cpu.get((w, b)) or status(w, v) or status(w, b)): continue
            if status(w, v) or status(w, b):
                P(f"| {w} | {v} | {status(w, v) or ''} | {status(w, b) or ''} | | | | |"); continue
            ca, cb = med(cpu.get((w, v), [])), med(cpu.get((w, b), []))
            ma, mb = med(rss.get((w, v), [])), med(rss.get((w, b), []))
            if ca is None or cb is None: continue
            P(f"| {w} | {v} | {ca:.2f} | {cb:.2f} | {fx(ratio(ca, cb), 3)}"
              f"{ci_txt(boot([paired(w, v, b, cpu)], lambda r: r[0]), 3)} | {ma/1024:.1f} | {mb/1024:.1f} | "
              f"{fx(ratio(ma, mb), 3)}{ci_txt(boot([paired(w, v, b, rss)], lambda r: r[0]), 3)} |")
    for v in _based:   # start-up: hello world's CPU time per process (not in the geomeans)
        ha, hb = med(hello_cpu.get(v, [])), med(hello_cpu.get(v + "@base", []))
        if ha is not None and hb is not None:
            P(f"| hello, ms CPU a process | {v} | {ha:.3f} | {hb:.3f} | {fx(ratio(ha, hb), 3)} | | | |")
    def _gm(vs, table):   # geomean of after/before over vs's workloads, with its interval
        xs, pr = [], []
        for v in vs:
            b = v + "@base"
            ok = [w for w in workloads if not (status(w, v) or status(w, b))
                  and med(table.get((w, v), [])) and med(table.get((w, b), []))]
            xs += [med(table[(w, v)]) / med(table[(w, b)]) for w in ok]
            pr += [paired(w, v, b, table) for w in ok]
        return (f"**{fx(gmean(xs), 3)}**{ci_txt(boot(pr, gmean), 3)}" if xs else "—"), len(xs)
    for v in _based:
        (c, _), (m, _) = _gm([v], cpu), _gm([v], rss)
        P(f"| **geomean** | {v} | | | {c} | | | {m} |")
    (c, n), (m, _) = _gm(_based, cpu), _gm(_based, rss)
    P(f"| **geomean, all** | {n} workload × variant pairs | | | {c} | | | {m} |")
    P("")

# ---- what differs between ksan and ASan besides the runtime
if any(vinfo[v]["kind"] == "asan" for v in host_variants) and any(vinfo[v]["kind"].startswith("ksan") for v in host_variants):
    P("What differs between the ksan and ASan variants besides the runtime (issue 17), and what this run does about it:")
    P("")
    P("- **Runtime linking.** gcc's `-fsanitize=address` links libasan dynamically (PLT calls into libasan.so, "
      "relocations at start-up); ksan is a static archive, and clang links its ASan runtime statically too. "
      + ("asan-static-gcc is gcc's ASan linked with `-static-libasan` (the same objects as asan-gcc): the like-for-like one for gcc. "
         if "asan-static-gcc" in vinfo else "(asan-static-gcc, `-static-libasan`, was not in this run.) "))
    P("- **Malloc fill.** ASan fills the first `max_malloc_fill_size` bytes (default 4096) of every allocation with 0xbe "
      "(`malloc_fill_byte`); ksan fills nothing. "
      + ("asan-nofill-gcc runs asan-gcc's binaries with `max_malloc_fill_size=0`, ASan without that work. "
         if "asan-nofill-gcc" in vinfo else "(asan-nofill-gcc, `max_malloc_fill_size=0`, was not in this run.) "))
    P("- **Use-after-return instrumentation.** GCC: gcc's ASan builds carry the fake-stack code (checked at run time, off "
      "by default), and ksan-cc compiles GCC units for use-after-return by default too (commit 20944f7, off at run time): "
      "alike. Clang: clang's ASan builds carry it too (`-fsanitize-address-use-after-return=runtime`, clang 14's default, "
      "off at run time), ksan's clang builds (`-fsanitize=kernel-address`) have none: asan-clang does work ksan-clang does "
      "not. " + ("asan-nouar-clang is clang's ASan with `-fsanitize-address-use-after-return=never`. "
                 if "asan-nouar-clang" in vinfo else "(asan-nouar-clang, `=never`, can be picked with --variants.) "))
    P("- **Leak check.** ASan runs with `detect_leaks=0`; ksan runs its leak check at exit (its defaults; milliseconds on "
      "these programs, measured in \"Leak check at exit\" when that section runs).")
    P("- ×ASan in the table and the headline ratios are against asan-gcc / asan-clang (the compilers' defaults); "
      "the headline has the like-for-like ratios beside them.")
    P("")

# ---- KMSAN beside MemorySanitizer
_km = [v for v in variants if vinfo[v]["kind"] == "kmsan"]
_ms = [v for v in variants if vinfo[v]["kind"] == "msan"]
if _km or _ms:
    k = _km[0] if _km else None
    m = _ms[0] if _ms else None
    P("## KMSAN beside MemorySanitizer (clang)")
    P("")
    P("CPU time and peak RSS medians; reports: every run of the workload must print none (0), a report fails the variant.")
    P("")
    P("| workload | KMSAN CPU s | MSan CPU s | CPU KMSAN / MSan | KMSAN ×native | MSan ×native | KMSAN peak RSS MiB | MSan peak RSS MiB | RSS KMSAN / MSan | KMSAN reports | MSan reports |")
    P("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    def _get(v, w, table):
        return med(table.get((w, v), [])) if v and not status(w, v) else None
    def _rep(v, w):
        if not v: return "—"
        st = status(w, v)
        if not st: return "0" if cpu.get((w, v)) else "—"
        return f"**{st}**" + (": " + fail[(w, v)].replace("|", "\\|") if (w, v) in fail else "")
    for w in workloads:
        kc, mc = _get(k, w, cpu), _get(m, w, cpu)
        kr, mr = _get(k, w, rss), _get(m, w, rss)
        n = native_of(k or m)
        nc = med(cpu.get((w, n), [])) if n else None
        f1 = lambda x: "—" if x is None else f"{x:.2f}"
        f2 = lambda x: "—" if x is None else f"{x/1024:.1f}"
        P(f"| {w} | {f1(kc)} | {f1(mc)} | {fx(ratio(kc, mc))} | {fx(ratio(kc, nc))} | {fx(ratio(mc, nc))} | "
          f"{f2(kr)} | {f2(mr)} | {fx(ratio(kr, mr))} | {_rep(k, w)} | {_rep(m, w)} |")
    P("")

# ---- KCSAN beside ThreadSanitizer
_kc = [v for v in variants if vinfo[v]["kind"] == "kcsan"]
_ts = [v for v in variants if vinfo[v]["kind"] == "tsan"]
kcsan_goals = []
det = [l.rstrip("\n").split("\t") for l in open(detectf)][1:] if os.path.exists(detectf) else []
if _kc or _ts:
    def tsan_of(v):
        t = "tsan-" + vinfo[v]["fam"]
        return t if t in vinfo and not vinfo[t]["bfail"] else None
    P("## KCSAN beside ThreadSanitizer")
    P("")
    P("CPU time (user+sys) and peak RSS medians over the runs. On SQLite and Lua the program has one thread: this is "
      "KCSAN's fast path (no watchpoint is ever set up in a single-threaded process). "
      "mt-hashtable-N is the correct build of bench/mt/hashtable.c (N threads, striped locks, relaxed atomic statistics). "
      "mt-zstd is Debian's zstd compressing with two worker threads (-T2), then decompressing. "
      "Wall: elapsed time, median (on a shared machine it measures the load as much as the program). "
      "Reports: every run must print none.")
    P("")
    P("| workload | variant | CPU s | ×native | ×TSan | wall s | wall ×native | wall ×TSan | peak RSS MiB | RSS ×native | RSS ×TSan | reports |")
    P("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for w in workloads:
        for v in _kc + _ts:
            st = status(w, v)
            if st:
                P(f"| {w} | {v} | **{st}** | | | | | | | | | {fail.get((w, v), '').replace('|', chr(92) + '|')} |"); continue
            c, m = cpu.get((w, v)), rss.get((w, v))
            if not c: continue
            n = native_of(v); t = tsan_of(v) if vinfo[v]["kind"] == "kcsan" else None
            cn = med(cpu.get((w, n), [])) if n else None
            mn = med(rss.get((w, n), [])) if n else None
            ct = med(cpu.get((w, t), [])) if t and not status(w, t) else None
            mt = med(rss.get((w, t), [])) if t and not status(w, t) else None
            el = med(wall.get((w, v), []))
            en = med(wall.get((w, n), [])) if n else None
            et = med(wall.get((w, t), [])) if t and not status(w, t) else None
            wtxt = f"{el:.2f} | {fx(ratio(el, en))} | {fx(ratio(el, et)) if t else ''}" if el is not None else "— | | "
            rep_ = reported.get((w, v))
            rtxt = f"**{len(rep_)} of {len(c)} runs reported**: {rep_[0].replace('|', chr(92) + '|')}" if rep_ else "0"
            P(f"| {w} | {v} | {med(c):.2f} | {fx(ratio(med(c), cn))} | {fx(ratio(med(c), ct)) if t else ''} | {wtxt} | "
              f"{med(m)/1024:.1f} | {fx(ratio(med(m), mn))} | {fx(ratio(med(m), mt)) if t else ''} | {rtxt} |")
    P("")
    # per compiler: geomeans over the workloads, all / one thread / threaded
    P("KCSAN / TSan, same compiler (geometric mean over the workloads; worst workload in brackets):")
    P("")
    P("| compiler | CPU, all workloads | CPU, SQLite+Lua+bzip2 (1 thread) | CPU, mt-* (threads) | RSS, all workloads | RSS, SQLite+Lua+bzip2 | RSS, mt-* |")
    P("|---|---:|---:|---:|---:|---:|---:|")
    for k in _kc:
        t = tsan_of(k)
        if not t: continue
        cells = []
        for table in (cpu, rss):
            for si, sel in enumerate((lambda w: True, lambda w: not w.startswith("mt-"), lambda w: w.startswith("mt-"))):
                xs = []
                for w in workloads:
                    if not sel(w) or status(w, k) or status(w, t): continue
                    a, b = med(table.get((w, k), [])), med(table.get((w, t), []))
                    if a and b: xs.append(a / b)
                cells.append(f"{fx(gmean(xs))} ({fx(max(xs))})" if xs else "—")
                if si == 0:   # the goals are on all the workloads
                    nfail = sum(1 for w in workloads if status(w, k) or status(w, t))
                    kcsan_goals.append((("peak RSS: " if table is rss else "") + f"KCSAN / TSan, geomean over the workloads [{vinfo[k]['fam']}]",
                                        gmean(xs) if xs else None, 0.20 if table is rss else 0.25, nfail))
        P(f"| {vinfo[k]['fam']} | " + " | ".join(cells) + " |")
        # issue 29: on the multithreaded real program, KCSAN's wall time below TSan's
        for w in workloads:
            if w == "mt-zstd" and not status(w, k) and not status(w, t):
                a, b = med(wall.get((w, k), [])), med(wall.get((w, t), []))
                kcsan_goals.append((f"wall: KCSAN / TSan on {w} [{vinfo[k]['fam']}]", ratio(a, b), 1.0, 0))
    P("")
    # ---- the planted race
    if det:
        R = int(meta.get("detect_runs", "0") or 0)
        P(f"### The planted race (bench/mt/hashtable.c -DPLANTED_RACE), {R} runs per detector and thread count")
        P("")
        P("One statistics counter (lookup misses) is incremented with a plain `++` outside any lock by every thread, "
          "in `ht_lookup`, about once per three operations; everything else is as in the correct build. "
          "Default options (KCSAN: skip 4000, udelay 80 µs; TSan: its defaults). A run *found* the race when it "
          "reported it and nothing else (KCSAN: a report titled `data-race in ht_lookup / ht_lookup` or, of "
          "unknown origin, `in ht_lookup`; TSan: a data-race warning whose two accesses are in `ht_lookup`).")
        P("")
        P("| workload | variant | found the race | missed | failed | CPU s of a racy run (median) | peak RSS MiB (median) |")
        P("|---|---|---:|---:|---:|---:|---:|")
        drows = collections.OrderedDict()
        for r in det:
            rnd, w, v, res, nrep, planted, u, s_, m, e, note = (r + [""] * 11)[:11]
            drows.setdefault((w, v), []).append((res, u, s_, m, note))
        for (w, v), lst in sorted(drows.items(), key=lambda kv: (workloads.index(kv[0][0]) if kv[0][0] in workloads else 99,
                                                                  variants.index(kv[0][1]) if kv[0][1] in variants else 99)):
            nf = sum(1 for x in lst if x[0] == "found"); nm = sum(1 for x in lst if x[0] == "missed")
            nx = sum(1 for x in lst if x[0] == "FAILED")
            cs = [float(x[1]) + float(x[2]) for x in lst if x[1]]
            ms = [int(x[3]) for x in lst if x[3]]
            P(f"| {w} | {v} | **{nf}/{len(lst)} runs** | {nm} | {nx}{(': ' + next(x[4] for x in lst if x[0] == 'FAILED')) if nx else ''} | "
              f"{'—' if not cs else f'{med(cs):.2f}'} | {'—' if not ms else f'{med(ms)/1024:.1f}'} |")
            if vinfo.get(v, {}).get("kind") == "kcsan":
                kcsan_goals.append((f"planted race found by {v} in most runs ({w})", nf / len(lst) if lst else None, 0.5, nx))
        P("")
    P("KCSAN's goals: CPU time at most 0.25× ThreadSanitizer's and peak RSS at most 0.2× (same compiler, geometric mean "
      "over the workloads), wall time below TSan's on mt-zstd, and the planted race found in most runs.")
    P("")
    for label, val, goal, nfail in kcsan_goals:
        if val is None:
            verdict = "not measured"
        elif label.startswith("planted"):
            verdict = "met" if val > goal and not nfail else "NOT met"
        else:
            verdict = "met" if val <= goal and not nfail else "NOT met"
        if label.startswith("planted"):
            sval = "—" if val is None else f"{val:.0%} of the runs"
            P(f"- {label}: {sval} (goal: more than half): **{verdict}**" + (f", {nfail} run(s) FAILED" if nfail else ""))
        else:
            sval = "—" if val is None else f"{val:.2f}×"
            P(f"- {label}: {sval} (goal <= {goal:g}×): **{verdict}**" + (f", {nfail} workload(s) FAILED" if nfail else ""))
    P("")

# ---- hello world
if hello or any(k[0] == "hello" and k[1] in host_variants for k in fail):
    P(f"## Start-up: hello world ({meta['hello_n']} sequential processes per measurement, from a shell loop)")
    P("")
    P("Wall = elapsed time of the loop / processes; CPU = user+sys of the loop's processes / processes "
      "(the shell's fork+exec is in both, alike for every variant; CPU time is not inflated by other work on the machine).")
    P("")
    P("| variant | wall ms/process (median) | min–max | wall vs native (ms) | CPU ms/process (median) | min–max | CPU vs native (ms) | peak RSS MiB |")
    P("|---|---:|---:|---:|---:|---:|---:|---:|")
    for v in host_variants:
        if vinfo[v]["bfail"] or ("hello", v) in fail:
            P(f"| {v} | **FAILED** | | | | | | |"); continue
        h = hello.get(v); hc = hello_cpu.get(v)
        if not h: continue
        n = native_of(v)
        d = med(h) - med(hello[n]) if n in hello and n != v else None
        dc = med(hc) - med(hello_cpu[n]) if n in hello_cpu and n != v else None
        P(f"| {v} | {med(h):.3f} | {min(h):.3f}–{max(h):.3f} | {'' if d is None else f'{d:+.3f}'} | "
          f"{med(hc):.3f} | {min(hc):.3f}–{max(hc):.3f} | {'' if dc is None else f'{dc:+.3f}'} | {med(hello_rss[v])/1024:.1f} |")
    P("")

# ---- headline ratios (the host's variants; dropped below when there are none)
headline_at = len(out)
P("## Headline ratios (geometric mean over the workloads, CPU time)")
P("")
P(f"Each ratio is the geometric mean (or the named aggregate) over the workloads of median(variant) / median(base). "
  f"In brackets its 95% confidence interval: a bootstrap over the rounds, {BOOT_N} resamples (seed {BOOT_SEED}), "
  f"drawing rounds with replacement within each workload and pairing the two variants' runs of the same round "
  f"(rounds are interleaved), percentiles 2.5 and 97.5; none with fewer than 3 rounds. The main table's ×native and "
  f"×ASan have the same interval per workload.")
P("")
fams = [f for f in ("gcc", "clang") if any(vinfo[v]["fam"] == f for v in host_variants)]
def series(v, base, table=cpu):
    xs = []
    for w in workloads:
        if status(w, v) or (base and status(w, base)): continue
        a, b = med(table.get((w, v), [])), med(table.get((w, base), []))
        if a and b: xs.append(a / b)
    return xs
goals = []
P("| ratio | " + " | ".join(fams) + " |")
P("|---|" + "---:|" * len(fams))
def line(label, f_pair, table=cpu, stat=gmean, fmt=fx, goal=None):
    cells = []
    for f in fams:
        a, b = f_pair(f)
        if a not in vinfo or b not in vinfo: cells.append("—"); continue
        xs = series(a, b, table)
        nfail = sum(1 for w in workloads if status(w, a) or status(w, b))
        val = stat(xs) if xs else None
        ci = None
        if xs:
            pr = [paired(w, a, b, table) for w in workloads
                  if not (status(w, a) or (b and status(w, b))) and med(table.get((w, a), [])) and med(table.get((w, b), []))]
            ci = boot(pr, stat)
        c = fmt(val) + ci_txt(ci)
        if nfail: c += f" ({nfail} workload{'s' if nfail > 1 else ''} FAILED)"
        cells.append(c)
        if goal: goals.append((f"{label} [{f}]", val, goal, nfail, ci))
    P(f"| {label} | " + " | ".join(cells) + " |")
nat = lambda f: f if f in vinfo else ("gcc" if "gcc" in vinfo else None)
line("ksan inline / native", lambda f: (f"ksan-inline-{f}", nat(f)))
line("ksan outline / native", lambda f: (f"ksan-outline-{f}", nat(f)))
line("ASan / native", lambda f: (f"asan-{f}", nat(f)))
line("KFENCE (LD_PRELOAD, native binary) / native", lambda f: (f"kfence-{f}", nat(f)))
line("ksan inline / ASan", lambda f: (f"ksan-inline-{f}", f"asan-{f}"), goal=0.70)
line("ksan inline / ASan, worst workload", lambda f: (f"ksan-inline-{f}", f"asan-{f}"), stat=lambda xs: max(xs), goal=0.90)
if any(f"asan-static-{f}" in vinfo for f in fams): line("ksan inline / ASan -static-libasan", lambda f: (f"ksan-inline-{f}", f"asan-static-{f}"))
if any(f"asan-nofill-{f}" in vinfo for f in fams): line("ksan inline / ASan max_malloc_fill_size=0", lambda f: (f"ksan-inline-{f}", f"asan-nofill-{f}"))
if any(f"asan-nouar-{f}" in vinfo for f in fams): line("ksan inline / ASan without use-after-return code", lambda f: (f"ksan-inline-{f}", f"asan-nouar-{f}"))
line("ksan inline / ASan, median over workloads", lambda f: (f"ksan-inline-{f}", f"asan-{f}"), stat=med)
# the floors (run.sh's floor variants, issue 29): what a goal could reach at best
if any(f"ksan-inline-{f}-noreads" in vinfo for f in fams):
    line("floor: no load checked / ASan", lambda f: (f"ksan-inline-{f}-noreads", f"asan-{f}"))
    line("floor: no load checked / ASan, worst workload", lambda f: (f"ksan-inline-{f}-noreads", f"asan-{f}"), stat=lambda xs: max(xs))
if any(f"ksan-inline-{f}-nochecks" in vinfo for f in fams):
    line("floor: no access checked / ASan", lambda f: (f"ksan-inline-{f}-nochecks", f"asan-{f}"))
if any(f"ksan-inline-{f}-twostage" in vinfo for f in fams):
    line("two-stage load check, first stage only / ASan", lambda f: (f"ksan-inline-{f}-twostage", f"asan-{f}"))
    line("two-stage load check, first stage only / ASan, worst workload", lambda f: (f"ksan-inline-{f}-twostage", f"asan-{f}"), stat=lambda xs: max(xs))
line("ksan outline / ksan inline", lambda f: (f"ksan-outline-{f}", f"ksan-inline-{f}"), goal=1.50)
if any(f"ksan-outline-{f}-nullcheck" in vinfo for f in fams):
    line("floor: outline entry points that only return / ksan inline", lambda f: (f"ksan-outline-{f}-nullcheck", f"ksan-inline-{f}"))
if any(f"asan-outline-{f}" in vinfo for f in fams):
    line("ASan outline / ASan inline (ASan's own call per access)", lambda f: (f"asan-outline-{f}", f"asan-{f}"))
    line("ksan outline / ASan outline", lambda f: (f"ksan-outline-{f}", f"asan-outline-{f}"))
line("peak RSS: ksan inline / native", lambda f: (f"ksan-inline-{f}", nat(f)), table=rss)
line("peak RSS: ASan / native", lambda f: (f"asan-{f}", nat(f)), table=rss)
line("peak RSS: ksan inline / ASan", lambda f: (f"ksan-inline-{f}", f"asan-{f}"), table=rss)
line("peak RSS: ksan inline / ASan, worst workload", lambda f: (f"ksan-inline-{f}", f"asan-{f}"),
     table=rss, stat=lambda xs: max(xs), goal=1.00)
line("KMSAN / native", lambda f: (f"kmsan-{f}", nat(f)))
line("MSan (origins=2) / native", lambda f: (f"msan-{f}", nat(f)))
line("KMSAN / MSan (origins=2)", lambda f: (f"kmsan-{f}", f"msan-{f}"), goal=1.50)
line("KCSAN / native", lambda f: (f"kcsan-{f}", nat(f)), goal=2.00)
if any(f"kcsan-{f}-nullrt" in vinfo for f in fams):
    line("floor: TSan access entry points that only return / native", lambda f: (f"kcsan-{f}-nullrt", nat(f)))
    if any(f"tsan-{f}" in vinfo for f in fams):
        line("floor: TSan access entry points that only return / TSan", lambda f: (f"kcsan-{f}-nullrt", f"tsan-{f}"))
if any(f"kcsan-{f}-calls" in vinfo for f in fams):
    line("KCSAN, a call per access (--ksan-no-opt) / native", lambda f: (f"kcsan-{f}-calls", nat(f)))
line("TSan / native", lambda f: (f"tsan-{f}", nat(f)))
line("KCSAN / TSan", lambda f: (f"kcsan-{f}", f"tsan-{f}"))
line("peak RSS: KCSAN / TSan", lambda f: (f"kcsan-{f}", f"tsan-{f}"), table=rss)
line("peak RSS: KMSAN / MSan (origins=2), worst workload", lambda f: (f"kmsan-{f}", f"msan-{f}"),
     table=rss, stat=lambda xs: max(xs), goal=1.00)
def hello_delta(a, n, table):
    if a in table and n in table: return med(table[a]) - med(table[n])
    return None
for kind, label in (("ksan-inline", "ksan inline"), ("asan", "ASan")):
    for tname, table in (("CPU", hello_cpu), ("wall", hello)):
        cells = []
        for f in fams:
            d = hello_delta(f"{kind}-{f}", nat(f), table)
            cells.append("—" if d is None else f"{d:+.3f} ms")
            if kind == "ksan-inline" and tname == "CPU" and f"ksan-inline-{f}" in vinfo:
                goals.append((f"hello-world start-up (CPU time), ksan inline - native [{f}]", d, 1.0, 0, None))
        P(f"| hello world start-up, {tname}: {label} - native | " + " | ".join(cells) + " |")
P("")

P("## The goals (issues 4, 17 and 29: ksan against ASan; issue 11: KMSAN against MSan; issue 29: KCSAN against TSan and native)")
P("")
P("A goal is **met** only when the whole 95% interval of its ratio is at or below the goal; **met (point estimate)** "
  "when the ratio is but the interval reaches above it (the run cannot tell); **NOT met** when the ratio is above it "
  "or a workload failed. Start-up and KCSAN goals have no interval (point estimates).")
P("")
for g in goals + [g + (None,) for g in kcsan_goals if not g[0].startswith("planted")]:
    label, val, goal, nfail, ci = g[:5]
    verdict = verdict_of(val, goal, nfail, ci)
    unit = " ms" if "start-up" in label else "×"
    sval = "—" if val is None else (f"{val:+.3f}{unit}" if unit == " ms" else f"{val:.2f}{unit}" + (f", 95% interval {ci[0]:.2f}–{ci[1]:.2f}" if ci else ""))
    P(f"- {label}: {sval} (goal <= {goal:g}{unit.strip() if unit == ' ms' else '×'}): **{verdict}**"
      + (f", {nfail} workload(s) FAILED" if nfail else ""))
P("")
if not host_variants:
    del out[headline_at:]

# ---- aarch64 under qemu-aarch64 (issue 13): peak RSS only
a64_goals = []
if a64:
    WBIN_OF = {w: meta["workload." + w].split()[0] for w in workloads}
    def a64_nat(v):   # the aarch64 native build of the same compiler
        n = "a64-" + vinfo[v]["fam"]
        return n if n in vinfo and not vinfo[n]["bfail"] else None
    def a64_var(kind, fam):
        for v in a64:
            if vinfo[v]["kind"] == kind and vinfo[v]["fam"] == fam: return v
        return None
    def ok(w, v): return v is not None and not status(w, v) and rss.get((w, v)) if w != "hello" else v in hello_rss
    def total(w, v):  # median peak RSS (KiB) of the qemu process
        if w == "hello": return med(hello_rss.get(v, []))
        return med(rss[(w, v)]) if ok(w, v) else None
    def part(w, v, key):  # median of one qemu_rss.py field (KiB)
        xs = [x.get(key) for x in split.get((w, v), []) if x.get(key) is not None]
        return med(xs) if xs else None
    def over(a, b): return a - b if a is not None and b is not None else None
    def mib(x, sign=False):
        if x is None: return "—"
        return f"{x/1024:+.1f}" if sign else f"{x/1024:.1f}"
    def rat(a, b): return "—" if a is None or not b else f"{a/b:.2f}×"
    P("## aarch64 under qemu-aarch64: peak RSS (issue 13)")
    P("")
    P("Times under an emulator mean little, so only memory is compared. **Peak RSS** is the qemu-aarch64 process's "
      "ru_maxrss (what `/usr/bin/time -f %M` reports): the guest program's memory plus qemu's own (its code and libraries, "
      "the translated-code buffer, its heap with the translation-block metadata, page descriptors and, for PROT_MTE "
      "pages, the MTE allocation tags: 4 bits per 16-byte granule, 128 bytes per 4 KiB page). **Overhead** = variant − "
      "native of the same compiler, so qemu's fixed part (the hello row) cancels; what does not cancel is qemu's part that "
      "grows with the variant: more code to translate (instrumentation) and MTE tag storage. **Guest** is the part "
      "of qemu's RSS at the guest's own addresses (bench/qemu_rss.py: qemu-user 7.2 emulates the guest's /proc/self/maps but "
      "passes status, statm and smaps through to the host, i.e. reports qemu's numbers; qemu maps the guest at guest_base 0, "
      "so the guest's mappings are the qemu process's mappings below qemu's executable): the qemu process's RSS "
      "(smaps_rollup) minus qemu's own mappings (smaps), sampled every 0.1 s (10 ms at the start), so a peak shorter than "
      "that can be missed. The guest part is what the program would hold on an aarch64 machine with 4 KiB pages (MTE "
      "tag storage, which hardware keeps outside the process's memory, is not in it). Every run must report nothing and "
      "print the native build's output. "
      + (f"Every aarch64 run has `{meta['a64_env']}` (glibc's memset without DC ZVA: qemu 7.2 faults on DC ZVA through "
         "a tagged pointer with MTE on, which killed every kasan-hw run with glibc's default memset)." if meta.get("a64_env") else ""))
    P("")
    P("| workload | variant | peak RSS MiB (median) | min–max | overhead MiB | guest peak MiB | guest overhead MiB | qemu's own MiB | runs |")
    P("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for w in ["hello"] + workloads:
        for v in a64:
            if vinfo[v]["bfail"] or (w, v) in fail:
                P(f"| {w} | {v} | **FAILED** | | | | | | |"); continue
            xs = hello_rss.get(v, []) if w == "hello" else rss.get((w, v), [])
            if not xs: continue
            n = a64_nat(v)
            t, g, q = total(w, v), part(w, v, "guest_peak"), part(w, v, "qemu_peak")
            ov = "" if n == v else mib(over(t, total(w, n)), True)
            gov = "" if n == v else mib(over(g, part(w, n, "guest_peak")), True)
            P(f"| {w} | {v} | {mib(t)} | {min(xs)/1024:.1f}–{max(xs)/1024:.1f} | {ov} | {mib(g)} | {gov} | {mib(q)} | {len(xs)} |")
    P("")
    P("### Against the goals: tag modes' RSS overhead over generic KASAN's")
    P("")
    P("Goal (issue 13): software tags' overhead <= 0.5× generic KASAN's, hardware tags' <= 0.2×, same compiler. "
      "Overheads in MiB (variant − native), peak RSS of the qemu process, and in brackets the guest part's.")
    P("")
    P("| workload | compiler | generic KASAN | software tags | sw / generic | hardware tags | hw / generic |")
    P("|---|---|---:|---:|---:|---:|---:|")
    sums = collections.defaultdict(lambda: [0.0, 0.0, 0, 0.0, 0.0])   # (kind, fam) -> [sum tag ov, sum gen ov, n, guest...]
    worst = {}
    for w in workloads:
        for fam in ("clang", "gcc"):
            gen, n = a64_var("kasan", fam), "a64-" + fam
            if not gen or n not in vinfo: continue
            go, gg = over(total(w, gen), total(w, n)), over(part(w, gen, "guest_peak"), part(w, n, "guest_peak"))
            cells = [f"{mib(go, True)} ({mib(gg, True)})"]
            for kind in ("kasan-sw", "kasan-hw"):
                tv = a64_var(kind, fam)
                if not tv:
                    cells += ["—", "—"]; continue
                to, tg = over(total(w, tv), total(w, n)), over(part(w, tv, "guest_peak"), part(w, n, "guest_peak"))
                cells += [f"{mib(to, True)} ({mib(tg, True)})", f"{rat(to, go)} ({rat(tg, gg)})"]
                key = (kind, fam)
                if to is not None and go:
                    s_ = sums[key]; s_[0] += to; s_[1] += go; s_[2] += 1
                    if tg is not None and gg: s_[3] += tg; s_[4] += gg
                    r_ = to / go
                    if key not in worst or r_ > worst[key][0]: worst[key] = (r_, w)
            P(f"| {w} | {fam} | " + " | ".join(cells) + " |")
    P("")
    for kind, goal, label in (("kasan-sw", 0.5, "software tags"), ("kasan-hw", 0.2, "hardware tags")):
        for fam in ("clang", "gcc"):
            tv, gen = a64_var(kind, fam), a64_var("kasan", fam)
            if not tv or not gen: continue
            nfail = sum(1 for w in workloads if status(w, tv) or status(w, gen) or status(w, "a64-" + fam))
            s_ = sums[(kind, fam)]
            if not s_[2]:
                a64_goals.append((f"{label} / generic KASAN, RSS overhead [{fam}]", None, goal, nfail, "", "")); continue
            agg = s_[0] / s_[1] if s_[1] else None
            aggg = s_[3] / s_[4] if s_[4] else None
            wr, ww = worst[(kind, fam)]
            a64_goals.append((f"{label} / generic KASAN, RSS overhead [{fam}]", wr, goal, nfail,
                              f"worst workload {ww}", f"all workloads together {agg:.2f}×"
                              + (f", guest part {aggg:.2f}×" if aggg is not None else "")))
    for label, val, goal, nfail, where, extra in a64_goals:
        verdict = "not measured" if val is None else ("met" if val <= goal and not nfail else "NOT met")
        P(f"- {label}: {'—' if val is None else f'{val:.2f}×'} ({where}; {extra}) (goal <= {goal:g}×): **{verdict}**"
          + (f", {nfail} workload(s) FAILED" if nfail else ""))
    P("")
    P("### Where the memory goes (medians at the sampled peaks, MiB)")
    P("")
    P("Guest: shadow = mappings in [1 << 40, (1 << 40) + (1 << 44)) (generic KASAN: 1 byte per 8; software tags: "
      "1 per 16; hardware tags: none); anon = the guest's other anonymous memory (heap, stacks, ksan's metadata: stack "
      "depot, slab side tables, quarantine); file = program and libraries. qemu: heap = qemu's malloc (TB metadata, page "
      "descriptors, MTE tags); anon = other anonymous memory (the translated-code buffer, thread stacks); file = qemu's "
      "own code and libraries. .text = the program's code size (KiB).")
    P("")
    P("| workload | variant | guest | shadow | anon | file | qemu | qemu heap | qemu anon | qemu file | .text KiB |")
    P("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for w in ["hello"] + workloads:
        for v in a64:
            if not split.get((w, v)): continue
            txt = meta.get(f"text.{v}.{WBIN_OF.get(w, '')}", "")
            P(f"| {w} | {v} | " + " | ".join(mib(part(w, v, k)) for k in
              ("guest_peak", "shadow", "anon", "file", "qemu_peak", "qemu_heap", "qemu_anon", "qemu_file"))
              + f" | {int(txt)//1024 if txt else ''} |")
    P("")

# ---- failures
if fail or any(vinfo[v]["bfail"] for v in variants):
    P("## Failures")
    P("")
    for v in variants:
        if vinfo[v]["bfail"]:
            P(f"- variant **{v}**: build FAILED, log `{vinfo[v]['bfail']}`")
    for (w, v), note in sorted(fail.items()):
        P(f"- **{w}**, variant **{v}**: {note}")
        errf = os.path.join(logs, f"FAILED-{w}-{v}.stderr")
        if os.path.exists(errf):
            txt = open(errf, errors="replace").read().splitlines()[:30]
            if txt:
                P("")
                P("  ```")
                for t in txt: P("  " + t)
                P("  ```")
    P("")

# ---- how
P("## Exact commands")
P("")
P(f"Flags of every variant: `{meta['cflags']}`.")
P("")
P("| variant | compiler command | run-time environment |")
P("|---|---|---|")
for v in variants:
    P(f"| {v} | `{vinfo[v]['cc']}` | {('`' + vinfo[v]['env'] + '`') if vinfo[v]['env'] else '(default)'} |")
P("")
P("Builds (CC = the variant's compiler command):")
P("")
for k in ("build.speedtest1", "build.lua", "build.bzip2", "build.hello", "build.hashtable"):
    if k in meta: P(f"- {k[6:]}: `{meta[k]}`")
P("")
P("Workloads (each run as `/usr/bin/time -f '%U %S %M' BINARY ARGS`, one variant after another, "
  "rotating the order every round):")
P("")
for w in workloads:
    P(f"- {w}: `{meta['workload.' + w]}`")
P(f"- hello: `for i in 1..{meta['hello_n']}: ./hello` timed as a whole, divided by {meta['hello_n']}")
if a64:
    P("")
    P(f"aarch64 variants: each run as `bench/qemu_rss.py TIMEFILE SPLITFILE -- {meta.get('qemu', '').split(' | ')[-1]} "
      f"BINARY ARGS` (the same arguments, but speedtest1: `{meta.get('a64_workload.speedtest1', '?')}`); "
      "hello: one run per round, its peak RSS. Lua's multiarch header names aarch64-linux-gnu for them.")
# ---- the chart's data (run.sh draws it with bench/chart.gp): CHART-cpu.tsv,
# CHART-rss.tsv, one row per workload, one column per variant ("?": none)
if len(sys.argv) > 5 and host_variants:
    chart = sys.argv[5]
    cw = [w for w in workloads if any(cpu.get((w, v)) for v in host_variants)]
    def cpu_x(w, v):
        n = native_of(v)
        if status(w, v) or not n or status(w, n): return None
        return ratio(med(cpu.get((w, v), [])), med(cpu.get((w, n), [])))
    def rss_m(w, v):
        return None if status(w, v) or not rss.get((w, v)) else med(rss[(w, v)]) / 1024
    # the same columns in both (the natives' CPU is 1.0), so a variant has one colour
    vs = [v for v in host_variants if any(rss_m(w, v) is not None for w in cw)]
    for suffix, get in (("cpu", cpu_x), ("rss", rss_m)):
        with open(f"{chart}-{suffix}.tsv", "w") as f:
            f.write("workload\t" + "\t".join(vs) + "\n")
            for w in cw:
                f.write(w + "\t" + "\t".join("?" if get(w, v) is None else f"{get(w, v):.4f}" for v in vs) + "\n")
    chart_name = os.path.basename(chart) + ".svg"
    P("")
    P(f"Chart (bench/chart.gp, gnuplot, from this run's numbers): [{chart_name}]({chart_name})")
    P("")
    P(f"![CPU time ×native and peak RSS per workload and variant]({chart_name})")
print("\n".join(out))

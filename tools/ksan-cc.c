/*
 * ksan-cc: compiler driver wrapper for ksan (like afl-cc).
 *
 * It runs gcc or clang with ksan's instrumentation flags, ksan's include
 * directory and ksan's runtime library added, and otherwise passes the command
 * line through unchanged and in order. See `ksan-cc --help`.
 *
 * Build: cc -O2 -Wall -Wextra -o build/bin/ksan-cc tools/ksan-cc.c
 *
 * Layout: the runtime is found relative to this binary, <prefix>/bin/ksan-cc:
 *   <prefix>/lib/libksan.a         runtime, linked --whole-archive into executables
 *   <prefix>/lib/libksan_shlib.a   forwarders to the executable's runtime (-shared)
 *   <prefix>/lib/libksan-kmsan.a, libksan-kmsan_shlib.a   the same for --ksan=kmsan
 *   <prefix>/lib/libksan-kcsan.a   the runtime for --ksan=kcsan
 *   <prefix>/lib/ksan.exports      GNU ld --dynamic-list for executables
 *   <prefix>/include/ksan/ksan.h   public header
 *   <prefix>/lib/<arch>/           the archives built for another target
 *                                  (aarch64: libksan.a, libksan_core.a,
 *                                  libksan-kcsan.a, libksan-tags.a), used
 *                                  when the compiler builds for <arch>
 * This holds for the build tree (build/bin -> build/lib) and an install.
 */
#define _DEFAULT_SOURCE 1
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* The runtime's directory relative to <prefix> (the parent of ksan-cc's
 * own directory): "lib" in the build tree and for make install; the
 * Debian package's ksan-cc has lib/<triplet>/ksan (make deb). */
#ifndef KSAN_LIBSUBDIR
#define KSAN_LIBSUBDIR "lib"
#endif
/* the Makefile's -DKSAN_VERSION, from the file VERSION: the one place */
#ifndef KSAN_VERSION
#error "build ksan-cc with make: KSAN_VERSION comes from the file VERSION"
#endif

/* ====================================================================== */
/* THE flag table. Every flag ksan-cc adds is here and only here.         */
/* ====================================================================== */

enum { CC_GCC = 1, CC_CLANG = 2, CC_ANY = 3 };
enum { M_INLINE = 1, M_OUTLINE = 2, M_ANY = 3 };
/* target architectures (the compiler's -dumpmachine), also a row's mode
 * bits: a row with none of them is for every target */
enum { A_X86_64 = 4, A_AARCH64 = 8, A_OTHER = 16, A_MASK = 28 };

/* One row = one flag (a) or one flag with its separate argument (a b). */
struct flag_row {
    unsigned cc;   /* CC_* mask: which compiler family */
    unsigned mode; /* M_* mask: which --ksan-mode; A_* bits: which targets */
    const char *a, *b;
};

/*
 * KASAN instrumentation (compile steps). Checked on gcc 12.2 and clang 14.0.6
 * (see docs/compiler-abi notes): inline mode emits the compiler's own shadow
 * test against 0x7fff8000 and calls __asan_report_{load,store}N_noabort;
 * outline mode calls __asan_{load,store}N_noabort for every access.
 * Clang's kernel-address defaults to the kernel's shadow offset
 * 0xdffffc0000000000, hence -asan-mapping-offset.  aarch64: the offset is
 * 1 << 40 (src/kasan/layout.h says why not the compilers' 1 << 36).
 * Part 2 (stack and global red zones) switches asan-stack / asan-globals on here.
 */
static const struct flag_row kasan_flags[] = {
    /* gcc */
    { CC_GCC,   M_ANY,     "-fsanitize=kernel-address", NULL },
    { CC_GCC,   M_ANY | A_X86_64,  "-fasan-shadow-offset=0x7fff8000", NULL },
    { CC_GCC,   M_ANY | A_AARCH64, "-fasan-shadow-offset=0x10000000000", NULL },
    { CC_GCC,   M_INLINE,  "--param", "asan-instrumentation-with-call-threshold=10000" },
    { CC_GCC,   M_OUTLINE, "--param", "asan-instrumentation-with-call-threshold=0" },
    { CC_GCC,   M_ANY,     "--param", "asan-stack=1" },
    { CC_GCC,   M_ANY,     "--param", "asan-globals=1" },
    { CC_GCC,   M_ANY,     "--param", "asan-instrument-allocas=1" },
    { CC_GCC,   M_ANY,     "-fsanitize-address-use-after-scope", NULL },
    /* clang */
    { CC_CLANG, M_ANY,     "-fsanitize=kernel-address", NULL },
    { CC_CLANG, M_ANY | A_X86_64,  "-mllvm", "-asan-mapping-offset=0x7fff8000" },
    { CC_CLANG, M_ANY | A_AARCH64, "-mllvm", "-asan-mapping-offset=0x10000000000" },
    /* stack, globals and allocas are on by default in clang's kernel mode */
    /* the driver flag is ignored in kernel mode; the pass option works */
    { CC_CLANG, M_ANY,     "-mllvm", "-asan-use-after-scope=1" },
    { CC_CLANG, M_OUTLINE, "-mllvm", "-asan-instrumentation-with-call-threshold=0" },
    /* outline checks as __asan_check_<op>_add_<size>_<reg>: the address in
     * a register, only r10/r11 clobbered, so callers spill nothing
     * (src/kasan/abi_clang_x86_64.S; x86-64, clang >= 13) */
    { CC_CLANG, M_OUTLINE | A_X86_64, "-mllvm", "-asan-optimize-callbacks" },
};

/*
 * KMSAN (clang only): kernel-memory instrumentation calls the runtime for
 * every load's and store's metadata, so there is no inline/outline split
 * (--ksan-mode is accepted and ignored).  Eager checks: clang 14 then
 * checks arguments and return values where they are passed (noundef), as
 * the kernel's CONFIG_KMSAN_CHECK_PARAM_RETVAL does; the driver's
 * -fsanitize-memory-param-retval is ignored in kernel mode, the pass
 * option works.  Constant shadow: at -O1 and above clang 14 folds a read
 * of an uninitialised local to undef, whose shadow is a constant, and
 * without -msan-check-constant-shadow=1 drops the check (Juliet CWE457:
 * 95.5% found at -O0, 56% at -O1; 97/100 at both with it, 0 false
 * positives on the good programs).  Later LLVM makes it the default.  A
 * user's -mllvm -msan-check-constant-shadow=0 comes after and wins.
 */
static const struct flag_row kmsan_flags[] = {
    { CC_CLANG, M_ANY,     "-fsanitize=kernel-memory", NULL },
    { CC_CLANG, M_ANY,     "-mllvm", "-msan-eager-checks=1" },
    { CC_CLANG, M_ANY,     "-mllvm", "-msan-check-constant-shadow=1" },
    { CC_CLANG, M_ANY,     "-D__KSAN_KMSAN__=1", NULL },
};
#define KMSAN_ARCHIVE "libksan-kmsan.a"
#define KMSAN_SHLIB_ARCHIVE "libksan-kmsan_shlib.a"  /* -shared: __msan_* forwarders */
/* the rest of KMSAN's C library model: dynamic executables only (it finds
 * the C library's functions with dlsym; libc.a's must stay in a static link) */
#define KMSAN_LIBC_ARCHIVE "libksan-kmsan-libc.a"
/* the same model for static links: __wrap_NAME per modelled NAME, and beside
 * it the linker's options (--wrap=NAME, one a line) for every NAME in it */
#define KMSAN_LIBC_WRAP_ARCHIVE "libksan-kmsan-libc-wrap.a"
#define KMSAN_LIBC_WRAP_OPTIONS KMSAN_LIBC_WRAP_ARCHIVE ".wrap"
/* and a linker script (-T, with INSERT: the default script stays) that puts
 * libc.a's code between two hidden symbols, so the runtime knows the C
 * library's code in a static executable as it knows libc.so's mapping */
#define KMSAN_LIBC_TEXT_SCRIPT "libksan-kmsan-libc-text.ld"

/*
 * KCSAN (gcc and clang): ThreadSanitizer's instrumentation with the kernel's
 * flag set: no function entry/exit hooks, volatile accesses told apart
 * (marked when aligned), and clang's read-modify-write as one compound
 * access (__tsan_read_write4; gcc emits a read and a write).  gcc warns
 * that atomic_thread_fence "is not supported": ksan's fence is a real one.
 * No inline/outline split (--ksan-mode is accepted and ignored).  The
 * compilers' runtimes are never linked: clang is told so, and gcc's
 * -ltsan finds an empty archive (NOUBSAN_DIR); its libtsan_preinit.o calls
 * ksan's empty __tsan_init.
 */
static const struct flag_row kcsan_flags[] = {
    { CC_ANY,   M_ANY,     "-fsanitize=thread", NULL },
    { CC_GCC,   M_ANY,     "--param", "tsan-instrument-func-entry-exit=0" },
    { CC_GCC,   M_ANY,     "--param", "tsan-distinguish-volatile=1" },
    { CC_GCC,   M_ANY,     "-Wno-tsan", NULL },
    { CC_CLANG, M_ANY,     "-mllvm", "-tsan-instrument-func-entry-exit=0" },
    { CC_CLANG, M_ANY,     "-mllvm", "-tsan-distinguish-volatile=1" },
    { CC_CLANG, M_ANY,     "-mllvm", "-tsan-compound-read-before-write=1" },
    { CC_ANY,   M_ANY,     "-D__KSAN_KCSAN__=1", NULL },
};
static const struct flag_row kcsan_link_flags[] = {
    { CC_CLANG, M_ANY,     "-fno-sanitize-link-runtime", NULL },
};
#define KCSAN_ARCHIVE "libksan-kcsan.a"

/*
 * Tag-based KASAN (aarch64 only; docs/tags.md).  kasan-sw: clang's
 * kernel-hwaddress with the kernel's flag set (short granules off, the
 * kernel-style outlined checks that branch to __hwasan_tag_mismatch,
 * calls for outline), but stack instrumentation off: kernel mode forms a
 * stack object's tagged pointer by AND-ing the tag into a kernel pointer's
 * 0xff top byte, which gives user-space pointers tag 0 and would make every
 * access to a tagged local mismatch.  kasan-hw (MTE): nothing to
 * instrument.  Both keep leaf frames, so a fault's trace has its caller.
 */
static const struct flag_row kasan_sw_flags[] = {
    { CC_CLANG, M_ANY,     "-fsanitize=kernel-hwaddress", NULL },
    { CC_CLANG, M_ANY,     "-mllvm", "-hwasan-instrument-stack=0" },
    { CC_CLANG, M_ANY,     "-mllvm", "-hwasan-use-short-granules=0" },
    { CC_CLANG, M_ANY,     "-mllvm", "-hwasan-inline-all-checks=0" },
    { CC_CLANG, M_OUTLINE, "-mllvm", "-hwasan-instrument-with-calls=1" },
    /* src/tags/tags.h's TAGS_SHADOW_OFFSET */
    { CC_CLANG, M_INLINE,  "-mllvm", "-hwasan-mapping-offset=0x10000000000" },
    { CC_CLANG, M_ANY,     "-mno-omit-leaf-frame-pointer", NULL },
};
static const struct flag_row kasan_hw_flags[] = {
    { CC_ANY,   M_ANY,     "-mno-omit-leaf-frame-pointer", NULL },
};
#define TAGS_ARCHIVE "libksan-tags.a"
/* An aarch64 ksan-cc finds it in LIBDIR; a cross one (x86-64 host) in
 * LIBDIR/aarch64, where make puts the cross-built runtime (runtime_dir). */
/* libksan-tags.a runs hardware tags when this absolute symbol exists */
#define TAGS_HW_SYMBOL "__ksan_tags_hw"
/* --ksan=kcsan,kfence: KFENCE's malloc family in front of glibc's */
#define KCSAN_KFENCE_ARCHIVE "libksan-kcsan-kfence.a"

/*
 * -fsanitize=pointer-compare, pointer-subtract (kasan only): a call to
 * __sanitizer_ptr_cmp / __sanitizer_ptr_sub before each relational
 * comparison or subtraction of two pointers (src/kasan/ptrpair.c; run
 * time: detect_invalid_pointer_pairs=1 or 2).  GCC takes the words with
 * kernel-address; clang 14 refuses them without -fsanitize=address, but
 * its kernel-mode pass honours the options they stand for.
 */
#define PTR_CMP 1
#define PTR_SUB 2
static const struct flag_row ptr_cmp_flags[] = {
    { CC_GCC,   M_ANY,     "-fsanitize=pointer-compare", NULL },
    { CC_CLANG, M_ANY,     "-mllvm", "-asan-detect-invalid-pointer-cmp" },
};
static const struct flag_row ptr_sub_flags[] = {
    { CC_GCC,   M_ANY,     "-fsanitize=pointer-subtract", NULL },
    { CC_CLANG, M_ANY,     "-mllvm", "-asan-detect-invalid-pointer-sub" },
};

/* Stack-use-after-return, as GCC's ASan: GCC kasan units are compiled for
 * it by default (GCC's own default in kernel-address mode is 0), so that
 * detect_stack_use_after_return=1 at run time works without a rebuild.  It
 * costs even when off at run time (a load and a branch per frame with
 * instrumented locals, and a register for the frame's base): CPU time +4%
 * to +10% over the bench programs with inline checks (geometric mean of
 * three 7-8-round runs), +18% to +27% on Lua's interpreter loop
 * (bench/results/2026-12-04-uar.md); GCC's ASan pays the same.
 * --ksan-no-uar leaves it out; the last of --ksan-uar and --ksan-no-uar
 * wins.  clang 14 does not instrument for it in kernel-address mode. */
#define UAR_DEFAULT 0
#define UAR_ON 1
#define UAR_OFF 2
#define UAR_DEFAULT_ON 1	/* what UAR_DEFAULT means for GCC */
static const struct flag_row uar_flags[] = {
    { CC_GCC,   M_ANY,     "--param", "asan-use-after-return=1" },
};
static int uar_warned;

/* Added to every compile step, whatever the detectors. */
static const struct flag_row common_flags[] = {
    { CC_ANY,   M_ANY,     "-fno-omit-frame-pointer", NULL },
    { CC_ANY,   M_ANY,     "-D__KSAN__=1", NULL },	/* ksan.h macros turn on */
};

/* Line tables for symbolized reports, unless the user gave a -g option. */
static const struct flag_row line_table_flags[] = {
    { CC_GCC,   M_ANY,     "-g1", NULL },
    { CC_CLANG, M_ANY,     "-gline-tables-only", NULL },
};

/* Link steps. Paths are relative to LIBDIR (<prefix>/lib). */
#define RUNTIME_ARCHIVE  "libksan.a"        /* executables, --whole-archive */
#define SHLIB_ARCHIVE    "libksan_shlib.a"  /* -shared: forwarders to the runtime */
#define EXPORTS_FILE     "ksan.exports"     /* executables not static: --dynamic-list */
/* In INCDIR/ksan: included into clang units with inline checks */
#define KASAN_COLD_HEADER "kasan_cold.h"
/* In LIBDIR: ksan's check optimizer, a pass plugin for clang 14
 * (tools/ksan-opt, docs/optimizer.md), given to clang's KASAN compile steps
 * with -fpass-plugin= unless --ksan-no-opt; built by make when llvm-14-dev
 * is installed, and left out without a word when it is not there */
#define KSAN_OPT_PLUGIN "ksan-opt.so"
/* In INCDIR/ksan: included into KMSAN units (x86-64): pshufb's exact shadow */
#define KMSAN_SIMD_HEADER "kmsan_simd.h"
/* --ksan=...,kfence: an absolute symbol the runtime tests (weak, address 1) */
#define KFENCE_ENABLE_SYMBOL "__ksan_kfence_enabled"
/* a build system's configure-time probe (is_config_probe): the same kind
 * of symbol, which turns the leak check's default off */
#define CONFIG_PROBE_SYMBOL "__ksan_config_probe"
/* libksan.a without generic KASAN's instrumentation (--ksan=kfence, ubsan):
 * the leak check is off unless detect_leaks=1 (GWP-ASan and UBSan have none) */
#define NO_KASAN_SYMBOL "__ksan_no_kasan"
static const char *const exe_link_libs[] = { "-lpthread", "-ldl" };
static const char *const shlib_link_libs[] = {
    "-Wl,--push-state,--as-needed", "-ldl", "-Wl,--pop-state",
};
/* Static links: libc's own definitions behind the interceptors, which the
 * runtime reaches through weak references (nothing else pulls them in). */
/* libc.a members the static port calls under their internal names
 * (libc.c, ucontext.c): pulled in even when the program names none */
static const char *const static_undefs[] = {
    "-Wl,-u,__pthread_create_2_1", "-Wl,-u,__swapcontext", "-Wl,-u,__setcontext",
    "-Wl,-u,__localtime_r",	/* kmsan/libc_stdio.c: weak, else UTC */
};
/* KMSAN's libc model (src/port/linux/kmsan/libc_{wchar,random,thread}.c):
 * glibc's other names, its fallbacks in static executables */
static const char *const static_undefs_kmsan[] = {
    "-Wl,-u,__pthread_join", "-Wl,-u,__pthread_tryjoin_np",
    "-Wl,-u,__arc4random_buf", "-Wl,-u,__getrandom",
    "-Wl,-u,__mbsrtowcs", "-Wl,-u,__mbsnrtowcs", "-Wl,-u,__wcrtomb", "-Wl,-u,__wcsrtombs", "-Wl,-u,__wcsnrtombs",
};
/* musl's libc.a: its names for the same (src/port/linux/platform/libc.h) */
static const char *const static_undefs_musl[] = {
    "-Wl,-u,__pthread_create", "-Wl,-u,__sigaction",
};
/* musl's stdio functions renamed, for static links (src/port/linux/platform/libc.c) */
#define MUSL_LIBC_OBJECT "ksan-musl-libc.o"

/*
 * UBSAN (compile steps), unless the user's own -fsanitize= UB checks select
 * them. Handlers are ksan's (libksan.a); the compilers' runtimes must not be
 * linked: clang is told so, and gcc's -lubsan finds an empty archive.
 */
static const struct flag_row ubsan_flags[] = {
    { CC_ANY,   M_ANY,     "-fsanitize=undefined", NULL },
};
static const struct flag_row ubsan_link_flags[] = {
    { CC_CLANG, M_ANY,     "-fno-sanitize-link-runtime", NULL },
};
#define NOUBSAN_DIR "ksan-noubsan"  /* in LIBDIR: the empty libubsan.a */

/*
 * libFuzzer (clang only): -fsanitize=fuzzer goes to clang unchanged, which
 * compiles in libFuzzer's coverage (inline 8-bit counters, indirect calls,
 * comparisons, pc table) besides ksan's KASAN.  At link time clang would
 * also link a sanitizer runtime of its own for the coverage (UBSan's
 * standalone one, which clashes with ksan's __ubsan_handle_*) and
 * libFuzzer's interceptors (memcmp, strcmp..., which would hide ksan's
 * checked ones): ksan-cc tells it to link none and links libFuzzer's
 * archive itself, with the C++ library libFuzzer is written in.  ksan's
 * runtime gives libFuzzer what it asks of a sanitizer (death callback,
 * malloc hooks, stack trace, comparison hooks...: src/port/linux/platform/sanitizer.c).
 */
static const struct flag_row sancov_link_flags[] = {
    { CC_CLANG, M_ANY,     "-fno-sanitize-link-runtime", NULL },
};
#define FUZZER_ARCHIVE "libclang_rt.fuzzer-%s.a"	/* %s: the target's arch */
static const char *const fuzzer_link_libs[] = { "-lstdc++", "-lm" };

/* -fsanitize= names of UB checks (both compilers); a user's -fsanitize=
 * with any of these selects ubsan. */
static const char *const ub_checks[] = {
    "undefined", "integer", "implicit-conversion", "nullability", "shift",
    "shift-base", "shift-exponent", "signed-integer-overflow",
    "unsigned-integer-overflow", "integer-divide-by-zero", "float-divide-by-zero",
    "float-cast-overflow", "unreachable", "vla-bound", "null", "return",
    "alignment", "bool", "enum", "bounds", "bounds-strict", "array-bounds",
    "local-bounds", "object-size", "pointer-overflow", "nonnull-attribute",
    "returns-nonnull-attribute", "builtin", "implicit-integer-truncation",
    "implicit-unsigned-integer-truncation", "implicit-signed-integer-truncation",
    "implicit-integer-sign-change", "implicit-integer-arithmetic-value-change",
    "nullability-arg", "nullability-assign", "nullability-return",
};

/* Detectors: name and whether this build has it. */
static const struct { const char *name; int available; } detectors[] = {
    { "kasan",  1 },
    { "kfence", 1 },
    { "ubsan",  1 },
    { "kmsan",  1 },
    { "kcsan",  1 },
    { "kasan-sw", 1 },
    { "kasan-hw", 1 },
};

/* ====================================================================== */

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__GNUC__)
__attribute__((noreturn, format(printf, 2, 3)))
#endif
static void die(int status, const char *fmt, ...);

static void die(int status, const char *fmt, ...)
{
    va_list ap;
    fputs("ksan-cc: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(status);
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        die(1, "out of memory");
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xrealloc(NULL, n), s, n);
}

static char *concat(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = xrealloc(NULL, la + lb + 1);
    memcpy(s, a, la);
    memcpy(s + la, b, lb + 1);
    return s;
}

static int starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* ---- growable argument vector ---- */

struct argv_vec {
    const char **v;
    size_t n, cap;
};

static void vec_push(struct argv_vec *a, const char *s)
{
    if (a->n + 2 > a->cap) {
        a->cap = a->cap ? a->cap * 2 : 64;
        a->v = xrealloc(a->v, a->cap * sizeof(*a->v));
    }
    a->v[a->n++] = s;
    a->v[a->n] = NULL;
}

/* ---- paths ---- */

/* The absolute path of this executable, or NULL. */
static char *self_exe(const char *argv0)
{
    size_t cap = 256;
    for (;;) {
        char *buf = xrealloc(NULL, cap);
        ssize_t n = readlink("/proc/self/exe", buf, cap);
        if (n < 0) {
            free(buf);
            break;
        }
        if ((size_t)n < cap) {
            buf[n] = '\0';
            return buf;
        }
        free(buf);
        cap *= 2;
    }
    /* No /proc: argv[0] with a slash, else a PATH search. */
    if (argv0 && strchr(argv0, '/'))
        return realpath(argv0, NULL);
    if (argv0) {
        const char *path = getenv("PATH");
        while (path && *path) {
            const char *end = strchr(path, ':');
            size_t len = end ? (size_t)(end - path) : strlen(path);
            char *dir = xrealloc(NULL, len + 2);
            memcpy(dir, path, len);
            strcpy(dir + len, len ? "/" : "./");
            char *cand = concat(dir, argv0);
            free(dir);
            if (access(cand, X_OK) == 0) {
                char *r = realpath(cand, NULL);
                free(cand);
                return r;
            }
            free(cand);
            path = end ? end + 1 : NULL;
        }
    }
    return NULL;
}

/* Drop the last path component in place ("/a/b" -> "/a", "/a" -> "/"). */
static void strip_component(char *p)
{
    char *slash = strrchr(p, '/');
    if (!slash)
        strcpy(p, ".");
    else if (slash == p)
        p[1] = '\0';
    else
        *slash = '\0';
}

/* Resolve a program name the way execvp would; NULL if not found. */
static char *find_in_path(const char *prog)
{
    if (strchr(prog, '/'))
        return realpath(prog, NULL);
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/bin:/usr/bin";
    while (*path) {
        const char *end = strchr(path, ':');
        size_t len = end ? (size_t)(end - path) : strlen(path);
        char *dir = xrealloc(NULL, len + 2);
        memcpy(dir, path, len);
        strcpy(dir + len, len ? "/" : "./");
        char *cand = concat(dir, prog);
        free(dir);
        struct stat st;
        if (stat(cand, &st) == 0 && S_ISREG(st.st_mode) && access(cand, X_OK) == 0) {
            char *r = realpath(cand, NULL);
            free(cand);
            return r;
        }
        free(cand);
        if (!end)
            break;
        path = end + 1;
    }
    return NULL;
}

/* ---- the compiler's family ---- */

/*
 * Run `<cc> --version` once and look for "clang" in its output.
 * Exits 127 when the compiler cannot be run.
 */
/* Run "cc args..." and return what it printed on standard output (stdin
 * and stderr are /dev/null); *exec_errno is the errno of a failed exec, else 0. */
static char *capture(const char *cc, const char *const *args, int *exec_errno)
{
    const char *argv[8];
    size_t k = 0;
    argv[k++] = cc;
    while (*args && k < 7)
        argv[k++] = *args++;
    argv[k] = NULL;
    int out[2], err[2];
    if (pipe(out) < 0 || pipe(err) < 0)
        die(1, "pipe: %s", strerror(errno));
    fcntl(err[1], F_SETFD, FD_CLOEXEC);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        die(1, "fork: %s", strerror(errno));
    if (pid == 0) {
        close(out[0]);
        close(err[0]);
        dup2(out[1], 1);
        close(out[1]);
        int nul = open("/dev/null", O_RDWR);
        if (nul >= 0) {
            dup2(nul, 0);
            dup2(nul, 2);
        }
        execvp(cc, (char *const *)argv);
        int e = errno;
        if (write(err[1], &e, sizeof(e)) < 0) { /* nothing to do */ }
        _exit(127);
    }
    close(out[1]);
    close(err[1]);

    size_t len = 0, cap = 4096;
    char *text = xrealloc(NULL, cap);
    for (;;) {
        if (len + 1024 > cap) {
            cap *= 2;
            text = xrealloc(text, cap);
        }
        ssize_t n = read(out[0], text + len, cap - len - 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        len += (size_t)n;
    }
    text[len] = '\0';
    close(out[0]);

    int e = 0;
    ssize_t n;
    while ((n = read(err[0], &e, sizeof(e))) < 0 && errno == EINTR)
        ;
    close(err[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    *exec_errno = n == (ssize_t)sizeof(e) ? e : 0;
    return text;
}

/* The compiler's answers, asked once per run (file scope: the fuzz target,
 * tests/fuzz/ksan_cc.c, gives them instead of a compiler). */
static unsigned cc_family;      /* CC_GCC or CC_CLANG, 0 = not asked yet */
static int cc_clang14;          /* --version says clang 14 (ksan-opt's ABI) */
static char *cc_target;         /* -dumpmachine's first line */
static char *cc_fuzzer_archive; /* libFuzzer's archive */

static unsigned detect_family(const char *cc)
{
    if (cc_family)
        return cc_family;
    static const char *const version[] = { "--version", NULL };
    int exec_errno;
    char *text = capture(cc, version, &exec_errno);
    if (exec_errno)
        die(127, "cannot run compiler '%s': %s", cc, strerror(exec_errno));

    unsigned fam;
    if (strstr(text, "clang")) {
        fam = CC_CLANG;
        cc_clang14 = strstr(text, "clang version 14.") != NULL;
    } else {
        fam = CC_GCC;
        if (!strstr(text, "gcc") && !strstr(text, "GCC") &&
            !strstr(text, "Free Software Foundation"))
            fprintf(stderr, "ksan-cc: warning: cannot tell whether '%s' is gcc or "
                            "clang from its --version output; assuming gcc\n", cc);
    }
    free(text);
    cc_family = fam;
    return fam;
}

/*
 * The target the compiler builds for: `cc [--target=T] -dumpmachine`
 * ("x86_64-linux-gnu", "aarch64-linux-gnu", "aarch64-unknown-linux-gnu"),
 * asked once per run; "" if the compiler does not say.  The one place
 * ksan-cc learns the target (runtime choice, aarch64-only detectors).
 */
static const char *detect_target(const char *cc, const char *target)
{
    if (cc_target)
        return cc_target;
    const char *args[3] = { "-dumpmachine", NULL, NULL };
    if (target) {
        args[0] = concat("--target=", target);
        args[1] = "-dumpmachine";
    }
    int exec_errno;	/* a compiler that cannot run says so in detect_family */
    char *buf = capture(cc, args, &exec_errno);
    buf[strcspn(buf, "\r\n")] = '\0';
    cc_target = buf;
    return cc_target;
}

static int target_is_aarch64(const char *cc, const char *target)
{
    return strncmp(detect_target(cc, target), "aarch64", 7) == 0;
}

#if defined(__aarch64__)
#define HOST_ARCH A_AARCH64
#else
#define HOST_ARCH A_X86_64
#endif

/* The target's A_* (the host's when the compiler does not say). */
static unsigned target_arch(const char *cc, const char *target)
{
    const char *t = detect_target(cc, target);
    if (!*t)
        return HOST_ARCH;
    if (strncmp(t, "aarch64-", 8) == 0)
        return A_AARCH64;
    if (strncmp(t, "x86_64-", 7) == 0)
        return A_X86_64;
    return A_OTHER;
}

/*
 * Does the compiler link with musl instead of glibc?  Debian's musl-gcc
 * (musl-tools) is gcc with musl's specs file: its -dumpmachine still says
 * x86_64-linux-gnu, so its name tells (musl-gcc, x86_64-linux-musl-gcc);
 * a compiler told --target=x86_64-linux-musl says so in its triple.
 */
static int uses_musl(const char *cc, const char *target)
{
    const char *base = strrchr(cc, '/');
    return strstr(base ? base + 1 : cc, "musl") != NULL ||
           strstr(detect_target(cc, target), "-musl") != NULL;
}

/* Where the target's runtime archives are: LIBDIR for the host's own
 * architecture, else LIBDIR/<arch> (the triple's first word); then
 * /musl for a compiler that links with musl (the runtime built with
 * musl-gcc: its C library's names differ from glibc's). */
static char *runtime_dir(const char *libdir, const char *cc, const char *target)
{
    const char *t = detect_target(cc, target);
    char *dir;
    if (!*t || target_arch(cc, target) == HOST_ARCH) {
        dir = xstrdup(libdir);
    } else {
        char *arch = xstrdup(t);
        arch[strcspn(arch, "-")] = '\0';
        dir = concat(libdir, concat("/", arch));
    }
    return uses_musl(cc, target) ? concat(dir, "/musl") : dir;
}

/* libFuzzer's archive for the target, as clang names and finds it
 * (clang -print-file-name, which answers the bare name when it has none) */
static char *fuzzer_archive(const char *cc, const char *target)
{
    if (cc_fuzzer_archive)
        return cc_fuzzer_archive;
    char *arch = xstrdup(*detect_target(cc, target) ? detect_target(cc, target) : "x86_64");
    arch[strcspn(arch, "-")] = '\0';
    char *name = xrealloc(NULL, strlen(FUZZER_ARCHIVE) + strlen(arch) + 1);
    sprintf(name, FUZZER_ARCHIVE, arch);
    const char *args[3] = { concat("-print-file-name=", name), NULL, NULL };
    if (target) {
        args[1] = args[0];
        args[0] = concat("--target=", target);
    }
    int exec_errno;
    char *path = capture(cc, args, &exec_errno);
    path[strcspn(path, "\r\n")] = '\0';
    if (!strchr(path, '/') || access(path, R_OK) != 0)
        die(2, "-fsanitize=fuzzer: clang has no %s (libFuzzer: install libclang-rt-14-dev)", name);
    cc_fuzzer_archive = path;
    return path;
}

/* ---- command-line analysis ---- */

struct state {
    /* own options */
    const char *cc;       /* --ksan-cc= */
    unsigned mode;        /* M_INLINE or M_OUTLINE */
    int help, version;
    int uar;              /* UAR_DEFAULT, or the last of --ksan-uar, --ksan-no-uar */
    int no_opt;           /* the last of --ksan-opt, --ksan-no-opt */
    /* what the invocation does */
    int opt_c, opt_S, opt_E, opt_M, opt_MD, syntax_only;
    int shared, relocatable, is_static, lto;
    int user_g;           /* a -g option that sets a debug level */
    int inputs;           /* any input file (or -l, or @file) */
    int sources;          /* an input that gets compiled or preprocessed */
    const char *lang;     /* current -x language, NULL = by suffix */
    /* detectors: --ksan= given, and which */
    int ksan_given, kasan, ubsan, kfence, kmsan, kcsan, kasan_sw, kasan_hw;
    const char *target;   /* the user's --target=/-target value, or NULL */
    const char *cc_path;  /* the compiler that runs (--ksan-cc, KSAN_CC or cc) */
    int user_kmsan;       /* the user's -fsanitize=memory|kernel-memory */
    int user_kcsan;       /* the user's -fsanitize=thread */
    int user_ub;          /* the user's -fsanitize= names UB checks */
    int user_kasan;       /* the user's -fsanitize=address */
    int fuzzer;           /* the user's -fsanitize=fuzzer: link libFuzzer */
    int fuzzer_cov;       /* -fsanitize=fuzzer or fuzzer-no-link (clang's only) */
    int sancov;           /* sanitizer coverage asked for (fuzzer, fuzzer-no-link,
                             -fsanitize-coverage=): clang would link its own runtime */
    int no_kasan;         /* the user's -fno-sanitize=all|address|kernel-address,
                             not followed by -fsanitize=address */
    int ptr_pairs;        /* PTR_CMP | PTR_SUB: the user's -fsanitize=
                             pointer-compare, pointer-subtract (not undone) */
    const char *ptr_word; /* the last of them, for messages */
    const char *cxx_input;  /* the first input compiled as C++, or NULL */
    const char *output;   /* -o's file, or NULL */
    /* user's -mllvm option names (without leading dashes and value) */
    struct argv_vec mllvm;
};

/* An executable that a build system builds and runs to learn about the
 * system, by the name it gives it: autoconf's conftest (AC_RUN_IFELSE,
 * AC_FUNC_MALLOC...), CMake's try_run cmTC_<hex>, Meson's run() checks
 * (meson-private/tmp<...>/output.exe).  Such programs leak on purpose
 * (return !malloc(0)), and a leak report's status 23 would turn a check's
 * answer from yes to no; so a probe's leak check is off by default (its
 * other reports are not: a probe with a real bug says so).  KSAN_OPTIONS=
 * detect_leaks=1 still turns it on. */
static int is_config_probe(const char *out)
{
    const char *b = out ? strrchr(out, '/') : NULL;
    b = b ? b + 1 : out;
    if (!b)
        return 0;
    if (strcmp(b, "conftest") == 0 || strcmp(b, "conftest.exe") == 0)
        return 1;
    if (strncmp(b, "cmTC_", 5) == 0 && b[5] && strspn(b + 5, "0123456789abcdef") == strlen(b + 5))
        return 1;
    return strcmp(b, "output.exe") == 0 && strstr(out, "meson-private/tmp") != NULL;
}

/* Options (both drivers) whose argument is the next word. */
static const char *const sep_arg_opts[] = {
    "-o", "-x", "-I", "-L", "-l", "-D", "-U", "-include", "-imacros",
    "-idirafter", "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-isystem",
    "-isysroot", "-iquote", "-imultilib", "-iframework", "-ivfsoverlay",
    "-MF", "-MT", "-MQ", "-MJ", "-Xlinker", "-Xassembler", "-Xpreprocessor",
    "-Xclang", "-Xanalyzer", "-Xopenmp-target", "-mllvm", "--param", "-T", "-u",
    "-z", "-e", "-A", "-B", "-aux-info", "-dumpbase", "-dumpbase-ext",
    "-dumpdir", "-wrapper", "-target", "-arch", "-working-directory",
    "--serialize-diagnostics", "-specs", "--specs", "--sysroot", "--output",
    "--language", "--include", "--include-directory", "--define-macro",
    "--undefine-macro", "--library-directory", "--imacros", "--target",
};

static int takes_sep_arg(const char *a)
{
    for (size_t i = 0; i < NELEM(sep_arg_opts); i++)
        if (strcmp(a, sep_arg_opts[i]) == 0)
            return 1;
    return 0;
}

/* -g options that only modify debug output and do not set a level. */
static const char *const g_modifiers[] = {
    "-gz", "-gno-", "-gsplit-dwarf", "-gcolumn-info", "-gstrict-dwarf",
    "-grecord-", "-gdwarf32", "-gdwarf64", "-gpubnames", "-ggnu-pubnames",
    "-gstatement-frontiers", "-gvariable-location-views", "-ginline-points",
    "-ginternal-reset-location-views", "-gdescribe-dies", "-gas-loc",
    "-gembed-source", "-gsimple-template-names",
};

static int is_debug_level_flag(const char *a)
{
    if (!starts_with(a, "-g") || strcmp(a, "-g0") == 0)
        return 0;
    for (size_t i = 0; i < NELEM(g_modifiers); i++)
        if (starts_with(a, g_modifiers[i]))
            return 0;
    return 1;
}

/* Suffixes of files the driver compiles, preprocesses or assembles. */
static const char *const source_suffixes[] = {
    "c", "i", "h", "C", "cc", "cp", "cxx", "cpp", "CPP", "c++", "ii", "hh",
    "H", "hp", "hxx", "hpp", "HPP", "h++", "tcc", "m", "mi", "mm", "M", "mii",
    "s", "S", "sx",
};

/* Suffixes the drivers compile as C++ (and Objective-C++). */
static const char *const cxx_suffixes[] = {
    "C", "cc", "cp", "cxx", "cpp", "CPP", "c++", "ii", "hh", "H", "hp", "hxx",
    "hpp", "HPP", "h++", "tcc", "mm", "M", "mii",
};

static int is_cxx_lang(const char *lang)
{
    return starts_with(lang, "c++") || starts_with(lang, "objective-c++");
}

static void note_input(struct state *st, const char *file)
{
    st->inputs = 1;
    if (st->lang && strcmp(st->lang, "none") != 0) {
        st->sources = 1;
        if (is_cxx_lang(st->lang) && !st->cxx_input)
            st->cxx_input = file;
        return;
    }
    if (strcmp(file, "-") == 0) {
        st->sources = 1;
        return;
    }
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    const char *dot = strrchr(base, '.');
    if (!dot)
        return;
    for (size_t i = 0; i < NELEM(source_suffixes); i++)
        if (strcmp(dot + 1, source_suffixes[i]) == 0) {
            st->sources = 1;
            break;
        }
    for (size_t i = 0; i < NELEM(cxx_suffixes); i++)
        if (strcmp(dot + 1, cxx_suffixes[i]) == 0 && !st->cxx_input)
            st->cxx_input = file;
}

/* g++, clang++, c++, x86_64-linux-gnu-g++-12, /usr/bin/clang++-14, ... */
static int is_cxx_driver(const char *cc)
{
    const char *base = strrchr(cc, '/');
    return strstr(base ? base + 1 : cc, "++") != NULL;
}

static void note_mllvm(struct state *st, const char *opt)
{
    while (*opt == '-')
        opt++;
    size_t len = strcspn(opt, "=");
    char *name = xrealloc(NULL, len + 1);
    memcpy(name, opt, len);
    name[len] = '\0';
    vec_push(&st->mllvm, name);
}

static int user_has_mllvm(const struct state *st, const char *opt)
{
    while (*opt == '-')
        opt++;
    size_t len = strcspn(opt, "=");
    for (size_t i = 0; i < st->mllvm.n; i++)
        if (strlen(st->mllvm.v[i]) == len && strncmp(st->mllvm.v[i], opt, len) == 0)
            return 1;
    return 0;
}

#ifndef RSP_FILES_MAX /* the fuzz target (tests/fuzz/ksan_cc.c) sets a lower cap */
#define RSP_FILES_MAX 2000
#endif
#ifndef RSP_BYTES_MAX /* text of all response files read, in bytes */
#define RSP_BYTES_MAX ((size_t)64 << 20)
#endif
static unsigned rsp_files;  /* response files read so far */
static size_t rsp_bytes;    /* and their bytes */

/* Read a response file and split it like libiberty's buildargv. */
static int read_response_file(const char *path, struct argv_vec *out)
{
    FILE *f = rsp_bytes < RSP_BYTES_MAX ? fopen(path, "r") : NULL;
    if (!f)
        return 0;
    size_t len = 0, cap = 4096;
    char *buf = xrealloc(NULL, cap);
    size_t n;
    while ((n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        /* a large file named many times (e.g. @@ naming itself beside
         * @/usr/bin/x) would be read up to RSP_FILES_MAX times: past
         * the cap it counts as unreadable, which scan() treats safely */
        if (rsp_bytes + len > RSP_BYTES_MAX) {
            rsp_bytes = RSP_BYTES_MAX; /* and no more files are read */
            fclose(f);
            free(buf);
            return 0;
        }
        if (len == cap) {
            cap *= 2;
            buf = xrealloc(buf, cap);
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return 0;
    }
    rsp_bytes += len;

    size_t i = 0;
    for (;;) {
        while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
                           buf[i] == '\r' || buf[i] == '\f' || buf[i] == '\v'))
            i++;
        if (i >= len)
            break;
        /* unquoted in place (never longer than its text), then copied:
         * a block of the rest of the file per word was quadratic */
        char *tok = buf + i;
        size_t t = 0;
        int sq = 0, dq = 0, bs = 0;
        for (; i < len; i++) {
            char c = buf[i];
            if (bs) {
                bs = 0;
                tok[t++] = c;
            } else if (c == '\\') {
                bs = 1;
            } else if (sq) {
                if (c == '\'')
                    sq = 0;
                else
                    tok[t++] = c;
            } else if (dq) {
                if (c == '"')
                    dq = 0;
                else
                    tok[t++] = c;
            } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
                       c == '\f' || c == '\v') {
                break;
            } else if (c == '\'') {
                sq = 1;
            } else if (c == '"') {
                dq = 1;
            } else {
                tok[t++] = c;
            }
        }
        if (i < len)
            i++; /* the blank that ended the word: tok[t] may be it */
        tok[t] = '\0';
        vec_push(out, xstrdup(tok));
    }
    free(buf);
    return 1;
}

static void check_detectors(struct state *st, const char *list)
{
    if (!*list)
        die(2, "--ksan= needs at least one detector (known: kasan, kfence, ubsan, kmsan, kcsan, kasan-sw, kasan-hw)");
    st->ksan_given = 1;
    st->kasan = st->ubsan = st->kfence = st->kmsan = st->kcsan = 0;
    st->kasan_sw = st->kasan_hw = 0;
    char *copy = xstrdup(list);
    for (char *save = NULL, *d = strtok_r(copy, ",", &save); d; d = strtok_r(NULL, ",", &save)) {
        size_t i;
        for (i = 0; i < NELEM(detectors); i++)
            if (strcmp(d, detectors[i].name) == 0)
                break;
        if (i == NELEM(detectors))
            die(2, "unknown detector '%s' (known: kasan, kfence, ubsan, kmsan, kcsan, kasan-sw, kasan-hw)", d);
        if (!detectors[i].available)
            die(2, "detector '%s' is not available in this build yet", d);
        if (strcmp(d, "kasan") == 0)
            st->kasan = 1;
        else if (strcmp(d, "ubsan") == 0)
            st->ubsan = 1;
        else if (strcmp(d, "kfence") == 0)
            st->kfence = 1;
        else if (strcmp(d, "kmsan") == 0)
            st->kmsan = 1;
        else if (strcmp(d, "kcsan") == 0)
            st->kcsan = 1;
        else if (strcmp(d, "kasan-sw") == 0)
            st->kasan_sw = 1;
        else if (strcmp(d, "kasan-hw") == 0)
            st->kasan_hw = 1;
    }
    free(copy);
}

/*
 * -fsanitize=LIST: "address" and "kernel-address" mean kasan, which ksan-cc
 * adds itself; drop them and keep the rest. Returns the argument to pass on,
 * or NULL to drop it.
 */
static int is_ub_check(const char *s)
{
    for (size_t i = 0; i < NELEM(ub_checks); i++)
        if (strcmp(s, ub_checks[i]) == 0)
            return 1;
    return 0;
}

static const char *filter_fsanitize(struct state *st, const char *arg)
{
    const char *list = arg + strlen("-fsanitize=");
    char *copy = xstrdup(list);
    /* room for every word to become "kernel-address" */
    char *kept = xrealloc(NULL, 2 * strlen(arg) + 16);
    strcpy(kept, "-fsanitize=");
    size_t base = strlen(kept);
    int removed = 0, changed = 0;
    for (char *save = NULL, *s = strtok_r(copy, ",", &save); s; s = strtok_r(NULL, ",", &save)) {
        if (strcmp(s, "address") == 0 || strcmp(s, "kernel-address") == 0) {
            st->user_kasan = 1;
            /* after a -fno-sanitize= that turned it off, the compiler
             * must see it again here, in kernel mode */
            if (st->no_kasan) {
                st->no_kasan = 0;
                changed = 1;
                s = "kernel-address";
            } else {
                removed = 1;
                continue;
            }
        }
        if (strcmp(s, "memory") == 0 || strcmp(s, "kernel-memory") == 0) {
            st->user_kmsan = 1;	/* ksan-cc adds kernel-memory itself */
            removed = 1;
            continue;
        }
        if (strcmp(s, "thread") == 0) {
            st->user_kcsan = 1;	/* ksan-cc adds thread itself, on compiles */
            removed = 1;
            continue;
        }
        /* ksan-cc adds each compiler's form itself (ptr_cmp_flags) */
        if (strcmp(s, "pointer-compare") == 0 || strcmp(s, "pointer-subtract") == 0) {
            st->ptr_pairs |= s[8] == 'c' ? PTR_CMP : PTR_SUB;
            st->ptr_word = s[8] == 'c' ? "-fsanitize=pointer-compare" :
                                         "-fsanitize=pointer-subtract";
            removed = 1;
            continue;
        }
        if (is_ub_check(s))
            st->user_ub = 1;
        /* libFuzzer's coverage: clang instruments for it; ksan-cc links
         * libFuzzer itself (see the link step) */
        if (strcmp(s, "fuzzer") == 0)
            st->fuzzer = st->fuzzer_cov = st->sancov = 1;
        if (strcmp(s, "fuzzer-no-link") == 0)
            st->fuzzer_cov = st->sancov = 1;
        if (strlen(kept) > base)
            strcat(kept, ",");
        strcat(kept, s);
    }
    free(copy);
    if (!removed && !changed) {
        free(kept);
        return arg;
    }
    if (strlen(kept) == base) {
        free(kept);
        return NULL;
    }
    return kept;
}

/*
 * Walk arguments. At top level (out != NULL) own options are handled and
 * removed, and everything else is appended to out; inside a response file
 * the words are only looked at.
 */
static void scan(struct state *st, const char *const *args, size_t n,
                 struct argv_vec *out, int depth)
{
    for (size_t i = 0; i < n; i++) {
        const char *a = args[i];

        if (out) {
            if (starts_with(a, "--ksan")) {
                if (starts_with(a, "--ksan=")) {
                    check_detectors(st, a + strlen("--ksan="));
                } else if (starts_with(a, "--ksan-mode=")) {
                    const char *m = a + strlen("--ksan-mode=");
                    if (strcmp(m, "inline") == 0)
                        st->mode = M_INLINE;
                    else if (strcmp(m, "outline") == 0)
                        st->mode = M_OUTLINE;
                    else
                        die(2, "unknown --ksan-mode '%s' (known: inline, outline)", m);
                } else if (strcmp(a, "--ksan-uar") == 0) {
                    st->uar = UAR_ON;
                } else if (strcmp(a, "--ksan-no-uar") == 0) {
                    st->uar = UAR_OFF;
                } else if (strcmp(a, "--ksan-opt") == 0) {
                    st->no_opt = 0;
                } else if (strcmp(a, "--ksan-no-opt") == 0) {
                    st->no_opt = 1;
                } else if (starts_with(a, "--ksan-cc=")) {
                    st->cc = a + strlen("--ksan-cc=");
                    if (!*st->cc)
                        die(2, "--ksan-cc= needs a compiler (gcc, clang or a path)");
                } else {
                    die(2, "unknown option '%s' (see ksan-cc --help)", a);
                }
                continue;
            }
            if (strcmp(a, "--help") == 0) {
                st->help = 1;
                continue;
            }
            if (strcmp(a, "--version") == 0) {
                st->version = 1;
                continue;
            }
            if (starts_with(a, "-fsanitize=")) {
                a = filter_fsanitize(st, a);
                if (!a)
                    continue;
            }
        }

        /* -fno-sanitize=all|address|kernel-address: no KASAN for this
         * unit (ksan-cc adds none of its flags, so cc1 sees no stray
         * -fasan-shadow-offset); the word goes on to the compiler, which
         * applies it to anything else it names */
        if (starts_with(a, "-fno-sanitize=")) {
            char *copy = xstrdup(a + strlen("-fno-sanitize="));
            for (char *save = NULL, *w = strtok_r(copy, ",", &save); w;
                 w = strtok_r(NULL, ",", &save)) {
                if (strcmp(w, "all") == 0 || strcmp(w, "address") == 0 ||
                    strcmp(w, "kernel-address") == 0) {
                    st->no_kasan = 1;
                    st->user_kasan = 0;
                }
                if (strcmp(w, "all") == 0 || strcmp(w, "pointer-compare") == 0)
                    st->ptr_pairs &= ~PTR_CMP;
                if (strcmp(w, "all") == 0 || strcmp(w, "pointer-subtract") == 0)
                    st->ptr_pairs &= ~PTR_SUB;
            }
            free(copy);
        }

        if (a[0] == '@' && a[1]) {
            struct argv_vec words = { 0 };
            /* files that name each other more than once would be read
             * exponentially often: at most RSP_FILES_MAX in all, as
             * libiberty's expandargv (which then stops the driver) */
            if (depth < 16 && rsp_files < RSP_FILES_MAX && ++rsp_files &&
                read_response_file(a + 1, &words)) {
                scan(st, words.v, words.n, NULL, depth + 1);
            } else {
                /* unreadable: the driver takes it as a file name; be safe */
                st->inputs = 1;
                st->sources = 1;
            }
            if (out)
                vec_push(out, a);
            continue;
        }

        if (a[0] != '-' || a[1] == '\0') {
            note_input(st, a);
            if (out)
                vec_push(out, a);
            continue;
        }

        if (takes_sep_arg(a)) {
            const char *arg = i + 1 < n ? args[i + 1] : NULL;
            if (arg) {
                if (strcmp(a, "-x") == 0 || strcmp(a, "--language") == 0)
                    st->lang = arg;
                else if (strcmp(a, "-l") == 0)
                    st->inputs = 1;
                else if (strcmp(a, "-mllvm") == 0)
                    note_mllvm(st, arg);
                else if (strcmp(a, "-target") == 0 || strcmp(a, "--target") == 0)
                    st->target = arg;
                else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0)
                    st->output = arg;
            }
            if (out) {
                vec_push(out, a);
                if (arg)
                    vec_push(out, arg);
            }
            if (arg)
                i++;
            continue;
        }

        if (strncmp(a, "--target=", 9) == 0)
            st->target = a + 9;
        if (starts_with(a, "-fsanitize-coverage="))
            st->sancov = 1;
        if (strcmp(a, "-c") == 0)
            st->opt_c = 1;
        else if (strcmp(a, "-S") == 0)
            st->opt_S = 1;
        else if (strcmp(a, "-E") == 0)
            st->opt_E = 1;
        else if (strcmp(a, "-M") == 0 || strcmp(a, "-MM") == 0)
            st->opt_M = 1;
        else if (strcmp(a, "-MD") == 0 || strcmp(a, "-MMD") == 0)
            st->opt_MD = 1;
        else if (strcmp(a, "-fsyntax-only") == 0)
            st->syntax_only = 1;
        else if (strcmp(a, "-shared") == 0 || strcmp(a, "--shared") == 0)
            st->shared = 1;
        else if (strcmp(a, "-r") == 0 || strcmp(a, "--relocatable") == 0)
            st->relocatable = 1;
        else if (strcmp(a, "-static") == 0 || strcmp(a, "--static") == 0 ||
                 strcmp(a, "-static-pie") == 0)
            st->is_static = 1;
        else if (strcmp(a, "-flto") == 0 ||
                 (starts_with(a, "-flto=") && strcmp(a, "-flto=none") != 0))
            st->lto = 1;
        else if (strcmp(a, "-fno-lto") == 0)
            st->lto = 0;
        else if (starts_with(a, "-x"))
            st->lang = a + 2;
        else if (starts_with(a, "--language="))
            st->lang = a + strlen("--language=");
        else if (starts_with(a, "-l"))
            st->inputs = 1;
        else if (is_debug_level_flag(a))
            st->user_g = 1;

        if (out)
            vec_push(out, a);
    }
}

/* ---- output ---- */

static void add_rows(struct argv_vec *out, const struct flag_row *rows, size_t n,
                     unsigned fam, unsigned mode, const struct state *st)
{
    for (size_t i = 0; i < n; i++) {
        if (!(rows[i].cc & fam) || !(rows[i].mode & mode))
            continue;
        if ((rows[i].mode & A_MASK) &&
            !(rows[i].mode & A_MASK & target_arch(st->cc_path, st->target)))
            continue;
        /* clang rejects an -mllvm option given twice: the user's wins */
        if (rows[i].b && strcmp(rows[i].a, "-mllvm") == 0 && user_has_mllvm(st, rows[i].b))
            continue;
        vec_push(out, rows[i].a);
        if (rows[i].b)
            vec_push(out, rows[i].b);
    }
}

static void print_quoted(FILE *f, const char *s)
{
    if (*s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                        "0123456789-_=+,./:@%^") == strlen(s)) {
        fputs(s, f);
        return;
    }
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputs("'\\''", f);
        else
            fputc(*s, f);
    }
    fputc('\'', f);
}

static void run(const struct argv_vec *cmd)
{
    const char *verbose = getenv("KSAN_CC_VERBOSE");
    if (verbose && *verbose && strcmp(verbose, "0") != 0) {
        fputs("ksan-cc: exec:", stderr);
        for (size_t i = 0; i < cmd->n; i++) {
            fputc(' ', stderr);
            print_quoted(stderr, cmd->v[i]);
        }
        fputc('\n', stderr);
    }
    fflush(NULL);
    execvp(cmd->v[0], (char *const *)cmd->v);
    die(127, "cannot run compiler '%s': %s", cmd->v[0], strerror(errno));
}

static void usage(const char *libdir, const char *incdir)
{
    printf(
"Usage: ksan-cc [ksan-cc options] [compiler options] files...\n"
"\n"
"Compiler driver wrapper for ksan, kernel-style sanitizers for C programs.\n"
"It runs gcc or clang with ksan's instrumentation, include directory and\n"
"runtime library added.\n"
"\n"
"ksan-cc options (removed before the compiler runs):\n"
"  --ksan=LIST          detectors, comma-separated (default: kasan)\n"
"                       available: kasan, kfence, ubsan, kmsan (clang; not with\n"
"                       kasan), kcsan (data races; not with kasan or kmsan),\n"
"                       kasan-sw (aarch64, clang: tag-based KASAN, software\n"
"                       tags), kasan-hw (aarch64, gcc or clang: hardware tags,\n"
"                       MTE; KSAN_OPTIONS=kasan_mode=sync|async|asymm)\n"
"  --ksan-mode=MODE     inline (default): the compiler inlines the shadow checks\n"
"                       outline: one runtime call per memory access (smaller code)\n"
"  --ksan-uar           compile for stack-use-after-return (GCC only; the default;\n"
"                       enable at run time with detect_stack_use_after_return=1)\n"
"  --ksan-no-uar        do not: 4-10%% less CPU time with inline checks (GCC)\n"
"  --ksan-no-opt        clang 14 builds: leave out ksan's check optimizer (the\n"
"                       -fpass-plugin ksan-opt.so: KASAN, skips checks it proves\n"
"                       redundant; KCSAN, its fast path in line instead of a\n"
"                       call per access); --ksan-opt: use it (the default)\n"
"  --ksan-cc=CC         compiler to run: gcc, clang or a path (g++ or clang++\n"
"                       for C++ parts, see below)\n"
"                       (default: $KSAN_CC, else cc); musl-gcc (or any compiler\n"
"                       named *musl*, or --target=*-musl) links with musl and\n"
"                       ksan's musl runtime\n"
"  --help               print this text\n"
"  --version            print ksan-cc's version, then the compiler's --version\n"
"\n"
"Environment:\n"
"  KSAN_CC              compiler to run when --ksan-cc is not given\n"
"  KSAN_CC_VERBOSE=1    print the final compiler command line on stderr\n"
"\n"
"-fsanitize=address and -fsanitize=kernel-address mean kasan and are removed.\n"
"-fno-sanitize=all, =address or =kernel-address compile that unit without kasan\n"
"(executables still get the runtime, for the units that have it).\n"
"-fsanitize=pointer-compare and pointer-subtract mean kasan plus a check of the\n"
"pointers each relational comparison or subtraction takes (run time:\n"
"KSAN_OPTIONS=detect_invalid_pointer_pairs=1 or 2), with either compiler.\n"
"-fsanitize=thread means kcsan (ksan's race detector; never libtsan).\n"
"-fsanitize=<UB checks> (undefined, shift, ...) select ubsan with those checks;\n"
"ksan's handlers are linked, never libubsan or clang's UBSan runtime.\n"
"All other options and files go to the compiler unchanged and in order.\n"
"\n"
"ksan is for C.  C++ sources are refused unless the compiler is a C++ one:\n"
"a C project's C++ parts (tests, say) are compiled and linked against the\n"
"ksan-built C objects with --ksan-cc=g++ or --ksan-cc=clang++ (which link the\n"
"C++ library; new and delete reach ksan's malloc and free through it).\n"
"\n"
"-shared: the library's checks bind to the runtime in the executable, which\n"
"must be linked with ksan-cc too (a library loaded by any other executable\n"
"says so and exits); version scripts and -Bsymbolic are fine.  Build the\n"
"library and the executable with the same detectors (kmsan with kmsan).\n"
"\n"
"Runtime library directory: %s\n"
"Header directory:          %s\n",
        libdir, incdir);
}

/*
 * A static KMSAN link: each C library function the model covers is called
 * through its __wrap_NAME (--wrap=NAME from the options file), taken from the
 * archive only when the program calls NAME; that member then needs libc.a's
 * NAME (or libm.a's, libcrypt.a's), so the user's -l libraries come again
 * after it, and libm (the model covers some of its functions); libc.a's own
 * calls of a NAME are wrapped too (taking more members), hence the group.
 * First the linker script that brackets libc.a's code (KMSAN_LIBC_TEXT_SCRIPT).
 */
static void push_kmsan_libc_wrap(struct argv_vec *cmd, const char *rtdir,
                                 const struct argv_vec *user)
{
    const char *opts = concat(rtdir, "/" KMSAN_LIBC_WRAP_OPTIONS);
    const char *a = concat(rtdir, "/" KMSAN_LIBC_WRAP_ARCHIVE);
    const char *ld = concat(rtdir, "/" KMSAN_LIBC_TEXT_SCRIPT);

    int gold = 0;

    /* gold reads no INSERT: its links keep the library's allocations
     * uninitialised rather than fail */
    for (size_t i = 0; i < user->n; i++)
        if (strcmp(user->v[i], "-fuse-ld=gold") == 0)
            gold = 1;
        else if (starts_with(user->v[i], "-fuse-ld="))
            gold = 0;
    if (!gold && access(ld, R_OK) == 0)
        vec_push(cmd, concat("-Wl,-T,", ld));
    if (access(opts, R_OK) != 0 || access(a, R_OK) != 0)
        return;
    vec_push(cmd, concat("-Wl,@", opts));
    vec_push(cmd, "-Wl,--start-group");
    vec_push(cmd, a);
    for (size_t i = 0; i < user->n; i++) {
        if (strcmp(user->v[i], "-l") == 0 && i + 1 < user->n) {
            vec_push(cmd, user->v[i]);
            vec_push(cmd, user->v[++i]);
        } else if (starts_with(user->v[i], "-l"))
            vec_push(cmd, user->v[i]);
    }
    vec_push(cmd, "-lm");
    vec_push(cmd, "-lc");
    vec_push(cmd, "-Wl,--end-group");
}

int main(int argc, char **argv)
{
    struct state st;
    memset(&st, 0, sizeof(st));
    st.mode = M_INLINE;

    /* <prefix> = parent of the directory holding this binary */
    char *prefix = self_exe(argv[0]);
    if (!prefix)
        die(1, "cannot find the ksan-cc executable's own path "
               "(is /proc mounted?)");
    strip_component(prefix);
    strip_component(prefix);
    const char *sep = strcmp(prefix, "/") == 0 ? "" : "/";
    char *tmp = concat(prefix, sep);
    char *libdir = concat(tmp, KSAN_LIBSUBDIR);
    char *incdir = concat(tmp, "include");
    free(tmp);

    struct argv_vec user = { 0 };
    scan(&st, (const char *const *)argv + 1, argc > 0 ? (size_t)argc - 1 : 0, &user, 0);

    if (st.help) {
        usage(libdir, incdir);
        return 0;
    }

    const char *cc = st.cc;
    if (!cc) {
        cc = getenv("KSAN_CC");
        if (!cc || !*cc)
            cc = "cc";
    }

    /* KSAN_CC=ksan-cc would run us forever */
    char *self = self_exe(argv[0]);
    char *real_cc = find_in_path(cc);
    if (self && real_cc && strcmp(self, real_cc) == 0)
        die(2, "the wrapped compiler '%s' is ksan-cc itself; set --ksan-cc= or "
               "KSAN_CC to gcc or clang", cc);
    free(self);
    free(real_cc);

    st.cc_path = cc;
    struct argv_vec cmd = { 0 };
    vec_push(&cmd, cc);

    if (st.version) {
        printf("ksan-cc (ksan) %s\n", KSAN_VERSION);
        vec_push(&cmd, "--version");
        run(&cmd);
    }

    /* detectors: --ksan= says; else kasan, plus ubsan when the user's
     * -fsanitize= names UB checks (and only ubsan if it names no address) */
    if (!st.ksan_given) {
        st.ubsan = st.user_ub;
        /* pointer-compare and pointer-subtract imply address, as in
         * both compilers */
        st.kasan = !st.user_ub || st.user_kasan || st.ptr_pairs;
    } else if (st.user_ub) {
        st.ubsan = 1;
    }
    if (st.user_kasan)
        st.kasan = 1;
    if (st.user_kmsan) {
        st.kmsan = 1;
        if (!st.ksan_given && !st.user_kasan)
            st.kasan = 0;
    }
    if (st.user_kcsan) {
        st.kcsan = 1;
        if (!st.ksan_given && !st.user_kasan)
            st.kasan = 0;
    }
    if (st.kmsan && st.kasan)
        die(2, "kasan and kmsan exclude each other (as in the kernel): pick one");
    if (st.kcsan && st.kasan)
        die(2, "kasan and kcsan exclude each other (as in the kernel, where KCSAN "
               "depends on !KASAN): pick one");
    if (st.kcsan && st.kmsan)
        die(2, "kmsan and kcsan exclude each other (as in the kernel): pick one");
    if (st.kasan_sw && st.kasan_hw)
        die(2, "kasan-sw and kasan-hw are two modes of one detector: pick one");
    if (st.kasan_sw || st.kasan_hw) {
        const char *m = st.kasan_sw ? "kasan-sw" : "kasan-hw";
        if (st.kasan && st.ksan_given && !st.user_kasan)
            die(2, "%s is tag-based KASAN: it replaces kasan (generic), pick one", m);
        if (st.kmsan || st.kcsan)
            die(2, "%s excludes %s (as in the kernel): pick one", m,
                st.kmsan ? "kmsan" : "kcsan");
        st.kasan = 0;   /* a user's -fsanitize=address means the tag mode here */
    }

    int links = st.inputs && !st.opt_c && !st.opt_S && !st.opt_E && !st.syntax_only &&
                !(st.opt_M && !st.opt_MD);
    /* gcc's LTO link re-runs the code generator: it needs the flags too */
    int compiles = st.sources || (links && st.lto);

    /* ksan is for C: C++ only through a C++ driver, which links the C++
     * library (new and delete reach ksan's malloc and free through it) */
    if (st.cxx_input && compiles && !is_cxx_driver(cc))
        die(2, "%s is compiled as C++, and ksan is for C: compile C++ (a C "
               "project's C++ tests, say) with --ksan-cc=g++ or --ksan-cc=clang++",
            st.cxx_input);

    /* KCSAN keeps glibc's heap: KFENCE samples in front of it by
     * interposing malloc, which a static glibc does not allow */
    if (st.kcsan && st.kfence && links && st.is_static && !st.relocatable && !st.shared)
        die(2, "kcsan with kfence needs a dynamically linked executable (KFENCE "
               "samples in front of the C library's malloc); drop -static or kfence");
    /* gcc's driver refuses a link with both (its libtsan is dynamic only);
     * ksan's KCSAN links statically once the objects exist */
    if (st.kcsan && compiles && links && st.is_static && !st.relocatable && !st.version &&
        detect_family(cc) == CC_GCC)
        die(2, "gcc cannot compile for kcsan (-fsanitize=thread) and link -static in one "
               "command: compile with -c first, then link the objects with "
               "ksan-cc --ksan=kcsan -static");
    if ((st.kasan_sw || st.kasan_hw) && (compiles || links) && !st.version &&
        !target_is_aarch64(cc, st.target))
        die(2, "%s is for aarch64 (tags in the pointer's top byte%s): '%s' builds for %s; "
               "use --ksan-cc=clang --target=aarch64-linux-gnu%s",
            st.kasan_sw ? "kasan-sw" : "kasan-hw",
            st.kasan_sw ? ", top-byte-ignore" : ", MTE", cc,
            *detect_target(cc, st.target) ? detect_target(cc, st.target) : "an unknown target",
            st.kasan_sw ? "" : " or --ksan-cc=aarch64-linux-gnu-gcc");
    if (st.kasan_sw && (compiles || links) && !st.version && detect_family(cc) != CC_CLANG)
        die(2, "kasan-sw needs clang (GCC has no kernel-hwaddress instrumentation); "
               "use --ksan-cc=clang --target=aarch64-linux-gnu, or kasan-hw (MTE) with gcc");
    if (st.fuzzer_cov && (compiles || links) && !st.version &&
        (detect_family(cc) != CC_CLANG || uses_musl(cc, st.target)))
        die(2, "-fsanitize=fuzzer (and libFuzzer's coverage) needs clang building for glibc "
               "(libFuzzer comes with clang: libclang-rt-14-dev); use --ksan-cc=clang, or fuzz "
               "with AFL++ (ksan-cc --ksan-cc=afl-clang-fast: README, Fuzzing)");
    if (st.ptr_pairs && !st.kasan && (compiles || links) && !st.version)
        die(2, "%s needs kasan (generic KASAN's heap, globals and stack red zones tell "
               "the objects apart): add kasan to --ksan=, or drop it", st.ptr_word);
    if (st.kmsan && (compiles || links) && !st.version && detect_family(cc) != CC_CLANG)
        die(2, "kmsan needs clang (GCC has no kernel-memory instrumentation); "
               "use --ksan-cc=clang");

    if (compiles) {
        unsigned fam = detect_family(cc);
        int kasan = st.kasan && !st.no_kasan;
        if (st.kmsan)
            add_rows(&cmd, kmsan_flags, NELEM(kmsan_flags), fam, st.mode, &st);
        if (st.kcsan)
            add_rows(&cmd, kcsan_flags, NELEM(kcsan_flags), fam, st.mode, &st);
        if (kasan)
            add_rows(&cmd, kasan_flags, NELEM(kasan_flags), fam, st.mode, &st);
        /* without kasan in this unit (-fno-sanitize=address), no checks:
         * as clang drops them (gcc would refuse) */
        if (kasan && (st.ptr_pairs & PTR_CMP))
            add_rows(&cmd, ptr_cmp_flags, NELEM(ptr_cmp_flags), fam, st.mode, &st);
        if (kasan && (st.ptr_pairs & PTR_SUB))
            add_rows(&cmd, ptr_sub_flags, NELEM(ptr_sub_flags), fam, st.mode, &st);
        if (st.kasan_sw)
            add_rows(&cmd, kasan_sw_flags, NELEM(kasan_sw_flags), fam, st.mode, &st);
        if (st.kasan_hw)
            add_rows(&cmd, kasan_hw_flags, NELEM(kasan_hw_flags), fam, st.mode, &st);
        if (st.ubsan && !st.user_ub)
            add_rows(&cmd, ubsan_flags, NELEM(ubsan_flags), fam, st.mode, &st);
        if (!kasan)
            ;   /* nothing to put on a fake stack */
        else if (fam == CC_GCC && (st.uar == UAR_ON || (st.uar == UAR_DEFAULT && UAR_DEFAULT_ON)))
            add_rows(&cmd, uar_flags, NELEM(uar_flags), fam, st.mode, &st);
        else if (st.uar == UAR_ON && fam == CC_CLANG && !uar_warned++)
            fprintf(stderr, "ksan-cc: warning: clang 14 does not instrument for "
                    "stack-use-after-return in kernel-address mode; --ksan-uar ignored\n");
        add_rows(&cmd, common_flags, NELEM(common_flags), fam, st.mode, &st);
        if (!st.user_g)
            add_rows(&cmd, line_table_flags, NELEM(line_table_flags), fam, st.mode, &st);
    }

    for (size_t i = 0; i < user.n; i++)
        vec_push(&cmd, user.v[i]);

    if (st.sources)
        vec_push(&cmd, concat("-I", incdir));
    /* clang's inline checks: report calls declared cold, so that each
     * check's call leaves the hot path (include/ksan/kasan_cold.h says
     * why); not into -E output, where the text would show.  Only speed
     * hangs on it: without the header (an install that lacks it) the
     * unit compiles as before */
    if (st.sources && !st.opt_E && st.kasan && !st.no_kasan && st.mode == M_INLINE &&
        detect_family(cc) == CC_CLANG) {
        char *cold = concat(incdir, "/ksan/" KASAN_COLD_HEADER);
        if (access(cold, R_OK) == 0) {
            vec_push(&cmd, "-include");
            vec_push(&cmd, cold);
        }
    }

    /* clang 14, KASAN: ksan's check optimizer (KSAN_OPT_PLUGIN); KCSAN:
     * its fast path in line, the countdown once per batch of accesses and
     * kept in a register (0.66x the CPU of a call per access, 2.3x the
     * code: bench/results/2026-12-06-kcsan-block.md).  A plugin built for
     * another LLVM would stop the compile: only clang 14's --version gets
     * it */
    if (st.sources && !st.opt_E && ((st.kasan && !st.no_kasan) || st.kcsan) &&
        !st.no_opt &&
        detect_family(cc) == CC_CLANG && cc_clang14) {
        char *plugin = concat(libdir, "/" KSAN_OPT_PLUGIN);
        if (access(plugin, R_OK) == 0)
            vec_push(&cmd, concat("-fpass-plugin=", plugin));
    }

    /* KMSAN: the byte shuffle's exact shadow (include/ksan/kmsan_simd.h
     * says why; the header tests the target itself) */
    if (st.sources && !st.opt_E && st.kmsan) {
        char *simd = concat(incdir, "/ksan/" KMSAN_SIMD_HEADER);
        if (access(simd, R_OK) == 0) {
            vec_push(&cmd, "-include");
            vec_push(&cmd, simd);
        }
    }

    if (links && !st.relocatable) {
        /* the target's archives: LIBDIR, or LIBDIR/<arch> for another one */
        char *rtdir = runtime_dir(libdir, cc, st.target);
        int cross = strcmp(rtdir, libdir) != 0;
        int musl = uses_musl(cc, st.target);
        /* the target as the messages name it */
        const char *tname = musl ? concat(detect_target(cc, st.target), " with musl")
                                 : detect_target(cc, st.target);
        const char *how = musl ? "make builds ksan's musl runtime (libksan.a, "
                                 "libksan_shlib.a) when musl-gcc (musl-tools) is installed"
                               : "make builds it when that target's compiler and C "
                                 "library are installed";
        /* a -x LANG still in force would make the archives "source files" */
        if (st.lang && strcmp(st.lang, "none") != 0) {
            vec_push(&cmd, "-x");
            vec_push(&cmd, "none");
        }
        /* shared libraries too: gcc adds -lubsan (-ltsan) to any link
         * that also compiles */
        if (st.ubsan || st.kcsan || st.sancov) {
            unsigned fam = detect_family(cc);
            if (st.ubsan)
                add_rows(&cmd, ubsan_link_flags, NELEM(ubsan_link_flags), fam, st.mode, &st);
            else if (st.sancov)	/* (the same flag) */
                add_rows(&cmd, sancov_link_flags, NELEM(sancov_link_flags), fam, st.mode, &st);
            if (st.kcsan)
                add_rows(&cmd, kcsan_link_flags, NELEM(kcsan_link_flags), fam, st.mode, &st);
            if (fam == CC_GCC)
                vec_push(&cmd, concat("-L", concat(libdir, "/" NOUBSAN_DIR)));
        }
        if (st.shared) {
            const char *a = concat(rtdir, st.kmsan ? "/" KMSAN_SHLIB_ARCHIVE : "/" SHLIB_ARCHIVE);
            if (cross && access(a, R_OK) != 0)
                die(2, "-shared for %s: no %s (ksan's forwarders to the executable's "
                       "runtime are not built for that target); link the library's objects "
                       "into the executable instead", tname, a);
            vec_push(&cmd, a);
            /* the forwarders' dlsym: in libc since glibc 2.34, in libdl
             * before; --as-needed keeps libdl out where it is not used */
            for (size_t i = 0; i < NELEM(shlib_link_libs); i++)
                vec_push(&cmd, shlib_link_libs[i]);
        } else {
            /* libksan's KFENCE stays off unless this symbol exists */
            if (st.kfence)
                vec_push(&cmd, "-Wl,--defsym=" KFENCE_ENABLE_SYMBOL "=1");
            if (is_config_probe(st.output))
                vec_push(&cmd, "-Wl,--defsym=" CONFIG_PROBE_SYMBOL "=1");
            if (st.kasan_hw)
                vec_push(&cmd, "-Wl,--defsym=" TAGS_HW_SYMBOL "=1");
            if (!st.kasan && !st.kmsan && !st.kcsan && !st.kasan_sw && !st.kasan_hw)
                vec_push(&cmd, "-Wl,--defsym=" NO_KASAN_SYMBOL "=1");
            const char *a = concat(rtdir, st.kmsan ? "/" KMSAN_ARCHIVE :
                                   st.kcsan ? "/" KCSAN_ARCHIVE :
                                   st.kasan_sw || st.kasan_hw ? "/" TAGS_ARCHIVE :
                                   "/" RUNTIME_ARCHIVE);
            if (cross && access(a, R_OK) != 0)
                die(2, "no ksan runtime for %s: %s is missing (%s)", tname, a, how);
            vec_push(&cmd, "-Wl,--whole-archive");
            vec_push(&cmd, a);
            if (st.kmsan && !st.is_static)
                vec_push(&cmd, concat(rtdir, "/" KMSAN_LIBC_ARCHIVE));
            if (st.kcsan && st.kfence)
                vec_push(&cmd, concat(rtdir, "/" KCSAN_KFENCE_ARCHIVE));
            vec_push(&cmd, "-Wl,--no-whole-archive");
            if (st.kmsan && st.is_static && !musl)
                push_kmsan_libc_wrap(&cmd, rtdir, &user);
            if (st.fuzzer) {
                vec_push(&cmd, "-Wl,--whole-archive");
                vec_push(&cmd, fuzzer_archive(cc, st.target));
                vec_push(&cmd, "-Wl,--no-whole-archive");
                for (size_t i = 0; i < NELEM(fuzzer_link_libs); i++)
                    vec_push(&cmd, fuzzer_link_libs[i]);
            }
            for (size_t i = 0; i < NELEM(exe_link_libs); i++)
                vec_push(&cmd, exe_link_libs[i]);
            if (!st.is_static)
                vec_push(&cmd, concat("-Wl,--dynamic-list=", concat(libdir, "/" EXPORTS_FILE)));
            else if (musl) {
                vec_push(&cmd, concat(rtdir, "/" MUSL_LIBC_OBJECT));
                for (size_t i = 0; i < NELEM(static_undefs_musl); i++)
                    vec_push(&cmd, static_undefs_musl[i]);
            }
            else {
                for (size_t i = 0; i < NELEM(static_undefs); i++)
                    vec_push(&cmd, static_undefs[i]);
                if (st.kmsan)
                    for (size_t i = 0; i < NELEM(static_undefs_kmsan); i++)
                        vec_push(&cmd, static_undefs_kmsan[i]);
            }
        }
    }

    run(&cmd);
    return 127;
}

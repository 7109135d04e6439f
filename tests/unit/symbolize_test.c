/*
 * This file contains the standalone test of the Linux port's symbolizer
 * (src/port/linux/symbolize/*.c).  Build and run, also with -static and clang:
 *   gcc -g -O0 -fno-omit-frame-pointer -Iinclude -Isrc tests/unit/symbolize_test.c \
 *	src/port/linux/symbolize/*.c src/port/linux/platform/noproc.c -o t && ./t
 * It re-runs itself with other KSAN_SYMBOLIZER_PATH/PATH settings.
 * symbolize.sh also builds it with -O2 (the inlined frames must not care).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "core/core.h"

struct core_options core_opt = { .symbolize = 1, .symbolize_timeout_ms = 15000 };

/* noproc.c's one-line notices (without /proc) */
void ksan_port_write(const char *s, size_t n)
{
	if (write(STDERR_FILENO, s, n) < 0)
		return;
}

__attribute__((noinline)) int known_fn(int x) { return x * 7 + 1; }
static const unsigned known_line = __LINE__ - 1;

static const unsigned other_line = __LINE__ + 1;
__attribute__((noinline)) int other_fn(int x)
{
	return x * 3 + 2;
}

/* inl_leaf's return address lies in inl_fn's body, inlined in inl_caller */
static uintptr_t inl_ret;
volatile int inl_sink;

__attribute__((noinline)) int inl_leaf(int x)
{
	inl_ret = (uintptr_t)__builtin_return_address(0);
	return x + inl_sink;
}

static const unsigned inl_line = __LINE__ + 3;
static inline __attribute__((always_inline)) int inl_fn(int x)
{
	int r = inl_leaf(x * 5);

	return r + 3;
}

static const unsigned inl_call_line = __LINE__ + 3;
__attribute__((noinline)) int inl_caller(int x)
{
	return inl_fn(x + 1) * 2;
}

static int failures;
static char self[4096];

static void check(int ok, const char *mode, const char *what,
		  const struct ksan_symbol *s)
{
	printf("%s: %s: %s", ok ? "PASS" : "FAIL", mode, what);
	if (!ok || getenv("SYMBOLIZE_TEST_VERBOSE"))
		printf("  [%s+0x%lx/0x%lx %s:%u:%u (%s+0x%lx)]",
		       s->function ? s->function : "(null)", (unsigned long)s->offset,
		       (unsigned long)s->size, s->file ? s->file : "(null)",
		       s->line, s->column, s->module ? s->module : "(null)",
		       (unsigned long)s->module_offset);
	printf("\n");
	failures += !ok;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t a = s ? strlen(s) : 0, b = strlen(suffix);

	return s && a >= b && !strcmp(s + a - b, suffix);
}

static int main_base_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	*(uintptr_t *)data = info->dlpi_addr;	/* the first one is the program */
	return 1;
}

/*
 * known_fn+5 as a return address.  want_file: 1 must have file:line,
 * 0 must not, -1 either (when it has one it must be right).  The prologue
 * has no column with clang, so only addr2line's missing column is checked.
 */
static void check_known(const char *mode, int want_file, int a2l)
{
	uintptr_t pc = (uintptr_t)&known_fn + 5, base = 0;
	struct ksan_symbol s;
	char what[128];
	int r, i;

	dl_iterate_phdr(main_base_cb, &base);
	for (i = 0; i < 2; i++) {	/* the second answer comes from the cache */
		errno = 1234;
		r = ksan_port_symbolize(pc, 1, &s);
		snprintf(what, sizeof(what), "known_fn%s", i ? " (cached)" : "");
		check(r == 0 && errno == 1234 && s.function &&
		      !strcmp(s.function, "known_fn") && s.offset == 5 &&
		      s.size > 5 && s.module && !strcmp(s.module, self) &&
		      s.module_offset == pc - base, mode, what, &s);
		snprintf(what, sizeof(what), "known_fn file:line%s",
			 i ? " (cached)" : "");
		if (s.file || want_file == 1)
			check(ends_with(s.file, "/symbolize_test.c") &&
			      s.line == known_line && (!a2l || !s.column),
			      mode, what, &s);
		else
			check(want_file <= 0, mode, "known_fn has no file", &s);
	}
	r = ksan_port_symbolize((uintptr_t)&known_fn, 0, &s);
	check(r == 0 && s.function && !strcmp(s.function, "known_fn") &&
	      s.offset == 0, mode, "known_fn entry", &s);
}

static void check_write(const char *mode, int is_static)
{
	struct ksan_symbol s;
	int r = ksan_port_symbolize((uintptr_t)&write + 3, 0, &s);

	check(r == 0 && s.function && strstr(s.function, "write") &&
	      s.offset == 3 && s.size > 3 && s.module &&
	      (is_static ? !strcmp(s.module, self) : !!strstr(s.module, "libc")),
	      mode, "write in the C library", &s);
}

static void check_misc(const char *mode)
{
	struct ksan_symbol s;
	int r;

	r = ksan_port_symbolize(0, 1, &s);
	check(r == -1 && !s.function && !s.module, mode, "pc 0", &s);
	r = ksan_port_symbolize(8, 0, &s);
	check(r == -1 && !s.function && !s.module, mode, "unmapped pc", &s);
	r = ksan_port_symbolize((uintptr_t)&other_fn + 1, 0, &s);
	check(r == 0 && s.function && !strcmp(s.function, "other_fn") &&
	      s.offset == 1, mode, "other_fn", &s);
}

static int str_eq(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Same function, offset, size and module; with where 1, same location. */
static int sym_eq(const struct ksan_symbol *a, const struct ksan_symbol *b,
		  int where)
{
	return str_eq(a->function, b->function) && a->offset == b->offset &&
	       a->size == b->size && str_eq(a->module, b->module) &&
	       a->module_offset == b->module_offset &&
	       (!where || (str_eq(a->file, b->file) && a->line == b->line &&
			   a->column == b->column));
}

/*
 * ksan_port_symbolize_frames in inl_fn inlined in inl_caller.  kind 0: no
 * debug info used (one frame, the symbol table's); 1: llvm-symbolizer (two
 * frames, with columns); 2: addr2line (two frames, no columns).  The last
 * frame is ksan_port_symbolize's but for the location: the call site there,
 * pc's own one (in inl_fn) from ksan_port_symbolize, as it always gave.
 */
static void check_inline(const char *mode, int kind)
{
	struct ksan_symbol f[4], s, one;
	char what[128];
	int n, r, i;

	inl_caller(1);
	for (i = 0; i < 2; i++) {	/* the second answer comes from the cache */
		const char *c = i ? " (cached)" : "";

		memset(f, 0x55, sizeof(f));
		errno = 4321;
		n = ksan_port_symbolize_frames(inl_ret, 1, f, 4);
		check(errno == 4321, mode, "frames keep errno", &f[0]);
		r = ksan_port_symbolize(inl_ret, 1, &s);
		snprintf(what, sizeof(what), "inlined pc: %d frame(s)%s",
			 kind ? 2 : 1, c);
		check(n == (kind ? 2 : 1), mode, what, &f[0]);
		if (n < 1 || n > 4)
			return;
		snprintf(what, sizeof(what),
			 "inlined pc: last frame is inl_caller, function+offset/size and module as ksan_port_symbolize%s", c);
		check(!r && sym_eq(&f[n - 1], &s, !kind) &&
		      str_eq(s.function, "inl_caller") && s.offset > 0 &&
		      s.size > s.offset && str_eq(s.module, self),
		      mode, what, &f[n - 1]);
		if (!kind) {
			check(!f[0].file, mode, "inlined pc: no file", &f[0]);
			continue;
		}
		if (n != 2)
			return;
		snprintf(what, sizeof(what),
			 "inlined pc: ksan_port_symbolize gives inl_caller at pc's own line%s", c);
		check(ends_with(s.file, "/symbolize_test.c") && s.line == inl_line &&
		      s.column == f[0].column && str_eq(s.file, f[0].file) &&
		      str_eq(f[0].module, self) && f[0].module_offset == s.module_offset,
		      mode, what, &s);
		snprintf(what, sizeof(what), "inlined pc: [0] inl_fn file:line%s%s",
			 kind == 1 ? ":column" : " (no column)", c);
		check(str_eq(f[0].function, "inl_fn") &&
		      ends_with(f[0].file, "/symbolize_test.c") &&
		      f[0].line == inl_line &&
		      (kind == 1 ? f[0].column > 0 : !f[0].column), mode, what, &f[0]);
		snprintf(what, sizeof(what), "inlined pc: [1] inl_caller at the call site%s%s",
			 kind == 1 ? ", with column" : " (no column)", c);
		check(ends_with(f[1].file, "/symbolize_test.c") &&
		      f[1].line == inl_call_line &&
		      (kind == 1 ? f[1].column > 0 : !f[1].column), mode, what, &f[1]);
	}
	n = ksan_port_symbolize_frames(inl_ret, 1, &one, 1);
	check(n == 1 && sym_eq(&one, &f[kind ? 1 : 0], 1), mode,
	      "inlined pc, max 1: the real function", &one);
	check(!ksan_port_symbolize_frames(inl_ret, 1, f, 0), mode, "max 0", &f[0]);
	n = ksan_port_symbolize_frames((uintptr_t)&other_fn + 1, 0, f, 4);
	r = ksan_port_symbolize((uintptr_t)&other_fn + 1, 0, &s);
	check(n == 1 && !r && sym_eq(&f[0], &s, 1), mode,
	      "pc not inlined: one frame, as ksan_port_symbolize", &f[0]);
	check(!ksan_port_symbolize_frames(0, 1, f, 4) &&
	      !ksan_port_symbolize_frames(8, 0, f, 4), mode,
	      "frames of pc 0 and an unmapped pc: none", &(struct ksan_symbol){ 0 });
}

/*
 * A symbolizer that answers 100 inlined frames f0..f99 (f<i> at /x/f.c line
 * and column i + 1), except to the second request: a frame in more than
 * 64 KiB of text (one line longer than that, then many short ones).
 */
#define FAKE_SYMBOLIZER \
	"#!/bin/sh\n" \
	"n=0\n" \
	"while read -r req; do\n" \
	"  n=$((n + 1))\n" \
	"  if [ $n = 2 ]; then\n" \
	"    echo long\n" \
	"    head -c 70000 /dev/zero | tr '\\0' x; echo\n" \
	"    i=0; while [ $i -lt 3000 ]; do echo '  Filename: /y/y.c'; i=$((i + 1)); done\n" \
	"    echo '  Line: 7'\n" \
	"  else\n" \
	"    i=0; while [ $i -lt 100 ]; do\n" \
	"      i=$((i + 1)); printf 'f%d\\n  Filename: /x/f.c\\n  Line: %d\\n  Column: %d\\n' $((i - 1)) $i $i\n" \
	"    done\n" \
	"  fi\n" \
	"  echo\n" \
	"done\n"

static void check_fake(const char *mode)
{
	struct ksan_symbol f[100], s;
	int n, i, ok;

	for (i = 0; i < 3; i++) {	/* the second answer is too long */
		uintptr_t pc = i == 1 ? (uintptr_t)&other_fn + 1 : (uintptr_t)&known_fn + i;

		n = ksan_port_symbolize_frames(pc, 0, f, 100);
		if (i == 1) {
			check(n == 1 && str_eq(f[0].function, "other_fn") && !f[0].file,
			      mode, "too long an answer: dropped", &f[0]);
			continue;
		}
		check(n == 64, mode, i ? "64 frames (after a dropped answer)" :
		      "at most 64 frames", &f[0]);
		if (n != 64)
			return;
		for (ok = 1, n = 0; n < 63; n++)
			ok &= f[n].function && f[n].function[0] == 'f' &&
			      atoi(f[n].function + 1) == n && str_eq(f[n].file, "/x/f.c") &&
			      f[n].line == (unsigned)n + 1 && f[n].column == (unsigned)n + 1;
		check(ok, mode, "innermost 63 frames", &f[n - 1]);
		check(str_eq(f[63].function, "known_fn") && f[63].offset == (unsigned)i &&
		      str_eq(f[63].file, "/x/f.c") && f[63].line == 100 &&
		      f[63].column == 100, mode, "then the real function's", &f[63]);
	}
	n = ksan_port_symbolize_frames((uintptr_t)&known_fn, 0, f, 4);
	check(n == 4 && str_eq(f[2].function, "f2") && str_eq(f[3].function, "known_fn") &&
	      f[3].line == 100, mode, "max 4: f0, f1, f2, known_fn", &f[3]);
	check(!ksan_port_symbolize((uintptr_t)&known_fn, 0, &s) && sym_eq(&s, &f[3], 0) &&
	      str_eq(s.file, "/x/f.c") && s.line == 1 && s.column == 1,
	      mode, "ksan_port_symbolize: known_fn at the innermost location", &s);
}

static int run_child(const char *mode, const char *const *env)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		for (; *env; env += 2) {
			if (*env[1] == '-')
				unsetenv(env[0]);
			else
				setenv(env[0], env[1], 1);
		}
		execl(self, self, mode, (char *)NULL);
		_exit(126);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static int have(const char *path)
{
	return !access(path, X_OK);
}

static int have_llvm(void)
{
	return have("/usr/bin/llvm-symbolizer") ||
	       have("/usr/bin/llvm-symbolizer-14") ||
	       have("/usr/lib/llvm-14/bin/llvm-symbolizer");
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "main";
	char dir[] = "/tmp/symbolize_test.XXXXXX", script[256];
	int is_static = 0, rc, llvm_ok = have_llvm(), fd;
	uintptr_t base = 1;
	struct timespec t0, t1;
	FILE *f;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (readlink("/proc/self/exe", self, sizeof(self) - 1) < 0)
		return 2;
	dl_iterate_phdr(main_base_cb, &base);
	is_static = !getauxval(AT_BASE);	/* no dynamic loader */

	if (!strncmp(mode, "addr2line", 9)) {	/* KSAN_SYMBOLIZER_PATH=addr2line */
		check_known(mode, 1, 1);
		check_write(mode, is_static);
		check_inline(mode, 2);
		return failures != 0;
	}
	/* nosymbolizer: none where the environment says (the fixed list may
	 * have one); dead: the one named dies, addr2line takes over */
	if (!strcmp(mode, "nosymbolizer") || !strcmp(mode, "dead")) {
		int a2l = have("/usr/bin/addr2line");

		clock_gettime(CLOCK_MONOTONIC, &t0);
		check_known(mode, strcmp(mode, "dead") ? -1 : a2l, !strcmp(mode, "dead"));
		check_write(mode, is_static);
		check_misc(mode);
		if (!strcmp(mode, "dead"))
			check_inline(mode, a2l ? 2 : 0);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		check(t1.tv_sec - t0.tv_sec < 5, mode, "no hang", &(struct ksan_symbol){ 0 });
		{
			sigset_t pending;

			sigpending(&pending);
			check(!sigismember(&pending, SIGPIPE), mode,
			      "no SIGPIPE left pending", &(struct ksan_symbol){ 0 });
		}
		return failures != 0;
	}
	if (!strcmp(mode, "fake")) {	/* FAKE_SYMBOLIZER is the symbolizer */
		check_fake(mode);
		return failures != 0;
	}
	if (!strcmp(mode, "envcheck")) {	/* the script is the symbolizer */
		check_known(mode, 1, 0);
		check_inline(mode, 1);
		return failures != 0;
	}

	/* mode main: the ordinary case, in process */
	printf("%s executable, main program loaded at 0x%lx\n",
	       is_static ? "static" : "dynamic", (unsigned long)base);
	core_opt.symbolize = 0;
	check_known("symbolize=0", 0, 0);
	check_write("symbolize=0", is_static);
	check_inline("symbolize=0", 0);
	core_opt.symbolize = 1;
	check_known("symbolize=1", llvm_ok ? 1 : -1, 0);
	if (llvm_ok) {	/* in the middle of the body: line and column */
		struct ksan_symbol s;

		ksan_port_symbolize((uintptr_t)&other_fn, 0, &s);
		ksan_port_symbolize((uintptr_t)&other_fn + s.size / 2, 0, &s);
		check(s.function && !strcmp(s.function, "other_fn") &&
		      ends_with(s.file, "/symbolize_test.c") &&
		      s.line == other_line + 2 && s.column > 0, "symbolize=1",
		      "other_fn body line:column", &s);
	}
	check_write("symbolize=1", is_static);
	check_misc("symbolize=1");
	if (llvm_ok)
		check_inline("symbolize=1", 1);
	{	/* in libc (a dynamic one has no .symtab; its name may come from
		 * the debug info, then with an offset but no size) */
		struct ksan_symbol s;
		int r = ksan_port_symbolize((uintptr_t)__builtin_return_address(0), 1, &s);

		check(r == 0 && s.module &&
		      (is_static ? s.function && s.size : !!strstr(s.module, "libc")) &&
		      (!s.function || s.offset) && (!s.file || s.function),
		      "symbolize=1", "main's caller", &s);
	}
	{
		struct ksan_symbol s;
		uintptr_t pc = (uintptr_t)&other_fn + 3;
		int i, ok = 1;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (i = 0; i < 100000; i++)
			ok &= !ksan_port_symbolize(pc, 1, &s) && s.function;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		check(ok && (t1.tv_sec - t0.tv_sec) * 1000000000L +
		      (t1.tv_nsec - t0.tv_nsec) < 2000000000L, "symbolize=1",
		      "100000 cached lookups under 2 s", &s);
	}

	/* after fork the child has its own symbolizer */
	{
		pid_t pid = fork();
		int st;

		if (pid == 0) {
			failures = 0;
			check_known("forked child", llvm_ok ? 1 : -1, 0);
			_exit(failures != 0);
		}
		waitpid(pid, &st, 0);
		check(WIFEXITED(st) && !WEXITSTATUS(st), "fork", "child exited 0",
		      &(struct ksan_symbol){ 0 });
	}

	if (have("/usr/bin/addr2line")) {
		const char *env[] = { "KSAN_SYMBOLIZER_PATH", "/usr/bin/addr2line", NULL };

		rc = run_child("addr2line", env);
		check(rc == 0, "main", "child addr2line", &(struct ksan_symbol){ 0 });
	} else {
		printf("SKIP: addr2line not installed\n");
	}
	if (have("/usr/bin/llvm-addr2line")) {	/* a2l's output, llvm's reading */
		const char *env[] = { "KSAN_SYMBOLIZER_PATH", "/usr/bin/llvm-addr2line",
				      NULL };

		rc = run_child("addr2line (llvm-addr2line)", env);
		check(rc == 0, "main", "child llvm-addr2line", &(struct ksan_symbol){ 0 });
	} else {
		printf("SKIP: llvm-addr2line not installed\n");
	}
	{
		const char *env[] = { "KSAN_SYMBOLIZER_PATH", "/nonexistent",
				      "PATH", "/nonexistent", NULL };

		rc = run_child("nosymbolizer", env);
		check(rc == 0, "main", "child nosymbolizer", &(struct ksan_symbol){ 0 });
	}
	{
		const char *env[] = { "KSAN_SYMBOLIZER_PATH", "/bin/false", NULL };

		rc = run_child("dead", env);
		check(rc == 0, "main", "child /bin/false as symbolizer",
		      &(struct ksan_symbol){ 0 });
	}
	if (!mkdtemp(dir)) {
		printf("FAIL: mkdtemp\n");
		return 1;
	}
	snprintf(script, sizeof(script), "%s/sym", dir);
	{	/* execve fails (ENOEXEC): the first write gets EPIPE */
		const char *env[] = { "KSAN_SYMBOLIZER_PATH", script, NULL };

		close(open(script, O_WRONLY | O_CREAT | O_TRUNC, 0755));
		rc = run_child("dead", env);
		check(rc == 0, "main", "child empty file as symbolizer (EPIPE)",
		      &(struct ksan_symbol){ 0 });
	}

	/* the child sees no LD_* variable (it must not load the program's
	 * libraries), no KSAN_OPTIONS and none of our stray fds */
	if (llvm_ok) {
		const char *env[] = { "KSAN_SYMBOLIZER_PATH", script,
				      "KSAN_OPTIONS", "verbosity=0",
				      "LD_PRELOAD", "", "LD_LIBRARY_PATH", "/nonexistent",
				      "LD_AUDIT", "", NULL };

		f = fopen(script, "w");
		fprintf(f, "#!/bin/sh\n"
			"[ -n \"${LD_PRELOAD+x}\" ] && exit 3\n"
			"[ -n \"${KSAN_OPTIONS+x}\" ] && exit 4\n"
			"[ -n \"${LD_LIBRARY_PATH+x}${LD_AUDIT+x}\" ] && exit 6\n"
			"[ -e /proc/$$/fd/77 ] && exit 5\n"
			"for s in llvm-symbolizer llvm-symbolizer-14; do\n"
			"  command -v $s >/dev/null && exec $s \"$@\"\n"
			"done\n"
			"exec /usr/lib/llvm-14/bin/llvm-symbolizer \"$@\"\n");
		fclose(f);
		chmod(script, 0755);
		fd = open("/dev/null", O_RDONLY);	/* not O_CLOEXEC */
		dup2(fd, 77);
		rc = run_child("envcheck", env);
		check(rc == 0, "main", "child envcheck (filtered env, closed fds)",
		      &(struct ksan_symbol){ 0 });
		close(77);
		close(fd);
	}
	{
		const char *env[] = { "KSAN_SYMBOLIZER_PATH", script, NULL };

		f = fopen(script, "w");
		fputs(FAKE_SYMBOLIZER, f);
		fclose(f);
		chmod(script, 0755);
		rc = run_child("fake", env);
		check(rc == 0, "main", "child fake symbolizer (deep inlining, long answer)",
		      &(struct ksan_symbol){ 0 });
	}
	unlink(script);
	rmdir(dir);
	printf("%s\n", failures ? "FAILED" : "ALL PASSED");
	return failures != 0;
}

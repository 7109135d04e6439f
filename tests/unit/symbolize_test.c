/*
 * This file contains the standalone test of the Linux port's symbolizer
 * (src/port/linux/symbolize.c).  Build and run, also with -static and clang:
 *   gcc -g -O0 -fno-omit-frame-pointer -Iinclude -Isrc \
 *	tests/unit/symbolize_test.c src/port/linux/symbolize.c -o t && ./t
 * It re-runs itself with other KSAN_SYMBOLIZER_PATH/PATH settings.
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

struct core_options core_opt = { .symbolize = 1 };

__attribute__((noinline)) int known_fn(int x) { return x * 7 + 1; }
static const unsigned known_line = __LINE__ - 1;

static const unsigned other_line = __LINE__ + 1;
__attribute__((noinline)) int other_fn(int x)
{
	return x * 3 + 2;
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

	if (!strcmp(mode, "addr2line")) {	/* KSAN_SYMBOLIZER_PATH=addr2line */
		check_known(mode, 1, 1);
		check_write(mode, is_static);
		return failures != 0;
	}
	if (!strcmp(mode, "nosymbolizer") || !strcmp(mode, "dead")) {
		clock_gettime(CLOCK_MONOTONIC, &t0);
		check_known(mode, strcmp(mode, "dead") ? -1 : 0, 0);
		check_write(mode, is_static);
		check_misc(mode);
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
	if (!strcmp(mode, "envcheck")) {	/* the script is the symbolizer */
		check_known(mode, 1, 0);
		return failures != 0;
	}

	/* mode main: the ordinary case, in process */
	printf("%s executable, main program loaded at 0x%lx\n",
	       is_static ? "static" : "dynamic", (unsigned long)base);
	core_opt.symbolize = 0;
	check_known("symbolize=0", 0, 0);
	check_write("symbolize=0", is_static);
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

	/* the child sees no LD_PRELOAD, KSAN_OPTIONS or our stray fds */
	if (llvm_ok) {
		const char *env[] = { "KSAN_SYMBOLIZER_PATH", script,
				      "KSAN_OPTIONS", "verbosity=0",
				      "LD_PRELOAD", "", NULL };

		f = fopen(script, "w");
		fprintf(f, "#!/bin/sh\n"
			"[ -n \"${LD_PRELOAD+x}\" ] && exit 3\n"
			"[ -n \"${KSAN_OPTIONS+x}\" ] && exit 4\n"
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
	unlink(script);
	rmdir(dir);
	printf("%s\n", failures ? "FAILED" : "ALL PASSED");
	return failures != 0;
}

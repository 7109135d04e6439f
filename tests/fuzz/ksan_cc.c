/*
 * This file contains the fuzz target of ksan-cc's command line
 * (tools/ksan-cc.c, included): its main() runs on words taken from the
 * input, up to the final command, which is checked instead of run.  The
 * input's first byte picks the compiler's answers (gcc or clang, building
 * for x86-64, aarch64 or an unknown target), which no compiler is asked
 * for; the rest, split at NUL bytes, is a response file's text, then the
 * words.  "@@" in either stands for "@" and that response file's path, so
 * a file can name itself.  exit() and execvp() jump back here; the words'
 * memory is freed after each input (ksan-cc, a short process, keeps it).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "fuzz.h"

static jmp_buf fuzz_jump;
static int fuzz_status;

static __attribute__((noreturn)) void fuzz_exit(int status)
{
	fuzz_status = status;
	longjmp(fuzz_jump, 1);
}

/* the final command: every word a string, then NULL; no compiler runs */
static int fuzz_execvp(const char *file, char *const argv[])
{
	size_t i;

	if (!file || argv[0] != file)
		__builtin_trap();
	for (i = 0; argv[i]; i++)
		(void)strlen(argv[i]);
	fuzz_status = -1;
	longjmp(fuzz_jump, 1);
}

static __attribute__((noreturn)) pid_t fuzz_fork(void)
{
	__builtin_trap();	/* a compiler asked: the answers were given */
}

/* ksan-cc's heap, freed after each input */
static void **blocks;
static size_t nblocks, capblocks;

static void *fuzz_realloc(void *p, size_t n)
{
	size_t i = nblocks;
	void *q;

	if (p)
		for (i = nblocks; i-- > 0 && blocks[i] != p;)
			;
	if (p && i == (size_t)-1)
		__builtin_trap();	/* not ksan-cc's */
	q = realloc(p, n);
	if (!q)
		return NULL;
	if (p) {
		blocks[i] = q;
		return q;
	}
	if (nblocks == capblocks) {
		capblocks = capblocks ? 2 * capblocks : 256;
		blocks = realloc(blocks, capblocks * sizeof(*blocks));
		if (!blocks)
			abort();
	}
	blocks[nblocks++] = q;
	return q;
}

static void fuzz_free(void *p)
{
	size_t i;

	if (!p)
		return;
	for (i = nblocks; i-- > 0;)
		if (blocks[i] == p) {
			blocks[i] = blocks[--nblocks];
			break;
		}
	free(p);
}

static char *fuzz_realpath(const char *path, char *resolved)
{
	char *r = realpath(path, resolved), *q;

	if (!r || resolved)
		return r;
	q = fuzz_realloc(NULL, strlen(r) + 1);
	strcpy(q, r);
	free(r);
	return q;
}

/* the cap on response files read per command, RSP_FILES_MAX (2000, as
 * libiberty's), works the same at 40: files naming themselves reach it
 * in most inputs, and 2000 reads each made the target 10x slower */
#define RSP_FILES_MAX 40
/* and of bytes read from them: 1 MiB here; the target traps past twice
 * that (regress/ksan_cc/rsp_big_file_named_often: /proc/self/exe, 2 MB,
 * named beside a file naming itself, was read 40 times, and each word
 * took a block the size of the rest of the file: 15 s at a time) */
#define RSP_BYTES_MAX ((size_t)1 << 20)
static size_t fuzz_read_bytes;

static size_t fuzz_fread(void *p, size_t size, size_t n, FILE *f)
{
	size_t got = fread(p, size, n, f);

	fuzz_read_bytes += got * size;
	if (fuzz_read_bytes > 2 * RSP_BYTES_MAX + 65536)
		__builtin_trap();
	return got;
}

#define main ksan_cc_main
#define fread(p, s, n, f) fuzz_fread(p, s, n, f)
#define exit(s) fuzz_exit(s)
#define execvp(f, a) fuzz_execvp(f, a)
#define fork() fuzz_fork()
#define realloc(p, n) fuzz_realloc(p, n)
#define free(p) fuzz_free(p)
#define realpath(p, r) fuzz_realpath(p, r)
#include "../../tools/ksan-cc.c"
#undef main
#undef exit
#undef realloc
#undef free
#undef realpath
#undef fread

static char rsp_path[64], *last_rsp;

static void remove_rsp(void)
{
	unlink(rsp_path);
}

/* s with each "@@" as "@" rsp_path, in a fresh fuzz_alloc copy */
static char *expand(const char *s)
{
	size_t n = 0;
	const char *t;
	char *r, *o;

	for (t = s; *t; t++)
		n += t[0] == '@' && t[1] == '@' ? strlen(rsp_path) + 1 : 1;
	o = r = fuzz_alloc(n + 1);
	for (t = s; *t; t++) {
		if (t[0] == '@' && t[1] == '@') {
			*o++ = '@';
			o = stpcpy(o, rsp_path);
			t++;
			continue;
		}
		*o++ = *t;
	}
	*o = 0;
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const targets[] = { "x86_64-linux-gnu", "aarch64-linux-gnu", "" };
	const uint8_t *p = data + 1;
	char *argv[256], *w, *rsp;
	int argc = 0, fd;
	size_t i;

	if (!size)
		return 0;
	if (!rsp_path[0]) {
		/* rewritten at most inputs: a tmpfs TMPDIR (run.sh: /dev/shm)
		 * keeps the target off the disk's journal */
		const char *dir = getenv("TMPDIR");

		if (!dir || !*dir || strlen(dir) > 32)
			dir = "/tmp";
		snprintf(rsp_path, sizeof(rsp_path), "%s/ksan-fuzz-%d.rsp", dir, (int)getpid());
		atexit(remove_rsp);
		setenv("PATH", "/usr/bin:/bin", 1);
		setenv("KSAN_CC_VERBOSE", "1", 1);	/* print_quoted too */
		unsetenv("KSAN_CC");
		/* its messages a character at a time: one write at the end */
		setvbuf(stderr, NULL, _IOFBF, 1 << 16);
	}
	rsp = expand(fuzz_next(&p, data + size, 0));
	if (!last_rsp || strcmp(rsp, last_rsp)) {	/* written when it changes */
		fd = open(rsp_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (fd < 0 || write(fd, rsp, strlen(rsp)) != (ssize_t)strlen(rsp) || close(fd))
			abort();
		free(last_rsp);
		last_rsp = strdup(rsp);
	}
	argv[argc++] = "ksan-cc";
	while (argc < 255 && (w = fuzz_next(&p, data + size, 0)))
		argv[argc++] = expand(w);
	argv[argc] = NULL;
	cc_family = data[0] & 1 ? CC_CLANG : CC_GCC;
	cc_target = (char *)targets[(data[0] >> 1) % 3];
	cc_fuzzer_archive = "/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a";
	uar_warned = 0;
	rsp_files = 0;
	rsp_bytes = 0;
	fuzz_read_bytes = 0;
	if (!setjmp(fuzz_jump))
		ksan_cc_main(argc, argv);
	for (i = 0; i < nblocks; i++)
		free(blocks[i]);
	nblocks = 0;
	fuzz_free_all();
	return 0;
}

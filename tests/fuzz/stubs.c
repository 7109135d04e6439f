/*
 * This file contains the fuzz targets' stand-ins for what the parsers they
 * test call in the rest of the runtime (reports, the port's memory, the
 * symbolizer's cache): no-ops or the smallest faithful version, so a target
 * links the parser's own source files and nothing else of ksan.
 */
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "port/linux/linux.h"
#include "port/linux/symbolize/symbolize.h"
#include "fuzz.h"

/* ---- per-input memory --------------------------------------------------- */

static void **live;
static size_t nlive, caplive;

void *fuzz_alloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		abort();
	if (nlive == caplive) {
		caplive = caplive ? 2 * caplive : 256;
		live = realloc(live, caplive * sizeof(*live));
		if (!live)
			abort();
	}
	live[nlive++] = p;
	return p;
}

void fuzz_free_all(void)
{
	while (nlive)
		free(live[--nlive]);
}

char *fuzz_next(const uint8_t **p, const uint8_t *end, uint8_t sep)
{
	const uint8_t *s = *p, *e;
	char *r;

	if (!s)
		return NULL;
	for (e = s; e < end && *e != sep; e++)
		;
	r = fuzz_alloc((size_t)(e - s) + 1);
	memcpy(r, s, (size_t)(e - s));
	r[e - s] = 0;
	*p = e < end ? e + 1 : NULL;
	return r;
}

/* ---- the symbolizer's memory (symbolize.c) ------------------------------- */

void *sym_map(size_t size)
{
	return memset(fuzz_alloc(size), 0, size);
}

/* An exact-size copy: a read past s[n] is ASan's to see. */
const char *sym_intern(const char *s, size_t n)
{
	char *r = fuzz_alloc(n + 1);

	memcpy(r, s, n);
	r[n] = 0;
	return r;
}

void sym_diag(const char *a, const char *b)
{
}

/* ---- the port ------------------------------------------------------------ */

struct ksan_symbol fuzz_frames[4];
int fuzz_nframes;

int ksan_port_symbolize_frames(uintptr_t pc, int is_return_address,
			       struct ksan_symbol *syms, int max)
{
	int i;

	for (i = 0; i < fuzz_nframes && i < max; i++)
		syms[i] = fuzz_frames[i];
	return i;
}

void *ksan_port_map(size_t size)
{
	return calloc(1, size);		/* the suppressions' store: kept */
}

void ksan_port_write(const char *buf, size_t len)
{
}

void ksan_port_exit(int status)
{
	abort();		/* no report runs in a target */
}

void ksan_port_abort(void)
{
	abort();
}

size_t ksan_port_stack_trace(uintptr_t *pcs, size_t max, uintptr_t pc, uintptr_t fp)
{
	return 0;
}

const char *port_exe_path(void)
{
	return "";
}

char **port_start_envp(void)
{
	return NULL;
}

void port_noproc_notice(unsigned what)
{
}

ssize_t port_sys_read(int fd, void *buf, size_t n)
{
	return -1;
}

/* ---- the core's report engine (UBSAN's reports link against it) --------- */

static char rbuf_text[4096];
struct core_buf core_rbuf = { rbuf_text, 0, sizeof(rbuf_text) };

int core_report_begin(uintptr_t pc, const char *type, int dedup)
{
	return 0;
}

int core_report_callback(const struct ksan_report *r)
{
	return 0;
}

void core_report_end(int halt)
{
}

void core_report_cancel(void)
{
}

/* ubsan/report.c's path and memory-note helpers (core/report.c, ubsan/report_note.c) */
const char *core_file(const char *f)
{
	return f;
}

void ubsan_print_memory_note(uintptr_t p)
{
	(void)p;
}

void core_print_stack(const uintptr_t *pcs, size_t n, int first_is_entry)
{
}

void core_print_stack_asan(const uintptr_t *pcs, size_t n, int first_is_entry)
{
}

void core_json_str(const char *s)
{
}

void core_json_frames(const uintptr_t *pcs, size_t n, int first_is_entry)
{
}

void core_report_signature(int json, const char *bug, int access,
			   const uintptr_t *pcs, size_t n, int first_is_entry)
{
}

size_t core_depot_fetch(depot_handle_t h, const uintptr_t **pcs)
{
	return 0;
}

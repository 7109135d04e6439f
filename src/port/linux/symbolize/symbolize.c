/*
 * This file contains the Linux port's symbolizer entry points: a pc's
 * module and function (symbolize/elf.c), with file:line:column and the
 * chain of inlined functions from an external symbolizer
 * (symbolize/tool.c), cached per pc, one lookup at a time, without malloc
 * or stdio.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "../linux.h"
#include "symbolize.h"

#define CACHE_SLOTS	4096		/* per-pc results, power of two */
#define INTERN_SLOTS	4096		/* deduplicated strings */
#define ARENA_CHUNK	(64 << 10)
#define POOL_FRAMES	16384		/* cached inline chains' frames */

/*
 * sym is ksan_port_symbolize's answer: the function containing pc, with the
 * location of pc itself (in the inlined code, if pc is in some).  When pc is
 * in inlined code, pool[first..+nchain) are all its frames, innermost first,
 * the last one's location being where the real function calls the inlined
 * code; nchain is 0 otherwise.
 */
struct centry {
	uintptr_t pc, flags;	/* flags 0: free slot */
	struct ksan_symbol sym;
	uint32_t first, nchain;
};

static int lock_word;		/* tid of the holder, 0 when free */
static struct centry *cache;
static size_t cache_used;
static struct sym_iframe *pool;	/* after the cache, in the same mapping */
static size_t pool_used;
static const char **interned;
static char *arena;
static size_t arena_left;

void *sym_map(size_t size)
{
	void *p = port_sys_mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

void sym_diag(const char *a, const char *b)
{
	char buf[PATH_MAX + 128], *p = buf;

	if (core_opt.verbosity < 1)
		return;
	p = sym_put(p, "ksan: symbolizer ");
	p = sym_put(p, a);
	p = sym_put(p, b);
	*p++ = '\n';
	if (syscall(SYS_write, STDERR_FILENO, buf, p - buf) < 0)	/* no interceptor */
		return;
}

/* A copy of s[0..n) that lives as long as the process, shared by equals. */
const char *sym_intern(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	size_t i;
	char *r;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	for (i = 0; interned && i < INTERN_SLOTS; i++) {
		const char **slot = &interned[(h + i) & (INTERN_SLOTS - 1)];

		if (!*slot)
			break;
		if (!strncmp(*slot, s, n) && !(*slot)[n])
			return *slot;
	}
	if (n + 1 > arena_left) {
		size_t sz = n + 1 > ARENA_CHUNK ? ROUND_UP(n + 1, 4096) : ARENA_CHUNK;

		if (!(r = sym_map(sz)))
			return NULL;
		arena = r;
		arena_left = sz;
	}
	r = arena;
	sym_copy(r, s, n);
	r[n] = 0;
	arena += n + 1;
	arena_left -= n + 1;
	if (interned && i < INTERN_SLOTS)
		interned[(h + i) & (INTERN_SLOTS - 1)] = r;
	return r;
}

/*
 * pc's ksan_port_symbolize answer into sym, its inline chain (see struct
 * centry) into *inl and *ninl, valid while the lock is held.  0 if anything
 * is known.
 */
static int symbolize_locked(uintptr_t pc, int is_ret, struct ksan_symbol *sym,
			    const struct sym_iframe **inl, int *ninl)
{
	uintptr_t addr = pc - !!is_ret, flags = 1 | !!is_ret << 1;
	uintptr_t h = (pc * 0x9e3779b97f4a7c15ull) >> 52;
	struct centry *e = NULL;
	const struct sym_fn *fs;
	struct sym_module *m;
	const char *path;
	uintptr_t base = 0, start;
	size_t i;

	flags |= core_opt.symbolize ? 4 : 0;
	if (!cache && (cache = sym_map(CACHE_SLOTS * sizeof(*cache) +
				       POOL_FRAMES * sizeof(*pool)))) {
		pool = (struct sym_iframe *)(cache + CACHE_SLOTS);
		interned = sym_map(INTERN_SLOTS * sizeof(*interned));
	}
	for (i = 0; cache && i < CACHE_SLOTS; i++) {
		e = &cache[(h + i) & (CACHE_SLOTS - 1)];
		if (e->pc == pc && e->flags == flags) {
			*sym = e->sym;
			*inl = pool + e->first;
			*ninl = e->nchain;
			return sym->module || sym->function ? 0 : -1;
		}
		if (!e->flags)
			break;
	}
	sym_check_fork();
	sym_nchain = 0;
	m = sym_module_of(addr, &base, &path);
	if (path) {
		sym->module = path;
		sym->module_offset = pc - base;
		if (m && m->nsyms && (fs = sym_fn_find(m, addr - base))) {
			sym->function = m->strtab + fs->name;
			sym->offset = pc - base - fs->start;
			sym->size = fs->size;
		} else if ((sym->function = sym_alias_find(addr, &start))) {
			sym->offset = pc - start;	/* size unknown */
		}
		if (core_opt.symbolize)
			sym_ask_tool(m, path, addr - base, sym);
	}
	*inl = sym_chain;
	*ninl = sym_nchain;
	if (cache && (cache_used >= CACHE_SLOTS * 3 / 4 ||
		      pool_used + sym_nchain > POOL_FRAMES)) {
		sym_zero(cache, CACHE_SLOTS * sizeof(*cache));
		cache_used = 0;
		pool_used = 0;
		e = &cache[h];
	}
	if (e && !e->flags) {
		e->pc = pc;
		e->flags = flags;
		e->sym = *sym;
		e->first = pool_used;
		e->nchain = sym_nchain;
		sym_copy(pool + pool_used, sym_chain, sym_nchain * sizeof(*sym_chain));
		pool_used += sym_nchain;
		cache_used++;
	}
	return sym->module || sym->function ? 0 : -1;
}

/*
 * frames 0: ksan_port_symbolize's answer into syms[0], returns 1 (0 if
 * nothing is known).  frames 1: up to max (>= 1) frames at pc into syms, the
 * first max - 1 inlined ones then the real function's; returns how many.
 */
static int symbolize(uintptr_t pc, int is_ret, struct ksan_symbol *syms,
		     int max, int frames)
{
	int saved = errno, tid = syscall(SYS_gettid), zero, n = 0, ninl;
	struct timespec ms = { 0, 1000000 };
	const struct sym_iframe *inl;
	struct ksan_symbol sym;
	long tries;

	if (!pc || __atomic_load_n(&lock_word, __ATOMIC_RELAXED) == tid)
		return 0;	/* nothing, or a fault inside ourselves */
	for (tries = 0;; tries++) {
		zero = 0;
		if (__atomic_compare_exchange_n(&lock_word, &zero, tid, 0,
						__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			break;
		if (tries > 60000)	/* a minute: the holder is gone (fork) */
			goto out;
		nanosleep(&ms, NULL);
	}
	sym_zero(&sym, sizeof(sym));
	if (!symbolize_locked(pc, is_ret, &sym, &inl, &ninl)) {
		for (; frames && n < ninl - 1 && n < max - 1; n++) {
			sym_zero(&syms[n], sizeof(syms[n]));
			syms[n].function = inl[n].function;
			syms[n].file = inl[n].file;
			syms[n].line = inl[n].line;
			syms[n].column = inl[n].column;
			syms[n].module = sym.module;
			syms[n].module_offset = sym.module_offset;
		}
		if (frames && ninl) {	/* the real function at the call site */
			sym.file = inl[ninl - 1].file;
			sym.line = inl[ninl - 1].line;
			sym.column = inl[ninl - 1].column;
		}
		syms[n++] = sym;
	}
	__atomic_store_n(&lock_word, 0, __ATOMIC_RELEASE);
	port_noproc_flush();	/* what the report being printed lacks */
out:
	errno = saved;
	return n;
}

int ksan_port_symbolize(uintptr_t pc, int is_return_address,
			struct ksan_symbol *sym)
{
	sym_zero(sym, sizeof(*sym));
	return symbolize(pc, is_return_address, sym, 1, 0) ? 0 : -1;
}

int ksan_port_symbolize_frames(uintptr_t pc, int is_return_address,
			       struct ksan_symbol *syms, int max)
{
	return max > 0 ? symbolize(pc, is_return_address, syms, max, 1) : 0;
}

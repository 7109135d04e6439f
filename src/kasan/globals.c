/*
 * This file contains generic KASAN's globals: registration by the compilers'
 * module constructors (GCC's and Clang's layout is the same), red zone
 * poisoning, unregistration when a library is unloaded, and the lookup of a
 * global for reports.
 */
#include "kasan.h"

#define ABI __attribute__((visibility("default"), used))

struct source_location {		/* compiler ABI */
	const char *file;
	int line, column;
};

struct kasan_global {			/* compiler ABI, don't change */
	uintptr_t beg;
	size_t size;
	size_t size_with_redzone;
	const char *name;
	const char *module_name;
	uintptr_t has_dynamic_init;
	struct source_location *location;
	uintptr_t odr_indicator;
};
_Static_assert(sizeof(struct kasan_global) == 64, "__asan_global layout");

struct module {
	struct kasan_global *globals;
	size_t n;
	struct module *next;
};

static ksan_lock_t globals_lock;
static struct module *modules;		/* guarded by globals_lock */
static struct core_free *free_modules;	/* guarded by globals_lock */

static struct module *module_alloc(void)
{
	return core_record_alloc(&free_modules, sizeof(struct module));
}

ABI void __asan_register_globals(struct kasan_global *g, size_t n)
{
	struct module *m;
	size_t i;

	if (!kasan_ready || !g)
		return;
	for (i = 0; i < n; i++) {
		uintptr_t end = ROUND_UP(g[i].beg + g[i].size, 8);

		if (g[i].beg & 7)
			continue;	/* not a layout we know how to poison */
		kasan_unpoison(g[i].beg, g[i].size);
		if (g[i].beg + g[i].size_with_redzone > end)
			kasan_poison(end, g[i].beg + g[i].size_with_redzone - end,
				     KASAN_GLOBAL_REDZONE);
	}
	ksan_port_lock(&globals_lock);
	m = module_alloc();
	if (m) {
		m->globals = g;
		m->n = n;
		m->next = modules;
		modules = m;
	}
	ksan_port_unlock(&globals_lock);
}

/* A library is going away: its memory may be reused by anything, so its
 * red zones must not outlive it. */
ABI void __asan_unregister_globals(struct kasan_global *g, size_t n)
{
	struct module **pp, *m;
	size_t i;

	if (!kasan_ready || !g)
		return;
	ksan_port_lock(&globals_lock);
	for (pp = &modules; (m = *pp); pp = &m->next)
		if (m->globals == g) {
			*pp = m->next;
			core_record_free(&free_modules, m);
			break;
		}
	ksan_port_unlock(&globals_lock);
	for (i = 0; i < n; i++)
		if (!(g[i].beg & 7))
			kasan_poison(g[i].beg, ROUND_UP(g[i].size_with_redzone, 8), 0);
}

/* C++ only; nothing to do for C. */
ABI void __asan_before_dynamic_init(const char *module)
{
	(void)module;
}
ABI void __asan_after_dynamic_init(void)
{
}

int kasan_find_global(uintptr_t addr, struct kasan_global_info *out)
{
	const struct kasan_global *in = 0, *next = 0, *best;
	struct module *m;
	size_t i;

	ksan_port_lock(&globals_lock);
	for (m = modules; m; m = m->next)
		for (i = 0; i < m->n; i++) {
			const struct kasan_global *g = &m->globals[i];

			if (addr >= g->beg && addr < g->beg + g->size_with_redzone)
				in = g;		/* in it or in its red zone */
			else if (addr < g->beg && g->beg - addr <= 64 &&
				 (!next || g->beg < next->beg))
				next = g;	/* just left of it */
		}
	ksan_port_unlock(&globals_lock);
	best = in;
	/* a left overflow lands in the previous global's red zone: name the
	 * nearer of the two */
	if (next && (!in || (addr >= in->beg + in->size &&
			     next->beg - addr < addr - (in->beg + in->size))))
		best = next;
	if (!best)
		return 0;
	core_memset(out, 0, sizeof(*out));
	out->beg = best->beg;
	out->size = best->size;
	out->size_with_redzone = best->size_with_redzone;
	out->name = best->name;
	out->module = best->module_name;
	if (best->location) {
		out->file = best->location->file;
		out->line = (unsigned)best->location->line;
		out->column = (unsigned)best->location->column;
	}
	return 1;
}

/* The fork protocol takes globals_lock around fork(); nothing nests in it. */
void kasan_globals_fork_init(void)
{
	core_fork_add_lock(&globals_lock, CORE_FORK_LEAF);
}

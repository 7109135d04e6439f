/*
 * This file contains the sanitizer-common interface that fuzzers call
 * (<sanitizer/common_interface_defs.h>, ASan's; libFuzzer looks each
 * function up weakly and does without the missing ones): the death
 * callback, run before a halting report ends the process, so that
 * libFuzzer saves the crashing input; malloc and free hooks (libFuzzer's
 * -malloc_limit_mb and -trace_malloc); the report file descriptor
 * (-close_fd_mask=2); the crash state, which one crash handler takes; and
 * the symbolizer's answer for a pc (its NEW_FUNC lines, -print_coverage).
 * The stack printing call is the detector's (kasan/abi.c); the comparison
 * hooks are called by the string interceptors (intercept_str.c).
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include "../linux.h"

/* KCSAN's runtime leaves the interface out: its tests tell that libtsan
 * (sanitizer_common) stayed out of a program by the absence of any
 * __sanitizer_ name; its port still runs the (never set) death callback */
#ifdef KSAN_PORT_KCSAN
#define SANITIZER_API static __attribute__((unused))
#else
#define SANITIZER_API PORT_API
#endif

/* ---- death callback and crash state ------------------------------------ */

static void (*death_callback)(void);
static int crash_state;		/* 1 once somebody handles a crash */

SANITIZER_API void __sanitizer_set_death_callback(void (*callback)(void))
{
	__atomic_store_n(&death_callback, callback, __ATOMIC_RELEASE);
}

/* 1 for the first caller only: libFuzzer's own crash handlers (a signal,
 * a timeout) ask before they print, and stay quiet while ksan ends the
 * process */
SANITIZER_API int __sanitizer_acquire_crash_state(void)
{
	return !__atomic_exchange_n(&crash_state, 1, __ATOMIC_ACQ_REL);
}

/* From ksan_port_exit and ksan_port_abort, after the report is written:
 * the callback runs once (a report inside it ends the process without it) */
void port_run_death_callback(void)
{
	void (*callback)(void) = __atomic_exchange_n(&death_callback, NULL, __ATOMIC_ACQ_REL);

	__atomic_store_n(&crash_state, 1, __ATOMIC_RELEASE);
	if (callback)
		callback();
}

/* ---- malloc and free hooks ------------------------------------------- */

#define MAX_HOOKS 4	/* as ASan's kMaxMallocFreeHooks is small too */

struct heap_hooks {
	void (*malloc_hook)(const volatile void *, size_t);
	void (*free_hook)(const volatile void *);
};
/* slots filled in order, never emptied; port_heap_hooks counts the filled
 * ones (released after the slot is written, read without a lock) */
static struct heap_hooks hooks[MAX_HOOKS];
int port_heap_hooks;
static ksan_lock_t hooks_lock;

/* 1 if installed, 0 if there is no room (ASan's answer) */
SANITIZER_API int __sanitizer_install_malloc_and_free_hooks(
	void (*malloc_hook)(const volatile void *, size_t),
	void (*free_hook)(const volatile void *))
{
	int n, ok = 0;

	ksan_port_lock(&hooks_lock);
	n = __atomic_load_n(&port_heap_hooks, __ATOMIC_RELAXED);
	if (n < MAX_HOOKS) {
		hooks[n].malloc_hook = malloc_hook;
		hooks[n].free_hook = free_hook;
		__atomic_store_n(&port_heap_hooks, n + 1, __ATOMIC_RELEASE);
		ok = 1;
	}
	ksan_port_unlock(&hooks_lock);
	return ok;
}

void port_run_malloc_hooks(const void *p, size_t size)
{
	int i, n = __atomic_load_n(&port_heap_hooks, __ATOMIC_ACQUIRE);

	for (i = 0; i < n; i++)
		if (hooks[i].malloc_hook)
			hooks[i].malloc_hook(p, size);
}

void port_run_free_hooks(const void *p)
{
	int i, n = __atomic_load_n(&port_heap_hooks, __ATOMIC_ACQUIRE);

	for (i = 0; i < n; i++)
		if (hooks[i].free_hook)
			hooks[i].free_hook(p);
}

/* ---- output ------------------------------------------------------------ */

/* Reports go to fd from now on (libFuzzer passes the number as a pointer,
 * as for ASan); log_path's file no longer */
SANITIZER_API void __sanitizer_set_report_fd(void *fd)
{
	port_set_report_fd((int)(intptr_t)fd);
}

/* ---- symbolization ----------------------------------------------------- */

struct out {
	char *p, *end;	/* end: the last byte, kept for the NUL */
};

static void put(struct out *o, const char *s)
{
	while (s && *s && o->p < o->end)
		*o->p++ = *s++;
}

static void put_hex(struct out *o, uintptr_t v)
{
	char b[24];

	core_snprintf(b, sizeof(b), "0x%lx", (unsigned long)v);
	put(o, b);
}

static void put_dec(struct out *o, unsigned long v)
{
	char b[24];

	core_snprintf(b, sizeof(b), "%lu", v);
	put(o, b);
}

/* "(module+0xoffset)", or "(<unknown module>)" */
static void put_module(struct out *o, const struct ksan_symbol *s)
{
	put(o, "(");
	put(o, s->module ? s->module : "<unknown module>");
	if (s->module) {
		put(o, "+");
		put_hex(o, s->module_offset);
	}
	put(o, ")");
}

/* file:line:column, whichever are known */
static void put_location(struct out *o, const struct ksan_symbol *s)
{
	put(o, s->file);
	if (s->line) {
		put(o, ":");
		put_dec(o, s->line);
		if (s->column) {
			put(o, ":");
			put_dec(o, s->column);
		}
	}
}

/*
 * pc (a return address: the call before it is described) rendered by
 * fmt, ASan's stack-frame format: %p pc, %m module, %o offset in it, %f
 * function, %q offset in it, %s file, %l line, %c column, %F "in
 * <function>", %L file:line:column or (module+offset), %S file:line:column,
 * %M (module+offset), %n frame number (0), %% a percent sign.  Only the
 * innermost frame of inlined code is written.
 */
SANITIZER_API void __sanitizer_symbolize_pc(void *pc, const char *fmt, char *buf, size_t size)
{
	uintptr_t a = (uintptr_t)pc ? (uintptr_t)pc - 1 : 0;
	struct ksan_symbol s;
	struct out o;

	if (!size)
		return;
	o.p = buf;
	o.end = buf + size - 1;
	core_memset(&s, 0, sizeof(s));
	if (ksan_port_symbolize((uintptr_t)pc, 1, &s)) {
		put(&o, "<can't symbolize>");
		*o.p = 0;
		return;
	}
	for (; fmt && *fmt; fmt++) {
		char one[2] = { *fmt, 0 };

		if (*fmt != '%' || !fmt[1]) {
			put(&o, one);
			continue;
		}
		switch (*++fmt) {
		case 'p': put_hex(&o, a); break;
		case 'm': put(&o, s.module); break;
		case 'o': put_hex(&o, s.module_offset - 1); break;
		case 'f': put(&o, s.function); break;
		case 'q': put(&o, "+"); put_hex(&o, s.offset - 1); break;
		case 's': put(&o, s.file); break;
		case 'l': if (s.line) put_dec(&o, s.line); break;
		case 'c': if (s.column) put_dec(&o, s.column); break;
		case 'n': put(&o, "0"); break;
		case 'F':
			if (s.function) {
				put(&o, "in ");
				put(&o, s.function);
			}
			break;
		case 'L':
			if (s.file)
				put_location(&o, &s);
			else
				put_module(&o, &s);
			break;
		case 'S': put_location(&o, &s); break;
		case 'M': put_module(&o, &s); break;
		case '%': put(&o, "%"); break;
		default: put(&o, "%"); one[0] = *fmt; put(&o, one); break;
		}
	}
	*o.p = 0;
}

/* The loaded object holding pc and pc's offset in it: 1, else 0. */
SANITIZER_API int __sanitizer_get_module_and_offset_for_pc(void *pc, char *module, size_t len,
						      void **offset)
{
	struct ksan_symbol s;

	core_memset(&s, 0, sizeof(s));
	if (ksan_port_symbolize((uintptr_t)pc, 0, &s) || !s.module)
		return 0;
	if (module && len)
		core_snprintf(module, len, "%s", s.module);
	if (offset)
		*offset = (void *)s.module_offset;
	return 1;
}

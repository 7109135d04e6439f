/*
 * This file contains the report framing every detector shares: one report at
 * a time, a per-thread recursion guard, once-per-(pc, type) deduplication
 * when the program goes on after reports, the user's callback, the stack
 * printers and the halt policy.  Text is built in one buffer and written
 * with the port's raw write, never through stdio.
 *
 * A report can start while the same thread is making another one: from a
 * signal handler that interrupted it, or from the user's report callback.
 * That one nested report is made in full (into its own buffer, then the
 * interrupted report goes on); a report inside the nested one is recursion
 * (say the runtime faults inside its own report) and is refused with one
 * line, never silently.
 */
#include "core.h"

#define RBUF_SIZE (64u << 10)
#define NEST_SIZE (32u << 10)
#define DEDUP_FIRST 1024	/* slots of the static table; grows by doubling */

/* core_thread.in_report: where this thread is in the report path */
enum { REPORT_NONE, REPORT_OUTER, REPORT_NESTED };

static char rbuf_mem[RBUF_SIZE];
struct core_buf core_rbuf = { rbuf_mem, 0, RBUF_SIZE };
unsigned long core_reports;

ksan_lock_t core_report_lock;
/* Thread id of the holder of core_report_lock once it has it, else 0.
 * Stored after the lock is taken and cleared before it is released, so a
 * thread that reads its own id here holds the lock. */
static uint32_t report_owner;
/* Guarded by core_report_lock (only its holder's thread nests): */
static char nest_mem[NEST_SIZE];
static struct core_buf outer_rbuf;	/* the interrupted report's buffer */
static int restore_state;		/* in_report to go back to at the end */
/* What the current outer report is about, for ksan_port_report_end:
 * the first callback's detector and bug type, the first signature (a
 * report of several leaks has several).  Guarded by core_report_lock. */
static struct ksan_report_summary summary;
static char summary_sig[CORE_SIG_LEN];
static ksan_report_fn user_fn;
static void *user_arg;
/*
 * The reports made so far, for deduplication: an open-addressing table of
 * exact keys (pc, extra, and the type's hash: a type is one of a few dozen
 * words, so two pairs are never merged), grown to twice its size with the
 * port's memory when three quarters are used, so that every distinct pair
 * is reported once however many there are.  Only if the port has no memory
 * left does it stop taking new pairs, and says so once: a pair first seen
 * after that is reported each time (never lost).  All guarded by
 * core_report_lock.
 */
struct seen_key {
	uintptr_t pc;
	uint64_t extra;
	uint64_t type;		/* hash of the type's text, odd: 0 = empty slot */
};
static struct seen_key seen_first[DEDUP_FIRST];
static struct seen_key *seen = seen_first;
static size_t seen_slots = DEDUP_FIRST, nseen;
static int seen_stopped;

__attribute__((visibility("default")))
void ksan_set_report_callback(ksan_report_fn fn, void *arg)
{
	ksan_port_lock(&core_report_lock);
	user_fn = fn;
	user_arg = arg;
	ksan_port_unlock(&core_report_lock);
}

/* The kernel's kasan_save_enable_multi_shot / kasan_restore_multi_shot in
 * one call: returns the previous setting. */
__attribute__((visibility("default")))
int ksan_set_multi_shot(int on)
{
	return (int)__atomic_exchange_n(&core_opt.kasan_multi_shot, (long)!!on, __ATOMIC_RELAXED);
}

__attribute__((visibility("default")))
unsigned long ksan_report_count(void)
{
	return __atomic_load_n(&core_reports, __ATOMIC_RELAXED);
}

static uint64_t hash_type(const char *type)
{
	uint64_t h = 0xcbf29ce484222325ull;

	while (*type)
		h = (h ^ (unsigned char)*type++) * 0x100000001b3ull;
	return h | 1;
}

static size_t slot_of(uintptr_t pc, uint64_t extra, uint64_t type, size_t slots)
{
	uint64_t h = ((uint64_t)pc ^ (extra * 0xff51afd7ed558ccdull) ^ type) *
		     0x9e3779b97f4a7c15ull;

	return (size_t)(h >> 17) & (slots - 1);
}

static struct seen_key *find_slot(struct seen_key *tab, size_t slots, uintptr_t pc,
				  uint64_t extra, uint64_t type)
{
	size_t i = slot_of(pc, extra, type, slots);

	/* never full (at most three quarters used): an empty slot ends it */
	while (tab[i].type && !(tab[i].pc == pc && tab[i].extra == extra && tab[i].type == type))
		i = (i + 1) & (slots - 1);
	return &tab[i];
}

/* Twice the slots, the keys rehashed; 0 if the port has no memory. */
static int grow_seen(void)
{
	size_t slots = seen_slots * 2, i;
	struct seen_key *tab = ksan_port_map(slots * sizeof(*tab));

	if (!tab)
		return 0;
	for (i = 0; i < seen_slots; i++)
		if (seen[i].type)
			*find_slot(tab, slots, seen[i].pc, seen[i].extra, seen[i].type) = seen[i];
	if (seen != seen_first)
		ksan_port_unmap(seen, seen_slots * sizeof(*seen));
	seen = tab;
	seen_slots = slots;
	return 1;
}

/* 1 if (pc, type, extra) was reported before; records it otherwise. */
static int seen_before(uintptr_t pc, const char *type, uint64_t extra)
{
	uint64_t th = hash_type(type);
	struct seen_key *k = find_slot(seen, seen_slots, pc, extra, th);

	if (k->type)
		return 1;
	if (seen_stopped)
		return 0;
	if ((nseen + 1) * 4 > seen_slots * 3) {
		if (!grow_seen()) {
			seen_stopped = 1;
			core_printf("ksan: no memory for the report deduplication table: after %lu distinct reports, a new one may be printed each time it happens\n",
				    (unsigned long)nseen);
			return 0;
		}
		k = find_slot(seen, seen_slots, pc, extra, th);
	}
	k->pc = pc;
	k->extra = extra;
	k->type = th;
	nseen++;
	return 0;
}

/* Refuse a report without taking anything, and say so: reports must not be
 * lost silently. */
static int refuse(const char *type)
{
	core_printf("ksan: a %s report raised inside another report on this thread was not made (recursion)\n",
		    type);
	return 0;
}

/* A report on a thread that is already in the report path. */
static int begin_inner(struct core_thread *t, const char *type)
{
	uint32_t me = ksan_port_thread_id();
	uint32_t owner = __atomic_load_n(&report_owner, __ATOMIC_ACQUIRE);

	if (t->in_report == REPORT_OUTER && owner == me) {
		/* this thread holds the lock: its report was interrupted */
		t->in_report = REPORT_NESTED;
		outer_rbuf = core_rbuf;
		core_rbuf.p = nest_mem;
		core_rbuf.len = 0;
		core_rbuf.cap = NEST_SIZE;
		nest_mem[0] = 0;
		return 1;
	}
	if (t->in_report == REPORT_OUTER && owner != 0) {
		/* another thread holds the lock: the interrupted call had not
		 * taken it and cannot while we run, so wait for it as usual */
		ksan_port_lock(&core_report_lock);
		__atomic_store_n(&report_owner, me, __ATOMIC_RELEASE);
		restore_state = REPORT_OUTER;
		core_rbuf.len = 0;
		core_rbuf.p[0] = 0;
		return 1;
	}
	/* a report inside the nested one, or a signal in the few instructions
	 * where this thread takes or drops the lock */
	return refuse(type);
}

static void release(struct core_thread *t)
{
	int state = restore_state;

	restore_state = REPORT_NONE;
	__atomic_store_n(&report_owner, 0, __ATOMIC_RELEASE);
	ksan_port_unlock(&core_report_lock);
	t->in_report = state;
}

/* The nested report is over: the interrupted one has its buffer back. */
static void end_nested(struct core_thread *t)
{
	core_rbuf = outer_rbuf;
	t->in_report = REPORT_OUTER;
}

int core_report_begin(uintptr_t pc, const char *type, int dedup)
{
	return core_report_begin_key(pc, type, 0, dedup);
}

int core_report_begin_key(uintptr_t pc, const char *type, uint64_t extra, int dedup)
{
	struct core_thread *t = core_thread_get();

	if (t->in_report)
		return begin_inner(t, type);
	t->in_report = REPORT_OUTER;
	ksan_port_lock(&core_report_lock);
	__atomic_store_n(&report_owner, ksan_port_thread_id(), __ATOMIC_RELEASE);
	if (dedup && seen_before(pc, type, extra)) {
		release(t);
		return 0;
	}
	core_rbuf.len = 0;
	core_rbuf.p[0] = 0;
	summary.detector = "";
	summary.bug_type = type ? type : "";	/* the callback's, if one comes */
	summary.signature = summary_sig;
	summary.signature_hash = 0;
	summary_sig[0] = 0;
	ksan_port_report_begin();
	return 1;
}

void core_note_signature(const char *text, uint64_t hash)
{
	if (core_thread_get()->in_report != REPORT_OUTER || summary.signature_hash)
		return;
	core_snprintf(summary_sig, sizeof(summary_sig), "%s", text);
	summary.signature_hash = hash;
}

int core_report_callback(const struct ksan_report *r)
{
	__atomic_add_fetch(&core_reports, 1, __ATOMIC_RELAXED);
	if (core_thread_get()->in_report == REPORT_OUTER && !summary.detector[0]) {
		summary.detector = r->detector ? r->detector : "";
		summary.bug_type = r->bug_type ? r->bug_type : "";
	}
	return user_fn ? user_fn(r, user_arg) != 0 : 0;
}

void core_report_flush(void)
{
	if (core_rbuf.len)
		ksan_port_write(core_rbuf.p, core_rbuf.len);
	core_rbuf.len = 0;
}

void core_report_cancel(void)
{
	struct core_thread *t = core_thread_get();

	core_rbuf.len = 0;
	if (t->in_report == REPORT_NESTED) {
		end_nested(t);
		return;
	}
	ksan_port_report_end(&summary);
	release(t);
}

void core_report_end(int halt)
{
	struct core_thread *t = core_thread_get();

	core_report_flush();
	if (t->in_report != REPORT_NESTED)
		ksan_port_report_end(&summary);
	if (halt)
		core_halt();
	if (t->in_report == REPORT_NESTED)
		end_nested(t);
	else
		release(t);
}

const char *core_relation(uintptr_t a, uintptr_t start, size_t size, size_t *dist)
{
	if (a < start) {
		*dist = start - a;
		return "to the left of";
	}
	if (a >= start + size) {
		*dist = a - (start + size);
		return "to the right of";
	}
	*dist = a - start;
	return "inside of";
}

void core_halt(void)
{
	if (core_opt.abort_on_error)
		ksan_port_abort();
	ksan_port_exit((int)core_opt.exitcode);
}

void core_fatal(const char *msg)
{
	core_printf("ksan: fatal: %s\n", msg);
	ksan_port_exit(1);
}

void core_task_name(char *buf, size_t len)
{
	char name[32];

	ksan_port_thread_name(name, sizeof(name));
	core_snprintf(buf, len, "%s/%u", name[0] ? name : "?",
		      (unsigned)ksan_port_thread_id());
}

/* ASan's thread words, for every detector's asan layout: "T0" for the main
 * thread, "T3 (worker)" for the third thread created, named worker;
 * threads the port did not see being created go by their tid. */
const char *core_thread_word(uint32_t tid, char *buf, size_t len)
{
	struct ksan_thread_info ti;

	if (ksan_port_thread_info(tid, &ti))
		core_snprintf(buf, len, "T%u", (unsigned)tid);
	else if (ti.seq && ti.name[0])
		core_snprintf(buf, len, "T%u (%s)", (unsigned)ti.seq, ti.name);
	else
		core_snprintf(buf, len, "T%u", (unsigned)ti.seq);
	return buf;
}

void core_format_function(char *buf, size_t len, uintptr_t pc, int is_ret)
{
	struct ksan_symbol s;

	core_memset(&s, 0, sizeof(s));
	if (ksan_port_symbolize(pc, is_ret, &s) || !s.function) {
		if (s.module)
			core_snprintf(buf, len, "0x%lx (%s+0x%lx)", (unsigned long)pc,
				      s.module, (unsigned long)s.module_offset);
		else
			core_snprintf(buf, len, "0x%lx", (unsigned long)pc);
	} else if (s.size)
		core_snprintf(buf, len, "%s+0x%lx/0x%lx", s.function,
			      (unsigned long)s.offset, (unsigned long)s.size);
	else
		core_snprintf(buf, len, "%s+0x%lx", s.function,
			      (unsigned long)s.offset);
}

/* A source path as reports print it: without strip_path_prefix. */
const char *core_file(const char *f)
{
	size_t n = core_strlen(core_opt.strip_path_prefix);

	return f && n && !core_strncmp(f, core_opt.strip_path_prefix, n) ? f + n : f;
}

/*
 * Kernel layout, one frame a line: " fn+0x5a/0xb0 src/parse.c:42".  When
 * first_is_entry, frame 0 is a runtime entry point's own address (malloc,
 * free, memcpy) and prints as its bare name.
 */
void core_print_stack(const uintptr_t *pcs, size_t n, int first_is_entry)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct ksan_symbol syms[CORE_INLINE_MAX], *s;
		int entry = first_is_entry == 1 && i == 0, k, nf;
		int exact = entry || (first_is_entry == CORE_STACK_FAULT && i == 0);

		core_memset(syms, 0, sizeof(syms));
		nf = ksan_port_symbolize_frames(pcs[i], !exact, syms, CORE_INLINE_MAX);
		if (nf <= 0)
			nf = 1;	/* nothing known: syms[0] stays empty */
		s = &syms[nf - 1];
		if (entry && s->function) {
			core_bprintf(&core_rbuf, " %s\n", s->function);
			continue;
		}
		/* inlined frames first, as the kernel's decoder prints them */
		for (k = 0; k < nf - 1; k++) {
			core_bprintf(&core_rbuf, " %s", syms[k].function ? syms[k].function : "?");
			if (syms[k].file)
				core_bprintf(&core_rbuf, " %s:%u", core_file(syms[k].file), syms[k].line);
			core_bprintf(&core_rbuf, " [inline]\n");
		}
		if (!s->function)
			core_bprintf(&core_rbuf, " 0x%lx", (unsigned long)pcs[i]);
		else if (s->size)
			core_bprintf(&core_rbuf, " %s+0x%lx/0x%lx", s->function,
				     (unsigned long)s->offset, (unsigned long)s->size);
		else
			core_bprintf(&core_rbuf, " %s+0x%lx", s->function,
				     (unsigned long)s->offset);
		if (s->file)
			core_bprintf(&core_rbuf, " %s:%u", core_file(s->file), s->line);
		else if (s->module)
			core_bprintf(&core_rbuf, " (%s+0x%lx)", s->module,
				     (unsigned long)s->module_offset);
		core_bprintf(&core_rbuf, "\n");
		if (core_rbuf.len + 4096 > core_rbuf.cap)
			core_report_flush();
	}
	if (!n)
		core_bprintf(&core_rbuf, " (stack is not available)\n");
}

/* AddressSanitizer layout: "    #0 0x55... in fn file:line:col". */
void core_print_depot(depot_handle_t h, int asan)
{
	const uintptr_t *pcs;
	size_t n = core_depot_fetch(h, &pcs);

	if (asan)
		core_print_stack_asan(pcs, n, 1);
	else
		core_print_stack(pcs, n, 1);
}

/* The address as the kernel's %px prints it: bare, zero-padded hex (ClusterFuzz's
 * KASAN parser reads the address after "addr " as hex digits: 0x would read 0). */
void core_print_access(const struct ksan_report *r, const char *task)
{
	if (r->access == KSAN_FREE)
		core_bprintf(&core_rbuf, "Free of addr %016lx by task %s\n",
			     (unsigned long)r->addr, task);
	else if (r->size)
		core_bprintf(&core_rbuf, "%s of size %lu at addr %016lx by task %s\n",
			     r->access == KSAN_WRITE ? "Write" : "Read",
			     (unsigned long)r->size, (unsigned long)r->addr, task);
	else
		core_bprintf(&core_rbuf, "%s at addr %016lx by task %s\n",
			     r->access == KSAN_WRITE ? "Write" : "Read",
			     (unsigned long)r->addr, task);
}

void core_print_call_trace(const uintptr_t *pcs, size_t n, int first_is_entry)
{
	core_bprintf(&core_rbuf, "\nCall Trace:\n");
	core_print_stack(pcs, n, first_is_entry);
	core_bprintf(&core_rbuf, "\n");
}

void core_print_track(const char *what, uint32_t tid, depot_handle_t h)
{
	core_bprintf(&core_rbuf, "%s by task %u:\n", what, (unsigned)tid);
	core_print_depot(h, 0);
	core_bprintf(&core_rbuf, "\n");
}

void core_print_stack_asan(const uintptr_t *pcs, size_t n, int first_is_entry)
{
	size_t i;
	unsigned no = 0;

	for (i = 0; i < n; i++) {
		struct ksan_symbol syms[CORE_INLINE_MAX];
		int entry = first_is_entry == 1 && i == 0, k, nf;
		int exact = entry || (first_is_entry == CORE_STACK_FAULT && i == 0);

		core_memset(syms, 0, sizeof(syms));
		nf = ksan_port_symbolize_frames(pcs[i], !exact, syms, CORE_INLINE_MAX);
		if (nf <= 0)
			nf = 1;
		/* an entry point is named by itself, not by what is inlined at
		 * its first instruction */
		for (k = entry ? nf - 1 : 0; k < nf; k++) {
			struct ksan_symbol *s = &syms[k];

			core_bprintf(&core_rbuf, "    #%u 0x%lx in %s", no++,
				     (unsigned long)pcs[i], s->function ? s->function : "??");
			if (entry) {
				/* the runtime's own entry point: its source is noise */
			} else if (s->file) {
				core_bprintf(&core_rbuf, " %s:%u", core_file(s->file), s->line);
				if (s->column)
					core_bprintf(&core_rbuf, ":%u", s->column);
			} else if (s->module) {
				core_bprintf(&core_rbuf, " (%s+0x%lx)", s->module,
					     (unsigned long)s->module_offset);
			}
			core_bprintf(&core_rbuf, "\n");
		}
		if (core_rbuf.len + 4096 > core_rbuf.cap)
			core_report_flush();
	}
}

/* The C library's frames below a thread's own code: its start routine's
 * caller (glibc's start_thread and clone3, musl's start_c) and main's
 * (__libc_start_call_main, _start). */
static const char *const thread_base[] = {
	"start_thread", "clone", "__clone", "clone3", "__clone3", "start_c",
	"__libc_start_call_main", "__libc_start_main", "__libc_start_main_impl",
	"libc_start_main", "libc_start_main_stage2", "_start",
};

size_t core_stack_thread_len(const uintptr_t *pcs, size_t n, int first_is_entry)
{
	size_t i, k;

	for (i = 1; i < n; i++) {
		struct ksan_symbol s;
		int exact = first_is_entry == CORE_STACK_FAULT && i == 0;

		core_memset(&s, 0, sizeof(s));
		if (ksan_port_symbolize(pcs[i], !exact, &s) || !s.function)
			continue;
		for (k = 0; k < sizeof(thread_base) / sizeof(thread_base[0]); k++)
			if (!core_strcmp(s.function, thread_base[k]))
				return i;
	}
	return n;
}

/* JSON string, escaped. */
void core_json_str(const char *s)
{
	core_bprintf(&core_rbuf, "\"");
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			core_bprintf(&core_rbuf, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			core_bprintf(&core_rbuf, "\\u%04x", (unsigned)*s);
		else
			core_bprintf(&core_rbuf, "%c", *s);
	}
	core_bprintf(&core_rbuf, "\"");
}

static void json_frame(int first, uintptr_t pc, const struct ksan_symbol *s, int entry,
		       int inlined)
{
	core_bprintf(&core_rbuf, "%s{\"pc\":\"0x%lx\",\"function\":", first ? "" : ",",
		     (unsigned long)pc);
	core_json_str(s->function ? s->function : "");
	/* a runtime entry point is named alone, as the text layouts print
	 * it: its source line is the runtime's, not the program's */
	core_bprintf(&core_rbuf, ",\"file\":");
	core_json_str(entry || !s->file ? "" : core_file(s->file));
	core_bprintf(&core_rbuf, ",\"line\":%u,\"column\":%u%s}", entry ? 0 : s->line,
		     entry ? 0 : s->column, inlined ? ",\"inline\":true" : "");
}

/*
 * A JSON array of frames; first_is_entry as for core_print_stack.  Each
 * function inlined at a pc is a frame of its own, innermost first, marked
 * "inline":true (the text layouts' [inline] lines), all with that pc.
 */
void core_json_frames(const uintptr_t *pcs, size_t n, int first_is_entry)
{
	size_t i;
	int first = 1;

	core_bprintf(&core_rbuf, "[");
	for (i = 0; i < n; i++) {
		struct ksan_symbol syms[CORE_INLINE_MAX];
		int entry = first_is_entry == 1 && i == 0, k, nf;
		int exact = i == 0 && first_is_entry;

		core_memset(syms, 0, sizeof(syms));
		nf = ksan_port_symbolize_frames(pcs[i], !exact, syms, CORE_INLINE_MAX);
		if (nf <= 0)
			nf = 1;
		/* an entry point is named by itself, not by what is inlined
		 * at its first instruction */
		for (k = entry ? nf - 1 : 0; k < nf; k++) {
			json_frame(first, pcs[i], &syms[k], entry, k < nf - 1);
			first = 0;
		}
		if (core_rbuf.len > RBUF_SIZE - 4096)
			core_report_flush();
	}
	core_bprintf(&core_rbuf, "]");
}

void core_json_key_frames(const char *key, const uintptr_t *pcs, size_t n,
			  int first_is_entry)
{
	core_bprintf(&core_rbuf, ",\"%s\":", key);
	core_json_frames(pcs, n, first_is_entry);
}

void core_json_key_depot(const char *key, depot_handle_t h, int first_is_entry)
{
	const uintptr_t *pcs;
	size_t n = core_depot_fetch(h, &pcs);

	core_json_key_frames(key, pcs, n, first_is_entry);
}

/* ASan's SUMMARY names frame #0: for a pc in inlined code, the inlined
 * function and its own file:line.  pc is a return address (0: none). */
void core_print_summary_asan(const char *tool, const char *type, uintptr_t pc)
{
	struct ksan_symbol syms[CORE_INLINE_MAX], s;

	core_memset(syms, 0, sizeof(syms));
	if (pc)
		ksan_port_symbolize_frames(pc, 1, syms, CORE_INLINE_MAX);
	s = syms[0];
	core_bprintf(&core_rbuf, "SUMMARY: %s: %s", tool, type);
	if (s.file)
		core_bprintf(&core_rbuf, " %s:%u", core_file(s.file), s.line);
	if (s.file && s.column)
		core_bprintf(&core_rbuf, ":%u", s.column);
	if (s.function)
		core_bprintf(&core_rbuf, " in %s", s.function);
	core_bprintf(&core_rbuf, "\n");
}

/*
 * This file contains the printers every detector's layouts share: a
 * stack in the kernel's words, AddressSanitizer's and as JSON frames,
 * a function as the kernel names it, the access and allocation-track
 * lines, ASan's thread words and SUMMARY line.  Each appends to the
 * report being made (core_rbuf), flushing it when it fills.
 */
#include "core.h"

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

/* What starts each frame's line: " " (the kernel's layout) or, with
 * addr_lead, kmemleak's "    [<pc>] ". */
static void lead(uintptr_t pc, int addr_lead)
{
	if (addr_lead)
		core_bprintf(&core_rbuf, "    [<%016lx>] ", (unsigned long)pc);
	else
		core_bprintf(&core_rbuf, " ");
}

/*
 * One frame a line, "fn+0x5a/0xb0 src/parse.c:42" after the lead, inlined
 * functions first as the kernel's decoder prints them.  When first_is_entry,
 * frame 0 is a runtime entry point's own address (malloc, free, memcpy) and
 * prints as its bare name.
 */
void core_print_frames(const uintptr_t *pcs, size_t n, int first_is_entry, int addr_lead)
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
		lead(pcs[i], addr_lead);
		if (entry && s->function) {
			core_bprintf(&core_rbuf, "%s\n", s->function);
			continue;
		}
		for (k = 0; k < nf - 1; k++) {
			core_bprintf(&core_rbuf, "%s", syms[k].function ? syms[k].function : "?");
			if (syms[k].file)
				core_bprintf(&core_rbuf, " %s:%u", core_file(syms[k].file), syms[k].line);
			core_bprintf(&core_rbuf, " [inline]\n");
			lead(pcs[i], addr_lead);
		}
		if (!s->function)
			core_bprintf(&core_rbuf, "0x%lx", (unsigned long)pcs[i]);
		else if (s->size)
			core_bprintf(&core_rbuf, "%s+0x%lx/0x%lx", s->function,
				     (unsigned long)s->offset, (unsigned long)s->size);
		else
			core_bprintf(&core_rbuf, "%s+0x%lx", s->function,
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
}

/* Kernel layout, one frame a line: " fn+0x5a/0xb0 src/parse.c:42". */
void core_print_stack(const uintptr_t *pcs, size_t n, int first_is_entry)
{
	core_print_frames(pcs, n, first_is_entry, 0);
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

/*
 * An entry point's name as AddressSanitizer's reports give it, where that
 * differs and a reader depends on it: compiler-rt 14's ASan names its
 * aligned_alloc frame __interceptor_aligned_alloc, which ClusterFuzz's
 * stack_analyzer skips (its ignore list has ^__interceptor_ but not
 * ^aligned_alloc): with ksan's plain name the crash state kept the frame
 * (docs/parsers.md).  Its malloc, calloc, realloc, free, memalign and
 * posix_memalign frames read the same either way.
 */
static const char *asan_entry_name(const char *fn)
{
	return core_strcmp(fn, "aligned_alloc") == 0 ? "__interceptor_aligned_alloc" : fn;
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

			core_bprintf(&core_rbuf, "    #%u 0x%lx in %s", no++, (unsigned long)pcs[i],
				     !s->function ? "??" : entry ? asan_entry_name(s->function) :
				     s->function);
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
		if (core_rbuf.len + 4096 > core_rbuf.cap)
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

/*
 * This file contains generic KASAN's reports of checked copies whose
 * source and destination overlap (memcpy-param-overlap, ...), in the three
 * layouts.
 */
#include "report.h"

/* The heap objects behind an overlap report's two ranges, in both text
 * layouts (the second only when it is another object). */
static void print_overlap_objects(struct report_ctx *c, uintptr_t dst, uintptr_t src,
				  int asan)
{
	uintptr_t a[2] = { dst, src };
	uintptr_t seen_obj = 0;
	int i;

	for (i = 0; i < 2; i++) {
		if (!kasan_has_shadow(a[i]) || !kasan_find_object(a[i], &c->obj) ||
		    (i && c->obj.start == seen_obj))
			continue;
		seen_obj = c->obj.start;
		c->has_obj = 1;
		c->r.addr = a[i];
		if (asan)
			kasan_print_object_asan(c, a[i]);
		else
			kasan_print_object(c);
	}
}

static void print_asan(void *arg)
{
	struct report_ctx *c = arg;
	const char *type = c->r.bug_type;
	uintptr_t dst = c->overlap.dst, src = c->overlap.src;

	core_bprintf(&core_rbuf, ASAN_BANNER "\n==%d==ERROR: AddressSanitizer: %s: "
		     "memory ranges [0x%lx,0x%lx) and [0x%lx, 0x%lx) overlap\n",
		     ksan_port_pid(), type, (unsigned long)dst,
		     (unsigned long)(dst + c->overlap.dsize), (unsigned long)src,
		     (unsigned long)(src + c->overlap.ssize));
	core_print_stack_asan(c->pcs, c->npcs, c->has_entry);
	core_bprintf(&core_rbuf, "\n");
	print_overlap_objects(c, dst, src, 1);
	kasan_print_summary_asan(c, type);
	core_report_signature(0, type, CORE_SIG_NO_ACCESS, c->pcs, c->npcs, c->has_entry);
	if (c->overlap.halt)
		core_bprintf(&core_rbuf, "==%d==ABORTING\n", ksan_port_pid());
}

static void print_json(void *arg)
{
	struct report_ctx *c = arg;
	const char *type = c->r.bug_type;
	char task[64];

	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, "{\"detector\":\"KASAN\",\"type\":\"%s\",\"asan_type\":\"%s\","
		     "\"access\":\"write\",\"address\":\"0x%lx\",\"size\":%lu,"
		     "\"pc\":\"0x%lx\",\"task\":", type, type, (unsigned long)c->overlap.dst,
		     (unsigned long)c->overlap.dsize, (unsigned long)c->r.pc);
	core_json_str(task);
	core_json_key_frames("stack", c->pcs, c->npcs, c->has_entry);
	core_bprintf(&core_rbuf, ",\"ranges\":[{\"address\":\"0x%lx\",\"size\":%lu},"
		     "{\"address\":\"0x%lx\",\"size\":%lu}]",
		     (unsigned long)c->overlap.dst, (unsigned long)c->overlap.dsize,
		     (unsigned long)c->overlap.src, (unsigned long)c->overlap.ssize);
	core_report_signature(1, type, CORE_SIG_NO_ACCESS, c->pcs, c->npcs, c->has_entry);
	core_bprintf(&core_rbuf, "}\n");
}

static void print_kasan(void *arg)
{
	struct report_ctx *c = arg;
	const char *type = c->r.bug_type;
	uintptr_t dst = c->overlap.dst, src = c->overlap.src;
	char fname[256], task[64];

	core_task_name(task, sizeof(task));
	core_format_function(fname, sizeof(fname), c->r.pc, 1);
	/* then the copy's read of its source as the kernel's access line:
	 * syzkaller reads a KASAN report by its "Read of size" line and
	 * marks one without it corrupted */
	core_bprintf(&core_rbuf, BANNER "\nBUG: KASAN: %s in %s\n"
		     "%s of overlapping ranges [0x%lx, 0x%lx) and [0x%lx, 0x%lx) by task %s\n"
		     "Read of size %lu at addr %016lx by task %s\n"
		     "\nCall Trace:\n", type, fname, c->overlap.fn, (unsigned long)dst,
		     (unsigned long)(dst + c->overlap.dsize), (unsigned long)src,
		     (unsigned long)(src + c->overlap.ssize), task,
		     (unsigned long)c->overlap.ssize, (unsigned long)src, task);
	core_print_stack(c->pcs, c->npcs, c->has_entry);
	core_bprintf(&core_rbuf, "\n");
	print_overlap_objects(c, dst, src, 0);
	core_report_signature(0, type, CORE_SIG_NO_ACCESS, c->pcs, c->npcs, c->has_entry);
	core_bprintf(&core_rbuf, BANNER "\n");
}

static const struct core_report_ops overlap_layouts = {
	.suppressed = kasan_ctx_suppressed,
	.print = { print_kasan, print_asan, print_json },
};

/*
 * A checked copy (memcpy, strcpy, ...) whose source and destination ranges
 * overlap: "<fn>-param-overlap", ASan's word in every layout.  The callback
 * sees it as a write of dsize bytes at dst.
 */
void kasan_report_overlap(const char *fn, uintptr_t dst, size_t dsize, uintptr_t src,
			  size_t ssize, uintptr_t pc, uintptr_t fp, uintptr_t entry)
{
	static struct report_ctx ctx;	/* guarded by the report lock */
	static char type[48];		/* likewise */
	struct report_ctx *c = &ctx;
	char t[48];
	int halt = kasan_halt();

	core_snprintf(t, sizeof(t), "%s-param-overlap", fn);
	if (!core_report_begin(pc, t, !halt))
		return;
	core_memcpy(type, t, sizeof(type));
	core_memset(c, 0, sizeof(*c));
	c->r.detector = "KASAN";
	c->r.bug_type = type;
	c->r.asan_type = type;
	c->r.addr = dst;
	c->r.size = dsize;
	c->r.access = KSAN_WRITE;
	c->r.pc = pc;
	c->fp = fp;
	c->has_entry = entry != 0;
	c->npcs = core_capture_stack(c->pcs, DEPOT_MAX_FRAMES, pc, fp, entry);
	c->supp_type = type;
	c->overlap.fn = fn;
	c->overlap.dst = dst;
	c->overlap.src = src;
	c->overlap.dsize = dsize;
	c->overlap.ssize = ssize;
	c->overlap.halt = halt;
	if (kasan_has_shadow(dst) && kasan_find_object(dst, &c->obj))
		kasan_set_object(c);
	core_report_emit(&c->r, &overlap_layouts, c, halt);
}

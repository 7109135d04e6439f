/*
 * This file contains what generic KASAN's report files share: the context
 * one report is gathered into, the banners, and the helpers the driver
 * (report.c) and the three layouts (report_kasan.c, report_asan.c,
 * report_json.c) call across files.
 */
#ifndef KSAN_KASAN_REPORT_H
#define KSAN_KASAN_REPORT_H

#include "kasan.h"

#define BANNER "=================================================================="
#define ASAN_BANNER "================================================================="

/* Everything one report needs, gathered before printing. */
struct report_ctx {
	struct ksan_report r;
	struct kasan_object obj;
	int has_obj;
	uintptr_t first_bad;
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	size_t npcs;
	int has_entry;
	uintptr_t fp;
	const char *free_word;	/* asan: "attempting double-free" ... */
	int has_global, has_frame;
	struct kasan_global_info glob;
	struct kasan_frame frame;
	uint32_t stack_tid;
	char stack_task[32];
	int granule;		/* fault decoded from an inline check: a granule */
	const struct kasan_fault *fault;	/* kasan_report_fault's, else NULL */
	int has_intra;		/* first_bad is in an armed object's gap */
	struct kasan_intra_hit intra;
	const char *pool;	/* a bad free made to this pool, or its destroy */
	unsigned long pool_in_use;	/* a destroy: objects still handed out */
	const struct kasan_type_use *type_use;	/* a type-confusion report's */
	int has_unmap;		/* a fault in a range of the unmap quarantine */
	struct kasan_unmap_rec unmap;
	const char *note;	/* core_thread's report_note, or NULL */
	/* the bug word KASAN's suppressions (suppress.c) are checked with, in
	 * core_report_emit; NULL: the report is not suppressible */
	const char *supp_type;
	struct {		/* an overlap report's (report_overlap.c) */
		const char *fn;
		uintptr_t dst, src;
		size_t dsize, ssize;
		int halt;
	} overlap;
};

static inline int kasan_has_shadow(uintptr_t a)
{
	return a >= KASAN_NULL_LIMIT && a < KASAN_ADDR_LIMIT;
}

/* report.c: gathering a report and the parts the text layouts share */
/* Print the report (callback, layout, halt policy); the report lock is held. */
void kasan_emit(struct report_ctx *c);
/* The layouts of kasan_emit (kasan_print_kasan, _asan, _json) and the
 * suppression check (c->supp_type) every KASAN report's ops may share. */
extern const struct core_report_ops kasan_layouts;
int kasan_ctx_suppressed(void *c);
void kasan_set_object(struct report_ctx *c);
/* The global or stack frame holding addr (a non-heap address). */
void kasan_locate(struct report_ctx *c, uintptr_t addr);
const char *kasan_global_relation(struct report_ctx *c, size_t *dist);
int kasan_is_segv(const struct ksan_report *r);
const char *kasan_cache_name(const struct kasan_object *o, char *buf, size_t len);
void kasan_print_origins(struct report_ctx *c, int asan);
void kasan_print_frame_vars(struct report_ctx *c, int asan);
void kasan_print_aux(struct report_ctx *c, int asan);
/* The crash signature of the report: its line (json = 0) or json keys. */
void kasan_print_signature(struct report_ctx *c, int json);

/* report_kasan.c */
void kasan_print_kasan(struct report_ctx *c);
void kasan_print_object(struct report_ctx *c);
void kasan_print_shadow(uintptr_t addr);
/* The global or stack frame kasan_locate found for c->r.addr. */
void kasan_print_location(struct report_ctx *c);

/* report_asan.c */
void kasan_print_asan(struct report_ctx *c);
void kasan_print_object_asan(struct report_ctx *c, uintptr_t addr);
void kasan_print_summary_asan(struct report_ctx *c, const char *type);
void kasan_print_location_asan(struct report_ctx *c);

/* report_json.c */
void kasan_print_json(struct report_ctx *c);
/* The members saying where c->r.addr is: ,"object" (and its stacks),
 * ,"global", ,"frame" (whichever c has). */
void kasan_print_json_where(struct report_ctx *c);

/* report_intra.c: the armed object, gap and member of an intra-object
 * report (nothing when first_bad is in no armed object's gap) */
void kasan_intra_gather(struct report_ctx *c);
void kasan_print_intra(struct report_ctx *c, int asan);
void kasan_print_intra_json(struct report_ctx *c);

/* report_pool.c: the pool a bad pool free was made to (when the address
 * is not one of its objects), a pool object's line in the asan layout, the
 * "pool" key of the json layout */
void kasan_print_pool(struct report_ctx *c, int asan);
void kasan_print_pool_object_asan(struct report_ctx *c);
void kasan_print_pool_json(struct report_ctx *c);
/* report_percpu.c */
void kasan_percpu_relabel(struct report_ctx *c);
void kasan_print_percpu_cpu(struct report_ctx *c);
void kasan_print_percpu_object(struct report_ctx *c);
void kasan_print_percpu_object_asan(struct report_ctx *c);

/* report_unmap.c: a fault in the unmap quarantine ("use-after-unmap"):
 * gather returns 1 and sets the bug type when the fault's address is in a
 * quarantined range */
int kasan_unmap_gather(struct report_ctx *c);
void kasan_print_unmap(struct report_ctx *c, int asan);
void kasan_print_unmap_json(struct report_ctx *c);

/* report_type.c: a type-confusion report's use line (after the BUG or
 * ERROR line), its two types (after the object; nothing for other
 * reports) and the json "type_confusion" member */
void kasan_print_type_use(struct report_ctx *c, int asan);
void kasan_print_type(struct report_ctx *c, int asan);
void kasan_print_type_json(struct report_ctx *c);

/* suppress.c: 1 if the report of type whose stack is pcs (pcs[0] the
 * interceptor's entry when has_entry) is suppressed by an interceptor_*
 * line (counted, said at verbosity=1); the report lock is held. */
int kasan_suppressed(const uintptr_t *pcs, size_t n, int has_entry, const char *type);

#endif /* KSAN_KASAN_REPORT_H */

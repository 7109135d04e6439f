/*
 * This file contains the kernel's small KUnit (test/kunit.h): the runner,
 * KTAP output, the report callback and the expectations.
 */
#include "kernel/kernel.h"
#include "kernel/task.h"
#include "ksan/ksan.h"
#include "test/kunit.h"

static struct kunit *volatile current_test;

static void copy_str(char *d, size_t n, const char *s)
{
	strlcpy(d, s ? s : "", n);
}

/* Every ksan report passes here first; it is printed too (return 0). */
static int report_cb(const struct ksan_report *r, void *arg)
{
	struct kunit *t = current_test;
	struct kunit_report *k;

	(void)arg;
	if (!t)
		return 0;
	if (t->expecting) {
		t->nreports++;
		if (t->want_detector && (strcmp(r->detector, t->want_detector) ||
					 (t->want_type && strcmp(r->bug_type, t->want_type))))
			t->nmismatch++;
		k = &t->last;
	} else {
		if (t->unexpected++)
			return 0;
		k = &t->first_unexpected;
	}
	copy_str(k->detector, sizeof(k->detector), r->detector);
	copy_str(k->bug_type, sizeof(k->bug_type), r->bug_type);
	k->addr = r->addr;
	k->size = r->size;
	k->access = r->access;
	k->origin = r->origin;
	return 0;
}

void kunit_fail(struct kunit *t, const char *file, int line, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	t->failed = 1;
	printk("    # %s: EXPECTATION FAILED at %s:%d\n    # %s\n", t->name, file, line, msg);
}

void kunit_skip(struct kunit *t, const char *why)
{
	t->skipped = why;
}

void kunit_abort(struct kunit *t)
{
	(void)t;
	task_exit_current();
}

void kunit_expect_begin(struct kunit *t)
{
	t->nreports = 0;
	t->nmismatch = 0;
	t->want_detector = t->want_type = 0;
	__atomic_store_n(&t->expecting, 1, __ATOMIC_SEQ_CST);
}

void kunit_expect_end(struct kunit *t, const char *detector, const char *type,
		      uintptr_t addr, const char *file, int line, const char *what)
{
	const struct kunit_report *r = &t->last;

	__atomic_store_n(&t->expecting, 0, __ATOMIC_SEQ_CST);
	if (!detector) {
		if (t->nreports)
			kunit_fail(t, file, line, "no report expected from %s, got %d (%s: %s)",
				   what, t->nreports, r->detector, r->bug_type);
		return;
	}
	if (t->nreports != 1) {
		kunit_fail(t, file, line, "%s failure expected in \"%s\", got %d reports",
			   detector, what, t->nreports);
		return;
	}
	if (strcmp(r->detector, detector) || (type && strcmp(r->bug_type, type)) ||
	    (addr && r->addr != addr))
		kunit_fail(t, file, line,
			   "expected %s: %s at 0x%lx from \"%s\", got %s: %s at 0x%lx",
			   detector, type ? type : "*", (unsigned long)addr, what,
			   r->detector, r->bug_type, (unsigned long)r->addr);
}

void kunit_expect_end_some(struct kunit *t, const char *detector, const char *type,
			   uintptr_t addr, const char *file, int line, const char *what)
{
	const struct kunit_report *r = &t->last;
	int n, bad;

	__atomic_store_n(&t->expecting, 0, __ATOMIC_SEQ_CST);
	n = t->nreports;
	bad = t->nmismatch;
	if (!n) {
		kunit_fail(t, file, line, "%s failure expected in \"%s\", got none", detector, what);
		return;
	}
	if (bad || strcmp(r->detector, detector) || (type && strcmp(r->bug_type, type)) ||
	    (addr && r->addr != addr))
		kunit_fail(t, file, line,
			   "expected %s: %s at 0x%lx from \"%s\", got %d reports, %d others, the last %s: %s at 0x%lx",
			   detector, type ? type : "*", (unsigned long)addr, what, n, bad,
			   r->detector, r->bug_type, (unsigned long)r->addr);
}

/* '*' and '?' over the whole name */
static int glob_match(const char *g, const char *ge, const char *s)
{
	if (g == ge)
		return !*s;
	if (*g == '*')
		return glob_match(g + 1, ge, s) || (*s && glob_match(g, ge, s + 1));
	if (!*s || (*g != '?' && *g != *s))
		return 0;
	return glob_match(g + 1, ge, s + 1);
}

static int selected(const struct kunit_suite *s, const struct kunit_case *c,
		    const char *glob, size_t glen)
{
	char full[96];

	if (!glob)
		return 1;
	snprintf(full, sizeof(full), "%s.%s", s->name, c->name);
	return glob_match(glob, glob + glen, full);
}

struct case_ctx {
	const struct kunit_case *c;
	struct kunit *t;
};

static void run_case(void *arg)
{
	struct case_ctx *ctx = arg;

	ctx->c->run(ctx->t);
}

int kunit_run_all(const char *glob, size_t glen)
{
	extern struct kunit_suite *const __start_kunit_suites[], *const __stop_kunit_suites[];
	struct kunit_suite *const *sp;
	int nsuites = 0, ncases = 0, suite_no = 0, pass = 0, fail = 0, skip = 0;

	ksan_set_report_callback(report_cb, 0);
	/* every bad access reports, also from a site that reported before */
	ksan_set_multi_shot(1);
	for (sp = __start_kunit_suites; sp < __stop_kunit_suites; sp++) {
		const struct kunit_case *c;

		for (c = (*sp)->cases; c->name; c++)
			if (selected(*sp, c, glob, glen)) {
				nsuites++;
				break;
			}
	}
	/* every case's count first, so a kernel that stops halfway still
	 * says how many results are missing */
	for (sp = __start_kunit_suites; sp < __stop_kunit_suites; sp++) {
		const struct kunit_case *c;

		for (c = (*sp)->cases; c->name; c++)
			ncases += selected(*sp, c, glob, glen);
	}
	printk("KTAP version 1\n# kunit: %d cases in %d suites\n1..%d\n", ncases, nsuites,
	       nsuites);
	for (sp = __start_kunit_suites; sp < __stop_kunit_suites; sp++) {
		const struct kunit_suite *s = *sp;
		const struct kunit_case *c;
		int n = 0, no = 0, sp_ = 0, sf = 0, ss = 0;

		for (c = s->cases; c->name; c++)
			n += selected(s, c, glob, glen);
		if (!n)
			continue;
		printk("    KTAP version 1\n    # Subtest: %s\n    1..%d\n", s->name, n);
		for (c = s->cases; c->name; c++) {
			struct kunit t = { .name = c->name };
			struct case_ctx ctx = { c, &t };
			int rc;

			if (!selected(s, c, glob, glen))
				continue;
			no++;
			current_test = &t;
			rc = task_run("kunit_try_catch", run_case, &ctx);
			current_test = 0;
			if (rc == -1)
				kunit_fail(&t, __FILE__, __LINE__, "try faulted: the case oopsed");
			else if (rc)
				kunit_fail(&t, __FILE__, __LINE__, "could not start the case's task");
			if (t.unexpected)
				kunit_fail(&t, __FILE__, __LINE__,
					   "%d unexpected report(s), the first %s: %s at 0x%lx",
					   t.unexpected, t.first_unexpected.detector,
					   t.first_unexpected.bug_type,
					   (unsigned long)t.first_unexpected.addr);
			if (t.failed) {
				sf++;
				printk("    not ok %d %s\n", no, c->name);
			} else if (t.skipped) {
				ss++;
				printk("    ok %d %s # SKIP %s\n", no, c->name, t.skipped);
			} else {
				sp_++;
				printk("    ok %d %s\n", no, c->name);
			}
		}
		printk("    # %s: pass:%d fail:%d skip:%d total:%d\n", s->name, sp_, sf, ss, n);
		printk("%sok %d %s\n", sf ? "not " : "", ++suite_no, s->name);
		pass += sp_;
		fail += sf;
		skip += ss;
	}
	ksan_set_report_callback(0, 0);
	printk("# Totals: pass:%d fail:%d skip:%d total:%d\n", pass, fail, skip,
	       pass + fail + skip);
	printk("# Summary: ok %d / not ok %d\n", pass + skip, fail);
	return fail;
}

/*
 * This file contains the KCSAN suite, the kernel's kcsan_test ideas on two
 * CPUs: CPU 0 (the case's task) and CPU 1 (work handed over by IPI) run the
 * same bounded loop at once, started together, each stopping at the first
 * report.  A plain counter incremented from both is a data race (reported
 * with both stacks and each side's CPU); the same through marked accesses
 * (READ_ONCE/WRITE_ONCE-style volatile, atomics), under a spinlock or in
 * data_race() is silent; ASSERT_EXCLUSIVE_WRITER fails against a second
 * writer and holds against a reader.  Then the interrupt watcher: the timer
 * interrupt writes what the task it interrupts is watching.
 */
#include "kernel/kernel.h"
#include "kernel/cpu.h"
#include "kernel/io.h"
#include "kernel/smp.h"
#include "kernel/spinlock.h"
#include "ksan/ksan.h"
#include "test/kunit.h"

#define ITERS 20000	/* per CPU: about a thousand watched accesses */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#define data_race(expr) KSAN_DATA_RACE(expr)
#define ASSERT_EXCLUSIVE_WRITER(var) KSAN_ASSERT_EXCLUSIVE_WRITER(var)

static long test_var;		/* what both CPUs race on */
long kcsan_test_sink;	/* not static: stores to it are kept */
static spinlock_t test_lock;

struct race {
	void (*body[2])(void);	/* one iteration, CPU 0's and CPU 1's */
	int ready;		/* CPUs arrived */
	int done;		/* CPUs past their ITERS */
	unsigned long reports;	/* ksan_report_count() at the start */
	uint64_t deadline;	/* time_ns() */
};

struct side {
	struct race *r;
	int cpu;
};

static int need_two_cpus(struct kunit *test)
{
	if (nr_cpus_online < 2) {
		kunit_skip(test, "one CPU (boot with -smp 2)");
		return 0;
	}
	return 1;
}

/*
 * Wait for the other CPU (bounded), then loop until a report: at least
 * ITERS times, and on while the other CPU has not done its ITERS (a cheap
 * body must not end before a slow one has begun), at most until the
 * deadline.
 */
static void race_loop(void *arg)
{
	const struct side *s = arg;
	struct race *r = s->r;
	void (*body)(void) = r->body[s->cpu];
	long i;

	__atomic_add_fetch(&r->ready, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < 100000000 && __atomic_load_n(&r->ready, __ATOMIC_SEQ_CST) < 2; i++)
		cpu_relax();
	for (i = 0; ksan_report_count() == r->reports; i++) {
		if (i == ITERS)
			__atomic_add_fetch(&r->done, 1, __ATOMIC_SEQ_CST);
		if (i >= ITERS && (__atomic_load_n(&r->done, __ATOMIC_SEQ_CST) == 2 ||
				   time_ns() > r->deadline))
			break;
		body();
	}
}

/* b0 on CPU 0 and b1 on CPU 1 at once; 0 when both ran. */
static int run_race(void (*b0)(void), void (*b1)(void))
{
	struct race r = { { b0, b1 }, 0, 0, 0, 0 };
	struct side s0 = { &r, 0 }, s1 = { &r, 1 };
	struct smp_work w = { race_loop, &s1, "kcsan_test", 0, 0 };

	WRITE_ONCE(test_var, 0);
	r.reports = ksan_report_count();
	r.deadline = time_ns() + 5000000000ull;
	if (smp_call_start(1, &w))
		return -1;
	race_loop(&s0);
	return smp_call_wait(&w);
}

/* ---- the bodies: each case its own functions (reports are per pair) ---- */

static __noinline void plain_inc(void)
{
	test_var++;
}

static __noinline void marked_write(void)
{
	WRITE_ONCE(test_var, READ_ONCE(test_var) + 1);
}

static __noinline void marked_read(void)
{
	kcsan_test_sink = READ_ONCE(test_var);
}

static __noinline void atomic_inc(void)
{
	__atomic_fetch_add(&test_var, 1, __ATOMIC_RELAXED);
}

static __noinline void locked_inc(void)
{
	unsigned long f = spin_lock_irqsave(&test_lock);

	test_var++;
	spin_unlock_irqrestore(&test_lock, f);
}

static __noinline void data_race_inc(void)
{
	data_race(test_var++);
}

static __noinline void exclusive_writer(void)
{
	ASSERT_EXCLUSIVE_WRITER(test_var);
	WRITE_ONCE(test_var, READ_ONCE(test_var) + 1);
}

static __noinline void other_writer(void)
{
	WRITE_ONCE(test_var, 7);
}

static __noinline void other_reader(void)
{
	kcsan_test_sink = READ_ONCE(test_var);
}

/* The kernel's test_kernel_inc: a plain counter from both CPUs. */
static void kcsan_data_race_plain(struct kunit *test)
{
	int rc = 0;

	if (!need_two_cpus(test))
		return;
	KUNIT_EXPECT_RACE(test, "data-race", &test_var, rc = run_race(plain_inc, plain_inc));
	KUNIT_EXPECT_EQ(test, rc, 0);
}

/* READ_ONCE/WRITE_ONCE-style accesses on both sides: marked, silent. */
static void kcsan_marked_silent(struct kunit *test)
{
	int rc = 0;

	if (!need_two_cpus(test))
		return;
	KUNIT_EXPECT_NO_REPORT(test, rc = run_race(marked_write, marked_read));
	KUNIT_EXPECT_EQ(test, rc, 0);
}

static void kcsan_atomic_silent(struct kunit *test)
{
	int rc = 0;

	if (!need_two_cpus(test))
		return;
	KUNIT_EXPECT_NO_REPORT(test, rc = run_race(atomic_inc, atomic_inc));
	KUNIT_EXPECT_EQ(test, rc, 0);
	KUNIT_EXPECT_EQ(test, READ_ONCE(test_var) > 0, 1);
}

static void kcsan_locked_silent(struct kunit *test)
{
	int rc = 0;

	if (!need_two_cpus(test))
		return;
	KUNIT_EXPECT_NO_REPORT(test, rc = run_race(locked_inc, locked_inc));
	KUNIT_EXPECT_EQ(test, rc, 0);
	KUNIT_EXPECT_EQ(test, READ_ONCE(test_var) >= 2 * ITERS, 1);
}

static void kcsan_data_race_silent(struct kunit *test)
{
	int rc = 0;

	if (!need_two_cpus(test))
		return;
	KUNIT_EXPECT_NO_REPORT(test, rc = run_race(data_race_inc, data_race_inc));
	KUNIT_EXPECT_EQ(test, rc, 0);
}

/* ASSERT_EXCLUSIVE_WRITER: a second writer is an "assert: race"... */
static void kcsan_assert_exclusive_writer(struct kunit *test)
{
	int rc = 0;

	if (!need_two_cpus(test))
		return;
	KUNIT_EXPECT_RACE(test, "assert: race", &test_var,
			  rc = run_race(exclusive_writer, other_writer));
	KUNIT_EXPECT_EQ(test, rc, 0);
}

/* ...a concurrent reader is allowed. */
static void kcsan_assert_exclusive_writer_reader(struct kunit *test)
{
	int rc = 0;

	if (!need_two_cpus(test))
		return;
	KUNIT_EXPECT_NO_REPORT(test, rc = run_race(exclusive_writer, other_reader));
	KUNIT_EXPECT_EQ(test, rc, 0);
}

/* ---- the interrupt watcher ---- */

static long irq_var;

static __noinline void read_plain(void)
{
	kcsan_test_sink = irq_var;
}

static __noinline void read_marked(void)
{
	kcsan_test_sink = READ_ONCE(irq_var);
}

static void timer_writes_plain(void)
{
	irq_var++;
}

static void timer_writes_marked(void)
{
	WRITE_ONCE(irq_var, READ_ONCE(irq_var) + 1);
}

/* The task reads while the timer interrupt (on the same CPU) writes: up to
 * 3 s, to the first report. */
static void watch_irq_var(int marked)
{
	unsigned long start = ksan_report_count();
	uint64_t end = jiffies + 3 * HZ;

	while (jiffies < end && ksan_report_count() == start) {
		if (marked)
			read_marked();
		else
			read_plain();
	}
}

static void kcsan_interrupt_race(struct kunit *test)
{
	irq_timer_hook = timer_writes_plain;
	KUNIT_EXPECT_RACE(test, "data-race", &irq_var, watch_irq_var(0));
	irq_timer_hook = 0;
}

static void kcsan_interrupt_marked_silent(struct kunit *test)
{
	uint64_t end;

	irq_timer_hook = timer_writes_marked;
	KUNIT_EXPECT_NO_REPORT(test, watch_irq_var(1));
	irq_timer_hook = 0;
	/* the hook ran: the silence is not for want of interrupts */
	end = jiffies + 2;
	while (jiffies < end)
		cpu_relax();
	KUNIT_EXPECT_EQ(test, READ_ONCE(irq_var) > 100, 1);
}

static struct kunit_case kcsan_test_cases[] = {
	KUNIT_CASE(kcsan_data_race_plain),
	KUNIT_CASE(kcsan_marked_silent),
	KUNIT_CASE(kcsan_atomic_silent),
	KUNIT_CASE(kcsan_locked_silent),
	KUNIT_CASE(kcsan_data_race_silent),
	KUNIT_CASE(kcsan_assert_exclusive_writer),
	KUNIT_CASE(kcsan_assert_exclusive_writer_reader),
	KUNIT_CASE(kcsan_interrupt_race),
	KUNIT_CASE(kcsan_interrupt_marked_silent),
	{ 0 }
};

static struct kunit_suite kcsan_test_suite = {
	.name = "kcsan",
	.cases = kcsan_test_cases,
};
kunit_test_suite(kcsan_test_suite);

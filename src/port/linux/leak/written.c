/*
 * This file contains which pages of a range the process ever wrote, for the
 * leak check's data roots.  A page that is neither present nor swapped out
 * (bits 63 and 62 of its /proc/self/pagemap entry) still holds what the
 * file or the zero page gave it: no heap address can be there.  Most of a
 * program's .bss, and of the runtime's own tables, is such pages at exit;
 * scanning them would fault every one in and look up every word.
 *
 * Raw system calls: the check runs with the runtime's locks held.  Where
 * pagemap cannot be read, or does not show a page this file has just
 * written as present (an emulator passing the host's pagemap through),
 * ranges are scanned whole.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "../linux.h"

#define PM_PRESENT (1ull << 63)
#define PM_SWAPPED (1ull << 62)
#define BATCH 512		/* entries per read */

static volatile uintptr_t probe;	/* written before each use: present */

static long read_entries(int fd, uintptr_t page, size_t pagesz, uint64_t *ent, size_t n)
{
	return syscall(SYS_pread64, fd, ent, n * sizeof(*ent),
		       (long)(page / pagesz * sizeof(*ent)));
}

static size_t page_size(void)
{
	size_t pagesz = getauxval(AT_PAGESZ);

	return pagesz && !(pagesz & (pagesz - 1)) ? pagesz : 4096;
}

int port_written_open(void)
{
	size_t pagesz = page_size();
	uint64_t e;
	int fd = (int)syscall(SYS_openat, AT_FDCWD, "/proc/self/pagemap", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	probe = (uintptr_t)&probe;
	if (read_entries(fd, ROUND_DOWN((uintptr_t)&probe, pagesz), pagesz, &e, 1) !=
	    (long)sizeof(e) || !(e & PM_PRESENT)) {
		syscall(SYS_close, fd);
		return -1;
	}
	return fd;
}

void port_written_close(int fd)
{
	if (fd >= 0)
		syscall(SYS_close, fd);
}

/* fn over the runs of written pages of [lo, hi); fd from port_written_open,
 * -1 for the range whole. */
void port_scan_written(int fd, void (*fn)(void *arg, uintptr_t lo, uintptr_t hi, int kind),
		       void *arg, uintptr_t lo, uintptr_t hi, int kind)
{
	uint64_t ent[BATCH];
	size_t pagesz = page_size(), i, n;
	uintptr_t page, run = 0, end;

	if (hi <= lo)
		return;
	if (fd < 0) {
		fn(arg, lo, hi, kind);
		return;
	}
	end = ROUND_UP(hi, pagesz);
	for (page = ROUND_DOWN(lo, pagesz); page < end; page += n * pagesz) {
		n = (end - page) / pagesz < BATCH ? (end - page) / pagesz : BATCH;
		if (read_entries(fd, page, pagesz, ent, n) != (long)(n * sizeof(*ent))) {
			/* unreadable: the rest whole */
			fn(arg, run ? run : page > lo ? page : lo, hi, kind);
			run = 0;
			break;
		}
		for (i = 0; i < n; i++) {
			uintptr_t p = page + i * pagesz;

			if (ent[i] & (PM_PRESENT | PM_SWAPPED)) {
				if (!run)
					run = p > lo ? p : lo;
			} else if (run) {
				fn(arg, run, p, kind);
				run = 0;
			}
		}
	}
	if (run)
		fn(arg, run, hi, kind);
}

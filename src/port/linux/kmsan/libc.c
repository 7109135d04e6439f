/*
 * This file contains KMSAN's model of the uninstrumented C library, for
 * what the runtime itself needs: memory the kernel maps is initialised
 * (zero or file data), so a new mapping's metadata is dropped, and so is
 * an unmapped range's (the next mapping there must not inherit poison).
 * Other helpers add kmsan_libc*.c files for the rest of the library.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "../linux.h"

void port_kmsan_forget(uintptr_t lo, uintptr_t hi);

PORT_API void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	long r = syscall(SYS_mmap, addr, len, prot, flags, fd, off);

	if (r == -1)		/* syscall() set errno */
		return MAP_FAILED;
	if (kmsan_ready)
		port_kmsan_forget((uintptr_t)r, ROUND_UP((uintptr_t)r + len, 4096));
	return (void *)r;
}

PORT_API void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
	__attribute__((alias("mmap")));

PORT_API int munmap(void *addr, size_t len)
{
	int r = (int)syscall(SYS_munmap, addr, len);

	if (!r && kmsan_ready)
		port_kmsan_forget((uintptr_t)addr, ROUND_UP((uintptr_t)addr + len, 4096));
	return r;
}

/*
 * The C library's code: the executable segments of libc.so and the
 * loader, found once at start-up.  A static executable has none: its C
 * library is inside the executable, and ksan-cc's linker script
 * (libc_text.ld) gathers libc.a's code between the two symbols below;
 * they are weak (0 when a link has no script: dynamic executables,
 * links without ksan-cc).  The malloc family asks whether its caller is
 * there: memory the library allocates for itself or the program is
 * filled by stores KMSAN cannot see.
 */
#define LIBC_TEXT_MAX 8
static struct { uintptr_t lo, hi; } libc_text[LIBC_TEXT_MAX];
static int libc_text_n;

static int find_libc(struct dl_phdr_info *info, size_t size, void *arg)
{
	const char *name = info->dlpi_name ? info->dlpi_name : "";
	const char *base = strrchr(name, '/');
	int i;

	(void)size;
	(void)arg;
	base = base ? base + 1 : name;
	if (strncmp(base, "libc.so", 7) && strncmp(base, "ld-linux", 8))
		return 0;
	for (i = 0; i < info->dlpi_phnum && libc_text_n < LIBC_TEXT_MAX; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		libc_text[libc_text_n].lo = info->dlpi_addr + ph->p_vaddr;
		libc_text[libc_text_n].hi = info->dlpi_addr + ph->p_vaddr + ph->p_memsz;
		libc_text_n++;
	}
	return 0;
}

extern const char __ksan_libc_text_start[] __attribute__((weak, visibility("hidden")));
extern const char __ksan_libc_text_end[] __attribute__((weak, visibility("hidden")));

void port_kmsan_libc_text_init(void)
{
	uintptr_t lo = (uintptr_t)__ksan_libc_text_start, hi = (uintptr_t)__ksan_libc_text_end;

	dl_iterate_phdr(find_libc, 0);
	if (libc_text_n || !lo || hi <= lo)
		return;
	libc_text[0].lo = lo;
	libc_text[0].hi = hi;
	libc_text_n = 1;
}

int port_kmsan_libc_found(void)
{
	return libc_text_n > 0;
}

int port_kmsan_from_libc(uintptr_t pc)
{
	int i;

	for (i = 0; i < libc_text_n; i++)
		if (pc - libc_text[i].lo < libc_text[i].hi - libc_text[i].lo)
			return 1;
	return 0;
}

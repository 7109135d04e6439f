/*
 * This file contains kallsyms: the function holding an address, looked up
 * by binary search in the table kernel/scripts/kallsyms.sh generates from
 * the kernel's own symbols (linked in by the second link, at the same
 * addresses: see kernel.ld).
 */
#include "kernel/kernel.h"
#include "kernel/kallsyms.h"

extern const uint64_t kallsyms_num;
extern const uint64_t kallsyms_addrs[];
extern const uint32_t kallsyms_sizes[];
extern const uint32_t kallsyms_names[];
extern const char kallsyms_strtab[];

int kallsyms_lookup(uintptr_t addr, const char **name, uintptr_t *start, uintptr_t *size)
{
	size_t lo = 0, hi = kallsyms_num, i;

	if (!hi || addr < kallsyms_addrs[0])
		return -1;
	while (hi - lo > 1) {	/* the last entry at or below addr */
		size_t mid = lo + (hi - lo) / 2;

		if (kallsyms_addrs[mid] <= addr)
			lo = mid;
		else
			hi = mid;
	}
	/* of several at one address, one that has a size */
	for (i = lo; i > 0 && kallsyms_addrs[i - 1] == kallsyms_addrs[lo] && !kallsyms_sizes[i]; i--)
		;
	if (!kallsyms_sizes[i])
		i = lo;
	if (kallsyms_sizes[i] && addr >= kallsyms_addrs[i] + kallsyms_sizes[i])
		return -1;	/* past the end of the function: not ours */
	*name = kallsyms_strtab + kallsyms_names[i];
	*start = kallsyms_addrs[i];
	*size = kallsyms_sizes[i];
	return 0;
}

void kallsyms_sprint(char *buf, size_t len, uintptr_t addr)
{
	const char *name;
	uintptr_t start, size;

	if (kallsyms_lookup(addr, &name, &start, &size))
		snprintf(buf, len, "0x%lx", (unsigned long)addr);
	else if (size)
		snprintf(buf, len, "%s+0x%lx/0x%lx", name, (unsigned long)(addr - start),
			 (unsigned long)size);
	else
		snprintf(buf, len, "%s+0x%lx", name, (unsigned long)(addr - start));
}

uintptr_t kallsyms_lookup_name(const char *name)
{
	uint64_t i;

	for (i = 0; i < kallsyms_num; i++)
		if (!strcmp(kallsyms_strtab + kallsyms_names[i], name))
			return kallsyms_addrs[i];
	return 0;
}

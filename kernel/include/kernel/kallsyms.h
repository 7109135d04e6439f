/*
 * This file contains the kernel's symbol table lookup (kallsyms): the
 * function containing an address, from a table the build generates from
 * the kernel's own ELF symbols and links into a second image.
 */
#ifndef KERNEL_KALLSYMS_H
#define KERNEL_KALLSYMS_H

#include "kernel.h"

/* The function holding addr: its name, start and size.  0 if found. */
int kallsyms_lookup(uintptr_t addr, const char **name, uintptr_t *start, uintptr_t *size);
/* "fn+0x1a/0x40" or "0x..." into buf. */
void kallsyms_sprint(char *buf, size_t len, uintptr_t addr);
/* The address of a function by name, 0 if none. */
uintptr_t kallsyms_lookup_name(const char *name);

#endif

/*
 * This file contains what every file of the test kernel shares: fixed-width
 * types, a few macros, printk and panic.
 */
#ifndef KERNEL_KERNEL_H
#define KERNEL_KERNEL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define ALIGN_UP(x, a) (((x) + (a) - 1) & ~((uintptr_t)(a) - 1))
#define ALIGN_DOWN(x, a) ((x) & ~((uintptr_t)(a) - 1))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define __noreturn __attribute__((noreturn))
#define __noinline __attribute__((noinline))
#define _RET_IP_ ((uintptr_t)__builtin_return_address(0))
/* Keep the compiler from reasoning about a value (as the kernel's macro). */
#define OPTIMIZER_HIDE_VAR(v) __asm__("" : "=r"(v) : "0"(v))

/* What the kernel's files leave uninstrumented (early boot, the code that
 * KASAN itself relies on) carry this on their functions as well. */
#define __no_sanitize __attribute__((no_sanitize_address, no_sanitize_undefined))

#define PAGE_SIZE 4096ul
#define PAGE_SHIFT 12

/* lib/printk.c: kernel-style formatted output to the console */
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#define pr_info(...) printk(__VA_ARGS__)

/* arch/serial.c */
void serial_init(void);
void console_write(const char *buf, size_t len);

/* Exit codes through QEMU's isa-debug-exit (QEMU's status: code << 1 | 1). */
enum { EXIT_ALL_PASSED = 0, EXIT_FAILED = 1, EXIT_PANIC = 2 };
void __noreturn machine_exit(int code);
void __noreturn panic(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* mem*: the checked ones (the ksan port's mem.c, as the kernel's under
 * KASAN); __mem*: unchecked, for code that must not report (lib/string.c).
 * The other string functions: lib/string.c. */
void *__memcpy(void *d, const void *s, size_t n);
void *__memset(void *d, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
void *memset(void *d, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
size_t strlcpy(char *d, const char *s, size_t n);

/* init/cmdline.c: the Multiboot command line, "key=value" words */
void cmdline_set(const char *s);
/* The value of key (its length in *len), or NULL when absent. */
const char *cmdline_get(const char *key, size_t *len);

#endif

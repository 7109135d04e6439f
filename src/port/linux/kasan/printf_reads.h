/*
 * This file contains the interface of printf_reads.c: the checks of what
 * the printf family reads (each returns 0 after a report).
 */
#ifndef KSAN_PORT_LINUX_PRINTF_READS_H
#define KSAN_PORT_LINUX_PRINTF_READS_H

#include <stdarg.h>
#include <stdio.h>
#include <wchar.h>

/* the string s as "%s" (prec < 0) or "%.<prec>s" reads it; wide: %ls */
int port_printf_string(const struct kasan_caller *c, const void *s, long prec, int wide);
/* the format and what its conversions read */
int port_printf_format(const struct kasan_caller *c, const char *fmt, va_list ap);
/* the wprintf family's format and arguments, on stream f */
int port_printf_wformat_on(const struct kasan_caller *c, FILE *f, const wchar_t *fmt, va_list ap);

#endif

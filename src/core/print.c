/*
 * This file contains the core's formatter: a small printf into a bounded
 * buffer, enough for reports (no floating point, no locale, no allocation).
 */
#include "core.h"

static void put(struct core_buf *b, char c)
{
	if (b->len + 1 < b->cap)
		b->p[b->len++] = c;
}

static void put_padded(struct core_buf *b, const char *s, size_t n,
		       int width, int left, char pad)
{
	int fill = width > (int)n ? width - (int)n : 0;

	if (!left)
		while (fill-- > 0)
			put(b, pad);
	while (n--)
		put(b, *s++);
	if (left)
		while (fill-- > 0)
			put(b, ' ');
}

static void put_number(struct core_buf *b, unsigned long long v, int neg,
		       unsigned base, int width, int left, char pad)
{
	char tmp[24];
	size_t n = 0;

	do {
		tmp[sizeof(tmp) - 1 - n++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	if (neg) {
		if (pad == '0') {
			put(b, '-');
			width--;
		} else {
			tmp[sizeof(tmp) - 1 - n++] = '-';
		}
	}
	put_padded(b, tmp + sizeof(tmp) - n, n, width, left, pad);
}

void core_vbprintf(struct core_buf *b, const char *fmt, va_list ap)
{
	for (; *fmt; fmt++) {
		int width = 0, left = 0, lng = 0;
		char pad = ' ';
		unsigned long long u;
		long long s;

		if (*fmt != '%') {
			put(b, *fmt);
			continue;
		}
		fmt++;
		if (*fmt == '-') {
			left = 1;
			fmt++;
		}
		if (*fmt == '0') {
			pad = '0';
			fmt++;
		}
		if (*fmt == '*') {
			width = va_arg(ap, int);
			fmt++;
		}
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + (*fmt++ - '0');
		while (*fmt == 'l' || *fmt == 'z') {
			lng++;
			fmt++;
		}
		switch (*fmt) {
		case 's': {
			const char *str = va_arg(ap, const char *);

			if (!str)
				str = "(null)";
			put_padded(b, str, core_strlen(str), width, left, ' ');
			break;
		}
		case 'c': {
			char ch = (char)va_arg(ap, int);

			put_padded(b, &ch, 1, width, left, ' ');
			break;
		}
		case 'd':
		case 'i':
			s = lng ? va_arg(ap, long long) : va_arg(ap, int);
			put_number(b, s < 0 ? 0ull - (unsigned long long)s : (unsigned long long)s,
				   s < 0, 10, width, left, pad);
			break;
		case 'u':
		case 'x':
			u = lng ? va_arg(ap, unsigned long long) : va_arg(ap, unsigned);
			put_number(b, u, 0, *fmt == 'u' ? 10 : 16, width, left, pad);
			break;
		case 'p':
			put(b, '0');
			put(b, 'x');
			put_number(b, (uintptr_t)va_arg(ap, void *), 0, 16,
				   width, left, pad);
			break;
		case '%':
			put(b, '%');
			break;
		default:
			return;	/* unknown conversion: stop rather than misread args */
		}
	}
	if (b->cap)
		b->p[b->len] = 0;
}

void core_bprintf(struct core_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	core_vbprintf(b, fmt, ap);
	va_end(ap);
}

int core_snprintf(char *dst, size_t cap, const char *fmt, ...)
{
	struct core_buf b = { dst, 0, cap };
	va_list ap;

	if (cap)
		dst[0] = 0;
	va_start(ap, fmt);
	core_vbprintf(&b, fmt, ap);
	va_end(ap);
	return (int)b.len;
}

void core_printf(const char *fmt, ...)
{
	char tmp[512];
	struct core_buf b = { tmp, 0, sizeof(tmp) };
	va_list ap;

	va_start(ap, fmt);
	core_vbprintf(&b, fmt, ap);
	va_end(ap);
	ksan_port_write(tmp, b.len);
}

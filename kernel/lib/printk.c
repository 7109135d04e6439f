/*
 * This file contains printk and its formatter: %s %c %d %i %u %x %p %%,
 * the l, ll and z modifiers, a width, '0' padding and '-' alignment.
 * Lines go straight to the console; there is no log buffer.
 */
#include "kernel/kernel.h"

struct out {
	char *buf;
	size_t len, cap;
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->cap)
		o->buf[o->len] = c;
	o->len++;
}

static void put_num(struct out *o, unsigned long long v, int base, int neg,
		    int width, int zero, int left)
{
	char tmp[24];
	int n = 0, total;

	do {
		tmp[n++] = "0123456789abcdef"[v % (unsigned)base];
		v /= (unsigned)base;
	} while (v);
	total = n + neg;
	if (!left && zero && neg)
		put(o, '-');
	for (; !left && total < width; width--)
		put(o, zero ? '0' : ' ');
	if (!(!left && zero) && neg)
		put(o, '-');
	while (n)
		put(o, tmp[--n]);
	for (; left && total < width; width--)
		put(o, ' ');
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, 0, size };

	for (; *fmt; fmt++) {
		int width = 0, zero = 0, left = 0, lng = 0;

		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		fmt++;
		for (;; fmt++) {
			if (*fmt == '0')
				zero = 1;
			else if (*fmt == '-')
				left = 1;
			else
				break;
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
		case 'd':
		case 'i': {
			long long v = lng ? va_arg(ap, long) : va_arg(ap, int);

			put_num(&o, v < 0 ? -(unsigned long long)v : (unsigned long long)v, 10,
				v < 0, width, zero, left);
			break;
		}
		case 'u':
		case 'x': {
			unsigned long long v = lng ? va_arg(ap, unsigned long) : va_arg(ap, unsigned);

			put_num(&o, v, *fmt == 'u' ? 10 : 16, 0, width, zero, left);
			break;
		}
		case 'p':
			put(&o, '0');
			put(&o, 'x');
			put_num(&o, (uintptr_t)va_arg(ap, void *), 16, 0, width, zero, left);
			break;
		case 'c': {
			int k;

			for (k = 1; !left && k < width; k++)
				put(&o, ' ');
			put(&o, (char)va_arg(ap, int));
			for (k = 1; left && k < width; k++)
				put(&o, ' ');
			break;
		}
		case 's': {
			const char *s = va_arg(ap, const char *);
			int n, k;

			if (!s)
				s = "(null)";
			n = (int)strlen(s);
			for (k = n; !left && k < width; k++)
				put(&o, ' ');
			while (*s)
				put(&o, *s++);
			for (k = n; left && k < width; k++)
				put(&o, ' ');
			break;
		}
		case '%':
			put(&o, '%');
			break;
		case 0:
			fmt--;
			break;
		default:
			put(&o, '%');
			put(&o, *fmt);
		}
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = 0;
	return (int)o.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

void printk(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	console_write(buf, n < (int)sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

void panic(const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	__asm__ volatile("cli");
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	printk("Kernel panic - not syncing: %s\n", buf);
	machine_exit(EXIT_PANIC);
}

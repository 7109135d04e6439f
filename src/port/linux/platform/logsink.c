/*
 * This file contains the system log sinks of log_path=syslog and
 * log_path=journal: reports sent over the local datagram sockets that
 * rsyslog and systemd-journald listen on, spoken here (no libsystemd, no
 * syslog(3): that one takes a libc lock and formats through stdio).
 *
 * syslog: each line of a report is one RFC 3164 datagram to /dev/log,
 *   "<11>Mmm dd hh:mm:ss IDENT[PID]: LINE" (facility user, severity err;
 *   IDENT is the executable's base name), as the kernel's reports reach
 *   the log one line at a time.  The time is UTC: the daemons stamp local
 *   messages on receipt (journald and rsyslog's imuxsock ignore it).
 * journal: each report is one entry of the native protocol to
 *   /run/systemd/journal/socket: "FIELD=value\n" lines, and for a value
 *   with a newline "FIELD\n", its length as 64-bit little endian, the
 *   value, "\n".  MESSAGE is the whole report; KSAN_DETECTOR,
 *   KSAN_BUG_TYPE, KSAN_SIGNATURE, KSAN_SIGNATURE_HASH, KSAN_TITLE,
 *   KSAN_EXECUTABLE and KSAN_PID say what it is about (docs/fleet.md).
 *
 * A report's text is gathered between ksan_port_report_begin and _end
 * (under the core's report lock) and sent at the end; text written
 * outside a report (diagnostics) is sent at once.  When the socket is
 * missing or refuses the text, the text goes to stderr: nothing is lost.
 * log_socket names another socket (tests, containers).
 */
#include <errno.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include "libc.h"
#include "../linux.h"

#define TEXT_SIZE (64u << 10)
#define SYSLOG_SOCKET "/dev/log"
#define JOURNAL_SOCKET "/run/systemd/journal/socket"
/* every ksan report's MESSAGE_ID: journalctl MESSAGE_ID=... lists them */
#define KSAN_MESSAGE_ID "4b53414e8f3a4c2e9d1b6a7e0c5f2d19"

enum { SINK_OFF, SINK_SYSLOG, SINK_JOURNAL };

static int sink;
static int in_report;		/* guarded by the core's report lock */
static char text[TEXT_SIZE];	/* the report so far; same lock */
static size_t text_len;

int port_logsink_select(const char *log_path)
{
	sink = !core_strcmp(log_path, "syslog") ? SINK_SYSLOG :
	       !core_strcmp(log_path, "journal") ? SINK_JOURNAL : SINK_OFF;
	return sink != SINK_OFF;
}

static const char *socket_path(void)
{
	if (core_opt.log_socket[0])
		return core_opt.log_socket;
	return sink == SINK_SYSLOG ? SYSLOG_SOCKET : JOURNAL_SOCKET;
}

static void to_stderr(const char *buf, size_t len)
{
	while (len) {
		ssize_t n = port_sys_write(2, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		buf += n;
		len -= (size_t)n;
	}
}

/* One datagram of the iovecs to the sink's socket; 0 if it was taken. */
static int send_iov(struct iovec *iov, int n)
{
	struct sockaddr_un sa;
	struct msghdr m;
	const char *path = socket_path();
	int e = errno, fd, r = -1;

	core_memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	core_snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", path);
	core_memset(&m, 0, sizeof(m));
	m.msg_name = &sa;
	m.msg_namelen = sizeof(sa);
	m.msg_iov = iov;
	m.msg_iovlen = (size_t)n;
	fd = (int)syscall(SYS_socket, AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd >= 0) {
		do
			r = (int)syscall(SYS_sendmsg, fd, &m, MSG_NOSIGNAL);
		while (r < 0 && errno == EINTR);
		syscall(SYS_close, fd);
	}
	if (r < 0) {
		static int said;
		char msg[160];

		if (!__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED)) {
			int len = core_snprintf(msg, sizeof(msg),
						"ksan: cannot send to %s (errno %d); reporting to stderr\n",
						path, errno);
			to_stderr(msg, (size_t)len < sizeof(msg) ? (size_t)len : sizeof(msg) - 1);
		}
	}
	errno = e;
	return r < 0;
}

static const char *ident(void)
{
	const char *p = port_exe_path(), *b = p;

	for (; *p; p++)
		if (*p == '/')
			b = p + 1;
	return *b ? b : "ksan";
}

/* "Mmm dd hh:mm:ss" of now, UTC (a civil date from days since 1970). */
static void stamp(char *buf, size_t cap)
{
	static const char mon[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	struct timespec ts = { 0, 0 };
	long long days, secs, z, era, doe, yoe, doy, mp;
	unsigned d, m;

	syscall(SYS_clock_gettime, CLOCK_REALTIME, &ts);
	days = ts.tv_sec / 86400;
	secs = ts.tv_sec % 86400;
	z = days + 719468;
	era = z / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	d = (unsigned)(doy - (153 * mp + 2) / 5 + 1);
	m = (unsigned)(mp < 10 ? mp + 3 : mp - 9);
	core_snprintf(buf, cap, "%c%c%c %2u %02u:%02u:%02u", mon[3 * (m - 1)],
		      mon[3 * (m - 1) + 1], mon[3 * (m - 1) + 2], d, (unsigned)(secs / 3600),
		      (unsigned)(secs / 60 % 60), (unsigned)(secs % 60));
}

/* syslog: each line of buf a datagram; what the socket refuses, from the
 * first refused line on, goes to stderr. */
static void send_syslog(const char *buf, size_t len)
{
	char head[128], ts[32], id[49];
	int hlen;

	stamp(ts, sizeof(ts));
	core_snprintf(id, sizeof(id), "%s", ident());
	hlen = core_snprintf(head, sizeof(head), "<11>%s %s[%d]: ", ts, id, ksan_port_pid());
	while (len) {
		size_t n = 0;
		struct iovec iov[2];

		while (n < len && buf[n] != '\n')
			n++;
		iov[0].iov_base = head;
		iov[0].iov_len = (size_t)hlen;
		iov[1].iov_base = (void *)buf;
		iov[1].iov_len = n;
		if (send_iov(iov, 2)) {
			to_stderr(buf, len);
			return;
		}
		if (n < len)
			n++;
		buf += n;
		len -= n;
	}
}

static void put_bytes(struct core_buf *b, const char *v, size_t n)
{
	size_t i;

	for (i = 0; i < n && b->len + 1 < b->cap; i++)
		b->p[b->len++] = v[i];
}

/* "NAME\n", value's length as 64-bit little endian: the native
 * protocol's binary-safe form, for a value with a newline. */
static void put_length(struct core_buf *b, const char *name, uint64_t n)
{
	char le[8];
	int i;

	for (i = 0; i < 8; i++, n >>= 8)
		le[i] = (char)(n & 0xff);
	put_bytes(b, name, core_strlen(name));
	put_bytes(b, "\n", 1);
	put_bytes(b, le, 8);
}

/* Appends field name=value to b: the binary-safe form when the value has
 * a newline.  A field that does not fit whole is left out. */
static void put_field(struct core_buf *b, const char *name, const char *v, size_t n)
{
	size_t i, start = b->len;

	for (i = 0; i < n && v[i] != '\n'; i++)
		;
	if (i == n) {
		put_bytes(b, name, core_strlen(name));
		put_bytes(b, "=", 1);
	} else {
		put_length(b, name, n);
	}
	put_bytes(b, v, n);
	put_bytes(b, "\n", 1);
	if (b->len + 1 >= b->cap)
		b->len = start;
}

/* A field with a value (journald takes empty ones; they say nothing). */
static void put_str(struct core_buf *b, const char *name, const char *v)
{
	if (v[0])
		put_field(b, name, v, core_strlen(v));
}

static int is_banner(const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n && p[i] == '='; i++)
		;
	return i == n;
}

/* The report's title: its first line that is not a banner ("" for the
 * json layout: its object is the whole report). */
static void title_of(const char *buf, size_t len, const char **t, size_t *n)
{
	size_t i = 0, j;

	*t = "";
	*n = 0;
	for (; i < len; i = j + 1) {
		for (j = i; j < len && buf[j] != '\n'; j++)
			;
		if (is_banner(buf + i, j - i))
			continue;
		if (buf[i] != '{') {
			*t = buf + i;
			*n = j - i > 256 ? 256 : j - i;
		}
		return;
	}
}

/* journal: buf as one entry's MESSAGE, with s's fields (s may be NULL:
 * text written outside a report). */
static void send_journal(const char *buf, size_t len, const struct ksan_report_summary *s)
{
	static char mem[8192];	/* the fields but MESSAGE; under the report lock */
	char small[256], *fields = s ? mem : small;
	struct core_buf b = { fields, 0, s ? sizeof(mem) : sizeof(small) };
	char mhead[17];
	struct core_buf mb = { mhead, 0, sizeof(mhead) };
	struct iovec iov[4];

	put_str(&b, "PRIORITY", "3");
	put_str(&b, "SYSLOG_IDENTIFIER", ident());
	if (s) {
		const char *t;
		size_t tn;
		char num[24];

		put_str(&b, "MESSAGE_ID", KSAN_MESSAGE_ID);
		put_str(&b, "KSAN_DETECTOR", s->detector);
		put_str(&b, "KSAN_BUG_TYPE", s->bug_type);
		put_str(&b, "KSAN_SIGNATURE", s->signature);
		core_snprintf(num, sizeof(num), "%016llx", (unsigned long long)s->signature_hash);
		put_str(&b, "KSAN_SIGNATURE_HASH", s->signature_hash ? num : "");
		title_of(buf, len, &t, &tn);
		if (tn)
			put_field(&b, "KSAN_TITLE", t, tn);
		put_str(&b, "KSAN_EXECUTABLE", port_exe_path());
		core_snprintf(num, sizeof(num), "%d", ksan_port_pid());
		put_str(&b, "KSAN_PID", num);
	}
	/* MESSAGE last, in the binary-safe form (a report has newlines),
	 * straight from buf */
	/* journald keeps no final newline either */
	put_length(&mb, "MESSAGE", len && buf[len - 1] == '\n' ? len - 1 : len);
	iov[0].iov_base = fields;
	iov[0].iov_len = b.len;
	iov[1].iov_base = mhead;
	iov[1].iov_len = mb.len;
	iov[2].iov_base = (void *)buf;
	iov[2].iov_len = len && buf[len - 1] == '\n' ? len - 1 : len;
	iov[3].iov_base = "\n";
	iov[3].iov_len = 1;
	if (send_iov(iov, 4))
		to_stderr(buf, len);
}

static void send_text(const char *buf, size_t len, const struct ksan_report_summary *s)
{
	if (!len)
		return;
	if (sink == SINK_SYSLOG)
		send_syslog(buf, len);
	else
		send_journal(buf, len, s);
}

int port_logsink_write(const char *buf, size_t len)
{
	if (sink == SINK_OFF)
		return 0;
	if (!in_report) {
		send_text(buf, len, 0);
		return 1;
	}
	if (len > TEXT_SIZE - text_len)
		len = TEXT_SIZE - text_len;	/* the rest is cut off */
	core_memcpy(text + text_len, buf, len);
	text_len += len;
	return 1;
}

void ksan_port_report_begin(void)
{
	in_report = sink != SINK_OFF;
	text_len = 0;
}

void ksan_port_report_end(const struct ksan_report_summary *s)
{
	if (!in_report)
		return;
	in_report = 0;
	send_text(text, text_len, s);
	text_len = 0;
}

/*
 * This file contains UBSAN's compiler ABI: every __ubsan_handle_* entry
 * point GCC 12 and Clang 14 emit for C (-fsanitize=undefined, clang's
 * integer, implicit-conversion, nullability, float-divide-by-zero and
 * float-cast-overflow), each in its recover and its _abort form, and the
 * per-check data the compilers pass (compiler ABI, don't change; sizes
 * pinned below).  Messages are worded as compiler-rt's.
 */
#include "ubsan.h"

#define ABI __attribute__((visibility("default"), used, noinline))
#define PC ((uintptr_t)__builtin_return_address(0))
#define FP ((uintptr_t)__builtin_frame_address(0))

/* Pointers as compiler-rt prints them ("%p": at least 12 hex digits). */

/* ---- compiler ABI: per-check data -------------------------------------- */
struct overflow_data {		/* add, sub, mul, negate, divrem, vla, invalid value */
	struct ubsan_loc loc;
	const struct ubsan_type *type;
};
struct shift_data {
	struct ubsan_loc loc;
	const struct ubsan_type *lhs_type, *rhs_type;
};
struct oob_data {
	struct ubsan_loc loc;
	const struct ubsan_type *array_type, *index_type;
};
struct type_mismatch_data_v1 {
	struct ubsan_loc loc;
	const struct ubsan_type *type;
	uint8_t log_alignment;
	uint8_t type_check_kind;
};
struct type_mismatch_data_v0 {	/* older compilers: alignment in bytes */
	struct ubsan_loc loc;
	const struct ubsan_type *type;
	uintptr_t alignment;
	uint8_t type_check_kind;
};
struct alignment_assumption_data {
	struct ubsan_loc loc;
	struct ubsan_loc assumption_loc;
	const struct ubsan_type *type;
};
struct unreachable_data {
	struct ubsan_loc loc;
};
struct float_cast_data_v2 {
	struct ubsan_loc loc;
	const struct ubsan_type *from, *to;
};
struct float_cast_data_v1 {	/* legacy: no location */
	const struct ubsan_type *from, *to;
};
struct implicit_conversion_data {	/* clang 14: no bit-field width yet */
	struct ubsan_loc loc;
	const struct ubsan_type *from, *to;
	uint8_t kind;
};
struct invalid_builtin_data {
	struct ubsan_loc loc;
	uint8_t kind;
};
struct nonnull_return_data {
	struct ubsan_loc attr_loc;
};
struct nonnull_arg_data {
	struct ubsan_loc loc;
	struct ubsan_loc attr_loc;
	int arg_index;
};
struct pointer_overflow_data {
	struct ubsan_loc loc;
};

_Static_assert(sizeof(struct ubsan_loc) == 16, "SourceLocation");
_Static_assert(sizeof(struct ubsan_type) == 4, "TypeDescriptor header");
_Static_assert(sizeof(struct overflow_data) == 24, "OverflowData");
_Static_assert(sizeof(struct shift_data) == 32, "ShiftOutOfBoundsData");
_Static_assert(sizeof(struct oob_data) == 32, "OutOfBoundsData");
_Static_assert(sizeof(struct type_mismatch_data_v1) == 32, "TypeMismatchData v1");
_Static_assert(__builtin_offsetof(struct type_mismatch_data_v1, log_alignment) == 24, "v1");
_Static_assert(sizeof(struct alignment_assumption_data) == 40, "AlignmentAssumptionData");
_Static_assert(sizeof(struct float_cast_data_v2) == 32, "FloatCastOverflowDataV2");
_Static_assert(sizeof(struct implicit_conversion_data) == 40, "ImplicitConversionData");
_Static_assert(__builtin_offsetof(struct implicit_conversion_data, kind) == 32, "kind");
_Static_assert(sizeof(struct invalid_builtin_data) == 24, "InvalidBuiltinData");
_Static_assert(sizeof(struct nonnull_arg_data) == 40, "NonNullArgData");
_Static_assert(__builtin_offsetof(struct nonnull_arg_data, arg_index) == 32, "arg_index");

/* Both forms of a handler: the recover one goes on (unless halt_on_error=1),
 * the _abort one stops after the report.  The handler keeps its frame until
 * the call returns (the empty asm: no tail call): the report's stack starts
 * from that frame's record, which an aarch64 callee's frame would overwrite
 * (the stack then ended at the handler's caller). */
/* Makes __ubsan_handle_<name> and __ubsan_handle_<name>_abort for each
 * HANDLERS(name, ...) line below (e.g. __ubsan_handle_add_overflow and
 * __ubsan_handle_add_overflow_abort). */
#define HANDLERS(name, proto, call)					\
	ABI void __ubsan_handle_##name proto				\
	{ int halt = 0; uintptr_t pc = PC, fp = FP; call;		\
	  __asm__ volatile("" ::: "memory"); }				\
	ABI void __ubsan_handle_##name##_abort proto			\
	{ int halt = 1; uintptr_t pc = PC, fp = FP; call;		\
	  __asm__ volatile("" ::: "memory"); }

/* ---- arithmetic ---------------------------------------------------------- */

static void overflow(struct overflow_data *d, uintptr_t l, uintptr_t r, char op,
		     int halt, uintptr_t pc, uintptr_t fp)
{
	int sgn = ubsan_type_signed(d->type);
	struct core_buf *m;

	if (!ubsan_begin(&d->loc, sgn ? "signed-integer-overflow" :
			 "unsigned-integer-overflow", halt, pc, fp))
		return;
	m = ubsan_msg();
	core_bprintf(m, "%s integer overflow: ", sgn ? "signed" : "unsigned");
	ubsan_put_value(m, d->type, l);
	core_bprintf(m, " %c ", op);
	ubsan_put_value(m, d->type, r);
	core_bprintf(m, " cannot be represented in type %s", d->type->name);
	ubsan_end(halt, 0);
}

HANDLERS(add_overflow, (struct overflow_data *d, uintptr_t l, uintptr_t r),
	 overflow(d, l, r, '+', halt, pc, fp))
HANDLERS(sub_overflow, (struct overflow_data *d, uintptr_t l, uintptr_t r),
	 overflow(d, l, r, '-', halt, pc, fp))
HANDLERS(mul_overflow, (struct overflow_data *d, uintptr_t l, uintptr_t r),
	 overflow(d, l, r, '*', halt, pc, fp))

static void negate(struct overflow_data *d, uintptr_t v, int halt, uintptr_t pc,
		   uintptr_t fp)
{
	int sgn = ubsan_type_signed(d->type);
	struct core_buf *m;

	/* the kernel's word, for signed and unsigned types alike */
	if (!ubsan_begin(&d->loc, "negation-overflow", halt, pc, fp))
		return;
	m = ubsan_msg();
	core_bprintf(m, "negation of ");
	ubsan_put_value(m, d->type, v);
	core_bprintf(m, " cannot be represented in type %s", d->type->name);
	if (sgn)
		core_bprintf(m, "; cast to an unsigned type to negate this value to itself");
	ubsan_end(halt, 0);
}
HANDLERS(negate_overflow, (struct overflow_data *d, uintptr_t v),
	 negate(d, v, halt, pc, fp))

static void divrem(struct overflow_data *d, uintptr_t l, uintptr_t r, int halt,
		   uintptr_t pc, uintptr_t fp)
{
	const struct ubsan_type *t = d->type;
	struct core_buf *m;
	const char *check;

	/* the kernel's word for both integer cases: "division-overflow" */
	check = t->kind == UBSAN_TK_FLOAT ? "float-divide-by-zero" : "division-overflow";
	if (!ubsan_begin(&d->loc, check, halt, pc, fp))
		return;
	m = ubsan_msg();
	if (t->kind != UBSAN_TK_FLOAT && ubsan_type_signed(t) && ubsan_sval(t, r) == -1) {
		core_bprintf(m, "division of ");
		ubsan_put_value(m, t, l);
		core_bprintf(m, " by -1 cannot be represented in type %s", t->name);
	} else {
		core_bprintf(m, "division by zero");
	}
	ubsan_end(halt, 0);
}
HANDLERS(divrem_overflow, (struct overflow_data *d, uintptr_t l, uintptr_t r),
	 divrem(d, l, r, halt, pc, fp))

static void shift(struct shift_data *d, uintptr_t l, uintptr_t r, int halt,
		  uintptr_t pc, uintptr_t fp)
{
	const struct ubsan_type *lt = d->lhs_type, *rt = d->rhs_type;
	struct core_buf *m;

	if (!ubsan_begin(&d->loc, "shift-out-of-bounds", halt, pc, fp))
		return;
	m = ubsan_msg();
	if (ubsan_is_negative(rt, r)) {
		core_bprintf(m, "shift exponent ");
		ubsan_put_value(m, rt, r);
		core_bprintf(m, " is negative");
	} else if (ubsan_uval(rt, r) >= (uint64_t)ubsan_type_bits(lt)) {
		core_bprintf(m, "shift exponent ");
		ubsan_put_value(m, rt, r);
		core_bprintf(m, " is too large for %d-bit type %s", ubsan_type_bits(lt),
			     lt->name);
	} else if (ubsan_is_negative(lt, l)) {
		core_bprintf(m, "left shift of negative value ");
		ubsan_put_value(m, lt, l);
	} else {
		core_bprintf(m, "left shift of ");
		ubsan_put_value(m, lt, l);
		core_bprintf(m, " by ");
		ubsan_put_value(m, rt, r);
		core_bprintf(m, " places cannot be represented in type %s", lt->name);
	}
	ubsan_end(halt, 0);
}
HANDLERS(shift_out_of_bounds, (struct shift_data *d, uintptr_t l, uintptr_t r),
	 shift(d, l, r, halt, pc, fp))

/* ---- memory ---------------------------------------------------------------- */

/* A report whose message is before, the value v of type t, then after
 * with type_name (after NULL: nothing more). */
static void value_report(struct ubsan_loc *loc, const char *check, const char *before,
			 const struct ubsan_type *t, uintptr_t v, const char *after,
			 const char *type_name, int halt, uintptr_t pc, uintptr_t fp)
{
	struct core_buf *m;

	if (!ubsan_begin(loc, check, halt, pc, fp))
		return;
	m = ubsan_msg();
	core_bprintf(m, "%s", before);
	ubsan_put_value(m, t, v);
	if (after)
		core_bprintf(m, after, type_name);
	ubsan_end(halt, 0);
}

static void out_of_bounds(struct oob_data *d, uintptr_t i, int halt, uintptr_t pc,
			  uintptr_t fp)
{
	value_report(&d->loc, "array-index-out-of-bounds", "index ", d->index_type, i,
		     " out of bounds for type %s", d->array_type->name, halt, pc, fp);
}
HANDLERS(out_of_bounds, (struct oob_data *d, uintptr_t i),
	 out_of_bounds(d, i, halt, pc, fp))

static const char *const check_kinds[] = {
	"load of", "store to", "reference binding to", "member access within",
	"member call on", "constructor call on", "downcast of", "downcast of",
	"upcast of", "cast to virtual base of", "_Nonnull binding to",
	"dynamic operation on",
};

static void type_mismatch(struct ubsan_loc *loc, const struct ubsan_type *t,
			  uintptr_t align, uint8_t kind, uintptr_t ptr, int halt,
			  uintptr_t pc, uintptr_t fp)
{
	const char *what = kind < ARRAY_SIZE(check_kinds) ? check_kinds[kind] : "access to";
	const char *check;
	struct core_buf *m;

	if (!ptr)
		check = "null-ptr-deref";
	else if (align && (ptr & (align - 1)))
		check = "misaligned-access";
	else
		check = "object-size-mismatch";
	if (!ubsan_begin(loc, check, halt, pc, fp))
		return;
	m = ubsan_msg();
	if (!ptr)
		core_bprintf(m, "%s null pointer of type %s", what, t->name);
	else if (check[0] == 'm')
		core_bprintf(m, "%s misaligned address 0x%012lx for type %s, which requires %lu byte alignment",
			     what, (unsigned long)ptr, t->name, (unsigned long)align);
	else
		core_bprintf(m, "%s address 0x%012lx with insufficient space for an object of type %s",
			     what, (unsigned long)ptr, t->name);
	if (ptr)
		ubsan_note_pointer(ptr);
	ubsan_end(halt, ptr);
}
HANDLERS(type_mismatch_v1, (struct type_mismatch_data_v1 *d, uintptr_t ptr),
	 type_mismatch(&d->loc, d->type, (uintptr_t)1 << d->log_alignment,
		       d->type_check_kind, ptr, halt, pc, fp))
HANDLERS(type_mismatch, (struct type_mismatch_data_v0 *d, uintptr_t ptr),
	 type_mismatch(&d->loc, d->type, d->alignment, d->type_check_kind, ptr,
		       halt, pc, fp))

static void alignment_assumption(struct alignment_assumption_data *d, uintptr_t ptr,
				 uintptr_t align, uintptr_t off, int halt,
				 uintptr_t pc, uintptr_t fp)
{
	struct core_buf *m;

	if (!ubsan_begin(&d->loc, "alignment-assumption", halt, pc, fp))
		return;
	m = ubsan_msg();
	core_bprintf(m, "assumption of %lu byte alignment", (unsigned long)align);
	if (off)
		core_bprintf(m, " (with offset of %lu byte)", (unsigned long)off);
	core_bprintf(m, " for pointer of type %s failed", d->type->name);
	ubsan_end(halt, ptr);
}
HANDLERS(alignment_assumption, (struct alignment_assumption_data *d, uintptr_t ptr,
				uintptr_t align, uintptr_t off),
	 alignment_assumption(d, ptr, align, off, halt, pc, fp))

static void pointer_overflow(struct pointer_overflow_data *d, uintptr_t base,
			     uintptr_t res, int halt, uintptr_t pc, uintptr_t fp)
{
	struct core_buf *m;

	if (!ubsan_begin(&d->loc, "pointer-overflow", halt, pc, fp))
		return;
	m = ubsan_msg();
	if (!base && !res)
		core_bprintf(m, "applying zero offset to null pointer");
	else if (!base)
		/* the offset in decimal, as compiler-rt prints a uptr */
		core_bprintf(m, "applying non-zero offset %lu to null pointer",
			     (unsigned long)res);
	else if (!res)
		core_bprintf(m, "applying non-zero offset to non-null pointer 0x%012lx produced null pointer",
			     (unsigned long)base);
	else if (((intptr_t)base >= 0) == ((intptr_t)res >= 0))
		core_bprintf(m, base > res ?
			     "addition of unsigned offset to 0x%012lx overflowed to 0x%012lx" :
			     "subtraction of unsigned offset from 0x%012lx overflowed to 0x%012lx",
			     (unsigned long)base, (unsigned long)res);
	else
		core_bprintf(m, "pointer index expression with base 0x%012lx overflowed to 0x%012lx",
			     (unsigned long)base, (unsigned long)res);
	ubsan_end(halt, base);
}
HANDLERS(pointer_overflow, (struct pointer_overflow_data *d, uintptr_t base, uintptr_t res),
	 pointer_overflow(d, base, res, halt, pc, fp))

/* ---- values ------------------------------------------------------------------ */

static void invalid_value(struct overflow_data *d, uintptr_t v, int halt,
			  uintptr_t pc, uintptr_t fp)
{
	value_report(&d->loc, "invalid-load", "load of value ", d->type, v,
		     ", which is not a valid value for type %s", d->type->name, halt, pc, fp);
}
HANDLERS(load_invalid_value, (struct overflow_data *d, uintptr_t v),
	 invalid_value(d, v, halt, pc, fp))

static void vla_bound(struct overflow_data *d, uintptr_t v, int halt,
		      uintptr_t pc, uintptr_t fp)
{
	value_report(&d->loc, "vla-bound-not-positive",
		     "variable length array bound evaluates to non-positive value ", d->type, v,
		     0, 0, halt, pc, fp);
}
HANDLERS(vla_bound_not_positive, (struct overflow_data *d, uintptr_t v),
	 vla_bound(d, v, halt, pc, fp))

static void float_cast(void *data, uintptr_t v, int halt, uintptr_t pc, uintptr_t fp)
{
	static struct ubsan_loc no_loc;	/* legacy data: reported every time */
	struct float_cast_data_v2 *d2 = data;
	const struct ubsan_type *from, *to;
	struct ubsan_loc *loc;
	struct core_buf *m;
	const struct ubsan_type *first = *(const struct ubsan_type **)data;

	/* compiler-rt's test: V2 starts with a file name, the legacy form
	 * with a type descriptor, whose kind (0, 1 or 0xffff) reads as a
	 * string of at most one character before a NUL byte */
	if (first->kind <= 1 || first->kind == UBSAN_TK_UNKNOWN) {
		struct float_cast_data_v1 *d1 = data;

		from = d1->from;
		to = d1->to;
		loc = &no_loc;
		no_loc.column = 0;
	} else {
		from = d2->from;
		to = d2->to;
		loc = &d2->loc;
	}
	if (!ubsan_begin(loc, "float-cast-overflow", halt, pc, fp))
		return;
	m = ubsan_msg();
	ubsan_put_value(m, from, v);
	core_bprintf(m, " is outside the range of representable values of type %s",
		     to->name);
	ubsan_end(halt, 0);
}
HANDLERS(float_cast_overflow, (void *d, uintptr_t v), float_cast(d, v, halt, pc, fp))

static void implicit_conversion(struct implicit_conversion_data *d, uintptr_t src,
				uintptr_t dst, int halt, uintptr_t pc, uintptr_t fp)
{
	static const char *const checks[] = {
		"implicit-integer-truncation", "implicit-unsigned-integer-truncation",
		"implicit-signed-integer-truncation", "implicit-integer-sign-change",
		"implicit-signed-integer-truncation-or-sign-change",
	};
	const struct ubsan_type *f = d->from, *t = d->to;
	struct core_buf *m;

	if (!ubsan_begin(&d->loc, d->kind < ARRAY_SIZE(checks) ? checks[d->kind] :
			 "implicit-conversion", halt, pc, fp))
		return;
	m = ubsan_msg();
	core_bprintf(m, "implicit conversion from type %s of value ", f->name);
	ubsan_put_value(m, f, src);
	core_bprintf(m, " (%d-bit, %ssigned) to type %s changed the value to ",
		     ubsan_type_bits(f), ubsan_type_signed(f) ? "" : "un", t->name);
	ubsan_put_value(m, t, dst);
	core_bprintf(m, " (%d-bit, %ssigned)", ubsan_type_bits(t),
		     ubsan_type_signed(t) ? "" : "un");
	ubsan_end(halt, 0);
}
HANDLERS(implicit_conversion, (struct implicit_conversion_data *d, uintptr_t s, uintptr_t t),
	 implicit_conversion(d, s, t, halt, pc, fp))

static void invalid_builtin(struct invalid_builtin_data *d, int halt, uintptr_t pc,
			    uintptr_t fp)
{
	struct core_buf *m;

	if (!ubsan_begin(&d->loc, "invalid-builtin-use", halt, pc, fp))
		return;
	m = ubsan_msg();
	if (d->kind == 2)
		core_bprintf(m, "assumption is violated during execution");
	else
		core_bprintf(m, "passing zero to %s, which is not a valid argument",
			     d->kind == 0 ? "ctz()" : "clz()");
	ubsan_end(halt, 0);
}
HANDLERS(invalid_builtin, (struct invalid_builtin_data *d), invalid_builtin(d, halt, pc, fp))

/* ---- nonnull and nullability ---------------------------------------------- */

static void null_arg(struct nonnull_arg_data *d, const char *check, int halt,
		     uintptr_t pc, uintptr_t fp)
{
	if (!ubsan_begin(&d->loc, check, halt, pc, fp))
		return;
	core_bprintf(ubsan_msg(), "null pointer passed as argument %d, which is declared to never be null",
		     d->arg_index);
	ubsan_end(halt, 0);
}
HANDLERS(nonnull_arg, (struct nonnull_arg_data *d),
	 null_arg(d, "nonnull-attribute", halt, pc, fp))
HANDLERS(nullability_arg, (struct nonnull_arg_data *d),
	 null_arg(d, "nullability-arg", halt, pc, fp))

static void null_return(struct ubsan_loc *loc, const char *check, int halt,
			uintptr_t pc, uintptr_t fp)
{
	if (!ubsan_begin(loc, check, halt, pc, fp))
		return;
	core_bprintf(ubsan_msg(), "null pointer returned from function declared to never return null");
	ubsan_end(halt, 0);
}
HANDLERS(nonnull_return_v1, (struct nonnull_return_data *d, struct ubsan_loc *loc),
	 ((void)d, null_return(loc, "returns-nonnull-attribute", halt, pc, fp)))
HANDLERS(nullability_return_v1, (struct nonnull_return_data *d, struct ubsan_loc *loc),
	 ((void)d, null_return(loc, "nullability-return", halt, pc, fp)))

/* ---- control flow: these never return ---------------------------------------- */

static void __attribute__((noreturn))
unreachable(struct unreachable_data *d, const char *check, const char *msg,
	    uintptr_t pc, uintptr_t fp)
{
	if (ubsan_begin(&d->loc, check, 1, pc, fp)) {
		core_bprintf(ubsan_msg(), "%s", msg);
		ubsan_end(1, 0);
	}
	/* suppressed, or handled by the callback: still cannot go on */
	ksan_port_abort();
}

ABI __attribute__((noreturn)) void __ubsan_handle_builtin_unreachable(struct unreachable_data *d)
{
	unreachable(d, "unreachable", "execution reached an unreachable program point", PC, FP);
}

ABI __attribute__((noreturn)) void __ubsan_handle_missing_return(struct unreachable_data *d)
{
	unreachable(d, "missing-return",
		    "execution reached the end of a value-returning function without returning a value",
		    PC, FP);
}

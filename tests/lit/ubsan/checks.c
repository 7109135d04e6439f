// Each check, kernel layout: "UBSAN: <check> in <file>:<line>:<col>", the message with its values and types as compiler-rt words it, "Call Trace:" and the function that did it; recover mode goes on to the end.
// REQUIRES: inline
// RUN: bash %S/Inputs/build.sh "%cc" "%ksan_cc" -O0 -g %S/Inputs/ub.c -o %t
// RUN: bash %S/../Inputs/status.sh %run %t all 2>&1 | FileCheck %s --check-prefix=%cc_family

// gcc: {{^}}UBSAN: signed-integer-overflow in {{.*}}ub.c:17:84{{$}}
// gcc-NEXT: {{^}}signed integer overflow: 1 + 2147483647 cannot be represented in type 'int'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} add+0x
// gcc: {{^}}UBSAN: signed-integer-overflow in {{.*}}ub.c:18:84{{$}}
// gcc-NEXT: {{^}}signed integer overflow: -2147483648 - 1 cannot be represented in type 'int'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} sub+0x
// gcc: {{^}}UBSAN: signed-integer-overflow in {{.*}}ub.c:19:97{{$}}
// gcc-NEXT: {{^}}signed integer overflow: 2 * 9223372036854775807 cannot be represented in type 'long long int'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} mul+0x
// gcc: {{^}}UBSAN: negation-overflow in {{.*}}ub.c:20:70{{$}}
// gcc-NEXT: {{^}}negation of -2147483648 cannot be represented in type 'int'; cast to an unsigned type to negate this value to itself{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} neg+0x
// gcc: {{^}}UBSAN: shift-out-of-bounds in {{.*}}ub.c:23:103{{$}}
// gcc-NEXT: {{^}}shift exponent 64 is too large for 64-bit type 'long unsigned int'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} shift_big+0x
// gcc: {{^}}UBSAN: shift-out-of-bounds in {{.*}}ub.c:24:80{{$}}
// gcc-NEXT: {{^}}shift exponent -1 is negative{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} shift_neg+0x
// gcc: {{^}}UBSAN: shift-out-of-bounds in {{.*}}ub.c:25:81{{$}}
// gcc-NEXT: {{^}}left shift of negative value -1{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} shift_base+0x
// gcc: {{^}}UBSAN: shift-out-of-bounds in {{.*}}ub.c:26:85{{$}}
// gcc-NEXT: {{^}}left shift of 2147483647 by 2 places cannot be represented in type 'int'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} shift_ovf+0x
// gcc: {{^}}UBSAN: signed-integer-overflow in {{.*}}ub.c:31:14{{$}}
// gcc-NEXT: {{^}}signed integer overflow: 0x00000010000000000000000000000000 * 0x00000010000000000000000000000000 cannot be represented in type '__int128'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} mul128+0x
// gcc: {{^}}UBSAN: array-index-out-of-bounds in {{.*}}ub.c:37:12{{$}}
// gcc-NEXT: {{^}}index 10 out of bounds for type 'int [10]'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} bounds+0x
// gcc: {{^}}UBSAN: object-size-mismatch in {{.*}}ub.c:37:12{{$}}
// gcc-NEXT: {{^}}load of address 0x{{[0-9a-f]+}} with insufficient space for an object of type 'int'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} bounds+0x
// gcc: {{^}}UBSAN: misaligned-access in {{.*}}ub.c:44:9{{$}}
// gcc-NEXT: {{^}}load of misaligned address 0x{{[0-9a-f]+}} for type 'int', which requires 4 byte alignment{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} misaligned+0x
// gcc: {{^}}UBSAN: invalid-load in {{.*}}ub.c:62:11{{$}}
// gcc-NEXT: {{^}}load of value 2, which is not a valid value for type '_Bool'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} load_bool+0x
// gcc: {{^}}UBSAN: vla-bound-not-positive in {{.*}}ub.c:67:6{{$}}
// gcc-NEXT: {{^}}variable length array bound evaluates to non-positive value 0{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} vla+0x
// gcc: {{^}}UBSAN: nonnull-attribute in {{.*}}ub.c:74:9{{$}}
// gcc-NEXT: {{^}}null pointer passed as argument 1, which is declared to never be null{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} nonnull_arg+0x
// gcc: {{^}}UBSAN: returns-nonnull-attribute in {{.*}}ub.c:78:20{{$}}
// gcc-NEXT: {{^}}null pointer returned from function declared to never return null{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} give+0x
// gcc: {{^}}UBSAN: invalid-builtin-use in {{.*}}ub.c:81:70{{$}}
// gcc-NEXT: {{^}}passing zero to ctz(), which is not a valid argument{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} ctz0+0x
// gcc: {{^}}UBSAN: invalid-builtin-use in {{.*}}ub.c:82:70{{$}}
// gcc-NEXT: {{^}}passing zero to clz(), which is not a valid argument{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} clz0+0x
// gcc: {{^}}UBSAN: float-cast-overflow in {{.*}}ub.c:83:1{{$}}
// gcc-NEXT: {{^}}1e+20 is outside the range of representable values of type 'int'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} float_cast+0x
// gcc: {{^}}UBSAN: float-cast-overflow in {{.*}}ub.c:84:1{{$}}
// gcc-NEXT: {{^}}3e+38 is outside the range of representable values of type 'int'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} float_cast_f+0x
// gcc: {{^}}UBSAN: float-cast-overflow in {{.*}}ub.c:85:1{{$}}
// gcc-NEXT: {{^}}1e+30 is outside the range of representable values of type 'int'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} float_cast_ld+0x
// gcc: {{^}}UBSAN: float-divide-by-zero in {{.*}}ub.c:86:96{{$}}
// gcc-NEXT: {{^}}division by zero{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} float_div0+0x
// gcc: {{^}}UBSAN: float-cast-overflow in {{.*}}ub.c:86:96{{$}}
// gcc-NEXT: {{^}}inf is outside the range of representable values of type 'long int'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} float_div0+0x
// gcc: {{^}}UBSAN: null-ptr-deref in {{.*}}ub.c:107:7{{$}}
// gcc-NEXT: {{^}}member access within null pointer of type 'struct pair'{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} member_null+0x
// gcc: {{^}}UBSAN: pointer-overflow in {{.*}}ub.c:114:8{{$}}
// gcc-NEXT: {{^}}pointer index expression with base 0x{{[0-9a-f]+}} overflowed to 0x{{[0-9a-f]+}}{{$}}
// gcc-NEXT: {{^}}Call Trace:{{$}}
// gcc-NEXT: {{^}} ptr_index+0x
// gcc: {{^}}done{{$}}
// gcc-NEXT: {{^}}STATUS: exit 0{{$}}

// clang: {{^}}UBSAN: signed-integer-overflow in {{.*}}ub.c:17:84{{$}}
// clang-NEXT: {{^}}signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} add+0x
// clang: {{^}}UBSAN: signed-integer-overflow in {{.*}}ub.c:18:84{{$}}
// clang-NEXT: {{^}}signed integer overflow: -2147483648 - 1 cannot be represented in type 'int'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} sub+0x
// clang: {{^}}UBSAN: signed-integer-overflow in {{.*}}ub.c:19:97{{$}}
// clang-NEXT: {{^}}signed integer overflow: 9223372036854775807 * 2 cannot be represented in type 'long long'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} mul+0x
// clang: {{^}}UBSAN: negation-overflow in {{.*}}ub.c:20:70{{$}}
// clang-NEXT: {{^}}negation of -2147483648 cannot be represented in type 'int'; cast to an unsigned type to negate this value to itself{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} neg+0x
// clang: {{^}}UBSAN: shift-out-of-bounds in {{.*}}ub.c:23:103{{$}}
// clang-NEXT: {{^}}shift exponent 64 is too large for 64-bit type 'unsigned long'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} shift_big+0x
// clang: {{^}}UBSAN: shift-out-of-bounds in {{.*}}ub.c:24:80{{$}}
// clang-NEXT: {{^}}shift exponent -1 is negative{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} shift_neg+0x
// clang: {{^}}UBSAN: shift-out-of-bounds in {{.*}}ub.c:25:81{{$}}
// clang-NEXT: {{^}}left shift of negative value -1{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} shift_base+0x
// clang: {{^}}UBSAN: shift-out-of-bounds in {{.*}}ub.c:26:85{{$}}
// clang-NEXT: {{^}}left shift of 2147483647 by 2 places cannot be represented in type 'int'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} shift_ovf+0x
// clang: {{^}}UBSAN: signed-integer-overflow in {{.*}}ub.c:31:14{{$}}
// clang-NEXT: {{^}}signed integer overflow: 0x00000010000000000000000000000000 * 0x00000010000000000000000000000000 cannot be represented in type '__int128'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} mul128+0x
// clang: {{^}}UBSAN: array-index-out-of-bounds in {{.*}}ub.c:37:9{{$}}
// clang-NEXT: {{^}}index 10 out of bounds for type 'int[10]'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} bounds+0x
// clang: {{^}}UBSAN: misaligned-access in {{.*}}ub.c:44:9{{$}}
// clang-NEXT: {{^}}load of misaligned address 0x{{[0-9a-f]+}} for type 'int', which requires 4 byte alignment{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} misaligned+0x
// clang: {{^}}UBSAN: pointer-overflow in {{.*}}ub.c:55:18{{$}}
// clang-NEXT: {{^}}addition of unsigned offset to 0x{{[0-9a-f]+}} overflowed to 0x{{[0-9a-f]+}}{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} ptr_overflow+0x
// clang: {{^}}UBSAN: invalid-load in {{.*}}ub.c:62:9{{$}}
// clang-NEXT: {{^}}load of value 2, which is not a valid value for type '_Bool'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} load_bool+0x
// clang: {{^}}UBSAN: vla-bound-not-positive in {{.*}}ub.c:67:8{{$}}
// clang-NEXT: {{^}}variable length array bound evaluates to non-positive value 0{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} vla+0x
// clang: {{^}}UBSAN: nonnull-attribute in {{.*}}ub.c:74:23{{$}}
// clang-NEXT: {{^}}null pointer passed as argument 1, which is declared to never be null{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} nonnull_arg+0x
// clang: {{^}}UBSAN: returns-nonnull-attribute in {{.*}}ub.c:78:2{{$}}
// clang-NEXT: {{^}}null pointer returned from function declared to never return null{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} give+0x
// clang: {{^}}UBSAN: invalid-builtin-use in {{.*}}ub.c:81:84{{$}}
// clang-NEXT: {{^}}passing zero to ctz(), which is not a valid argument{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} ctz0+0x
// clang: {{^}}UBSAN: invalid-builtin-use in {{.*}}ub.c:82:84{{$}}
// clang-NEXT: {{^}}passing zero to clz(), which is not a valid argument{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} clz0+0x
// clang: {{^}}UBSAN: float-cast-overflow in {{.*}}ub.c:83:79{{$}}
// clang-NEXT: {{^}}1e+20 is outside the range of representable values of type 'int'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} float_cast+0x
// clang: {{^}}UBSAN: float-cast-overflow in {{.*}}ub.c:84:82{{$}}
// clang-NEXT: {{^}}3e+38 is outside the range of representable values of type 'int'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} float_cast_f+0x
// clang: {{^}}UBSAN: float-cast-overflow in {{.*}}ub.c:85:89{{$}}
// clang-NEXT: {{^}}1e+30 is outside the range of representable values of type 'int'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} float_cast_ld+0x
// clang: {{^}}UBSAN: float-divide-by-zero in {{.*}}ub.c:86:96{{$}}
// clang-NEXT: {{^}}division by zero{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} float_div0+0x
// clang: {{^}}UBSAN: float-cast-overflow in {{.*}}ub.c:86:87{{$}}
// clang-NEXT: {{^}}inf is outside the range of representable values of type 'long'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} float_div0+0x
// clang: {{^}}UBSAN: unsigned-integer-overflow in {{.*}}ub.c:89:69{{$}}
// clang-NEXT: {{^}}unsigned integer overflow: 4294967295 + 1 cannot be represented in type 'unsigned int'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} uadd+0x
// clang: {{^}}UBSAN: implicit-signed-integer-truncation in {{.*}}ub.c:90:85{{$}}
// clang-NEXT: {{^}}implicit conversion from type 'int' of value 300 (32-bit, signed) to type 'unsigned char' changed the value to 44 (8-bit, unsigned){{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} truncation+0x
// clang: {{^}}UBSAN: implicit-integer-sign-change in {{.*}}ub.c:91:79{{$}}
// clang-NEXT: {{^}}implicit conversion from type 'int' of value -1 (32-bit, signed) to type 'unsigned int' changed the value to 4294967295 (32-bit, unsigned){{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} sign_change+0x
// clang: {{^}}UBSAN: alignment-assumption in {{.*}}ub.c:95:37{{$}}
// clang-NEXT: {{^}}assumption of 8 byte alignment for pointer of type 'char *volatile' failed{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} assume_aligned+0x
// clang: {{^}}UBSAN: nullability-arg in {{.*}}ub.c:99:99{{$}}
// clang-NEXT: {{^}}null pointer passed as argument 1, which is declared to never be null{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} nullability_arg+0x
// clang: {{^}}UBSAN: nullability-return in {{.*}}ub.c:100:39{{$}}
// clang-NEXT: {{^}}null pointer returned from function declared to never return null{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} nn_ret+0x
// clang: {{^}}UBSAN: null-ptr-deref in {{.*}}ub.c:107:15{{$}}
// clang-NEXT: {{^}}member access within null pointer of type 'struct pair'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} member_null+0x
// clang: {{^}}UBSAN: unsigned-integer-overflow in {{.*}}ub.c:114:18{{$}}
// clang-NEXT: {{^}}unsigned integer overflow: 18446744073709551608 * 17592186044416 cannot be represented in type 'unsigned long'{{$}}
// clang-NEXT: {{^}}Call Trace:{{$}}
// clang-NEXT: {{^}} ptr_index+0x
// clang: {{^}}done{{$}}
// clang-NEXT: {{^}}STATUS: exit 0{{$}}
// Not with clang on aarch64: ub.c's 128-bit multiply check (mul128) calls __muloti4, which is in compiler-rt's builtins (Debian's clang 14 has them for x86 only) and not in libgcc, so ub.c does not link.
// UNSUPPORTED: clang && aarch64

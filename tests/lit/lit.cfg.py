# lit configuration for ksan's end-to-end tests: compile with ksan-cc, run,
# FileCheck the report and the exit status.  tests/run-tests.sh runs the
# suite once per (compiler, mode) with --param cc=gcc|clang --param mode=inline|outline.
# --param arch=aarch64: the same compiler and mode building for aarch64
# (aarch64-linux-gnu-gcc, clang --target=aarch64-linux-gnu) and each program
# run under qemu-aarch64 through %run (empty on x86-64: tests write
# "%run %t"); only the directories in AARCH64_DIRS run there.
import os
import shutil
import lit.formats

config.name = 'ksan'
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = ['.c', '.test']
config.excludes = ['Inputs']
config.test_source_root = os.path.dirname(__file__)
root = os.path.abspath(os.path.join(config.test_source_root, '..', '..'))
build = lit_config.params.get('build', os.path.join(root, 'build'))
arch = lit_config.params.get('arch', 'x86_64')
# --param libc=musl: ksan-cc --ksan-cc=musl-gcc (Debian's musl-tools), and
# only the directories in MUSL_DIRS
libc = lit_config.params.get('libc', 'glibc')
config.test_exec_root = os.path.join(build, 'lit',
                                     ('' if arch == 'x86_64' else arch + '-') +
                                     ('' if libc == 'glibc' else libc + '-') +
                                     lit_config.params.get('cc', 'gcc') + '-' +
                                     lit_config.params.get('mode', 'inline'))

cc = lit_config.params.get('cc', 'gcc')
mode = lit_config.params.get('mode', 'inline')
config.name = 'ksan-%s-%s' % (cc, mode)
ksan_cc = os.path.join(build, 'bin', 'ksan-cc')
config.available_features.add(arch)
run = ''
cc_cmd = cc		# the compiler as a command (%cc, --ksan-cc=)
if arch == 'aarch64':
    config.name = 'ksan-%s-aarch64' % cc
    sysroot = '/usr/aarch64-linux-gnu'
    run = '%s -L %s' % (shutil.which('qemu-aarch64') or 'qemu-aarch64', sysroot)
    if cc == 'gcc':
        cc_cmd = 'aarch64-linux-gnu-gcc'
    else:
        cc_cmd = cc
        ksan_target = '--target=aarch64-linux-gnu'
    # generic KASAN's tests (and UBSAN's, KFENCE's linked in) that run there;
    # a test that cannot (x86-64 code or addresses, the x86 fault decoder,
    # the KFENCE preload, SIGFPE from a division...) says why, UNSUPPORTED:
    # aarch64.  Left out: kmsan and kcsan (their own passes), examples.test
    AARCH64_DIRS = ['heap', 'stack', 'formats', 'intercept', 'options', 'ubsan', 'faults',
                    'noproc', 'threads', 'build', 'kfence', 'ptrpair', 'tags']
    # --param aarch64_dirs=a,b: others (to try them; kmsan and kcsan have
    # their own passes and are never among them)
    if lit_config.params.get('aarch64_dirs'):
        AARCH64_DIRS = lit_config.params['aarch64_dirs'].split(',')
    config.excludes += [d for d in os.listdir(config.test_source_root)
                        if d not in AARCH64_DIRS + ['Inputs', 'lit.cfg.py']]

# tests/lit/tags: tag-based KASAN (--ksan=kasan-hw, kasan-sw), aarch64 only
if arch != 'aarch64':
    config.excludes.append('tags')

if libc == 'musl':
    # the program links with musl instead of glibc: the musl-gcc wrapper
    # (gcc with musl's specs; --param cc=gcc), static and dynamic; the
    # runtime is $(B)/lib/musl's (make builds it when musl-gcc exists).
    # A test that cannot run there says why: UNSUPPORTED: musl.
    # %cc stays the plain gcc (reference builds with its own runtimes,
    # which are glibc's); %ksan_cc and %ksan_cc_plain wrap musl-gcc.
    config.name = 'ksan-%s-musl' % cc
    config.available_features.add('musl')
    MUSL_DIRS = ['heap', 'stack', 'intercept', 'ubsan', 'unmap', 'typeconf']
    config.excludes += [d for d in os.listdir(config.test_source_root)
                        if d not in MUSL_DIRS + ['Inputs', 'lit.cfg.py']]
else:
    config.available_features.add('glibc')
    # musl-gcc and ksan's musl runtime (make builds it when musl-gcc
    # works): a glibc pass's test may build a program for musl too
    if arch == 'x86_64' and shutil.which('musl-gcc') and \
            os.path.exists(os.path.join(build, 'lib', 'musl', 'libksan.a')):
        config.available_features.add('musl-runtime')

# tests/lit/kmsan runs once, in its own pass (--param mode=kmsan, clang:
# kernel-memory instrumentation has no inline/outline split); the four
# compiler x mode passes leave it out, and that pass runs nothing else.
if mode == 'kmsan':
    config.available_features.add('kmsan')
else:
    config.excludes.append('kmsan')
# tests/lit/kcsan likewise runs in its own passes (--param mode=kcsan, with
# gcc and with clang: ThreadSanitizer's instrumentation has no inline/outline
# split); the other passes leave it out.
if mode == 'kcsan':
    config.available_features.add('kcsan')
else:
    config.excludes.append('kcsan')

# fuzzers (tests/lit/fuzz): libFuzzer, which comes with clang's runtimes
# (libclang-rt-14-dev), and AFL++ (Debian's afl++)
import subprocess
try:
    fuzzer_rt = subprocess.run(['clang', '-print-file-name=libclang_rt.fuzzer-x86_64.a'],
                               capture_output=True, text=True).stdout.strip()
    if arch == 'x86_64' and os.path.isabs(fuzzer_rt) and os.path.exists(fuzzer_rt):
        config.available_features.add('libfuzzer')
except OSError:
    pass
if arch == 'x86_64' and all(shutil.which(t) for t in ['afl-clang-fast', 'afl-fuzz', 'afl-showmap']):
    config.available_features.add('afl')

config.available_features.add(cc)
config.available_features.add(mode)
config.available_features.add('%s-%s' % (cc, mode))

# Keep the environment small and predictable; KSAN_OPTIONS set per test.
for var in ['PATH', 'HOME', 'TMPDIR', 'LANG']:
    if var in os.environ:
        config.environment[var] = os.environ[var]
# lit passes these through from the caller's environment; ksan reads them
# (docs/options.md), so a test sets them itself or has none
for var in ['ASAN_OPTIONS', 'LSAN_OPTIONS', 'UBSAN_OPTIONS']:
    config.environment.pop(var, None)
llvm_bin = '/usr/lib/llvm-14/bin'
config.environment['PATH'] = os.environ.get('PATH', '/usr/bin:/bin') + ':' + llvm_bin

if arch == 'aarch64' and cc != 'gcc':
    ksan_cc = '%s %s' % (ksan_cc, ksan_target)
    cc_cmd = '%s %s' % (cc, ksan_target)
# --param ksan_cc_flags='--ksan-no-opt': words added to every %ksan_cc,
# %ksan_cc_plain and %kcsan_cc (the same tests with and without clang's check optimizer,
# docs/optimizer.md)
ksan_cc_flags = lit_config.params.get('ksan_cc_flags', '')
if ksan_cc_flags:
    ksan_cc = '%s %s' % (ksan_cc, ksan_cc_flags)
# ksan-opt: ksan-cc gives clang 14 the check optimizer (a clang pass with
# build/lib/ksan-opt.so built, and no --ksan-no-opt among the flags)
if cc == 'clang' and os.path.exists(os.path.join(build, 'lib', 'ksan-opt.so')) and \
        '--ksan-no-opt' not in ksan_cc_flags.split():
    config.available_features.add('ksan-opt')
# %ksan_cc_plain: ksan-cc with no mode (and, for x86-64, no compiler: its
# default, cc); an aarch64 pass names its cross compiler, as cc builds for
# the host
ksan_cc_plain = ksan_cc
# the compiler ksan-cc wraps: the pass's, or musl-gcc for a musl pass
ksan_compiler = 'musl-gcc' if libc == 'musl' else cc_cmd.split()[0]
if arch == 'aarch64' or libc == 'musl':
    ksan_cc_plain = '%s --ksan-cc=%s' % (ksan_cc, ksan_compiler)
config.substitutions.append(('%ksan_cc_plain', ksan_cc_plain))
# %fortify(printf): the name a -D_FORTIFY_SOURCE=2 build calls (glibc's
# __printf_chk; musl has no fortified functions: printf)
config.substitutions.append((r'%fortify\(([a-z_]+)\)', r'\1' if libc == 'musl' else r'__\1_chk'))
# %kcsan_cc: the pass's compiler with --ksan=kcsan (kcsan passes only;
# %ksan_cc there names the compiler alone, for tests giving their own --ksan=)
config.substitutions.append(('%kcsan_cc', '%s --ksan-cc=%s --ksan=kcsan' % (ksan_cc, cc_cmd.split()[0])))
if mode == 'kcsan':
    config.substitutions.append(('%ksan_cc', '%s --ksan-cc=%s' % (ksan_cc, cc_cmd.split()[0])))
else:
    config.substitutions.append(('%ksan_cc', '%s --ksan-cc=%s --ksan-mode=%s' % (ksan_cc, ksan_compiler, mode)))
# %cc_family: gcc or clang, the compiler family (FileCheck prefixes, flag
# sets), also when %cc is a cross compiler (aarch64-linux-gnu-gcc); before
# %cc, which would match its start
config.substitutions.append(('%cc_family', cc))
config.substitutions.append(('%cc', cc_cmd))
# %run: runs a test program (qemu-aarch64 for an aarch64 pass, else nothing)
config.substitutions.append(('%run', run))
# %arch: x86_64 or aarch64 (FileCheck prefixes for what differs by architecture)
config.substitutions.append(('%arch', arch))
config.substitutions.append(('%build', build))
config.substitutions.append(('%root', root))
filecheck = shutil.which('FileCheck') or os.path.join(llvm_bin, 'FileCheck')
config.substitutions.append(('FileCheck', filecheck))

// This file contains the declarations shared by ksan-opt's parts: one
// memory access the ASan pass would check, the counters, the two
// eliminations (recurring checks, accesses proven in bounds) and the two
// transformations that replace checks by cheaper ones (loop versioning on
// a range check, neighbouring accesses merged into one check).
//
// ksan-opt runs before clang 14's AddressSanitizer pass (docs/optimizer.md
// says where and why) and marks each access whose check it proves useless
// with !nosanitize metadata, the one per-instruction mark that pass honours
// (AddressSanitizer.cpp, getInterestingMemoryOperands).  The
// transformations insert the range checks that replace the marked checks.
#ifndef KSAN_OPT_H
#define KSAN_OPT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/PassManager.h"

#include <string>

namespace llvm {
class DominatorTree;
class ScalarEvolution;
} // namespace llvm

namespace ksanopt {

// A load or store the ASan pass would instrument.
struct Access {
	llvm::Instruction *I;
	llvm::Value *Ptr;
	uint64_t Size;		// bytes
	uint64_t Align;		// bytes, as the instruction says
	bool Removed;
};

// Per-module counts, printed when KSAN_OPT_STATS is set.  "AsanToo" counts
// the removals the ASan pass would have made itself (its same-temp rule in
// one block, its constant-offset rule for globals), so that what ksan-opt
// adds is Removed - AsanToo.
struct Stats {
	unsigned Accesses = 0;
	unsigned RecurringSameBlock = 0;
	unsigned RecurringAcross = 0;
	unsigned RecurringAsanToo = 0;
	unsigned GlobalConst = 0;	// constant offset into a global: ASan's rule
	unsigned GlobalRange = 0;	// variable offset, range proven
	unsigned LocalConst = 0;
	unsigned LocalRange = 0;
	unsigned LocalAsanToo = 0;	// promotable allocas: the ASan pass skips them
	unsigned FunctionsSkipped = 0;	// over the size limits below
	unsigned LoopsVersioned = 0;	// loops given an unchecked copy
	unsigned LoopAccesses = 0;	// accesses unchecked in those copies
	unsigned RangeChecks = 0;	// __ksan_range_poisoned calls before them
	unsigned MergedGroups = 0;	// neighbouring accesses checked as one
	unsigned MergedAccesses = 0;
};

// Functions bigger than this are left to the ASan pass alone (the
// path scans of the recurring rule are linear in the blocks per pair).
constexpr unsigned MaxBlocks = 4000;
constexpr unsigned MaxPathScans = 20000;

// Loops bigger than this (instructions) are not copied; at most this many
// range checks guard one copy.
constexpr unsigned MaxLoopInsts = 240;
constexpr unsigned MaxRangeChecks = 4;
// A versioned loop that will run its body again fewer times than this goes
// to the checked loop without the range checks' calls.
constexpr unsigned MinVersionedCount = 16;
// Neighbouring accesses are merged when their bytes span at most this.
constexpr unsigned MaxMergeSpan = 32;

// Collects the accesses of F that the ASan pass would check.
void collectAccesses(llvm::Function &F, llvm::SmallVectorImpl<Access> &Out);

// Marks an access's check as removed (the ASan pass then skips it).
void markRemoved(Access &A);

// (a) recurring checks: removes the check of an access to the same address
// with no larger size than an earlier checked access that dominates it,
// with nothing that can free or poison memory on any path between them.
void removeRecurring(llvm::Function &F, llvm::SmallVectorImpl<Access> &Accs,
		     llvm::DominatorTree &DT, Stats &S);

// (b) accesses proven in bounds of a global or of a local that lives for
// the whole function, by constant offsets or by the offset's value range.
void removeInBounds(llvm::Function &F, llvm::SmallVectorImpl<Access> &Accs,
		    llvm::ScalarEvolution &SE, Stats &S);

// KCSAN (KcsanInline.cpp): the runtime's fast path in line before each
// plain access's __tsan_* call, for executables (kcsanInlineWanted); runs
// the ThreadSanitizer pass on F itself first.  Returns the calls rewritten
// and adds to Blocks the countdowns made for them (one per run of accesses
// in a block with no other call between them).
bool kcsanInlineWanted(const llvm::Module &M);
unsigned kcsanInline(llvm::Function &F, llvm::FunctionAnalysisManager &FAM, unsigned &Blocks);

// Can I free memory or change shadow memory?  (Calls that may write
// memory, inline assembly, lifetime ends, stack restores.)
bool isClobber(const llvm::Instruction &I);

// The value of KSAN_OPT_BREAK in the compiler's environment, or "": the
// tests' deliberately wrong variants ("fallback": a versioned loop always
// takes its unchecked copy; "cold": merged checks report nothing).
bool breakWanted(const char *What);
// KSAN_OPT_SKIP=version|merge|all: leaves that transformation out (to
// measure each one alone).
bool skipWanted(const char *What);
// KSAN_OPT_DEBUG=1: one line on stderr per transformation made.
bool debugWanted();
// "file:line" of I, for those lines.
std::string where(const llvm::Instruction &I);

// (c) loop versioning: innermost loops whose accesses are affine in the
// induction variable get an unchecked copy, run when one range check per
// base pointer before the loop finds every byte they can touch addressable;
// otherwise the original, checked loop runs.  Returns true if F changed
// (its analyses are then stale).
bool versionLoops(llvm::Function &F, llvm::FunctionAnalysisManager &FAM, Stats &S);

// (d) neighbouring accesses (one base, constant offsets, one block, nothing
// between that can free or poison) checked by one inline test of their
// shadow; when it fails, a cold block checks each access in program order
// with its own debug location.  Returns true if F changed.
bool mergeNeighbours(llvm::Function &F, Stats &S);

// An experiment (TwoStage.cpp): KSAN_OPT_EXPERIMENT=twostage-cost gives
// F's remaining loads the first stage of Tech-ASan's two-stage check in
// place of theirs, to measure its cost; such a build misses bugs.  Returns
// the loads changed.
bool twoStageWanted();
unsigned twoStageCost(llvm::Function &F);

} // namespace ksanopt

#endif

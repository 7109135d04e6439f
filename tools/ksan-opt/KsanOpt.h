// This file contains the declarations shared by ksan-opt's parts: one
// memory access the ASan pass would check, the counters, and the two
// eliminations (recurring checks, accesses proven in bounds).
//
// ksan-opt runs before clang 14's AddressSanitizer pass (docs/optimizer.md
// says where and why) and marks each access whose check it proves useless
// with !nosanitize metadata, the one per-instruction mark that pass honours
// (AddressSanitizer.cpp, getInterestingMemoryOperands).  It inserts nothing.
#ifndef KSAN_OPT_H
#define KSAN_OPT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/PassManager.h"

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
};

// Functions bigger than this are left to the ASan pass alone (the
// path scans of the recurring rule are linear in the blocks per pair).
constexpr unsigned MaxBlocks = 4000;
constexpr unsigned MaxPathScans = 20000;

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
// the ThreadSanitizer pass on F itself first.  Returns the calls rewritten.
bool kcsanInlineWanted(const llvm::Module &M);
unsigned kcsanInline(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

} // namespace ksanopt

#endif

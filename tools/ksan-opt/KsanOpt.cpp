// This file contains ksan-opt's entry: the pass plugin clang 14 loads with
// -fpass-plugin=ksan-opt.so, the module pass that runs the eliminations on
// each instrumented function, and the statistics (KSAN_OPT_STATS=1).
//
// Where it runs: an OptimizerLast extension-point callback.  clang 14 calls
// a plugin's registerPassBuilderCallbacks before it registers its own
// sanitizer callback at the same extension point, and a PassBuilder runs a
// point's callbacks in the order they were registered, at -O0 as at -O1 and
// above; so this pass runs after every optimization and right before the
// AddressSanitizer pass (docs/optimizer.md has the source references).
#include "KsanOpt.h"

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>

using namespace llvm;

namespace ksanopt {

void collectAccesses(Function &F, SmallVectorImpl<Access> &Out)
{
	const DataLayout &DL = F.getParent()->getDataLayout();

	for (BasicBlock &BB : F) {
		for (Instruction &I : BB) {
			Value *Ptr;
			Type *Ty;
			uint64_t Align;

			if (I.hasMetadata("nosanitize"))
				continue;
			if (auto *LI = dyn_cast<LoadInst>(&I)) {
				Ptr = LI->getPointerOperand();
				Ty = LI->getType();
				Align = LI->getAlign().value();
			} else if (auto *SI = dyn_cast<StoreInst>(&I)) {
				Ptr = SI->getPointerOperand();
				Ty = SI->getValueOperand()->getType();
				Align = SI->getAlign().value();
			} else {
				continue;	/* atomics, masked ops: the ASan pass's */
			}
			if (Ptr->getType()->getPointerAddressSpace() != 0)
				continue;
			TypeSize TS = DL.getTypeStoreSize(Ty);
			if (TS.isScalable() || TS.getFixedSize() == 0)
				continue;
			Out.push_back({&I, Ptr, TS.getFixedSize(), Align, false});
		}
	}
}

void markRemoved(Access &A)
{
	LLVMContext &C = A.I->getContext();

	A.I->setMetadata("nosanitize", MDNode::get(C, None));
	A.Removed = true;
}

bool breakWanted(const char *What)
{
	const char *E = getenv("KSAN_OPT_BREAK");

	return E && strcmp(E, What) == 0;
}

bool skipWanted(const char *What)
{
	const char *E = getenv("KSAN_OPT_SKIP");

	return E && (strcmp(E, What) == 0 || strcmp(E, "all") == 0);
}

bool debugWanted()
{
	const char *E = getenv("KSAN_OPT_DEBUG");

	return E && *E && strcmp(E, "0") != 0;
}

std::string where(const Instruction &I)
{
	const DebugLoc &DL = I.getDebugLoc();
	std::string S;
	raw_string_ostream OS(S);

	if (DL)
		OS << DL->getFilename() << ":" << DL.getLine();
	else
		OS << I.getModule()->getSourceFileName();
	return OS.str();
}

namespace {

struct KsanOptPass : PassInfoMixin<KsanOptPass> {
	PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM);
};

bool statsWanted()
{
	const char *E = getenv("KSAN_OPT_STATS");

	return E && *E && strcmp(E, "0") != 0;
}

void printStats(const Module &M, const Stats &S)
{
	unsigned Rec = S.RecurringSameBlock + S.RecurringAcross;
	unsigned In = S.GlobalConst + S.GlobalRange + S.LocalConst + S.LocalRange;
	unsigned AsanToo = S.RecurringAsanToo + S.GlobalConst + S.LocalAsanToo;

	errs() << "ksan-opt: " << M.getSourceFileName() << ": " << S.Accesses
	       << " accesses, " << Rec + In << " checks removed (" << AsanToo
	       << " of them the ASan pass removes too): recurring " << Rec
	       << " (same block " << S.RecurringSameBlock << ", across blocks "
	       << S.RecurringAcross << "), in bounds of globals " << S.GlobalConst
	       << " constant + " << S.GlobalRange << " by range, of locals "
	       << S.LocalConst << " constant + " << S.LocalRange << " by range";
	errs() << "; loops versioned " << S.LoopsVersioned << " (" << S.LoopAccesses
	       << " accesses unchecked in their copies, " << S.RangeChecks
	       << " range checks), neighbours merged " << S.MergedGroups << " ("
	       << S.MergedAccesses << " accesses)";
	if (S.FunctionsSkipped)
		errs() << ", " << S.FunctionsSkipped << " functions too big";
	errs() << "\n";
}

PreservedAnalyses KsanOptPass::run(Module &M, ModuleAnalysisManager &MAM)
{
	auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
	Stats S;
	bool MetaChanged = false, CFGChanged = false;
	unsigned KcsanInlined = 0, KcsanBlocks = 0;
	bool Kcsan = kcsanInlineWanted(M), KcsanTouched = false;

	for (Function &F : M) {
		if (Kcsan && !F.isDeclaration() && F.hasFnAttribute(Attribute::SanitizeThread)) {
			KcsanInlined += kcsanInline(F, FAM, KcsanBlocks);
			KcsanTouched = true;
			FAM.invalidate(F, PreservedAnalyses::none());
			continue;
		}
		if (F.isDeclaration() || !F.hasFnAttribute(Attribute::SanitizeAddress))
			continue;
		if (F.size() > MaxBlocks) {
			S.FunctionsSkipped++;
			continue;
		}
		SmallVector<Access, 64> Accs;
		collectAccesses(F, Accs);
		S.Accesses += Accs.size();
		if (Accs.empty())
			continue;
		auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
		auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
		removeInBounds(F, Accs, SE, S);
		removeRecurring(F, Accs, DT, S);
		for (const Access &A : Accs)
			MetaChanged |= A.Removed;
		/* these change the CFG: each keeps the analyses it uses fresh */
		bool Changed = !skipWanted("version") && versionLoops(F, FAM, S);
		Changed |= !skipWanted("merge") && mergeNeighbours(F, S);
		Changed |= twoStageWanted() && twoStageCost(F) != 0;
		if (Changed) {
			FAM.invalidate(F, PreservedAnalyses::none());
			CFGChanged = true;
		}
	}
	if (statsWanted())
		printStats(M, S);
	if (KcsanInlined && statsWanted())
		errs() << "ksan-opt: " << M.getSourceFileName() << ": KCSAN fast path inline at "
		       << KcsanInlined << " accesses, " << KcsanBlocks << " countdowns\n";
	/* metadata alone makes no analysis result stale; KCSAN's inline path
	 * and loop versioning change the CFG */
	(void)MetaChanged;
	return (CFGChanged || KcsanTouched) ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace
} // namespace ksanopt

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo()
{
	return {LLVM_PLUGIN_API_VERSION, "ksan-opt", "0.1", [](PassBuilder &PB) {
		PB.registerOptimizerLastEPCallback(
			[](ModulePassManager &MPM, OptimizationLevel) {
				MPM.addPass(ksanopt::KsanOptPass());
			});
		/* opt -load-pass-plugin=ksan-opt.so -passes=ksan-opt */
		PB.registerPipelineParsingCallback(
			[](StringRef Name, ModulePassManager &MPM,
			   ArrayRef<PassBuilder::PipelineElement>) {
				if (Name != "ksan-opt")
					return false;
				MPM.addPass(ksanopt::KsanOptPass());
				return true;
			});
	}};
}

// This file contains ksan-opt's loop versioning: an innermost loop whose
// checked accesses are affine in its induction variable gets a copy whose
// accesses carry no check, entered when one range check per base pointer
// before the loop finds every byte they can touch addressable.
//
// The ranges: scalar evolution gives each access's address as a value
// invariant in the loop or as {start,+,step} with a constant step; with
// the loop's exact backedge-taken count (the number of times it runs its
// body again, known on entry) an affine access touches at most
// [min(start, end), max(start, end) + size), end = start + step * count.
// Accesses of one base pointer share one range (the hull of theirs), and
// __ksan_range_poisoned(lo, size) tests it in the runtime.
//
// Why every report stays exact: when any range has a bad byte the original
// loop runs, with all its checks, and reports its first bad access itself
// (its line, type, address and size).  The copy runs only when the ranges
// were clean on entry, and nothing in the loop can change that: loops with
// a call that may write memory (free, a poisoning call, anything unknown),
// inline assembly, lifetime ends, volatile or atomic accesses are left as
// they are.  Step at most 64 bytes: the range scan then costs no more
// shadow reads than the loop has iterations.
//
// How: the preheader becomes the check block; below it a new preheader;
// the loop and that preheader are cloned (cloneLoopWithPreheader,
// remapInstructionsInBlocks), the check block branches to one or the
// other, and the exits' LCSSA phis take the copy's values from the copy's
// exiting blocks.  Facts from LLVM 14's LoopVersioning, which needs a
// single exit and LoopAccessInfo, and is not used.
#include "KsanOpt.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace ksanopt {
namespace {

// What one loop's copy needs: the accesses whose check it drops and the
// ranges (integer SCEVs lo, hi) that cover them.
struct Plan {
	const SCEV *Count;	/* backedge-taken count, IntPtr wide */
	SmallVector<Instruction *, 16> Covered;
	SmallVector<std::pair<const SCEV *, const SCEV *>, MaxRangeChecks> Ranges;
	SmallVector<const SCEV *, MaxRangeChecks> Bases;
};

// The pointer and size of a load or store; false for anything else.
bool accessOf(Instruction &I, const DataLayout &DL, Value *&Ptr, uint64_t &Size)
{
	Type *Ty;

	if (auto *LI = dyn_cast<LoadInst>(&I)) {
		Ptr = LI->getPointerOperand();
		Ty = LI->getType();
	} else if (auto *SI = dyn_cast<StoreInst>(&I)) {
		Ptr = SI->getPointerOperand();
		Ty = SI->getValueOperand()->getType();
	} else {
		return false;
	}
	TypeSize TS = DL.getTypeStoreSize(Ty);
	if (TS.isScalable() || TS.getFixedSize() == 0)
		return false;
	Size = TS.getFixedSize();
	return true;
}

// Can the loop be copied without its checks at all: innermost, not too
// big, nothing in it that can free or poison, no volatile or atomic access,
// plain branches, and some access with a check?
bool copyable(const Loop *L, const DataLayout &DL)
{
	unsigned N = 0;
	bool Checked = false;

	if (!L->isInnermost())
		return false;
	for (BasicBlock *BB : L->blocks()) {
		const Instruction *T = BB->getTerminator();
		if (!isa<BranchInst>(T) && !isa<SwitchInst>(T))
			return false;
		for (Instruction &I : *BB) {
			Value *Ptr;
			uint64_t Size;

			if (++N > MaxLoopInsts || isClobber(I) || I.isAtomic())
				return false;
			if (!accessOf(I, DL, Ptr, Size))
				continue;
			if (I.isVolatile())
				return false;
			Checked |= !I.hasMetadata("nosanitize");
		}
	}
	return Checked;
}

// Which accesses can the copy leave unchecked, under which ranges?
bool planLoop(Loop *L, ScalarEvolution &SE, const DataLayout &DL, Plan &P)
{
	if (!L->isLoopSimplifyForm())
		return false;
	const SCEV *BTC = SE.getBackedgeTakenCount(L);
	if (isa<SCEVCouldNotCompute>(BTC))
		return false;
	Instruction *At = L->getLoopPreheader()->getTerminator();
	Type *IntPtr = DL.getIntPtrType(L->getHeader()->getContext(), 0);
	const SCEV *Count = SE.getTruncateOrZeroExtend(BTC, IntPtr);

	if (!isSafeToExpandAt(Count, At, SE))
		return false;
	P.Count = Count;
	for (BasicBlock *BB : L->blocks()) {
		for (Instruction &I : *BB) {
			Value *Ptr;
			uint64_t Size;

			if (!accessOf(I, DL, Ptr, Size) || I.hasMetadata("nosanitize") ||
			    Ptr->getType()->getPointerAddressSpace() != 0)
				continue;
			const SCEV *S = SE.getSCEV(Ptr);
			const SCEV *Base = SE.getPointerBase(S);
			const SCEV *X = SE.getPtrToIntExpr(S, IntPtr);
			if (isa<SCEVCouldNotCompute>(X))
				continue;
			const SCEV *Lo, *Hi;
			const SCEV *Sz = SE.getConstant(IntPtr, Size);
			if (SE.isLoopInvariant(X, L)) {
				Lo = X;
				Hi = SE.getAddExpr(X, Sz);
			} else {
				const auto *AR = dyn_cast<SCEVAddRecExpr>(X);
				if (!AR || AR->getLoop() != L || !AR->isAffine())
					continue;
				const auto *St = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
				if (!St)
					continue;
				int64_t Step = St->getAPInt().getSExtValue();
				if (Step < -64 || Step > 64)
					continue;
				const SCEV *End = AR->evaluateAtIteration(Count, SE);
				Lo = Step >= 0 ? AR->getStart() : End;
				Hi = SE.getAddExpr(Step >= 0 ? End : AR->getStart(), Sz);
			}
			if (!isSafeToExpandAt(Lo, At, SE) || !isSafeToExpandAt(Hi, At, SE))
				continue;
			unsigned K = 0;
			while (K < P.Bases.size() && P.Bases[K] != Base)
				K++;
			if (K == P.Bases.size()) {
				if (K == MaxRangeChecks)
					continue;	/* keeps its check in the copy */
				P.Bases.push_back(Base);
				P.Ranges.push_back({Lo, Hi});
			} else {
				P.Ranges[K].first = SE.getUMinExpr(P.Ranges[K].first, Lo);
				P.Ranges[K].second = SE.getUMaxExpr(P.Ranges[K].second, Hi);
			}
			P.Covered.push_back(&I);
		}
	}
	return !P.Covered.empty();
}

// Makes the copy and the check; returns the copy's header.
BasicBlock *versionLoop(Function &F, Loop *L, Plan &P, DominatorTree &DT, LoopInfo &LI,
			ScalarEvolution &SE)
{
	const DataLayout &DL = F.getParent()->getDataLayout();
	LLVMContext &C = F.getContext();
	Type *IntPtr = DL.getIntPtrType(C, 0);

	formLCSSA(*L, DT, &LI, &SE);
	BasicBlock *CheckBB = L->getLoopPreheader();
	Instruction *T = CheckBB->getTerminator();
	FunctionCallee Fn = F.getParent()->getOrInsertFunction(
		"__ksan_range_poisoned", Type::getInt32Ty(C), IntPtr, IntPtr);
	SCEVExpander Exp(SE, DL, "ksan.range");
	SmallVector<std::pair<Value *, Value *>, MaxRangeChecks> Args;
	bool Broken = breakWanted("fallback");

	Value *Cnt = Exp.expandCodeFor(P.Count, IntPtr, T);
	for (auto &R : P.Ranges)
		Args.push_back({Exp.expandCodeFor(R.first, IntPtr, T),
				Exp.expandCodeFor(SE.getMinusSCEV(R.second, R.first), IntPtr, T)});

	BasicBlock *PH = SplitBlock(CheckBB, T, &DT, &LI, nullptr,
				    L->getHeader()->getName() + ".ksan.ph");
	ValueToValueMapTy VMap;
	SmallVector<BasicBlock *, 16> Blocks;
	Loop *NL = cloneLoopWithPreheader(PH, CheckBB, L, VMap, ".ksan.fast", &LI, &DT, Blocks);
	remapInstructionsInBlocks(Blocks, VMap);
	BasicBlock *FastPH = cast<BasicBlock>(VMap[PH]);

	/* a few iterations cost less checked than a call: straight to the
	 * checked loop; otherwise the range checks choose */
	BasicBlock *CallBB = BasicBlock::Create(C, L->getHeader()->getName() + ".ksan.range",
						&F, PH);
	if (Loop *Parent = L->getParentLoop())
		Parent->addBasicBlockToLoop(CallBB, LI);
	Instruction *Old = CheckBB->getTerminator();
	IRBuilder<> B(Old);
	MDNode *Rarely = MDBuilder(C).createBranchWeights(1, 1000);
	Value *Few = B.CreateICmpULT(Cnt, ConstantInt::get(IntPtr, MinVersionedCount));
	Instruction *Br = Broken ? B.CreateBr(CallBB) : B.CreateCondBr(Few, PH, CallBB);
	Br->setDebugLoc(Old->getDebugLoc());
	Old->eraseFromParent();

	B.SetInsertPoint(CallBB);
	B.SetCurrentDebugLocation(Br->getDebugLoc());
	Value *Bad = nullptr;
	for (auto &A : Args) {
		Value *NZ = B.CreateICmpNE(B.CreateCall(Fn, {A.first, A.second}), B.getInt32(0));
		Bad = Bad ? B.CreateOr(Bad, NZ) : NZ;
	}
	if (Broken)	/* the wrong variant: never the checked loop */
		B.CreateBr(FastPH);
	else
		B.CreateCondBr(Bad, PH, FastPH, Rarely);

	/* the exits' LCSSA phis: the copy's values from the copy's blocks */
	SmallVector<BasicBlock *, 4> Exits;
	L->getUniqueExitBlocks(Exits);
	for (BasicBlock *E : Exits) {
		for (PHINode &Phi : E->phis()) {
			unsigned N = Phi.getNumIncomingValues();
			for (unsigned K = 0; K < N; K++) {
				BasicBlock *In = Phi.getIncomingBlock(K);
				if (!L->contains(In))
					continue;
				Value *V = Phi.getIncomingValue(K);
				auto It = VMap.find(V);
				Phi.addIncoming(It != VMap.end() ? (Value *)It->second : V,
						cast<BasicBlock>(VMap[In]));
			}
		}
	}

	for (Instruction *I : P.Covered)
		cast<Instruction>(VMap[I])->setMetadata("nosanitize", MDNode::get(C, None));
	DT.recalculate(F);
	return NL->getHeader();
}

} // namespace

bool versionLoops(Function &F, FunctionAnalysisManager &FAM, Stats &S)
{
	const DataLayout &DL = F.getParent()->getDataLayout();
	SmallPtrSet<const BasicBlock *, 16> Done;	/* headers seen */
	bool Changed = false;

	for (;;) {
		auto &LI = FAM.getResult<LoopAnalysis>(F);
		auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
		auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
		bool Made = false;

		for (Loop *L : LI.getLoopsInPreorder()) {
			if (!Done.insert(L->getHeader()).second || !copyable(L, DL))
				continue;
			/* late passes may have undone the preheader, dedicated exits */
			if (!L->isLoopSimplifyForm())
				Changed |= simplifyLoop(L, &DT, &LI, &SE, nullptr, nullptr, false);
			Plan P;
			if (!planLoop(L, SE, DL, P))
				continue;
			std::string At = where(*P.Covered.front());
			BasicBlock *Copy = versionLoop(F, L, P, DT, LI, SE);
			Done.insert(Copy);
			S.LoopsVersioned++;
			S.LoopAccesses += P.Covered.size();
			S.RangeChecks += P.Ranges.size();
			if (debugWanted())
				errs() << "ksan-opt: " << At << ": loop in " << F.getName()
				       << " versioned: " << P.Covered.size()
				       << " accesses unchecked in its copy, " << P.Ranges.size()
				       << " range checks\n";
			Made = true;
			break;	/* the analyses are stale: again from the start */
		}
		if (!Made)
			break;
		Changed = true;
		FAM.invalidate(F, PreservedAnalyses::none());
	}
	return Changed;
}

} // namespace ksanopt

// This file contains ksan-opt's in-bounds elimination: an access whose
// address lies, on every execution, inside an object that cannot be freed
// or go out of scope while the function runs needs no check.
//
// The objects: a global defined in this unit whose definition is the one
// the program uses (not weak, not common, not thread-local), and a local
// of constant size (a static alloca) with no llvm.lifetime markers, which
// lives for the whole call (with markers, an in-bounds access can still be
// a use after scope: those keep their checks).  The offset: a constant, or
// the signed range scalar evolution computes for (address - object); LLVM
// 14 derives those ranges from the values' own computations and the
// loops' exit tests, never from the sizes of the objects accessed
// (getConstantMaxTripCountFromArray exists but the range code does not
// call it), so the proof never assumes the access it proves.
#include "KsanOpt.h"

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace ksanopt {
namespace {

// Does a lifetime marker (through casts and constant GEPs) use AI?
bool hasLifetimeMarkers(const AllocaInst &AI)
{
	SmallVector<const Value *, 8> Work{&AI};
	SmallPtrSet<const Value *, 8> Seen;

	while (!Work.empty()) {
		const Value *V = Work.pop_back_val();
		if (!Seen.insert(V).second)
			continue;
		for (const User *U : V->users()) {
			if (const auto *II = dyn_cast<IntrinsicInst>(U)) {
				if (II->isLifetimeStartOrEnd())
					return true;
			} else if (isa<BitCastInst>(U) || isa<GetElementPtrInst>(U) ||
				   isa<AddrSpaceCastInst>(U)) {
				Work.push_back(U);
			}
		}
	}
	return false;
}

// The size in bytes of an object no access can outlive in F, or 0.
uint64_t stableObjectSize(const Value *Obj, const DataLayout &DL, bool &IsGlobal)
{
	if (const auto *G = dyn_cast<GlobalVariable>(Obj)) {
		IsGlobal = true;
		if (!G->hasDefinitiveInitializer() || G->isThreadLocal() ||
		    G->getAddressSpace() != 0)
			return 0;
		return DL.getTypeAllocSize(G->getValueType()).getFixedSize();
	}
	if (const auto *AI = dyn_cast<AllocaInst>(Obj)) {
		IsGlobal = false;
		if (!AI->isStaticAlloca() || hasLifetimeMarkers(*AI))
			return 0;
		Optional<TypeSize> Bits = AI->getAllocationSizeInBits(DL);
		if (!Bits || Bits->isScalable())
			return 0;
		return Bits->getFixedSize() / 8;
	}
	return 0;
}

} // namespace

void removeInBounds(Function &F, SmallVectorImpl<Access> &Accs, ScalarEvolution &SE,
		    Stats &S)
{
	const DataLayout &DL = F.getParent()->getDataLayout();

	for (Access &A : Accs) {
		const Value *Obj = getUnderlyingObject(A.Ptr);
		bool IsGlobal = false;
		uint64_t Size = stableObjectSize(Obj, DL, IsGlobal);
		if (Size < A.Size)
			continue;
		int64_t Last = (int64_t)(Size - A.Size);	/* the last good offset */

		unsigned Bits = DL.getIndexTypeSizeInBits(A.Ptr->getType());
		APInt Off(Bits, 0);
		if (A.Ptr->stripAndAccumulateConstantOffsets(DL, Off, true) == Obj) {
			int64_t O = Off.getSExtValue();
			if (O < 0 || O > Last)
				continue;
			(IsGlobal ? S.GlobalConst : S.LocalConst)++;
			/* the ASan pass skips promotable allocas itself (-O0) */
			if (const auto *AI = dyn_cast<AllocaInst>(Obj))
				if (isAllocaPromotable(AI))
					S.LocalAsanToo++;
			markRemoved(A);
			continue;
		}
		if (!SE.isSCEVable(A.Ptr->getType()))
			continue;
		const SCEV *Diff = SE.getMinusSCEV(SE.getSCEV(A.Ptr),
						   SE.getSCEV(const_cast<Value *>(Obj)));
		if (isa<SCEVCouldNotCompute>(Diff))
			continue;
		ConstantRange R = SE.getSignedRange(Diff);
		if (R.isFullSet() || R.isEmptySet())
			continue;
		if (R.getSignedMin().isNegative() || R.getSignedMax().sgt(Last))
			continue;
		(IsGlobal ? S.GlobalRange : S.LocalRange)++;
		markRemoved(A);
	}
}

} // namespace ksanopt

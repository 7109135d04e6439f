// This file contains an experiment, not a check: what Tech-ASan's two-stage
// load check (compare the loaded value with a magic value first, read the
// shadow only when they are equal) would cost in ksan's clang builds.
// KSAN_OPT_EXPERIMENT=twostage-cost in the compiler's environment turns it
// on: every load of 1, 2, 4 or 8 bytes (integer, pointer or floating
// point) that still has its check loses it (!nosanitize), and after the
// load, `if (value == 0xbe..be) __asan_loadN_noabort(addr)` runs the full
// check.  The runtime does not fill red zones or freed memory with 0xbe,
// so such a build misses most bad loads: it measures the cost of the
// checks' first stage, an optimistic bound for the technique (a real one
// also has to find a magic byte in part of a value, and pays for the
// fills); bench/run.sh's ksan-inline-clang-twostage variant uses it.
#include "KsanOpt.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <cstdlib>
#include <cstring>

using namespace llvm;

namespace ksanopt {

bool twoStageWanted()
{
	const char *E = getenv("KSAN_OPT_EXPERIMENT");

	return E && strcmp(E, "twostage-cost") == 0;
}

unsigned twoStageCost(Function &F)
{
	SmallVector<Access, 64> Accs;
	LLVMContext &C = F.getContext();
	const DataLayout &DL = F.getParent()->getDataLayout();
	Type *IntPtr = DL.getIntPtrType(C);
	MDNode *Rare = MDBuilder(C).createBranchWeights(1, 100000);
	unsigned N = 0;

	collectAccesses(F, Accs);
	for (Access &A : Accs) {
		auto *LI = dyn_cast<LoadInst>(A.I);
		Type *Ty = LI ? LI->getType() : nullptr;

		if (!LI || LI->isVolatile() || LI->isAtomic())
			continue;
		if (A.Size != 1 && A.Size != 2 && A.Size != 4 && A.Size != 8)
			continue;
		if (!Ty->isIntegerTy() && !Ty->isPointerTy() && !Ty->isFloatingPointTy())
			continue;
		markRemoved(A);
		IRBuilder<> B(LI->getNextNode());
		B.SetCurrentDebugLocation(LI->getDebugLoc());
		Type *IntTy = Type::getIntNTy(C, A.Size * 8);
		Value *V = Ty->isPointerTy() ? B.CreatePtrToInt(LI, IntTy)
			 : Ty->isFloatingPointTy() ? B.CreateBitCast(LI, IntTy) : (Value *)LI;
		if (V->getType() != IntTy)
			continue;	/* x86_fp80 and the like: keep it unchecked, it is an experiment */
		Value *Magic = ConstantInt::get(IntTy, APInt::getSplat(A.Size * 8, APInt(8, 0xbe)));
		Instruction *Then = SplitBlockAndInsertIfThen(B.CreateICmpEQ(V, Magic),
							      &*B.GetInsertPoint(), false, Rare);
		IRBuilder<> T(Then);
		T.SetCurrentDebugLocation(LI->getDebugLoc());
		FunctionCallee Check = F.getParent()->getOrInsertFunction(
			"__asan_load" + std::to_string(A.Size) + "_noabort",
			Type::getVoidTy(C), IntPtr);
		T.CreateCall(Check, {T.CreatePtrToInt(A.Ptr, IntPtr)});
		N++;
	}
	return N;
}

} // namespace ksanopt

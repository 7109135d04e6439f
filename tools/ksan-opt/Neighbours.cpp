// This file contains ksan-opt's merging of neighbouring accesses: in one
// basic block, accesses through one base pointer at constant offsets
// (struct field sequences, unrolled code) with nothing between them that
// can free or poison memory are checked by one inline test of the shadow of
// the bytes they span, at the first of them.
//
// The test: the bytes span [lo, lo+len), len <= MaxMergeSpan.  When lo is
// known 8-aligned the span's granules have consecutive shadow bytes, read
// as few loads as their count splits into (8, 4, 2, 1 bytes); otherwise the
// shadow bytes of lo, lo+8, ... and of the last byte.  All must be 0 (the
// granules fully addressable), which is stricter than the accesses need:
// a granule addressable only in part fails the test even when the accesses
// stay inside its valid bytes.  Then, and on any bad byte, a cold block
// checks each access in program order through the runtime's
// __asan_loadN_noabort / __asan_storeN_noabort, each call with the access's
// own debug location, so the reports are the ones the individual checks
// would give (type, address, size, source line), in the same order.
// Merged only when the test has fewer loads than the accesses it replaces.
//
// The shadow's place is the one the ASan pass uses: its option
// -asan-mapping-offset, which ksan-cc always gives (scale 3); without it
// nothing is merged.
#include "KsanOpt.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <algorithm>

using namespace llvm;

namespace ksanopt {
namespace {

struct Member {
	Instruction *I;
	int64_t Off;
	uint64_t Size;
	uint64_t Align;
	bool Write;
};

struct Group {
	Value *Base;
	SmallVector<Member, 8> M;
	int64_t Lo, Hi;
};

// The ASan pass's shadow offset (-mllvm -asan-mapping-offset=), if given.
bool shadowOffset(uint64_t &Off)
{
	auto &Opts = cl::getRegisteredOptions();
	auto It = Opts.find("asan-mapping-offset");

	if (It == Opts.end() || !It->second->getNumOccurrences())
		return false;
	/* AddressSanitizer.cpp (LLVM 14): static cl::opt<uint64_t> ClMappingOffset */
	Off = static_cast<cl::opt<uint64_t> *>(It->second)->getValue();
	auto Sc = Opts.find("asan-mapping-scale");
	return Sc == Opts.end() || !Sc->second->getNumOccurrences();
}

// The alignment known for Base + Lo from the members' own alignments.
uint64_t loAlign(const Group &G)
{
	uint64_t A = 1;

	for (const Member &X : G.M) {
		uint64_t D = (uint64_t)(X.Off - G.Lo);
		uint64_t Low = D ? (D & -D) : ~0ull;
		A = std::max(A, std::min(X.Align, Low));
	}
	return A;
}

// The shadow loads of the test: (offset from lo's granule in shadow bytes,
// load size) when lo is 8-aligned, else (byte offset from lo, 0).
void probes(const Group &G, SmallVectorImpl<std::pair<uint64_t, unsigned>> &P)
{
	uint64_t Len = G.Hi - G.Lo;

	if (loAlign(G) >= 8) {
		uint64_t N = (Len + 7) / 8, At = 0;
		for (unsigned W : {8u, 4u, 2u, 1u})
			while (N - At >= W) {
				P.push_back({At, W});
				At += W;
			}
		return;
	}
	for (uint64_t K = 0; K * 8 < Len - 1; K++)
		P.push_back({K * 8, 0});
	P.push_back({Len - 1, 0});
}

void emit(Function &F, Group &G, uint64_t ShadowOff, Stats &S)
{
	const DataLayout &DL = F.getParent()->getDataLayout();
	LLVMContext &C = F.getContext();
	Type *IntPtr = DL.getIntPtrType(C, 0);
	Type *I8 = Type::getInt8Ty(C);
	MDNode *NoSan = MDNode::get(C, None);
	Instruction *First = G.M.front().I;
	SmallVector<std::pair<uint64_t, unsigned>, 8> P;

	probes(G, P);
	if (P.size() >= G.M.size())
		return;

	IRBuilder<> B(First);
	B.SetCurrentDebugLocation(First->getDebugLoc());
	Value *Base8 = B.CreatePointerCast(G.Base, I8->getPointerTo());
	auto Addr = [&](IRBuilder<> &IB, int64_t Off) {
		return IB.CreatePtrToInt(IB.CreateConstGEP1_64(I8, Base8, Off), IntPtr);
	};
	Value *Lo = Addr(B, G.Lo);
	Value *Any = nullptr;
	for (auto &Pr : P) {
		Value *Sh, *V;
		if (Pr.second) {	/* aligned: shadow of lo's granule + offset */
			Sh = B.CreateAdd(B.CreateLShr(Lo, 3),
					 ConstantInt::get(IntPtr, ShadowOff + Pr.first));
			Type *Ty = B.getIntNTy(8 * Pr.second);
			LoadInst *L = B.CreateAlignedLoad(Ty, B.CreateIntToPtr(Sh, Ty->getPointerTo()),
							  Align(1));
			L->setMetadata("nosanitize", NoSan);
			V = B.CreateZExtOrTrunc(L, IntPtr);
		} else {
			Value *A = Pr.first ? B.CreateAdd(Lo, ConstantInt::get(IntPtr, Pr.first)) : Lo;
			Sh = B.CreateAdd(B.CreateLShr(A, 3), ConstantInt::get(IntPtr, ShadowOff));
			LoadInst *L = B.CreateAlignedLoad(I8, B.CreateIntToPtr(Sh, I8->getPointerTo()),
							  Align(1));
			L->setMetadata("nosanitize", NoSan);
			V = B.CreateZExt(L, IntPtr);
		}
		Any = Any ? B.CreateOr(Any, V) : V;
	}
	Value *Bad = B.CreateICmpNE(Any, ConstantInt::get(IntPtr, 0));
	Instruction *Cold = SplitBlockAndInsertIfThen(Bad, First, false,
						      MDBuilder(C).createBranchWeights(1, 1000));
	if (!breakWanted("cold")) {
		FunctionCallee Ld = F.getParent()->getOrInsertFunction(
			"__asan_loadN_noabort", Type::getVoidTy(C), IntPtr, IntPtr);
		FunctionCallee St = F.getParent()->getOrInsertFunction(
			"__asan_storeN_noabort", Type::getVoidTy(C), IntPtr, IntPtr);
		IRBuilder<> CB(Cold);
		for (const Member &X : G.M) {
			CB.SetCurrentDebugLocation(X.I->getDebugLoc());
			CB.CreateCall(X.Write ? St : Ld,
				      {Addr(CB, X.Off), ConstantInt::get(IntPtr, X.Size)});
		}
	}
	for (const Member &X : G.M)
		X.I->setMetadata("nosanitize", NoSan);
	S.MergedGroups++;
	S.MergedAccesses += G.M.size();
	if (debugWanted())
		errs() << "ksan-opt: " << where(*First) << ": " << G.M.size()
		       << " neighbouring accesses in " << F.getName() << " merged into one check of "
		       << (G.Hi - G.Lo) << " bytes (" << P.size() << " shadow loads)\n";
}

} // namespace

bool mergeNeighbours(Function &F, Stats &S)
{
	const DataLayout &DL = F.getParent()->getDataLayout();
	uint64_t ShadowOff;
	SmallVector<Group, 16> Done;

	if (!shadowOffset(ShadowOff))
		return false;
	for (BasicBlock &BB : F) {
		DenseMap<Value *, unsigned> Open;	/* base -> index in Groups */
		SmallVector<Group, 8> Groups;
		auto Close = [&](unsigned K) {
			if (Groups[K].M.size() > 1)
				Done.push_back(Groups[K]);
			Groups[K].M.clear();
		};

		for (Instruction &I : BB) {
			if (isClobber(I)) {
				for (unsigned K = 0; K < Groups.size(); K++)
					Close(K);
				Open.clear();
				continue;
			}
			Value *Ptr;
			Type *Ty;
			uint64_t Al;
			bool W = false;
			if (auto *LI = dyn_cast<LoadInst>(&I)) {
				if (!LI->isSimple())
					continue;
				Ptr = LI->getPointerOperand();
				Ty = LI->getType();
				Al = LI->getAlign().value();
			} else if (auto *SI = dyn_cast<StoreInst>(&I)) {
				if (!SI->isSimple())
					continue;
				Ptr = SI->getPointerOperand();
				Ty = SI->getValueOperand()->getType();
				Al = SI->getAlign().value();
				W = true;
			} else {
				continue;
			}
			if (I.hasMetadata("nosanitize") || Ptr->getType()->getPointerAddressSpace())
				continue;
			TypeSize TS = DL.getTypeStoreSize(Ty);
			if (TS.isScalable() || !TS.getFixedSize() || TS.getFixedSize() > MaxMergeSpan)
				continue;
			uint64_t Sz = TS.getFixedSize();
			APInt Off(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
			Value *Base = Ptr->stripAndAccumulateConstantOffsets(DL, Off, true);
			int64_t O = Off.getSExtValue();
			auto It = Open.find(Base);
			if (It != Open.end()) {
				Group &G = Groups[It->second];
				int64_t Lo = std::min(G.Lo, O), Hi = std::max<int64_t>(G.Hi, O + Sz);
				if (Hi - Lo <= (int64_t)MaxMergeSpan) {
					G.M.push_back({&I, O, Sz, Al, W});
					G.Lo = Lo;
					G.Hi = Hi;
					continue;
				}
				Close(It->second);
				Groups[It->second] = {Base, {{&I, O, Sz, Al, W}}, O, O + (int64_t)Sz};
				continue;
			}
			Open[Base] = Groups.size();
			Groups.push_back({Base, {{&I, O, Sz, Al, W}}, O, O + (int64_t)Sz});
		}
		for (unsigned K = 0; K < Groups.size(); K++)
			Close(K);
	}
	unsigned Before = S.MergedGroups;
	for (Group &G : Done)
		emit(F, G, ShadowOff, S);
	return S.MergedGroups != Before;
}

} // namespace ksanopt

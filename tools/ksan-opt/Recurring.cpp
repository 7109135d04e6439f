// This file contains ksan-opt's recurring-check elimination: an access to
// the same address as an earlier checked access that dominates it, no
// larger than it, with nothing between them that can free or poison memory,
// needs no check of its own.
//
// "The same address": the same base value plus the same constant offset
// (SSA values never change, so equal expressions are equal addresses).
// "Nothing between": every path from the earlier access (after its last
// execution) to the later one is scanned; a call that may write memory
// (free, realloc, a poisoning call of ksan's API, an unknown function),
// inline assembly, llvm.lifetime.end (use-after-scope poisoning) and
// llvm.stackrestore end the earlier check's reach.  Another thread freeing
// the memory in between is a race the ASan pass's own same-block rule does
// not see either.
#include "KsanOpt.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;

namespace ksanopt {

bool isClobber(const Instruction &I)
{
	const auto *CB = dyn_cast<CallBase>(&I);

	if (!CB)
		return false;
	if (CB->isInlineAsm())
		return true;
	if (const auto *II = dyn_cast<IntrinsicInst>(CB)) {
		switch (II->getIntrinsicID()) {
		case Intrinsic::lifetime_end:	/* poisons: use-after-scope */
		case Intrinsic::stackrestore:	/* ends dynamic allocas */
			return true;
		case Intrinsic::lifetime_start:	/* unpoisons only */
		case Intrinsic::memcpy:		/* write data, not shadow */
		case Intrinsic::memmove:
		case Intrinsic::memset:
		case Intrinsic::assume:
		case Intrinsic::experimental_noalias_scope_decl:
		case Intrinsic::invariant_start:
		case Intrinsic::invariant_end:
		case Intrinsic::prefetch:
		case Intrinsic::stacksave:
			return false;
		default:
			break;
		}
		if (isa<DbgInfoIntrinsic>(II))
			return false;
	}
	/* readnone/readonly: cannot free (free writes the heap) nor poison */
	return !CB->onlyReadsMemory();
}

namespace {

// One access's place: its block's dominator-tree DFS number, then its
// position in the block, so that a dominating access sorts first.
struct Place {
	unsigned DFS;
	unsigned Pos;
};

class Finder {
public:
	Finder(Function &F, DominatorTree &DT) : DT(DT)
	{
		DT.updateDFSNumbers();
		for (BasicBlock &BB : F) {
			unsigned N = 0;
			for (Instruction &I : BB) {
				Pos[&I] = N++;
				if (isClobber(I))
					Clobbers[&BB].push_back(Pos[&I]);
			}
		}
	}

	unsigned pos(const Instruction *I) const { return Pos.lookup(I); }

	// Is there a clobber in BB at a position in [From, To)?
	bool clobberIn(const BasicBlock *BB, unsigned From, unsigned To) const
	{
		auto It = Clobbers.find(BB);
		if (It == Clobbers.end())
			return false;
		for (unsigned P : It->second)
			if (P >= From && P < To)
				return true;
		return false;
	}

	// J dominates I: is every path from J's last execution to I free of
	// clobbers?  Blocks between: reachable from J's successors and
	// reaching I's predecessors, both walks stopping at J's block (a
	// path through it runs J, and its check, again).
	bool clearPath(const Instruction *J, const Instruction *I)
	{
		const BasicBlock *JB = J->getParent(), *IB = I->getParent();

		if (JB == IB)
			return !clobberIn(JB, pos(J) + 1, pos(I));
		if (++Scans > MaxPathScans)
			return false;
		if (clobberIn(JB, pos(J) + 1, ~0u) || clobberIn(IB, 0, pos(I)))
			return false;
		SmallPtrSet<const BasicBlock *, 32> Fwd, Bwd;
		SmallVector<const BasicBlock *, 32> Work;
		for (const BasicBlock *S : successors(JB))
			Work.push_back(S);
		while (!Work.empty()) {
			const BasicBlock *B = Work.pop_back_val();
			if (B == JB || !Fwd.insert(B).second)
				continue;
			for (const BasicBlock *S : successors(B))
				Work.push_back(S);
		}
		for (const BasicBlock *P : predecessors(IB))
			Work.push_back(P);
		while (!Work.empty()) {
			const BasicBlock *B = Work.pop_back_val();
			if (B == JB || !Bwd.insert(B).second)
				continue;
			if (!Fwd.count(B))
				continue;	/* not on a path from J */
			if (clobberIn(B, 0, ~0u))
				return false;	/* IB too, when a loop runs it again */
			for (const BasicBlock *P : predecessors(B))
				Work.push_back(P);
		}
		return true;
	}

	Place place(const Instruction *I) const
	{
		const DomTreeNode *N = DT.getNode(I->getParent());

		return {N ? N->getDFSNumIn() : ~0u, pos(I)};
	}

private:
	DominatorTree &DT;
	DenseMap<const Instruction *, unsigned> Pos;
	DenseMap<const BasicBlock *, SmallVector<unsigned, 4>> Clobbers;
	unsigned Scans = 0;
};

// Does J's passed check vouch for every byte of I (same start)?  The ASan
// pass checks a 1, 2, 4, 8 or 16-byte access aligned to its size (or to
// the 8-byte granule) exactly; others by their first and last byte only,
// which vouches for an access of exactly that size.
bool covers(const Access &J, const Access &I)
{
	bool Exact = (J.Size == 1 || J.Size == 2 || J.Size == 4 || J.Size == 8 ||
		      J.Size == 16) && J.Align >= std::min<uint64_t>(J.Size, 8);

	return I.Size == J.Size || (Exact && I.Size < J.Size);
}

// The ASan pass itself skips a second access through the same pointer
// value in one block with no call between (its "same temp" rule).
bool asanSkipsToo(const Access &J, const Access &I)
{
	if (J.I->getParent() != I.I->getParent() || J.Ptr != I.Ptr)
		return false;
	for (const Instruction *X = J.I->getNextNode(); X != I.I; X = X->getNextNode())
		if (isa<CallBase>(X))
			return false;
	return true;
}

} // namespace

void removeRecurring(Function &F, SmallVectorImpl<Access> &Accs, DominatorTree &DT,
		     Stats &S)
{
	const DataLayout &DL = F.getParent()->getDataLayout();
	Finder Fi(F, DT);
	SmallVector<unsigned, 64> Order;
	SmallVector<Place, 64> Places;

	for (unsigned K = 0; K < Accs.size(); K++) {
		Places.push_back(Fi.place(Accs[K].I));
		/* unreachable blocks (-O0 keeps them) have no dominator-tree node */
		if (DT.isReachableFromEntry(Accs[K].I->getParent()))
			Order.push_back(K);
	}
	std::sort(Order.begin(), Order.end(), [&](unsigned A, unsigned B) {
		if (Places[A].DFS != Places[B].DFS)
			return Places[A].DFS < Places[B].DFS;
		return Places[A].Pos < Places[B].Pos;
	});

	/* (base, offset) -> the checked accesses to it, dominators first */
	DenseMap<std::pair<const Value *, int64_t>, SmallVector<unsigned, 4>> Checked;
	for (unsigned K : Order) {
		Access &A = Accs[K];
		if (A.Removed)
			continue;
		unsigned Bits = DL.getIndexTypeSizeInBits(A.Ptr->getType());
		APInt Off(Bits, 0);
		const Value *Base = A.Ptr->stripAndAccumulateConstantOffsets(DL, Off, true);
		auto Key = std::make_pair(Base, Off.getSExtValue());
		auto &List = Checked[Key];
		bool Done = false;
		/* the nearest dominator first: the shortest paths to scan */
		for (auto It = List.rbegin(); It != List.rend() && !Done; ++It) {
			const Access &J = Accs[*It];
			if (!covers(J, A) || !DT.dominates(J.I, A.I) || !Fi.clearPath(J.I, A.I))
				continue;
			if (asanSkipsToo(J, A))
				S.RecurringAsanToo++;
			if (J.I->getParent() == A.I->getParent())
				S.RecurringSameBlock++;
			else
				S.RecurringAcross++;
			markRemoved(A);
			Done = true;
		}
		if (!Done && List.size() < 8)
			List.push_back(K);
	}
}

} // namespace ksanopt

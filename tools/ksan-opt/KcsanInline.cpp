// This file contains KCSAN's inline fast path for clang 14 (ksan-cc
// --ksan=kcsan, by default; --ksan-no-opt keeps the calls): every plain access's __tsan_readN / writeN /
// read_writeN call (and their unaligned twins) becomes the runtime's fast
// path in line, with the countdown taken once per batch: the plain
// accesses of one block with no other call between them.  For a batch of
// K accesses, once before the first:
//
//   s = skip;  fast = s >= K;  kcsan_tls.skip = skip = fast ? s - K : s;
//
// and at each access:
//
//   if (kcsan_near[(addr >> 6) % 4096] != 0 || !fast) call
//
// where skip is a copy of kcsan_tls.skip the function keeps in a register:
// read at its entry and after every call, stored to kcsan_tls at every
// change (struct Countdown below; in a function that calls setjmp, the
// TLS variable itself).  The load per batch of a count the previous batch
// has just stored was a chain through memory from each batch to the next.
//
// A batch whose countdown does not run out inside it (fast) counts all K
// at once, as K decrements would; in one where it does, every access calls
// the runtime, which counts down one by one as without batches and sets
// its watchpoint on the very access the countdown picks, so sampling is
// unchanged.  The near test stays per access.  Nothing but a signal
// handler runs between a batch's head and its accesses (a call ends the
// batch); a handler that interrupts a fast batch finds up to K - 1 counts
// already taken (its own access may be picked a few accesses early), and
// whatever it changes in the count the function's next batch overwrites
// (the next pick comes a little earlier or later): both within the
// countdown's own randomness, no access kept from being picked.  The call
// then decides again, with its return address in this function at the
// access's line, so every report stays the same.  Volatile and atomic
// accesses keep their calls (marked or not by alignment, decided in the
// runtime).
//
// Where: LLVM 14's ThreadSanitizer pass honours no per-instruction mark
// (a load with !nosanitize is instrumented all the same; only
// sanitize_thread on the function decides for plain accesses), and clang
// runs it after every plugin's OptimizerLast callback.  So this pass runs
// the ThreadSanitizer function pass itself on each sanitize_thread
// function (same options: -mllvm -tsan-* reach it), rewrites the calls,
// and clears sanitize_thread: clang's own run then leaves the function's
// loads and stores alone (its atomics are calls already; the module pass,
// __tsan_init's constructor, is clang's).
//
// Executables only (PIE or not PIC): the counters are the executable's
// (hidden symbols of libksan-kcsan.a); a shared library keeps the calls.
#include "KsanOpt.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Instrumentation/ThreadSanitizer.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace ksanopt {

namespace {

constexpr unsigned NearShift = 6;	// KCSAN_NEAR_SHIFT
constexpr unsigned NearLines = 4096;	// KCSAN_NEAR_LINES

// __tsan_[unaligned_](read|write|read_write)(1|2|4|8|16): a plain access
bool isPlainEntry(StringRef N)
{
	if (!N.consume_front("__tsan_"))
		return false;
	N.consume_front("unaligned_");
	if (!N.consume_front("read_write") && !N.consume_front("read") &&
	    !N.consume_front("write"))
		return false;
	return N == "1" || N == "2" || N == "4" || N == "8" || N == "16";
}

struct Globals {
	GlobalVariable *Near;	// unsigned char kcsan_near[4096]
	GlobalVariable *Skip;	// kcsan_tls.skip: the first member, a long
};

GlobalVariable *hiddenGlobal(Module &M, StringRef Name, Type *Ty, bool TLS)
{
	if (auto *G = M.getNamedGlobal(Name))
		return G->getValueType() == Ty ? G : nullptr;
	auto *G = new GlobalVariable(M, Ty, false, GlobalValue::ExternalLinkage, nullptr, Name,
				     nullptr, TLS ? GlobalValue::InitialExecTLSModel
						  : GlobalValue::NotThreadLocal);
	G->setVisibility(GlobalValue::HiddenVisibility);
	G->setDSOLocal(true);
	return G;
}

// A batch: the plain accesses of one block with no other call between
// them, so that nothing but a signal handler runs code between its first
// access and its last.
using Batch = SmallVector<CallInst *, 16>;

// Calls that end a batch: any but an intrinsic that stays in line (debug
// info, lifetime marks; memcpy and the like may become calls).
bool endsBatch(const Instruction &I)
{
	if (!isa<CallBase>(I))
		return false;
	return !isa<IntrinsicInst>(I) || isa<MemIntrinsic>(I);
}

void collectBatches(Function &F, SmallVectorImpl<Batch> &Batches)
{
	for (BasicBlock &BB : F) {
		Batch Cur;
		for (Instruction &I : BB) {
			auto *CI = dyn_cast<CallInst>(&I);
			Function *Callee = CI ? CI->getCalledFunction() : nullptr;
			if (Callee && isPlainEntry(Callee->getName())) {
				Cur.push_back(CI);
			} else if (endsBatch(I) && !Cur.empty()) {
				Batches.push_back(Cur);
				Cur.clear();
			}
		}
		if (!Cur.empty())
			Batches.push_back(Cur);
	}
}

// Where the function reads the countdown: kcsan_tls.skip at every batch,
// or (Local) a copy in a register, read from kcsan_tls at the function's
// entry and again after every call.  Every new count is stored to
// kcsan_tls at once, so the runtime, other functions and a signal handler
// always see it as it is.
struct Countdown {
	GlobalVariable *TLS;
	AllocaInst *Local = nullptr;

	Value *get(IRBuilder<> &B) const
	{
		if (Local)
			return B.CreateLoad(B.getInt64Ty(), Local);
		return B.CreateLoad(B.getInt64Ty(), TLS, true);
	}
	void set(IRBuilder<> &B, Value *V) const
	{
		if (Local)
			B.CreateStore(V, Local);
		B.CreateStore(V, TLS, true);
	}
	// after I, a call: what the callee or the runtime left
	void reloadAfter(Instruction *I) const
	{
		if (!Local)
			return;
		IRBuilder<> B(I->getNextNode());
		B.CreateStore(B.CreateLoad(B.getInt64Ty(), TLS, true), Local);
	}
};

// Before the batch's first access, once: s = skip; fast = s >= K;
// skip = fast ? s - K : s.  Returns !fast as an i8 (0 or 1), the value
// each access ors with its near count (one test, one branch: an or of two
// compares becomes two branches; made here, kept in a register).
Value *batchHead(CallInst *First, unsigned K, const Countdown &CD)
{
	IRBuilder<> B(First);
	Type *I64 = B.getInt64Ty();

	B.SetCurrentDebugLocation(First->getDebugLoc());
	Value *S = CD.get(B);
	Value *Fast = B.CreateICmpSGE(S, ConstantInt::get(I64, K), "kcsan.fast");
	CD.set(B, B.CreateSelect(Fast, B.CreateSub(S, ConstantInt::get(I64, K)), S));
	return B.CreateZExt(B.CreateNot(Fast), B.getInt8Ty(), "kcsan.ran_out");
}

// The call CI becomes: head (near test, or the batch's countdown ran out)
// -> slow (CI) or cont.  RanOut is null in the broken variant's later
// accesses (KSAN_OPT_BREAK=batch: only the batch's first access calls when
// its countdown runs out; the watched access is then always the first).
void inlineOne(CallInst *CI, Value *RanOut, const Globals &G, const Countdown &CD,
	       MDNode *Unlikely)
{
	LLVMContext &C = CI->getContext();
	Function *F = CI->getFunction();
	const DataLayout &DL = F->getParent()->getDataLayout();
	Type *IntPtr = DL.getIntPtrType(C);
	Type *I8 = Type::getInt8Ty(C), *I64 = Type::getInt64Ty(C);
	BasicBlock *Head = CI->getParent();
	BasicBlock *Cont = Head->splitBasicBlock(CI->getIterator(), "kcsan.cont");
	BasicBlock *Slow = BasicBlock::Create(C, "kcsan.slow", F, Cont);

	CI->removeFromParent();
	Slow->getInstList().push_back(CI);
	BranchInst::Create(Cont, Slow);

	Head->getTerminator()->eraseFromParent();
	IRBuilder<> B(Head);
	B.SetCurrentDebugLocation(CI->getDebugLoc());
	Value *Addr = B.CreatePtrToInt(CI->getArgOperand(0), IntPtr);
	Value *Slot = B.CreateAnd(B.CreateLShr(Addr, NearShift), NearLines - 1);
	Value *NearP = B.CreateInBoundsGEP(G.Near->getValueType(), G.Near,
					   {ConstantInt::get(IntPtr, 0), Slot});
	/* volatile: read at every access, never hoisted or merged (a
	 * watchpoint set up meanwhile by another thread must be seen) */
	Value *Near = B.CreateLoad(I8, NearP, true);
	if (RanOut)
		Near = B.CreateOr(Near, RanOut);
	B.CreateCondBr(B.CreateICmpNE(Near, ConstantInt::get(I8, 0)), Slow, Cont, Unlikely);

	/* A watchpoint near an access the batch has counted: the runtime
	 * counts it again (unless it consumes the watchpoint), so give it
	 * back first.  The runtime then sees skip >= 1 (s - K + 1) and
	 * watches nothing here, as the per-access countdown would not
	 * have (it had s - i + 1 >= 1 left); the total stays exact. */
	if (RanOut) {
		B.SetInsertPoint(CI);
		Value *Back = B.CreateZExt(B.CreateXor(RanOut, ConstantInt::get(I8, 1)), I64);
		CD.set(B, B.CreateAdd(CD.get(B), Back));
	}
	CD.reloadAfter(CI);
}

// The count in a register: not where the function may return twice
// (setjmp: a register's value after the second return is not the one
// the count had) nor with calls that end a block (invoke, asm goto: no
// place after them to read it again);
// KSAN_OPT_SKIP=local leaves it out (to measure the batches alone).
bool localWanted(Function &F)
{
	if (skipWanted("local") || F.callsFunctionThatReturnsTwice())
		return false;
	for (BasicBlock &BB : F)
		if (isa<CallBase>(BB.getTerminator()))
			return false;
	return true;
}

// Is I, a call, the function's last act (followed by its return, perhaps
// through a cast, or by a branch to a block that only returns)?  Nothing
// reads the count after it, and a load there would keep it from being a
// tail call (and break a musttail one).
bool lastAct(const Instruction &I)
{
	const Instruction *N = I.getNextNode();

	if (N && isa<BitCastInst>(N))
		N = N->getNextNode();
	if (auto *Br = dyn_cast_or_null<BranchInst>(N))
		if (Br->isUnconditional())
			N = Br->getSuccessor(0)->getFirstNonPHI();
	return N && isa<ReturnInst>(N);
}

// The calls of F but the plain accesses' own: after them a count kept in
// a register is read again.
void collectCalls(Function &F, SmallVectorImpl<Instruction *> &Calls)
{
	for (BasicBlock &BB : F)
		for (Instruction &I : BB) {
			auto *CI = dyn_cast<CallInst>(&I);
			Function *Callee = CI ? CI->getCalledFunction() : nullptr;
			if (endsBatch(I) && !(Callee && isPlainEntry(Callee->getName())) &&
			    !lastAct(I))
				Calls.push_back(&I);
		}
}

} // namespace

bool kcsanInlineWanted(const Module &M)
{
	return M.getPIELevel() != PIELevel::Default || M.getPICLevel() == PICLevel::NotPIC;
}

unsigned kcsanInline(Function &F, FunctionAnalysisManager &FAM, unsigned &Blocks)
{
	Module &M = *F.getParent();
	LLVMContext &C = M.getContext();
	Globals G;
	SmallVector<Batch, 32> Batches;
	unsigned Accesses = 0;

	ThreadSanitizerPass().run(F, FAM);
	F.removeFnAttr(Attribute::SanitizeThread);
	G.Near = hiddenGlobal(M, "kcsan_near", ArrayType::get(Type::getInt8Ty(C), NearLines), false);
	G.Skip = hiddenGlobal(M, "kcsan_tls", Type::getInt64Ty(C), true);
	if (!G.Near || !G.Skip)
		return 0;	/* the program names them itself: keep the calls */
	collectBatches(F, Batches);
	if (Batches.empty())
		return 0;
	Countdown CD{G.Skip};
	if (localWanted(F)) {
		SmallVector<Instruction *, 32> Calls;
		collectCalls(F, Calls);
		BasicBlock &Entry = F.getEntryBlock();
		IRBuilder<> B(&Entry, Entry.getFirstInsertionPt());
		CD.Local = B.CreateAlloca(B.getInt64Ty(), nullptr, "kcsan.skip");
		B.CreateStore(B.CreateLoad(B.getInt64Ty(), G.Skip, true), CD.Local);
		for (Instruction *I : Calls)
			CD.reloadAfter(I);
	}
	MDNode *Unlikely = MDBuilder(C).createBranchWeights(1, 4000);
	bool Broken = breakWanted("batch");
	for (Batch &Bt : Batches) {
		Value *RanOut = batchHead(Bt.front(), Bt.size(), CD);
		for (CallInst *CI : Bt) {
			inlineOne(CI, RanOut, G, CD, Unlikely);
			if (Broken)
				RanOut = nullptr;
		}
		Accesses += Bt.size();
	}
	Blocks += Batches.size();
	if (CD.Local) {
		DominatorTree DT(F);
		PromoteMemToReg({CD.Local}, DT);
	}
	return Accesses;
}

} // namespace ksanopt

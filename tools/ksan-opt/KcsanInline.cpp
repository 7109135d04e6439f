// This file contains KCSAN's inline fast path for clang 14 (ksan-cc
// --ksan=kcsan): every plain access's __tsan_readN / writeN /
// read_writeN call (and their unaligned twins) becomes the runtime's fast
// path in line, and the call is made only when it must be:
//
//   if (kcsan_near[(addr >> 6) % 4096] != 0) call  (a watchpoint nearby)
//   else if (kcsan_tls.skip > 0)             kcsan_tls.skip--
//   else                                     call  (the countdown ran out)
//
// which is what the runtime's entry points do first (src/kcsan/abi.c's
// CHECK, kcsan.h's kcsan_near); the call then decides again, with its
// return address in this function at the access's line, so every report
// stays the same.  Volatile and atomic accesses keep their calls (marked
// or not by alignment, decided in the runtime).
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
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Instrumentation/ThreadSanitizer.h"

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

// The call CI becomes: head (near test) -> fast (countdown) -> dec, or slow (CI).
void inlineOne(CallInst *CI, const Globals &G, MDNode *Unlikely)
{
	LLVMContext &C = CI->getContext();
	Function *F = CI->getFunction();
	const DataLayout &DL = F->getParent()->getDataLayout();
	Type *IntPtr = DL.getIntPtrType(C);
	Type *I8 = Type::getInt8Ty(C), *I64 = Type::getInt64Ty(C);
	BasicBlock *Head = CI->getParent();
	BasicBlock *Cont = Head->splitBasicBlock(CI->getIterator(), "kcsan.cont");
	BasicBlock *Fast = BasicBlock::Create(C, "kcsan.fast", F, Cont);
	BasicBlock *Dec = BasicBlock::Create(C, "kcsan.dec", F, Cont);
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
	/* volatile: read on every access, never hoisted (a watchpoint set up
	 * while a loop runs must be seen by it) */
	Value *N = B.CreateLoad(I8, NearP, true);
	B.CreateCondBr(B.CreateICmpNE(N, ConstantInt::get(I8, 0)), Slow, Fast, Unlikely);

	B.SetInsertPoint(Fast);
	Value *S = B.CreateLoad(I64, G.Skip, true);
	/* branch weights: the countdown runs out once in kcsan_skip_watch */
	B.CreateCondBr(B.CreateICmpSGT(S, ConstantInt::get(I64, 0)), Dec, Slow,
		       MDBuilder(C).createBranchWeights(4000, 1));

	B.SetInsertPoint(Dec);
	B.CreateStore(B.CreateSub(S, ConstantInt::get(I64, 1)), G.Skip, true);
	B.CreateBr(Cont);
}

} // namespace

bool kcsanInlineWanted(const Module &M)
{
	return M.getPIELevel() != PIELevel::Default || M.getPICLevel() == PICLevel::NotPIC;
}

unsigned kcsanInline(Function &F, FunctionAnalysisManager &FAM)
{
	Module &M = *F.getParent();
	LLVMContext &C = M.getContext();
	Globals G;
	SmallVector<CallInst *, 64> Calls;

	ThreadSanitizerPass().run(F, FAM);
	F.removeFnAttr(Attribute::SanitizeThread);
	G.Near = hiddenGlobal(M, "kcsan_near", ArrayType::get(Type::getInt8Ty(C), NearLines), false);
	G.Skip = hiddenGlobal(M, "kcsan_tls", Type::getInt64Ty(C), true);
	if (!G.Near || !G.Skip)
		return 0;	/* the program names them itself: keep the calls */
	for (BasicBlock &BB : F)
		for (Instruction &I : BB)
			if (auto *CI = dyn_cast<CallInst>(&I))
				if (Function *Callee = CI->getCalledFunction())
					if (isPlainEntry(Callee->getName()))
						Calls.push_back(CI);
	MDNode *Unlikely = MDBuilder(C).createBranchWeights(1, 4000);
	for (CallInst *CI : Calls)
		inlineOne(CI, G, Unlikely);
	return Calls.size();
}

} // namespace ksanopt

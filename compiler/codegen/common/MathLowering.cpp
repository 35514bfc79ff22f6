// Math builtins per target (MathLowering.h). The regular part of the lowering is the columns of
// Builtins.def; the code here computes the predicates, the integer versions of abs, min and max,
// mulhi, clz, the float32 approximations (__sinf ...), the bit reinterpretations (__float_as_uint
// ...), and rsqrt and lgamma on the host, and checks at compile time that every builtin has a way
// to be lowered.
#include "compiler/codegen/common/MathLowering.h"

#include "compiler/diag/InternalError.h"

#include <cassert>
#include <cstddef>
#include <iterator>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/Module.h>
#include <string>
#include <string_view>

namespace gpucc {
namespace {

using kir::Builtin;
using kir::BuiltinCategory;

/// The intrinsic columns of Builtins.def name an llvm::Intrinsic, or `none`.
namespace intrinsic_column {
using namespace llvm::Intrinsic;
constexpr llvm::Intrinsic::ID none = llvm::Intrinsic::not_intrinsic;
} // namespace intrinsic_column

/// How a builtin is lowered: its line of Builtins.def, whose header says what each column means.
struct Lowering {
    int arity;
    BuiltinCategory category;
    llvm::Intrinsic::ID intrinsic;      ///< both targets, exactly; or not_intrinsic
    std::string_view libdevice;         ///< float64 name; float32 adds 'f'
    llvm::Intrinsic::ID host_intrinsic; ///< host target, instead of libm; or not_intrinsic
    std::string_view libm;              ///< float64 name; float32 adds 'f'
};

/// Indexed by kir::Builtin: both come from the lines of Builtins.def, in order.
constexpr Lowering kLowerings[] = {
#define BUILTIN(Name, Spelling, Arity, Category, Intrinsic, Libdevice, HostIntrinsic, Libm)        \
    {.arity = Arity,                                                                               \
     .category = BuiltinCategory::Category,                                                        \
     .intrinsic = intrinsic_column::Intrinsic,                                                     \
     .libdevice = Libdevice,                                                                       \
     .host_intrinsic = intrinsic_column::HostIntrinsic,                                            \
     .libm = Libm},
#include "compiler/kir/Builtins.def"
};

const Lowering& lowering_of(Builtin builtin) {
    return kLowerings[static_cast<std::size_t>(builtin)];
}

// The builtins lowered by code in this file rather than by a column of Builtins.def. A line of
// Builtins.def that needs such code and has none, or a list here that names a builtin of another
// kind, stops the build at the static_asserts below.

/// Computed by emit_predicate.
constexpr Builtin kPredicates[] = {Builtin::IsNan, Builtin::IsInf, Builtin::IsFinite,
                                   Builtin::SignBit};
/// Integer operands computed by emit_integer_builtin.
constexpr Builtin kIntegerVersions[] = {Builtin::Abs, Builtin::Min, Builtin::Max};
/// Expanded on the host by emit_math_builtin: rsqrt as 1/sqrt(x) (libm has no rsqrt); lgamma as
/// lgamma_r with a sign slot of the caller's own, because libm's lgamma writes the global
/// `signgam`, a data race when the thread pool runs host kernels on several threads.
constexpr Builtin kHostExpansions[] = {Builtin::Rsqrt, Builtin::Lgamma};
/// Integer only, computed by emit_integer_builtin.
constexpr Builtin kIntegerOnly[] = {Builtin::Mulhi, Builtin::Clz};
/// Computed by emit_approximation.
constexpr Builtin kApproximations[] = {Builtin::FastSin, Builtin::FastCos, Builtin::FastLog,
                                       Builtin::FastExp};
/// Computed by emit_reinterpret.
constexpr Builtin kReinterpretations[] = {Builtin::FloatAsUint,      Builtin::FloatAsInt,
                                          Builtin::UintAsFloat,      Builtin::IntAsFloat,
                                          Builtin::DoubleAsLonglong, Builtin::DoubleAsUlonglong,
                                          Builtin::LonglongAsDouble, Builtin::UlonglongAsDouble};

template <std::size_t N>
constexpr bool contains(const Builtin (&list)[N], Builtin builtin) {
    for (Builtin entry : list) {
        if (entry == builtin) {
            return true;
        }
    }
    return false;
}

/// Whether `check` holds for every line of Builtins.def.
template <typename Check>
constexpr bool every_builtin(Check check) {
    for (std::size_t i = 0; i < std::size(kLowerings); ++i) {
        if (!check(static_cast<Builtin>(i), kLowerings[i])) {
            return false;
        }
    }
    return true;
}

static_assert(every_builtin([](Builtin builtin, const Lowering& lowering) {
                  return (lowering.category == BuiltinCategory::Predicate) ==
                         contains(kPredicates, builtin);
              }),
              "the Predicate builtins of Builtins.def must be those emit_predicate computes");
static_assert(every_builtin([](Builtin builtin, const Lowering& lowering) {
                  return (lowering.category == BuiltinCategory::IntegerOrFloat) ==
                         contains(kIntegerVersions, builtin);
              }),
              "the IntegerOrFloat builtins of Builtins.def must be those emit_integer_builtin "
              "computes");
static_assert(every_builtin([](Builtin builtin, const Lowering& lowering) {
                  return (lowering.category == BuiltinCategory::Integer) ==
                         contains(kIntegerOnly, builtin);
              }),
              "the Integer builtins of Builtins.def must be those emit_integer_builtin computes");
static_assert(every_builtin([](Builtin builtin, const Lowering& lowering) {
                  return (lowering.category == BuiltinCategory::Approximate) ==
                         contains(kApproximations, builtin);
              }),
              "the Approximate builtins of Builtins.def must be those emit_approximation computes");
static_assert(every_builtin([](Builtin builtin, const Lowering& lowering) {
                  return (lowering.category == BuiltinCategory::Reinterpret) ==
                         contains(kReinterpretations, builtin);
              }),
              "the Reinterpret builtins of Builtins.def must be those emit_reinterpret computes");
/// Whether a line's lowering is code of this file alone (its last four columns are empty).
constexpr bool computed_here(const Lowering& lowering) {
    return lowering.category == BuiltinCategory::Integer ||
           lowering.category == BuiltinCategory::Approximate ||
           lowering.category == BuiltinCategory::Reinterpret;
}
static_assert(every_builtin([](Builtin, const Lowering& lowering) {
                  return !computed_here(lowering) ||
                         (lowering.intrinsic == llvm::Intrinsic::not_intrinsic &&
                          lowering.libdevice.empty() &&
                          lowering.host_intrinsic == llvm::Intrinsic::not_intrinsic &&
                          lowering.libm.empty());
              }),
              "an Integer, Approximate or Reinterpret line of Builtins.def leaves its last four "
              "columns empty");
static_assert(every_builtin([](Builtin, const Lowering& lowering) {
                  return lowering.category == BuiltinCategory::Predicate ||
                         computed_here(lowering) ||
                         lowering.intrinsic != llvm::Intrinsic::not_intrinsic ||
                         !lowering.libdevice.empty();
              }),
              "a floating builtin of Builtins.def needs an Intrinsic or a Libdevice name");
static_assert(every_builtin([](Builtin builtin, const Lowering& lowering) {
                  bool host_column = lowering.host_intrinsic != llvm::Intrinsic::not_intrinsic ||
                                     !lowering.libm.empty();
                  return lowering.category == BuiltinCategory::Predicate ||
                         computed_here(lowering) ||
                         lowering.intrinsic != llvm::Intrinsic::not_intrinsic ||
                         host_column != contains(kHostExpansions, builtin);
              }),
              "a floating builtin of Builtins.def without an Intrinsic needs a HostIntrinsic or a "
              "Libm name, or else an expansion in emit_math_builtin (kHostExpansions)");
static_assert(every_builtin([](Builtin, const Lowering& lowering) {
                  bool no_intrinsic = lowering.intrinsic == llvm::Intrinsic::not_intrinsic;
                  bool no_host_intrinsic =
                      lowering.host_intrinsic == llvm::Intrinsic::not_intrinsic;
                  if (computed_here(lowering)) {
                      return true; // checked above
                  }
                  if (lowering.category == BuiltinCategory::Predicate || !no_intrinsic) {
                      return no_intrinsic == (lowering.category == BuiltinCategory::Predicate) &&
                             lowering.libdevice.empty() && no_host_intrinsic &&
                             lowering.libm.empty();
                  }
                  return no_host_intrinsic || lowering.libm.empty();
              }),
              "a line of Builtins.def fills a column its builtin's lowering does not use");
static_assert(every_builtin([](Builtin, const Lowering& lowering) {
                  return lowering.host_intrinsic == llvm::Intrinsic::not_intrinsic ||
                         lowering.arity <= 2;
              }),
              "emit_math_builtin calls a HostIntrinsic with one or two operands only");

llvm::Value* call_named(llvm::IRBuilder<>& builder, const std::string& name, llvm::Type* type,
                        llvm::ArrayRef<llvm::Value*> args) {
    llvm::Module* module = builder.GetInsertBlock()->getModule();
    llvm::SmallVector<llvm::Type*, 3> arg_types(args.size(), type);
    llvm::FunctionCallee callee =
        module->getOrInsertFunction(name, llvm::FunctionType::get(type, arg_types, false));
    if (auto* function = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
        function->setDoesNotThrow();
        function->setWillReturn();
        function->setMemoryEffects(llvm::MemoryEffects::none());
    }
    llvm::CallInst* call = builder.CreateCall(callee, args);
    call->setDoesNotThrow();
    return call;
}

llvm::Value* emit_predicate(llvm::IRBuilder<>& builder, Builtin builtin, llvm::Value* x) {
    llvm::Type* type = x->getType();
    switch (builtin) {
    case Builtin::IsNan:
        return builder.CreateFCmpUNO(x, x);
    case Builtin::IsInf: {
        llvm::Value* magnitude = builder.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
        return builder.CreateFCmpOEQ(magnitude, llvm::ConstantFP::getInfinity(type));
    }
    case Builtin::IsFinite: {
        llvm::Value* magnitude = builder.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
        return builder.CreateFCmpOLT(magnitude, llvm::ConstantFP::getInfinity(type));
    }
    case Builtin::SignBit: {
        llvm::Type* int_type = builder.getIntNTy(type->getPrimitiveSizeInBits());
        return builder.CreateICmpSLT(builder.CreateBitCast(x, int_type),
                                     llvm::ConstantInt::get(int_type, 0));
    }
    default:
        break;
    }
    GPUCC_UNREACHABLE("not a predicate");
}

/// The high half of the double-width product of two 32- or 64-bit integers. The NVPTX target
/// calls llvm.nvvm.mulhi.* (mul.hi.u32 and friends): written as a widening multiply and a shift,
/// the optimizer folds the surrounding 32-bit arithmetic into 64-bit operations (Philox's rounds
/// became mul.lo.s64 and xor.b64). The host widens, multiplies and shifts, which x86 selects well.
llvm::Value* emit_mulhi(llvm::IRBuilder<>& builder, CodegenTarget target, bool is_signed_type,
                        llvm::Value* a, llvm::Value* b) {
    unsigned bits = a->getType()->getIntegerBitWidth();
    GPUCC_CHECK(bits == 32 || bits == 64, "Sema promotes mulhi's operands to 32 or 64 bits");
    if (target == CodegenTarget::Nvptx) {
        llvm::Intrinsic::ID id = bits == 32 ? (is_signed_type ? llvm::Intrinsic::nvvm_mulhi_i
                                                              : llvm::Intrinsic::nvvm_mulhi_ui)
                                            : (is_signed_type ? llvm::Intrinsic::nvvm_mulhi_ll
                                                              : llvm::Intrinsic::nvvm_mulhi_ull);
        return builder.CreateIntrinsic(id, {}, {a, b});
    }
    llvm::Type* wide = builder.getIntNTy(2 * bits);
    llvm::Value* wide_a =
        is_signed_type ? builder.CreateSExt(a, wide) : builder.CreateZExt(a, wide);
    llvm::Value* wide_b =
        is_signed_type ? builder.CreateSExt(b, wide) : builder.CreateZExt(b, wide);
    llvm::Value* product = builder.CreateMul(wide_a, wide_b);
    return builder.CreateTrunc(builder.CreateLShr(product, bits), a->getType());
}

llvm::Value* emit_integer_builtin(llvm::IRBuilder<>& builder, CodegenTarget target, Builtin builtin,
                                  ScalarType type, llvm::ArrayRef<llvm::Value*> args) {
    bool is_signed_type = is_signed(type);
    switch (builtin) {
    case Builtin::Abs:
        if (!is_signed_type) {
            return args[0];
        }
        return builder.CreateBinaryIntrinsic(llvm::Intrinsic::abs, args[0], builder.getFalse());
    case Builtin::Min:
        return builder.CreateBinaryIntrinsic(
            is_signed_type ? llvm::Intrinsic::smin : llvm::Intrinsic::umin, args[0], args[1]);
    case Builtin::Max:
        return builder.CreateBinaryIntrinsic(
            is_signed_type ? llvm::Intrinsic::smax : llvm::Intrinsic::umax, args[0], args[1]);
    case Builtin::Mulhi:
        return emit_mulhi(builder, target, is_signed_type, args[0], args[1]);
    case Builtin::Clz:
        // llvm.ctlz, defined at 0 (the width): clz.b32/.b64 on the GPU, lzcnt or bsr on the host.
        return builder.CreateBinaryIntrinsic(llvm::Intrinsic::ctlz, args[0], builder.getFalse());
    default:
        break;
    }
    GPUCC_UNREACHABLE("Sema passes integers only to abs, min, max, mulhi and clz");
}

/// CUDA's __sinf, __cosf, __logf and __expf: on the GPU the PTX approximations (sin.approx.f32,
/// cos.approx.f32; lg2.approx.f32 times ln 2 and ex2.approx.f32 of x log2(e), as CUDA's math
/// header computes them, subnormals kept); on the host the accurate float32 functions, which the
/// host vectorizer maps to libmvec.
llvm::Value* emit_approximation(llvm::IRBuilder<>& builder, CodegenTarget target, Builtin builtin,
                                llvm::Value* x) {
    llvm::Type* type = x->getType();
    if (target != CodegenTarget::Nvptx) {
        llvm::Intrinsic::ID id = builtin == Builtin::FastSin   ? llvm::Intrinsic::sin
                                 : builtin == Builtin::FastCos ? llvm::Intrinsic::cos
                                 : builtin == Builtin::FastLog ? llvm::Intrinsic::log
                                                               : llvm::Intrinsic::exp;
        return builder.CreateUnaryIntrinsic(id, x);
    }
    constexpr double kLn2 = 0.693147180559945309417;
    constexpr double kLog2e = 1.44269504088896340736;
    switch (builtin) {
    case Builtin::FastSin:
        return builder.CreateIntrinsic(llvm::Intrinsic::nvvm_sin_approx_f, {}, {x});
    case Builtin::FastCos:
        return builder.CreateIntrinsic(llvm::Intrinsic::nvvm_cos_approx_f, {}, {x});
    case Builtin::FastLog: {
        llvm::Value* log2 = builder.CreateIntrinsic(llvm::Intrinsic::nvvm_lg2_approx_f, {}, {x});
        return builder.CreateFMul(log2, llvm::ConstantFP::get(type, kLn2));
    }
    case Builtin::FastExp: {
        llvm::Value* scaled = builder.CreateFMul(x, llvm::ConstantFP::get(type, kLog2e));
        return builder.CreateIntrinsic(llvm::Intrinsic::nvvm_ex2_approx, {type}, {scaled});
    }
    default:
        break;
    }
    GPUCC_UNREACHABLE("not an approximation");
}

/// The operand's bits as the other kind of the same width (float <-> i32, double <-> i64): an LLVM
/// bitcast on both targets (mov.b32 / mov.b64 or nothing on the GPU, a register move on the host).
llvm::Value* emit_reinterpret(llvm::IRBuilder<>& builder, llvm::Value* x) {
    llvm::Type* type = x->getType();
    unsigned bits = type->getPrimitiveSizeInBits();
    GPUCC_CHECK(bits == 32 || bits == 64,
                "Sema converts a reinterpretation's operand to 32 or 64 bits");
    llvm::Type* result = type->isFloatingPointTy()
                             ? static_cast<llvm::Type*>(builder.getIntNTy(bits))
                             : (bits == 32 ? builder.getFloatTy() : builder.getDoubleTy());
    return builder.CreateBitCast(x, result);
}

/// lgamma(x) on the host as POSIX's reentrant lgamma_r(x, &sign), the sign slot an alloca in the
/// entry block of the function being emitted (so loops do not grow the stack).
llvm::Value* emit_host_lgamma(llvm::IRBuilder<>& builder, llvm::Value* x, bool is_double) {
    llvm::Function* function = builder.GetInsertBlock()->getParent();
    llvm::BasicBlock& entry = function->getEntryBlock();
    llvm::IRBuilder<> entry_builder(&entry, entry.getFirstInsertionPt());
    llvm::AllocaInst* sign =
        entry_builder.CreateAlloca(builder.getInt32Ty(), nullptr, "lgamma.sign");
    llvm::Type* type = x->getType();
    llvm::Module* module = function->getParent();
    llvm::FunctionCallee callee = module->getOrInsertFunction(
        is_double ? "lgamma_r" : "lgammaf_r",
        llvm::FunctionType::get(type, {type, builder.getPtrTy()}, false));
    if (auto* callee_function = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
        callee_function->setDoesNotThrow();
        callee_function->setWillReturn();
        callee_function->setMemoryEffects(llvm::MemoryEffects::argMemOnly());
    }
    llvm::CallInst* call = builder.CreateCall(callee, {x, sign});
    call->setDoesNotThrow();
    return call;
}

} // namespace

llvm::Value* emit_math_builtin(llvm::IRBuilder<>& builder, CodegenTarget target, Builtin builtin,
                               ScalarType operand_type, llvm::ArrayRef<llvm::Value*> args) {
    if (lowering_of(builtin).category == BuiltinCategory::Reinterpret) {
        return emit_reinterpret(builder, args[0]);
    }
    if (!is_floating(operand_type)) {
        return emit_integer_builtin(builder, target, builtin, operand_type, args);
    }
    const Lowering& lowering = lowering_of(builtin);
    if (lowering.category == BuiltinCategory::Predicate) {
        return emit_predicate(builder, builtin, args[0]);
    }
    if (lowering.category == BuiltinCategory::Approximate) {
        return emit_approximation(builder, target, builtin, args[0]);
    }
    llvm::Type* type = args[0]->getType();
    if (llvm::Intrinsic::ID id = lowering.intrinsic; id != llvm::Intrinsic::not_intrinsic) {
        if (args.size() == 1) {
            return builder.CreateUnaryIntrinsic(id, args[0]);
        }
        if (args.size() == 2) {
            return builder.CreateBinaryIntrinsic(id, args[0], args[1]);
        }
        return builder.CreateIntrinsic(id, {type}, args);
    }
    bool is_double = operand_type == ScalarType::Float64;
    if (target == CodegenTarget::Nvptx) {
        std::string name = std::string(lowering.libdevice) + (is_double ? "" : "f");
        return call_named(builder, name, type, args);
    }
    if (llvm::Intrinsic::ID id = lowering.host_intrinsic; id != llvm::Intrinsic::not_intrinsic) {
        if (args.size() == 1) {
            return builder.CreateUnaryIntrinsic(id, args[0]);
        }
        return builder.CreateBinaryIntrinsic(id, args[0], args[1]);
    }
    if (builtin == Builtin::Rsqrt) { // kHostExpansions
        llvm::Value* root = builder.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, args[0]);
        return builder.CreateFDiv(llvm::ConstantFP::get(type, 1.0), root);
    }
    if (builtin == Builtin::Lgamma) { // kHostExpansions
        return emit_host_lgamma(builder, args[0], is_double);
    }
    return call_named(builder, std::string(lowering.libm) + (is_double ? "" : "f"), type, args);
}

} // namespace gpucc

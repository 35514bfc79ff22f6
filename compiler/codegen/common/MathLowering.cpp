// Math builtins per target (MathLowering.h).
#include "compiler/codegen/common/MathLowering.h"

#include "compiler/diag/InternalError.h"

#include <cassert>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>
#include <string>

namespace gpucc {
namespace {

using kir::Builtin;

/// The LLVM intrinsic for a floating builtin both targets lower exactly, or not_intrinsic.
llvm::Intrinsic::ID exact_intrinsic(Builtin builtin) {
    switch (builtin) {
    case Builtin::Sqrt:
        return llvm::Intrinsic::sqrt;
    case Builtin::Fabs:
    case Builtin::Abs:
        return llvm::Intrinsic::fabs;
    case Builtin::Floor:
        return llvm::Intrinsic::floor;
    case Builtin::Ceil:
        return llvm::Intrinsic::ceil;
    case Builtin::Trunc:
        return llvm::Intrinsic::trunc;
    case Builtin::Rint:
        return llvm::Intrinsic::rint;
    case Builtin::Fma:
        return llvm::Intrinsic::fma;
    case Builtin::Copysign:
        return llvm::Intrinsic::copysign;
    // C's fmin/fmax (and CUDA's float min/max) return the other operand when one is NaN.
    case Builtin::Fmin:
    case Builtin::Min:
        return llvm::Intrinsic::minnum;
    case Builtin::Fmax:
    case Builtin::Max:
        return llvm::Intrinsic::maxnum;
    default:
        return llvm::Intrinsic::not_intrinsic;
    }
}

/// Intrinsics the host vectorizer maps to libmvec and the NVPTX back end would expand poorly.
llvm::Intrinsic::ID host_intrinsic(Builtin builtin) {
    switch (builtin) {
    case Builtin::Exp:
        return llvm::Intrinsic::exp;
    case Builtin::Exp2:
        return llvm::Intrinsic::exp2;
    case Builtin::Log:
        return llvm::Intrinsic::log;
    case Builtin::Log2:
        return llvm::Intrinsic::log2;
    case Builtin::Log10:
        return llvm::Intrinsic::log10;
    case Builtin::Sin:
        return llvm::Intrinsic::sin;
    case Builtin::Cos:
        return llvm::Intrinsic::cos;
    case Builtin::Tan:
        return llvm::Intrinsic::tan;
    case Builtin::Pow:
        return llvm::Intrinsic::pow;
    case Builtin::Round:
        return llvm::Intrinsic::round;
    default:
        return llvm::Intrinsic::not_intrinsic;
    }
}

/// The C name of a floating builtin ("atan2"), the stem of both libm's and libdevice's names.
std::string c_math_name(Builtin builtin) {
    return std::string(kir::builtin_name(builtin));
}

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

llvm::Value* emit_integer_builtin(llvm::IRBuilder<>& builder, Builtin builtin, ScalarType type,
                                  llvm::ArrayRef<llvm::Value*> args) {
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
    default:
        break;
    }
    GPUCC_UNREACHABLE("Sema passes integers only to abs, min and max");
}

} // namespace

llvm::Value* emit_math_builtin(llvm::IRBuilder<>& builder, CodegenTarget target, Builtin builtin,
                               ScalarType operand_type, llvm::ArrayRef<llvm::Value*> args) {
    if (!is_floating(operand_type)) {
        return emit_integer_builtin(builder, builtin, operand_type, args);
    }
    switch (builtin) {
    case Builtin::IsNan:
    case Builtin::IsInf:
    case Builtin::IsFinite:
    case Builtin::SignBit:
        return emit_predicate(builder, builtin, args[0]);
    default:
        break;
    }
    llvm::Type* type = args[0]->getType();
    if (llvm::Intrinsic::ID id = exact_intrinsic(builtin); id != llvm::Intrinsic::not_intrinsic) {
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
        std::string name = "__nv_" + c_math_name(builtin) + (is_double ? "" : "f");
        return call_named(builder, name, type, args);
    }
    if (llvm::Intrinsic::ID id = host_intrinsic(builtin); id != llvm::Intrinsic::not_intrinsic) {
        if (args.size() == 1) {
            return builder.CreateUnaryIntrinsic(id, args[0]);
        }
        return builder.CreateBinaryIntrinsic(id, args[0], args[1]);
    }
    if (builtin == Builtin::Rsqrt) {
        llvm::Value* root = builder.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, args[0]);
        return builder.CreateFDiv(llvm::ConstantFP::get(type, 1.0), root);
    }
    return call_named(builder, c_math_name(builtin) + (is_double ? "" : "f"), type, args);
}

} // namespace gpucc

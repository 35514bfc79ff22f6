// Reads the signatures of raw CUDA kernels and the types of device variables from Clang's AST
// (ClangBridge.h). Kernels and variables live at namespace scope, so the walk goes through
// namespaces and `extern "C" {}` blocks only. A type is kept as the C++ spelling the generated
// header uses (compiler/kir/RawCuda.h): the builtin arithmetic types as such, `__half` and
// `__nv_bfloat16` as gpucc's float16 and bfloat16 (the same 16 bits), pointers to those or to
// void. Anything else (structs, references, pointers to pointers) has no launcher, and saying so
// is better than passing bytes the kernel would misread.
#include "compiler/rawcuda/ClangBridge.h"
#include "compiler/rawcuda/RawSource.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Mangle.h>
#include <clang/Basic/SourceManager.h>

namespace gpucc::rawcuda {
namespace {

struct Scalar {
    const char* cpp;
    std::optional<ScalarType> dtype;
};

std::optional<Scalar> builtin_scalar(const clang::BuiltinType& type) {
    using K = clang::BuiltinType::Kind;
    switch (type.getKind()) {
    case K::Bool:
        return Scalar{"bool", ScalarType::Bool};
    case K::Char_S:
    case K::Char_U:
        return Scalar{"char", std::nullopt};
    case K::SChar:
        return Scalar{"signed char", ScalarType::Int8};
    case K::UChar:
        return Scalar{"unsigned char", ScalarType::UInt8};
    case K::Short:
        return Scalar{"short", ScalarType::Int16};
    case K::UShort:
        return Scalar{"unsigned short", ScalarType::UInt16};
    case K::Int:
        return Scalar{"int", ScalarType::Int32};
    case K::UInt:
        return Scalar{"unsigned int", ScalarType::UInt32};
    case K::Long:
        return Scalar{"long", ScalarType::Int64};
    case K::ULong:
        return Scalar{"unsigned long", ScalarType::UInt64};
    case K::LongLong:
        return Scalar{"long long", ScalarType::Int64};
    case K::ULongLong:
        return Scalar{"unsigned long long", ScalarType::UInt64};
    case K::Float:
        return Scalar{"float", ScalarType::Float32};
    case K::Double:
        return Scalar{"double", ScalarType::Float64};
    default:
        return std::nullopt;
    }
}

/// `__half` and `__nv_bfloat16` of cuda_fp16.h / cuda_bf16.h (classes at global scope).
std::optional<Scalar> cuda_half_scalar(clang::QualType type) {
    const auto* record = type->getAsCXXRecordDecl();
    if (record == nullptr || !record->getDeclContext()->isTranslationUnit()) {
        return std::nullopt;
    }
    if (record->getName() == "__half") {
        return Scalar{"gpucc::float16", ScalarType::Float16};
    }
    if (record->getName() == "__nv_bfloat16") {
        return Scalar{"gpucc::bfloat16", ScalarType::BFloat16};
    }
    return std::nullopt;
}

std::optional<Scalar> scalar_of(clang::QualType type) {
    type = type.getCanonicalType();
    if (const auto* builtin = type->getAs<clang::BuiltinType>()) {
        return builtin_scalar(*builtin);
    }
    return cuda_half_scalar(type);
}

/// The launcher's type for a parameter (or variable) of `type`; nullopt when it has none.
std::optional<kir::RawType> classify(clang::QualType type) {
    kir::RawType result;
    type = type.getCanonicalType().getUnqualifiedType();
    if (const auto* pointer = type->getAs<clang::PointerType>()) {
        clang::QualType pointee = pointer->getPointeeType();
        result.is_pointer = true;
        result.pointee_const = pointee.isConstQualified();
        result.pointee_volatile = pointee.isVolatileQualified();
        if (pointee->isVoidType()) {
            result.scalar = "void";
            return result;
        }
        type = pointee.getUnqualifiedType();
    }
    std::optional<Scalar> scalar = scalar_of(type);
    if (!scalar) {
        return std::nullopt;
    }
    result.scalar = scalar->cpp;
    result.dtype = scalar->dtype;
    return result;
}

std::vector<std::string> namespaces_of(const clang::Decl& decl) {
    std::vector<std::string> names;
    for (const clang::DeclContext* context = decl.getDeclContext(); context != nullptr;
         context = context->getParent()) {
        if (const auto* space = llvm::dyn_cast<clang::NamespaceDecl>(context)) {
            names.insert(names.begin(), space->getName().str());
        }
    }
    return names;
}

class Extractor {
public:
    Extractor(clang::ASTContext& context, const LocateFn& locate, DiagnosticEngine& diags,
              kir::RawCudaUnit& unit)
        : context_(context), names_(context), locate_(locate), diags_(diags), unit_(unit) {}

    void walk(const clang::DeclContext& scope) {
        for (clang::Decl* decl : scope.decls()) {
            check_ascii_names(*decl);
            if (const auto* space = llvm::dyn_cast<clang::NamespaceDecl>(decl)) {
                walk(*space);
            } else if (const auto* block = llvm::dyn_cast<clang::LinkageSpecDecl>(decl)) {
                walk(*block);
            } else if (const auto* function = llvm::dyn_cast<clang::FunctionDecl>(decl)) {
                visit_function(*function);
            } else if (const auto* variable = llvm::dyn_cast<clang::VarDecl>(decl)) {
                visit_variable(*variable);
            }
        }
    }

    void instantiations(std::size_t count) {
        std::vector<const clang::VarDecl*> variables(count, nullptr);
        for (clang::Decl* decl : context_.getTranslationUnitDecl()->decls()) {
            const auto* variable = llvm::dyn_cast<clang::VarDecl>(decl);
            if (variable == nullptr) {
                continue;
            }
            for (std::size_t i = 0; i < count; ++i) {
                if (variable->getName() == instantiation_variable(i)) {
                    variables[i] = variable;
                }
            }
        }
        for (const clang::VarDecl* variable : variables) {
            if (variable != nullptr && variable->getInit() != nullptr) {
                visit_instantiation(*variable);
            }
        }
    }

private:
    /// NVPTX cannot print a symbol with a byte outside ASCII (LLVM stops with a fatal error), and
    /// every name at namespace or class scope can end up in one (mangled names spell namespaces,
    /// classes and template arguments): such a name is an error at its declaration.
    void check_ascii_names(const clang::Decl& decl) {
        const auto* named = llvm::dyn_cast<clang::NamedDecl>(&decl);
        if (named == nullptr || !in_user_code(decl)) {
            return;
        }
        if (named->getDeclName().isIdentifier()) {
            llvm::StringRef name = named->getName();
            if (llvm::any_of(name, [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
                diags_.report(locate_(named->getLocation()), DiagKind::RawNameNotAscii, name.str());
            }
        }
        // Members of classes (their own functions, nested classes) and the class or function a
        // template declares; namespaces and extern "C" blocks are walked by walk().
        const clang::DeclContext* inner = nullptr;
        if (const auto* record = llvm::dyn_cast<clang::CXXRecordDecl>(&decl)) {
            inner = record;
        } else if (const auto* class_template = llvm::dyn_cast<clang::ClassTemplateDecl>(&decl)) {
            inner = class_template->getTemplatedDecl();
        }
        if (inner != nullptr) {
            for (const clang::Decl* member : inner->decls()) {
                check_ascii_names(*member);
            }
        }
    }

    bool in_user_code(const clang::Decl& decl) const {
        clang::SourceLocation loc = decl.getLocation();
        return loc.isValid() && !context_.getSourceManager().isInSystemHeader(loc);
    }

    void visit_function(const clang::FunctionDecl& function) {
        if (!function.hasAttr<clang::CUDAGlobalAttr>() ||
            !function.doesThisDeclarationHaveABody() ||
            function.getDescribedFunctionTemplate() != nullptr ||
            function.getPrimaryTemplate() != nullptr || function.isDependentContext() ||
            !in_user_code(function)) {
            return;
        }
        SourceLocation loc = locate_(function.getLocation());
        kir::RawKernel kernel;
        if (fill_kernel(function, loc, kernel)) {
            unit_.kernels.push_back(std::move(kernel));
        }
    }

    bool fill_kernel(const clang::FunctionDecl& function, SourceLocation loc,
                     kir::RawKernel& kernel) {
        kernel.name = function.getName().str();
        kernel.namespaces = namespaces_of(function);
        kernel.loc = loc;
        if (!function.isExternallyVisible()) {
            diags_.report(loc, DiagKind::RawKernelInternal, kernel.name);
            return false;
        }
        kernel.symbol = names_.getName(&function);
        bool ok = true;
        if (function.isVariadic()) {
            diags_.report(loc, DiagKind::RawParamUnsupported, "'...'", kernel.name, "...");
            ok = false;
        }
        for (unsigned i = 0; i < function.getNumParams(); ++i) {
            const clang::ParmVarDecl& param = *function.getParamDecl(i);
            kir::RawParam raw;
            raw.name = param.getName().str();
            raw.spelled = param.getType().getAsString(context_.getPrintingPolicy());
            std::optional<kir::RawType> type = classify(param.getType());
            if (!type) {
                std::string which = raw.name.empty() ? std::to_string(i + 1) : "'" + raw.name + "'";
                SourceLocation param_loc = locate_(param.getLocation());
                diags_.report(param_loc.is_valid() ? param_loc : loc, DiagKind::RawParamUnsupported,
                              which, kernel.name, raw.spelled);
                ok = false;
                continue;
            }
            raw.type = *type;
            kernel.params.push_back(std::move(raw));
        }
        return ok;
    }

    void visit_instantiation(const clang::VarDecl& variable) {
        SourceLocation loc = locate_(variable.getInit()->getBeginLoc());
        const clang::Expr* init = variable.getInit()->IgnoreParenCasts();
        const clang::FunctionDecl* function = nullptr;
        if (const auto* address = llvm::dyn_cast<clang::UnaryOperator>(init)) {
            if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(
                    address->getSubExpr()->IgnoreParenImpCasts())) {
                function = llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl());
            }
        }
        std::string spelled;
        if (function != nullptr) {
            llvm::raw_string_ostream out(spelled);
            function->getNameForDiagnostic(out, context_.getPrintingPolicy(), true);
        }
        if (function == nullptr || !function->hasAttr<clang::CUDAGlobalAttr>() ||
            function->getPrimaryTemplate() == nullptr) {
            diags_.report(loc, DiagKind::RawInstantiationNotKernel,
                          spelled.empty() ? std::string("this") : spelled);
            return;
        }
        kir::RawKernel kernel;
        if (!fill_kernel(*function, loc, kernel) ||
            !fill_template(*function, spelled, loc, kernel)) {
            return;
        }
        unit_.kernels.push_back(std::move(kernel));
    }

    bool fill_template(const clang::FunctionDecl& function, const std::string& spelled,
                       SourceLocation loc, kir::RawKernel& kernel) {
        const clang::TemplateParameterList& params =
            *function.getPrimaryTemplate()->getTemplateParameters();
        std::vector<std::string> declared;
        for (unsigned i = 0; i < params.size(); ++i) {
            const clang::NamedDecl* param = params.getParam(i);
            std::string name = param->getName().str();
            if (name.empty()) {
                name = "P" + std::to_string(i);
            }
            if (param->isParameterPack()) {
                return unsupported(loc, spelled, "template parameter packs are not supported");
            }
            if (llvm::isa<clang::TemplateTypeParmDecl>(param)) {
                declared.push_back("class " + name);
            } else if (const auto* value = llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(param)) {
                std::optional<kir::RawType> type = classify(value->getType());
                if (!type || type->is_pointer || !value->getType()->isIntegralOrEnumerationType() ||
                    value->getType()->isEnumeralType()) {
                    return unsupported(loc, spelled,
                                       "its non-type template parameter '" + name +
                                           "' is not of an integer type");
                }
                declared.push_back(type->scalar + " " + name);
            } else {
                return unsupported(loc, spelled, "template template parameters are not supported");
            }
        }
        std::vector<std::string> arguments;
        for (const clang::TemplateArgument& argument :
             function.getTemplateSpecializationArgs()->asArray()) {
            if (argument.getKind() == clang::TemplateArgument::Type) {
                std::optional<kir::RawType> type = classify(argument.getAsType());
                if (!type) {
                    return unsupported(
                        loc, spelled,
                        "the template argument '" +
                            argument.getAsType().getAsString(context_.getPrintingPolicy()) +
                            "' is not a type the generated header can name");
                }
                arguments.push_back(type->cpp());
            } else if (argument.getKind() == clang::TemplateArgument::Integral) {
                const llvm::APSInt& value = argument.getAsIntegral();
                if (argument.getIntegralType()->isBooleanType()) {
                    arguments.push_back(value.getBoolValue() ? "true" : "false");
                } else {
                    arguments.push_back(llvm::toString(value, 10) +
                                        (value.isUnsigned() ? "u" : ""));
                }
            } else {
                return unsupported(loc, spelled,
                                   "a template argument is neither a type nor an "
                                   "integer");
            }
        }
        for (std::size_t i = 0; i < declared.size(); ++i) {
            kernel.template_params += (i ? ", " : "") + declared[i];
        }
        for (std::size_t i = 0; i < arguments.size(); ++i) {
            kernel.template_args += (i ? ", " : "") + arguments[i];
        }
        return true;
    }

    bool unsupported(SourceLocation loc, const std::string& spelled, const std::string& why) {
        diags_.report(loc, DiagKind::RawTemplateUnsupported, spelled, why);
        return false;
    }

    void visit_variable(const clang::VarDecl& variable) {
        bool device = variable.hasAttr<clang::CUDADeviceAttr>();
        bool constant = variable.hasAttr<clang::CUDAConstantAttr>();
        if ((!device && !constant) || !variable.hasGlobalStorage() ||
            variable.isStaticDataMember() || variable.isTemplated() ||
            variable.hasExternalStorage() || !variable.isExternallyVisible() ||
            !in_user_code(variable)) {
            return;
        }
        kir::RawGlobal global;
        global.name = variable.getName().str();
        global.namespaces = namespaces_of(variable);
        global.symbol = names_.getName(&variable);
        global.spelled = variable.getType().getAsString(context_.getPrintingPolicy());
        global.is_constant = constant;
        global.loc = locate_(variable.getLocation());
        clang::QualType type = variable.getType();
        while (const clang::ConstantArrayType* array = context_.getAsConstantArrayType(type)) {
            global.is_array = true;
            global.count *= array->getZExtSize();
            type = array->getElementType();
        }
        global.element = classify(type);
        unit_.globals.push_back(std::move(global));
    }

    clang::ASTContext& context_;
    clang::ASTNameGenerator names_;
    const LocateFn& locate_;
    DiagnosticEngine& diags_;
    kir::RawCudaUnit& unit_;
};

} // namespace

void extract_signatures(clang::ASTContext& context, std::size_t instantiation_count,
                        const LocateFn& locate, DiagnosticEngine& diags, kir::RawCudaUnit& unit) {
    Extractor extractor(context, locate, diags, unit);
    extractor.walk(*context.getTranslationUnitDecl());
    extractor.instantiations(instantiation_count);
}

} // namespace gpucc::rawcuda

// The class that lowers one instance of a fused function (FuseLowering.h's two entry points),
// shared by the files that implement it, one part each: the drivers and bindings
// (FuseLowering.cpp), values, conversions and promotion (FuseLowerValues.cpp), expressions and
// operators (FuseLowerExpr.cpp), NumPy's arithmetic formulas (FuseLowerArithmetic.cpp), calls
// (FuseLowerCalls.cpp) and the reduction (FuseLowerReduction.cpp). Private to sema/.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/basic/ScalarType.h"
#include "compiler/diag/Diagnostics.h"
#include "compiler/kir/KernelIR.h"
#include "compiler/sema/FuseNames.h"
#include "compiler/sema/FusePromotion.h"
#include "compiler/sema/FuseReduction.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpucc::sema::fuse {

/// A lowered value: syntax that computes it (already of `type` when checked by C's rules, up to
/// the final cast the user of the value adds), its NumPy type and whether it is weak.
struct Value {
    Value(ast::ExprPtr expr, ScalarType type, WeakKind weak = WeakKind::None,
          std::optional<std::int64_t> constant = std::nullopt)
        : expr(std::move(expr)), type(type), weak(weak), constant(constant) {}

    ast::ExprPtr expr;
    ScalarType type;
    WeakKind weak = WeakKind::None;
    /// A weak integer's value when it is a literal or a negated one (checked against the range
    /// of the type it is converted to, as NumPy 2 does).
    std::optional<std::int64_t> constant;
};

class FuseLowering {
public:
    FuseLowering(const ast::FuseDef& def, const std::vector<kir::Param>& params,
                 const std::set<std::string>& module_kernels, DiagnosticEngine* diags,
                 const ast::Module* module = nullptr);

    /// Appends to `body` the statements computing every result into the outputs named
    /// `outputs`; `result_types` gets each result's type. False after an error (reported).
    bool lower(ast::BlockStmt& body, const std::vector<std::string>& outputs,
               std::vector<ScalarType>& result_types);

    /// Lowers a definition with a reduction into `lowered`'s pieces, the results assigned to the
    /// outputs named `outputs`. False after an error (reported).
    /// `bindings_by_use`: a binding no reduction's operand reads is a post-operation (else one
    /// after the first reduction is, as in the persistent kernel's passes).
    bool lower_reduced(FuseReductionLowering& lowered, const std::vector<std::string>& outputs,
                       bool bindings_by_use);

private:
    template <class... Args>
    void report(SourceSpan span, DiagKind kind, const Args&... args) {
        failed_ = true;
        if (diags_ != nullptr) {
            diags_->report(span, kind, args...);
        }
    }

    struct Bound {
        ScalarType type;
        WeakKind weak;
        bool after_reduction = false; ///< computed from the reduced value (a post-operation)
        /// A binding before the reduction computed from literals only: its expression, lowered
        /// again into post where post reads it (`declared_in_post` then).
        const ast::Expr* constant = nullptr;
        bool declared_in_post = false;
    };

    // The drivers (FuseLowering.cpp).
    /// Whether `binding` may be defined: not a parameter's name nor an earlier binding's
    /// (reported).
    bool check_binding_name(const ast::FuseBinding& binding);

    // Values (FuseLowerValues.cpp).
    /// `type name = value;` in the body.
    void declare(const std::string& name, Value value, SourceLocation loc);
    /// A value used more than once (maximum's operands): kept in a local unless it is a name or a
    /// literal already.
    Value hoist(Value value, SourceLocation loc);
    /// A second reference to a hoisted value.
    static Value copy(const Value& value);
    /// The value converted to `type` (a cast unless it already is a non-weak value of it).
    ast::ExprPtr as_type(Value value, ScalarType type, SourceLocation loc);
    /// The type and weakness two operands promote to.
    static std::pair<ScalarType, WeakKind> promote(const Value& a, const Value& b);
    static std::pair<ScalarType, WeakKind> promote(const std::vector<Value>& values);
    void report_unsupported(SourceLocation loc, std::uint32_t length, const std::string& what);
    /// A literal of the source, copied, as a value of the given kind.
    static Value literal_value(Value kind, const ast::Expr& literal);
    /// A fresh local name (not a parameter's or a binding's).
    std::string fresh_name();
    /// `base`, or `base` and a number, not yet taken.
    std::string fresh_name(const std::string& base);
    /// A hoisted value of `type` computed by `expr`.
    Value local(ast::ExprPtr expr, ScalarType type, SourceLocation loc);
    /// An integer literal of the body (int32 unless wider), converted to `type`.
    static ast::ExprPtr integer(std::int64_t value, ScalarType type, SourceLocation loc);
    static ast::ExprPtr binary(ast::BinaryOp op, const Value& a, const Value& b,
                               SourceLocation loc);

    // Expressions and operators (FuseLowerExpr.cpp).
    std::optional<Value> lower_expr(const ast::Expr& expr);
    std::optional<Value> lower_name(const ast::NameExpr& name);
    std::optional<Value> lower_unary(const ast::UnaryExpr& unary);
    std::optional<Value> negate(Value operand, SourceLocation loc, std::string_view what);
    Value logical_not(Value operand, SourceLocation loc);
    std::optional<Value> invert(Value operand, SourceLocation loc, std::string_view what);
    std::optional<Value> lower_binary(const ast::BinaryExpr& binary);
    std::optional<Value> binary_op(ast::BinaryOp op, Value lhs, Value rhs, SourceLocation loc,
                                   std::string_view what);
    std::optional<Value> lower_where(const ast::Expr& condition, const ast::Expr& if_true,
                                     const ast::Expr& if_false, SourceLocation loc);
    std::optional<Value> lower_astype(const ast::CallExpr& call);

    // NumPy's arithmetic (FuseLowerArithmetic.cpp).
    /// NumPy's remainder (`%`, `mod`), floor_divide, power and shifts (`<<`, `>>`), as the standard
    /// library's kernels compute them (runtime/src/stdlib/kernels/arithmetic.dsl and bitwise.dsl):
    /// Python's rounding and sign rules, 0 for an integer divided by zero, shift counts outside [0,
    /// 64) giving 0 (or -1 for a negative value shifted right), integer powers by repeated squaring
    /// with a negative exponent giving the integer part of the real result. The operands promote
    /// together; two bools compute as int8 (NumPy's loop); float16 and bfloat16 compute in float32.
    std::optional<Value> numpy_arithmetic(NumpyArithmetic operation, Value lhs, Value rhs,
                                          SourceLocation loc, std::string_view what);
    std::optional<Value> floating_arithmetic(NumpyArithmetic operation, const Value& a,
                                             const Value& b, ScalarType type, SourceLocation loc);
    std::optional<Value> integer_arithmetic(NumpyArithmetic operation, const Value& a,
                                            const Value& b, ScalarType type, SourceLocation loc);
    /// `result = 1; base = a; exponent = b; while (exponent > 0) { if (exponent & 1) result *=
    /// base; base *= base; exponent >>= 1; }`, then the negative exponent's value.
    Value integer_power(const Value& a, const Value& b, ScalarType type, SourceLocation loc);

    // Calls (FuseLowerCalls.cpp).
    bool check_arity(const ast::CallExpr& call, const std::string& name, std::size_t arity);
    std::optional<std::vector<Value>> lower_args(const ast::CallExpr& call);
    std::optional<Value> lower_call(const ast::CallExpr& call);
    /// A floating-only ufunc: its operands promoted together, then computed in the floating type
    /// NumPy's loop would use.
    Value floating_call(const std::string& builtin, std::vector<Value> args, SourceLocation loc);
    std::optional<Value> unary_function(const std::string& name, Value x, SourceLocation loc);
    /// maximum/minimum propagate NaN and return the first operand on ties (the standard
    /// library's formulas); fmax/fmin ignore NaN.
    std::optional<Value> binary_function(const std::string& name, std::vector<Value> args,
                                         SourceLocation loc);
    /// `(a >= b || a != a) ? a : b` (maximum; `<=` for minimum) over hoisted operands.
    static Value pick(bool is_max, Value a, Value b, ScalarType type, WeakKind weak,
                      SourceLocation loc);
    /// minimum(maximum(x, low), high), NaN in any argument propagating (NumPy's clip).
    Value clip(std::vector<Value> args, SourceLocation loc);

    // A call of the module's elementwise kernel, inlined (FuseLowerKernelCall.cpp).
    std::optional<Value> lower_kernel_call(const ast::CallExpr& call, const std::string& name);

    // The reduction (FuseLowerReduction.cpp).
    /// Whether `expr` reads only literals, `inf`, `nan` and constant bindings.
    bool is_constant_expr(const ast::Expr& expr) const;
    /// Declares the constant binding `name` in post (the first time post reads it).
    bool declare_constant_in_post(const std::string& name, Bound& bound);
    /// Whether `expr` calls a reduction or reads a binding computed from one.
    bool binding_calls_reduction(const ast::Expr& expr) const;
    static bool expr_calls_reduction(const ast::Expr& expr);
    static bool mentions(const ast::Expr& expr, const std::string& name);
    /// The reduction: its operand lowered into the map statements and value, the reduction's
    /// pieces into `reduction_`; its value, read by the post-operations, is `a` (mean: `a`
    /// divided by the count) in the result's type.
    std::optional<Value> lower_reduction(const ast::CallExpr& call, const std::string& name,
                                         SourceSpan span);
    /// argmin/argmax (FuseLowerArgReduction.cpp): two components, the extreme and its position
    /// `_J`, combined together; the value read after it is the position (int64).
    std::optional<Value> lower_arg_reduction(const std::string& function, Value operand,
                                             int component, SourceLocation loc);
    /// var/std (FuseLowerVariance.cpp): three components, the count, the mean and M2, merged by
    /// Chan's formulas; the value read after it is M2 / max(count - ddof, 0) (std: its root).
    std::optional<Value> lower_variance(const std::string& function, Value operand, int component,
                                        std::int64_t ddof, SourceLocation loc);

    const ast::FuseDef& def_;
    const std::vector<kir::Param>& params_;
    const std::set<std::string>& module_kernels_;
    const ast::Module* module_; ///< the kernels a body may call (null: none, calls are reported)
    DiagnosticEngine* diags_;   ///< null: errors are only noted (implicit_types tries types)
    std::vector<ast::StmtPtr>* statements_ = nullptr;
    std::map<std::string, Bound> bindings_;
    std::set<std::string> taken_;
    int next_temporary_ = 0;
    bool failed_ = false; ///< an error was reported (some are found while converting a value)
    // A definition with a reduction (lower_reduced): where its pieces go, and where the lowering
    // stands (after_reduction_: values now read are post-operations on the reduced value).
    FuseReductionLowering* reduction_ = nullptr;
    std::vector<ast::StmtPtr>* prelude_ = nullptr;
    std::vector<ast::StmtPtr>* post_ = nullptr;
    bool after_reduction_ = false;
    bool reduced_ = false;
    bool bindings_by_use_ = true; ///< lower_reduced's: false for the persistent kernel's passes
    int current_result_ = -1;     ///< the result being lowered (-1: a binding)
};

} // namespace gpucc::sema::fuse

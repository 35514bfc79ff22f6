// The reduction of a fused function (`fuse f(x, y) = sum(x * y, axis = -1);`, language.md section
// 5): what the lowering of one instance produces (FuseReductionLowering: the NumPy chain before the
// reduction as map statements and a map value, the reduction's identity and combine, the
// post-operations writing the result), NumPy 2's result dtypes of each reduction, and the reading
// of its `axis` and `keepdims` arguments. CheckFuseReduction.cpp turns the lowering into a
// reduction kernel, so that the reduction kind's code generators, launch planner and header do
// the rest. Internal to sema/.
#pragma once

#include "compiler/ast/Ast.h"
#include "compiler/basic/ScalarType.h"
#include "compiler/sema/FusePostArrays.h"

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpucc {
class DiagnosticEngine;
}

namespace gpucc::sema {

/// A further reduction of the same pass (several independent reductions over the same axes):
/// component k of a tuple reduce type (kir::ReductionComponent).
struct FuseReductionPart {
    std::string function;
    SourceLocation loc;
    ScalarType reduce_type = ScalarType::Float32;
    ast::ExprPtr map; ///< after the shared prelude
    ast::ExprPtr identity;
    ast::ExprPtr combine;
};

/// One instance of a fused function with a reduction, lowered into the reduction kind's pieces.
struct FuseReductionLowering {
    std::string function; ///< "sum", "prod", "min", "max", "mean", "all" or "any"
    SourceLocation loc;   ///< the reduction's call
    ScalarType reduce_type = ScalarType::Float32; ///< the type of the partial results
    ScalarType result_type = ScalarType::Float32; ///< the fused function's (first) result
    std::vector<ScalarType> result_types;         ///< every result's, in order
    /// The statements of the chain before the reduction (temporaries, bindings), then `map`.
    std::unique_ptr<ast::BlockStmt> prelude;
    ast::ExprPtr map;
    ast::ExprPtr identity; ///< null: none (min and max of nothing is an error, as in NumPy)
    ast::ExprPtr combine;  ///< of `a` and `b`
    /// The post-operations on the reduced value `a`, ending with the outputs' assignments.
    std::unique_ptr<ast::BlockStmt> post;
    std::optional<std::vector<int>> axes; ///< nullopt: every axis
    bool keepdims = false;
    /// Every read of an array parameter, in order (which become post arrays: FusePostArrays.h).
    std::vector<FuseArrayRead> array_reads;
    /// The second, third, ... reduction of one pass (the fields above are the first's).
    std::vector<FuseReductionPart> more;
};

/// Reductions one pass computes at most (a tuple of that many 8-byte components).
inline constexpr int kMaxFusedReductions = 8;

/// Whether a fused function's expressions call a reduction.
bool fuse_has_reduction(const ast::FuseDef& def);

/// Whether no reduction's operand calls a reduction or reads a binding computed from one: the
/// reductions are then independent and reduce in one pass (a tuple reduce type) when they reduce
/// the same axes; otherwise several go to the persistent kernel (FusePersistent.h).
bool fuse_reductions_independent(const ast::FuseDef& def);

/// The bindings a reduction's operand reads, directly or through other bindings (the rest are
/// computed after the reductions, where post-operations read them).
std::set<std::string> fuse_bindings_feeding_reductions(const ast::FuseDef& def);

/// The reductions a fused function can fuse ("amin" and "amax" are "min" and "max").
bool is_fusable_reduction(const std::string& name);
std::string canonical_reduction(const std::string& name);

/// NumPy 2's dtypes of `function` over `operand`: the type the partial results are computed in
/// and the result's (sum and prod: int64 for bool and signed integers, uint64 for unsigned;
/// mean: float64 for bool and integers; float16 and bfloat16 summed in float32 and rounded once;
/// min and max keep the type; all and any give bool).
struct ReductionTypes {
    ScalarType reduce_type;
    ScalarType result_type;
};
ReductionTypes reduction_types(const std::string& function, ScalarType operand);

/// The identity (null for min and max) and the combine of `a` and `b` of `function` (NaN
/// propagating for min and max, as NumPy's).
ast::ExprPtr reduction_identity(const std::string& function, SourceLocation loc);
ast::ExprPtr reduction_combine(const std::string& function, SourceLocation loc);

/// `a / (_in_ind.size() / _out_ind.size())` in `reduce_type`: the mean of the reduced sum.
ast::ExprPtr mean_of_sum(ScalarType reduce_type, SourceLocation loc, int component = 0);

/// The arguments of a reduction's call, read: the operand, the axes and keepdims.
struct ReductionArguments {
    const ast::Expr* operand = nullptr;
    std::optional<std::vector<int>> axes;
    bool keepdims = false;
    std::int64_t ddof = 0; ///< var and std only
};

/// Reads `call`'s arguments (the operand, then `axis` and `keepdims`, by position or by keyword);
/// nullopt after an error reported to `diags` (when not null; `failed` is set either way).
std::optional<ReductionArguments> read_reduction_arguments(const ast::CallExpr& call,
                                                           const std::string& name,
                                                           DiagnosticEngine* diags, bool& failed);

} // namespace gpucc::sema

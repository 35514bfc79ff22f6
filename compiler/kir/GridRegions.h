// What the host version of a jit-style kernel needs to know about barriers before it is emitted.
// On the CPU the threads of a block run as loops, and a barrier (syncthreads, syncwarp) or a
// warp shuffle splits those loops: every thread finishes the code before it before any thread
// starts the code after it (GridBarrierRegions.cpp). These walks over the kernel IR find the
// statements that contain such a split point, the locals whose values cross one (kept per
// thread), and what the CPU version cannot run, which Sema records so the launcher can say so.
#pragma once

#include "compiler/kir/KernelIR.h"

#include <functional>
#include <string>
#include <vector>

namespace gpucc::grid_detail {

/// Calls `visit` on `expr` and every expression inside it, parents first, in evaluation order.
void for_each_expr(const kir::Expr& expr, const std::function<void(const kir::Expr&)>& visit);

/// Calls `visit_stmt` on `stmt` and every statement inside it, and `visit_expr` on every
/// expression they hold (including nested ones).
void for_each_in_stmt(const kir::Stmt& stmt,
                      const std::function<void(const kir::Stmt&)>& visit_stmt,
                      const std::function<void(const kir::Expr&)>& visit_expr);

/// Whether `stmt` holds a barrier (syncthreads, syncwarp) or a warp shuffle anywhere.
bool splits_threads(const kir::Stmt& stmt);

/// Whether `expr` holds a warp shuffle.
bool has_shuffle(const kir::Expr& expr);

/// The shuffles of `expr` that are not inside another shuffle, in evaluation order.
std::vector<const kir::ShuffleExpr*> outer_shuffles(const kir::Expr& expr);

/// Whether the thread loops must remember which threads have finished: the body has `return;`
/// or a `continue` outside its loops.
bool has_thread_exit(const kir::Stmt& body);

/// Per Variable id of `instance`, the initializer of a local that is a pure function of the
/// thread's coordinates and the launch (declared once with an initializer of constants, scalar
/// parameters, grid values, array properties and other such locals, never assigned): the host's
/// thread loops recompute it rather than keep it per thread. Null for other locals.
std::vector<const kir::Expr*> thread_invariant_inits(const kir::GridKernelInstance& instance);

/// The variable of a `for` loop whose iterations are the same for every thread of the block
/// (`for (int32 k = a; k < b; k += c)` whose init, condition and step read only constants,
/// scalar parameters, block and grid values, array properties and the variable, which its body
/// neither assigns nor leaves by `break`, `continue` or `return`); null for any other statement.
/// Between two barriers threads do not communicate, so the host may run such a loop around its
/// thread loops (each thread still runs its iterations in order), which puts the threads, the
/// vectorisable dimension, innermost.
const kir::Variable* uniform_loop_variable(const kir::Stmt& stmt);

/// Empty when the host version can run `body`; otherwise what it cannot run, for the launcher's
/// "kernel K uses X, which the CPU target does not run" (a shuffle whose value decides whether a
/// barrier runs, or a shuffle inside another shuffle's operands).
std::string host_obstacle(const kir::Stmt& body);

/// A barrier that not every thread of the block may reach: `barrier` sits inside a branch or loop
/// whose `condition` depends on the thread (a thread coordinate, a lane id, a shuffle's or an
/// atomic's result, an element read at such an index, or a local assigned from one of these or
/// under such a condition). On the GPU such a barrier is undefined behaviour (CUDA allows
/// `__syncthreads` in uniform control flow only); Sema reports it. Conditions of other values
/// (scalar parameters, block and grid values, shared or array elements at uniform indices) count
/// as uniform. Not found: a barrier after a thread-dependent `return;`, `break` or `continue`.
struct DivergentBarrier {
    const kir::SyncStmt* barrier;
    const kir::Expr* condition; ///< the innermost thread-dependent condition around it
};

/// The barriers of `instance` inside thread-dependent control flow, in source order.
std::vector<DivergentBarrier> divergent_barriers(const kir::GridKernelInstance& instance);

} // namespace gpucc::grid_detail

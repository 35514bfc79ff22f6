// The AST dump: each node on its own line, indented by depth, with its kind, what it holds and
// its line:col. Stable text for lit tests; also the quickest way to see how the parser read a
// program.
#include "compiler/ast/AstPrinter.h"

#include <algorithm>
#include <functional>
#include <llvm/Support/raw_ostream.h>
#include <utility>
#include <vector>

namespace gpucc {
namespace {

using namespace ast;

class AstPrinter {
public:
    explicit AstPrinter(llvm::raw_ostream& out) : out_(out) {}

    void module(const Module& module) {
        out_ << "Module";
        if (module.name) {
            out_ << " " << *module.name << " ";
            location(module.name_loc);
        }
        out_ << "\n";
        // Definitions in source order: the kinds are in separate lists.
        std::vector<std::pair<SourceLocation, std::function<void()>>> definitions;
        for (const ElementwiseDef& def : module.elementwise) {
            definitions.emplace_back(def.loc, [this, &def] { elementwise(def); });
        }
        for (const ReductionDef& def : module.reductions) {
            definitions.emplace_back(def.loc, [this, &def] { reduction(def); });
        }
        for (const GridKernelDef& def : module.grid_kernels) {
            definitions.emplace_back(def.loc, [this, &def] { grid_kernel(def); });
        }
        for (const RawCudaDef& def : module.raw_cuda) {
            definitions.emplace_back(def.loc, [this, &def] { raw_cuda(def); });
        }
        for (const FuseDef& def : module.fused) {
            definitions.emplace_back(def.loc, [this, &def] { fuse(def); });
        }
        std::stable_sort(definitions.begin(), definitions.end(), [](const auto& a, const auto& b) {
            return comes_before(a.first, b.first);
        });
        for (const auto& definition : definitions) {
            definition.second();
        }
    }

private:
    void location(SourceLocation loc) { out_ << "<" << loc.line << ":" << loc.column << ">"; }
    /// " #pragma unroll 8" after a loop's location; nothing without a pragma.
    void unroll(const LoopUnroll& unroll) {
        if (unroll.kind != LoopUnroll::Kind::Default) {
            out_ << " " << pragma_spelling(unroll);
        }
    }

    /// Raw CUDA source is not parsed by gpucc: its size and where it starts are shown.
    void raw_cuda(const RawCudaDef& def) {
        indent(1);
        out_ << "RawCuda ";
        location(def.loc);
        if (def.is_file) {
            out_ << " file \"" << def.text << "\"\n";
        } else {
            std::size_t lines =
                1 + static_cast<std::size_t>(std::count(def.text.begin(), def.text.end(), '\n'));
            out_ << " inline " << lines << (lines == 1 ? " line from " : " lines from ");
            location(def.text_loc);
            out_ << "\n";
        }
        for (const RawInstantiation& instantiation : def.instantiations) {
            indent(2);
            out_ << "Instantiate " << instantiation.spelling << " ";
            location(instantiation.loc);
            out_ << "\n";
        }
    }
    void indent(int depth) { out_.indent(2 * depth); }

    void elementwise(const ElementwiseDef& def) {
        indent(1);
        out_ << "Elementwise " << def.name << " ";
        location(def.name_loc);
        out_ << "\n";
        signature(def.placeholders, def.inputs, def.outputs);
        if (def.body) {
            statement(*def.body, 2);
        }
    }

    /// An untyped parameter shows its type as `?`.
    void fuse(const FuseDef& def) {
        indent(1);
        out_ << "Fuse " << def.name << " ";
        location(def.name_loc);
        out_ << "\n";
        signature(def.placeholders, {}, {});
        for (const Param& param : def.params) {
            indent(2);
            out_ << "Param " << (param.type.spelling.empty() ? "?" : param.type.spelling) << " "
                 << param.name << " ";
            location(param.loc);
            out_ << "\n";
        }
        for (const FuseBinding& binding : def.bindings) {
            clause_head("Let " + binding.name, binding.loc);
            expression(*binding.value, 3);
        }
        for (const ExprPtr& result : def.results) {
            clause_head("Result", result->loc);
            expression(*result, 3);
        }
    }

    void grid_kernel(const GridKernelDef& def) {
        indent(1);
        out_ << "Kernel " << def.name << " ";
        location(def.name_loc);
        out_ << "\n";
        signature(def.placeholders, {}, {});
        for (const Param& param : def.params) {
            this->param("Param", param);
        }
        if (def.body) {
            statement(*def.body, 2);
        }
    }

    /// The clauses in a fixed order (identity, map, reduce, post, type), whatever the source's.
    void reduction(const ReductionDef& def) {
        indent(1);
        out_ << "Reduction " << def.name << " ";
        location(def.name_loc);
        out_ << "\n";
        signature(def.placeholders, def.inputs, def.outputs);
        if (def.identity_loc.is_valid()) {
            clause_head(def.identity_is_none ? "Identity none" : "Identity", def.identity_loc);
            if (def.identity) {
                expression(*def.identity, 3);
            }
        }
        if (def.map_loc.is_valid()) {
            clause_head("Map", def.map_loc);
            if (def.map) {
                expression(*def.map, 3);
            }
        }
        if (def.reduce_loc.is_valid()) {
            clause_head("Reduce", def.reduce_loc);
            if (def.reduce) {
                expression(*def.reduce, 3);
            }
        }
        if (def.post_loc.is_valid()) {
            clause_head("Post", def.post_loc);
            if (def.post) {
                for (const StmtPtr& stmt : def.post->statements) {
                    statement(*stmt, 3);
                }
            }
        }
        if (def.type_loc.is_valid() && def.reduce_type) {
            indent(2);
            out_ << "ReduceType " << def.reduce_type->spelling << " ";
            location(def.type_loc);
            out_ << "\n";
        }
    }

    void clause_head(std::string_view label, SourceLocation loc) {
        indent(2);
        out_ << label << " ";
        location(loc);
        out_ << "\n";
    }

    void signature(const std::vector<Placeholder>& placeholders, const std::vector<Param>& inputs,
                   const std::vector<Param>& outputs) {
        for (const Placeholder& placeholder : placeholders) {
            indent(2);
            out_ << "Placeholder " << placeholder.name;
            if (placeholder.allowed.empty()) {
                out_ << " (default types)";
            } else {
                out_ << ":";
                for (std::size_t k = 0; k < placeholder.allowed.size(); ++k) {
                    out_ << (k == 0 ? " " : " | ") << placeholder.allowed[k].spelling;
                }
            }
            out_ << " ";
            location(placeholder.loc);
            out_ << "\n";
        }
        for (const Param& param : inputs) {
            this->param("Input", param);
        }
        for (const Param& param : outputs) {
            this->param("Output", param);
        }
    }

    void param(std::string_view role, const Param& param) {
        indent(2);
        out_ << role << " " << (param.is_raw ? "raw " : "") << (param.is_scalar ? "scalar " : "")
             << param.type.spelling << (param.is_array ? array_brackets(param.rank) + " " : " ")
             << param.name << " ";
        location(param.loc);
        out_ << "\n";
    }

    void statement(const Stmt& stmt, int depth) {
        indent(depth);
        switch (stmt.kind) {
        case StmtKind::Block: {
            out_ << "Block ";
            location(stmt.loc);
            out_ << "\n";
            for (const StmtPtr& inner : static_cast<const BlockStmt&>(stmt).statements) {
                statement(*inner, depth + 1);
            }
            return;
        }
        case StmtKind::Decl: {
            const auto& decl = static_cast<const DeclStmt&>(stmt);
            out_ << "Decl " << (decl.is_const ? "const " : "") << decl.type.spelling << " ";
            location(stmt.loc);
            out_ << "\n";
            for (const Declarator& declarator : decl.declarators) {
                indent(depth + 1);
                out_ << "Var " << declarator.name << " ";
                location(declarator.loc);
                out_ << "\n";
                if (declarator.init) {
                    expression(*declarator.init, depth + 2);
                }
            }
            return;
        }
        case StmtKind::Expr:
            out_ << "ExprStmt ";
            location(stmt.loc);
            out_ << "\n";
            expression(*static_cast<const ExprStmt&>(stmt).expr, depth + 1);
            return;
        case StmtKind::If: {
            const auto& branch = static_cast<const IfStmt&>(stmt);
            out_ << "If ";
            location(stmt.loc);
            out_ << "\n";
            expression(*branch.condition, depth + 1);
            statement(*branch.then_branch, depth + 1);
            if (branch.else_branch) {
                indent(depth);
                out_ << "Else\n";
                statement(*branch.else_branch, depth + 1);
            }
            return;
        }
        case StmtKind::For: {
            const auto& loop = static_cast<const ForStmt&>(stmt);
            out_ << "For ";
            location(stmt.loc);
            unroll(loop.unroll);
            out_ << "\n";
            optional_part("Init", loop.init.get(), nullptr, depth + 1);
            optional_part("Condition", nullptr, loop.condition.get(), depth + 1);
            optional_part("Step", nullptr, loop.step.get(), depth + 1);
            statement(*loop.body, depth + 1);
            return;
        }
        case StmtKind::While: {
            const auto& loop = static_cast<const WhileStmt&>(stmt);
            out_ << "While ";
            location(stmt.loc);
            unroll(loop.unroll);
            out_ << "\n";
            expression(*loop.condition, depth + 1);
            statement(*loop.body, depth + 1);
            return;
        }
        case StmtKind::DoWhile: {
            const auto& loop = static_cast<const DoWhileStmt&>(stmt);
            out_ << "DoWhile ";
            location(stmt.loc);
            unroll(loop.unroll);
            out_ << "\n";
            statement(*loop.body, depth + 1);
            expression(*loop.condition, depth + 1);
            return;
        }
        case StmtKind::Break:
            out_ << "Break ";
            break;
        case StmtKind::Continue:
            out_ << "Continue ";
            break;
        case StmtKind::Empty:
            out_ << "Empty ";
            break;
        case StmtKind::SharedDecl: {
            const auto& decl = static_cast<const SharedDeclStmt&>(stmt);
            out_ << "Shared " << decl.type.spelling << " " << decl.name
                 << (decl.size ? " " : " (dynamic) ");
            location(stmt.loc);
            out_ << "\n";
            if (decl.size) {
                expression(*decl.size, depth + 1);
            }
            return;
        }
        case StmtKind::Return:
            out_ << "Return ";
            break;
        }
        location(stmt.loc);
        out_ << "\n";
    }

    void optional_part(std::string_view label, const Stmt* stmt, const Expr* expr, int depth) {
        indent(depth);
        out_ << label << (stmt == nullptr && expr == nullptr ? " (none)\n" : "\n");
        if (stmt != nullptr) {
            statement(*stmt, depth + 1);
        }
        if (expr != nullptr) {
            expression(*expr, depth + 1);
        }
    }

    void expression(const Expr& expr, int depth) {
        indent(depth);
        switch (expr.kind) {
        case ExprKind::IntegerLiteral:
            out_ << "IntegerLiteral " << static_cast<const IntegerLiteralExpr&>(expr).spelling
                 << " ";
            break;
        case ExprKind::FloatLiteral:
            out_ << "FloatLiteral " << static_cast<const FloatLiteralExpr&>(expr).spelling << " ";
            break;
        case ExprKind::BoolLiteral:
            out_ << "BoolLiteral "
                 << (static_cast<const BoolLiteralExpr&>(expr).value ? "true " : "false ");
            break;
        case ExprKind::Name:
            out_ << "Name " << static_cast<const NameExpr&>(expr).name << " ";
            break;
        case ExprKind::Index: {
            const auto& index = static_cast<const IndexExpr&>(expr);
            out_ << "Index ";
            location(expr.loc);
            out_ << "\n";
            expression(*index.base, depth + 1);
            for (const ExprPtr& subscript : index.indices) {
                expression(*subscript, depth + 1);
            }
            return;
        }
        case ExprKind::Call: {
            const auto& call = static_cast<const CallExpr&>(expr);
            out_ << "Call ";
            location(expr.loc);
            out_ << "\n";
            expression(*call.callee, depth + 1);
            for (const ExprPtr& arg : call.args) {
                expression(*arg, depth + 1);
            }
            return;
        }
        case ExprKind::Member: {
            const auto& member = static_cast<const MemberExpr&>(expr);
            out_ << "Member ." << member.member << " ";
            location(expr.loc);
            out_ << "\n";
            expression(*member.object, depth + 1);
            return;
        }
        case ExprKind::Unary: {
            const auto& unary = static_cast<const UnaryExpr&>(expr);
            bool postfix = unary.op == UnaryOp::PostInc || unary.op == UnaryOp::PostDec;
            out_ << (postfix ? "Postfix " : "Unary ") << spelling(unary.op) << " ";
            location(expr.loc);
            out_ << "\n";
            expression(*unary.operand, depth + 1);
            return;
        }
        case ExprKind::Binary: {
            const auto& binary = static_cast<const BinaryExpr&>(expr);
            out_ << "Binary " << spelling(binary.op) << " ";
            location(expr.loc);
            out_ << "\n";
            expression(*binary.lhs, depth + 1);
            expression(*binary.rhs, depth + 1);
            return;
        }
        case ExprKind::Assign: {
            const auto& assign = static_cast<const AssignExpr&>(expr);
            out_ << "Assign " << assign_spelling(assign.compound_op) << " ";
            location(expr.loc);
            out_ << "\n";
            expression(*assign.target, depth + 1);
            expression(*assign.value, depth + 1);
            return;
        }
        case ExprKind::Conditional: {
            const auto& conditional = static_cast<const ConditionalExpr&>(expr);
            out_ << "Conditional ";
            location(expr.loc);
            out_ << "\n";
            expression(*conditional.condition, depth + 1);
            expression(*conditional.if_true, depth + 1);
            expression(*conditional.if_false, depth + 1);
            return;
        }
        case ExprKind::Cast: {
            const auto& cast = static_cast<const CastExpr&>(expr);
            out_ << (cast.functional ? "FunctionalCast " : "Cast ") << cast.type.spelling << " ";
            location(expr.loc);
            out_ << "\n";
            expression(*cast.operand, depth + 1);
            return;
        }
        }
        location(expr.loc);
        out_ << "\n";
    }

    llvm::raw_ostream& out_;
};

} // namespace

void print_ast(const ast::Module& module, llvm::raw_ostream& out) {
    AstPrinter(out).module(module);
}

} // namespace gpucc

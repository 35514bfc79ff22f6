// Source spellings of the syntax tree's operators, for diagnostics and the AST dump.
#include "compiler/ast/Ast.h"

namespace gpucc::ast {

std::string_view spelling(UnaryOp op) {
    switch (op) {
    case UnaryOp::Plus:
        return "+";
    case UnaryOp::Minus:
        return "-";
    case UnaryOp::Not:
        return "!";
    case UnaryOp::BitNot:
        return "~";
    case UnaryOp::PreInc:
    case UnaryOp::PostInc:
        return "++";
    case UnaryOp::PreDec:
    case UnaryOp::PostDec:
        return "--";
    case UnaryOp::AddressOf:
        return "&";
    }
    return "?";
}

std::string_view spelling(BinaryOp op) {
    switch (op) {
    case BinaryOp::Mul:
        return "*";
    case BinaryOp::Div:
        return "/";
    case BinaryOp::Rem:
        return "%";
    case BinaryOp::Add:
        return "+";
    case BinaryOp::Sub:
        return "-";
    case BinaryOp::Shl:
        return "<<";
    case BinaryOp::Shr:
        return ">>";
    case BinaryOp::Lt:
        return "<";
    case BinaryOp::Gt:
        return ">";
    case BinaryOp::Le:
        return "<=";
    case BinaryOp::Ge:
        return ">=";
    case BinaryOp::Eq:
        return "==";
    case BinaryOp::Ne:
        return "!=";
    case BinaryOp::BitAnd:
        return "&";
    case BinaryOp::BitXor:
        return "^";
    case BinaryOp::BitOr:
        return "|";
    case BinaryOp::LogicalAnd:
        return "&&";
    case BinaryOp::LogicalOr:
        return "||";
    }
    return "?";
}

std::string_view assign_spelling(std::optional<BinaryOp> compound_op) {
    if (!compound_op) {
        return "=";
    }
    switch (*compound_op) {
    case BinaryOp::Mul:
        return "*=";
    case BinaryOp::Div:
        return "/=";
    case BinaryOp::Rem:
        return "%=";
    case BinaryOp::Add:
        return "+=";
    case BinaryOp::Sub:
        return "-=";
    case BinaryOp::Shl:
        return "<<=";
    case BinaryOp::Shr:
        return ">>=";
    case BinaryOp::BitAnd:
        return "&=";
    case BinaryOp::BitXor:
        return "^=";
    case BinaryOp::BitOr:
        return "|=";
    default:
        return "?=";
    }
}

std::string array_brackets(int rank) {
    std::string brackets = "[";
    for (int axis = 0; axis < rank; ++axis) {
        brackets += axis == 0 ? ":" : ", :";
    }
    return brackets + "]";
}

} // namespace gpucc::ast

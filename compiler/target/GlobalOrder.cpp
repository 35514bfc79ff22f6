// The global variables of a module ordered after their dependencies, for deterministic PTX
// (GlobalOrder.h).
#include "compiler/target/GlobalOrder.h"

#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Module.h>
#include <vector>

namespace gpucc {

namespace {

/// The globals `value` refers to, through constant expressions, in operand order, each once.
void collect_dependencies(const llvm::Value* value, llvm::SmallPtrSetImpl<const llvm::Value*>& seen,
                          std::vector<llvm::GlobalVariable*>& found) {
    if (!seen.insert(value).second) {
        return;
    }
    if (const auto* global = llvm::dyn_cast<llvm::GlobalVariable>(value)) {
        found.push_back(const_cast<llvm::GlobalVariable*>(global));
        return;
    }
    if (const auto* constant = llvm::dyn_cast<llvm::Constant>(value)) {
        for (const llvm::Use& operand : constant->operands()) {
            collect_dependencies(operand.get(), seen, found);
        }
    }
}

class Orderer {
public:
    void visit(llvm::GlobalVariable* global) {
        if (placed_.contains(global) || !visiting_.insert(global).second) {
            return; // placed already, or on a cycle
        }
        std::vector<llvm::GlobalVariable*> dependencies;
        llvm::SmallPtrSet<const llvm::Value*, 16> seen;
        for (const llvm::Use& operand : global->operands()) {
            collect_dependencies(operand.get(), seen, dependencies);
        }
        for (llvm::GlobalVariable* dependency : dependencies) {
            visit(dependency);
        }
        visiting_.erase(global);
        placed_.insert(global);
        order_.push_back(global);
    }

    const std::vector<llvm::GlobalVariable*>& order() const { return order_; }

private:
    llvm::DenseSet<const llvm::GlobalVariable*> placed_;
    llvm::DenseSet<const llvm::GlobalVariable*> visiting_;
    std::vector<llvm::GlobalVariable*> order_;
};

} // namespace

void order_globals_after_dependencies(llvm::Module& module) {
    std::vector<llvm::GlobalVariable*> original;
    for (llvm::GlobalVariable& global : module.globals()) {
        original.push_back(&global);
    }
    Orderer orderer;
    for (llvm::GlobalVariable* global : original) {
        orderer.visit(global);
    }
    if (orderer.order() == original) {
        return;
    }
    for (llvm::GlobalVariable* global : orderer.order()) {
        module.removeGlobalVariable(global);
        module.insertGlobalVariable(global);
    }
}

} // namespace gpucc

// Argument slots and per-thread element counts of generated elementwise kernels (KernelAbi.h).
#include "compiler/abi/KernelAbi.h"

#include "gpucc/abi/symbols.h"

#include <algorithm>

namespace gpucc {

SlotKind slot_kind(const kir::Param& param) {
    if (param.is_raw) {
        return SlotKind::RawArray;
    }
    return param.role == kir::ParamRole::Input ? SlotKind::ArrayOrScalarInput
                                               : SlotKind::ArrayOutput;
}

int slot_count(const kir::ElementwiseInstance& instance) {
    int slots = 1; // n
    for (const kir::Param& param : instance.params) {
        slots += slot_kind(param) == SlotKind::ArrayOrScalarInput ? 2 : 1;
    }
    return slots;
}

int elements_per_thread(const kir::ElementwiseInstance& instance) {
    int widest = 0;
    for (const kir::Param& param : instance.params) {
        if (!param.is_raw) {
            widest = std::max(widest, size_in_bytes(param.type));
        }
    }
    if (widest == 0) {
        return 1;
    }
    return std::clamp(16 / widest, 1, 4);
}

const char* host_cpu_name(HostIsa isa) {
    return isa == HostIsa::X86_64_V3 ? "x86-64-v3" : "x86-64";
}

std::string host_symbol(const std::string& module_name, const kir::ElementwiseInstance& instance,
                        HostIsa isa, EntryKind entry) {
    std::string symbol = module_name + "__" + instance.symbol + std::string(abi::kHostSuffix);
    if (entry == EntryKind::Strided) {
        symbol += abi::kHostStridedSuffix;
    }
    if (isa == HostIsa::X86_64_V3) {
        symbol += abi::kHostV3Suffix;
    }
    return symbol;
}

std::string gpu_symbol(const kir::ElementwiseInstance& instance, EntryKind entry) {
    switch (entry) {
    case EntryKind::Contiguous:
        return instance.symbol;
    case EntryKind::Strided:
        return instance.symbol + std::string(abi::kGpuStridedSuffix);
    case EntryKind::StridedVector:
        return instance.symbol + std::string(abi::kGpuStridedVectorSuffix);
    case EntryKind::StridedTiled:
        return instance.symbol + std::string(abi::kGpuStridedTiledSuffix);
    }
    return instance.symbol;
}

bool has_gpu_entry(const kir::ElementwiseInstance& instance, EntryKind entry) {
    const bool loop_apart = entry == EntryKind::StridedVector || entry == EntryKind::StridedTiled;
    return !loop_apart || elements_per_thread(instance) > 1;
}

int loop_operand_count(const kir::ElementwiseInstance& instance) {
    int count = 0;
    for (const kir::Param& param : instance.params) {
        count += param.is_raw ? 0 : 1;
    }
    return count;
}

int indexer_words(const kir::ElementwiseInstance& instance) {
    return abi::indexer_words(loop_operand_count(instance));
}

int reduction_array_inputs(const kir::ReductionInstance& instance) {
    int count = 0;
    for (const kir::Param& param : instance.params) {
        count += param.role == kir::ParamRole::Input && !param.is_scalar && !param.is_post ? 1 : 0;
    }
    return count;
}

int reduction_post_arrays(const kir::ReductionInstance& instance) {
    int count = 0;
    for (const kir::Param& param : instance.params) {
        count += param.is_post ? 1 : 0;
    }
    return count;
}

int reduction_plan_outputs(const kir::ReductionInstance& instance) {
    return reduction_outputs(instance) + reduction_post_arrays(instance);
}

int reduction_plan_inputs(const kir::ReductionInstance& instance) {
    return reduction_array_inputs(instance) + (instance.uses_position ? 1 : 0);
}

int reduction_outputs(const kir::ReductionInstance& instance) {
    int count = 0;
    for (const kir::Param& param : instance.params) {
        count += param.role == kir::ParamRole::Output ? 1 : 0;
    }
    return count;
}

int reduction_slot_count(const kir::ReductionInstance& instance) {
    return static_cast<int>(instance.params.size()) + 3; // plan, partials, semaphores
}

int reduce_plan_reduce_word(const kir::ReductionInstance& instance) {
    return abi::reduce_plan_reduce_word(reduction_plan_inputs(instance),
                                        reduction_plan_outputs(instance));
}

int reduce_plan_words(const kir::ReductionInstance& instance) {
    return abi::reduce_plan_words(reduction_plan_inputs(instance),
                                  reduction_plan_outputs(instance));
}

std::string reduction_gpu_symbol(const kir::ReductionInstance& instance, bool rows) {
    return rows ? instance.symbol + std::string(abi::kReductionRowsSuffix) : instance.symbol;
}

int reduce_vector_width(const kir::ReductionInstance& instance) {
    int widest = 0;
    for (const kir::Param& param : instance.params) {
        if (param.role == kir::ParamRole::Input && !param.is_scalar && !param.is_post) {
            widest = std::max(widest, size_in_bytes(param.type));
        }
    }
    return widest == 0 ? 1 : std::clamp(16 / widest, 1, 4);
}

int reduction_value_bytes(const kir::ReductionInstance& instance) {
    return instance.more_components.empty()
               ? size_in_bytes(instance.reduce_type)
               : 8 * (1 + static_cast<int>(instance.more_components.size()));
}

bool reduction_has_identity(const kir::ReductionInstance& instance) {
    bool every = instance.identity != nullptr;
    for (const kir::ReductionComponent& component : instance.more_components) {
        every = every && component.identity != nullptr;
    }
    return every;
}

std::string reduction_host_symbol(const std::string& module_name,
                                  const kir::ReductionInstance& instance, ReductionHostEntry entry,
                                  HostIsa isa) {
    std::string symbol = module_name + "__" + instance.symbol;
    switch (entry) {
    case ReductionHostEntry::Partial:
        symbol += abi::kHostPartialSuffix;
        if (isa == HostIsa::X86_64_V3) {
            symbol += abi::kHostV3Suffix;
        }
        break;
    case ReductionHostEntry::Combine:
        symbol += abi::kHostCombineSuffix;
        break;
    case ReductionHostEntry::Finish:
        symbol += abi::kHostFinishSuffix;
        break;
    }
    return symbol;
}

std::string image_symbol(const std::string& module_name, std::size_t group) {
    std::string symbol = std::string(abi::kImagePrefix) + module_name;
    if (group != 0) {
        symbol += std::string(abi::kImageGroupSeparator) + std::to_string(group);
    }
    return symbol;
}

std::string image_size_symbol(const std::string& module_name, std::size_t group) {
    return image_symbol(module_name, group) + std::string(abi::kImageSizeSuffix);
}

std::string image_flags_symbol(const std::string& module_name, std::size_t group) {
    return image_symbol(module_name, group) + std::string(abi::kImageFlagsSuffix);
}

} // namespace gpucc

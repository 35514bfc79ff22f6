// Collapsing a broadcast loop into the fewest dimensions and packing it for a strided kernel
// (detail/strided_indexer.h). Two adjacent dimensions merge when every operand steps through
// them as through one (stride of the outer == extent * stride of the inner); extents of 1 drop
// out. Most calls end with one or two dimensions: a broadcast row (4096x4096 + 4096) is two, a
// transposed operand keeps both of its axes.
#include "gpucc/detail/strided_indexer.h"

#include <bit>

namespace gpucc::detail {

std::int64_t fast_divisor_word(std::int64_t divisor) {
    const auto d = static_cast<std::uint64_t>(divisor);
    const int shift = d <= 1 ? 0 : std::bit_width(d - 1); // smallest s with 2^s >= d
    const std::uint64_t magic =
        ((std::uint64_t{1} << 32) * ((std::uint64_t{1} << shift) - d)) / d + 1;
    return static_cast<std::int64_t>(magic | (static_cast<std::uint64_t>(shift) << 32));
}

int build_indexer(const Shape& shape, const LoopOperand* operands, int operand_count,
                  int vector_width, std::int64_t* words) {
    // Dimensions innermost first, extents of 1 dropped.
    std::int64_t extents[kMaxNdim];
    int dims[kMaxNdim]; // the original axis of each kept dimension
    int ndim = 0;
    for (int axis = shape.ndim() - 1; axis >= 0; --axis) {
        if (shape[axis] != 1) {
            extents[ndim] = shape[axis];
            dims[ndim] = axis;
            ++ndim;
        }
    }
    std::int64_t strides[kMaxLoopOperands][kMaxNdim]; // [operand][collapsed dim]
    int collapsed = 0;
    for (int k = 0; k < ndim; ++k) {
        bool merges = collapsed > 0;
        for (int a = 0; a < operand_count && merges; ++a) {
            const std::int64_t inner = strides[a][collapsed - 1];
            merges = operands[a].is_scalar ||
                     operands[a].strides[dims[k]] == inner * extents[collapsed - 1];
        }
        if (merges) {
            extents[collapsed - 1] *= extents[k];
            continue;
        }
        extents[collapsed] = extents[k];
        for (int a = 0; a < operand_count; ++a) {
            strides[a][collapsed] = operands[a].is_scalar ? 0 : operands[a].strides[dims[k]];
        }
        ++collapsed;
    }
    if (collapsed == 0) { // one element: a 1-d loop of extent 1
        extents[0] = 1;
        for (int a = 0; a < operand_count; ++a) {
            strides[a][0] = 0;
        }
        collapsed = 1;
    }
    if (collapsed > kIndexerDims) {
        return collapsed;
    }
    std::int64_t count = 1;
    for (int k = 0; k < collapsed; ++k) {
        count *= extents[k];
    }
    std::int64_t flags = count <= 0x7fffffff ? kIndexerIndex32 : 0;
    bool vector_ok =
        (flags & kIndexerIndex32) != 0 && vector_width > 1 && extents[0] % vector_width == 0;
    for (int a = 0; a < operand_count && vector_ok; ++a) {
        if (operands[a].is_scalar) {
            continue;
        }
        const std::int64_t inner = strides[a][0];
        if (inner == 0 && !operands[a].is_output) {
            continue; // loaded once per vector and splatted
        }
        vector_ok = inner == 1 && operands[a].vector_aligned;
        for (int k = 1; k < collapsed && vector_ok; ++k) {
            vector_ok = strides[a][k] % vector_width == 0;
        }
    }
    if (vector_ok) {
        flags |= kIndexerVectorOk;
    }
    // Tiles: W rows x W columns, when an input runs down the columns.
    const int tile_rows = vector_width;
    std::int64_t access[kMaxLoopOperands] = {};
    bool tiled = !vector_ok && (flags & kIndexerIndex32) != 0 && vector_width > 1 &&
                 collapsed >= 2 && extents[0] % vector_width == 0 && extents[1] % tile_rows == 0;
    bool has_columns = false;
    for (int a = 0; a < operand_count && tiled; ++a) {
        if (operands[a].is_scalar) {
            continue;
        }
        // The offset of every tile's corner must keep vector alignment.
        auto outer_strides_divisible = [&](int from) {
            for (int k = from; k < collapsed; ++k) {
                if (strides[a][k] % vector_width != 0) {
                    return false;
                }
            }
            return true;
        };
        if (strides[a][0] == 1 && operands[a].vector_aligned && outer_strides_divisible(1)) {
            access[a] = kTileRows;
        } else if (operands[a].is_output) {
            tiled = false;
        } else if (strides[a][1] == 1 && operands[a].vector_aligned &&
                   strides[a][0] % vector_width == 0 && outer_strides_divisible(2)) {
            access[a] = kTileColumns;
            has_columns = true;
        } else if (strides[a][0] == 0) {
            access[a] = kTileBroadcast;
        } else {
            access[a] = kTileElements;
        }
    }
    if (tiled && has_columns) {
        flags |= kIndexerTiled;
    }
    words[0] = collapsed;
    words[1] = flags;
    for (int k = 0; k < kIndexerDims; ++k) {
        const bool used = k < collapsed;
        words[kIndexerShapeWord + k] = used ? extents[k] : 1;
        words[kIndexerDivisorWord + k] =
            used && extents[k] <= 0x80000000LL ? fast_divisor_word(extents[k]) : 0;
        for (int a = 0; a < operand_count; ++a) {
            words[kIndexerStrideWord + a * kIndexerDims + k] = used ? strides[a][k] : 0;
        }
    }
    for (int a = 0; a < operand_count; ++a) {
        words[kIndexerStrideWord + operand_count * kIndexerDims + a] = access[a];
    }
    return collapsed;
}

} // namespace gpucc::detail

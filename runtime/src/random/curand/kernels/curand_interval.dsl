// CuPy 14's RandomState._interval on the device (runtime/src/random/curand/integer_interval.cpp):
// after cuRAND's words fill `sample`, the values above the largest kept one are found in index
// order, replaced in order by the kept values of supplementary draws, and the sample is reduced
// to [0, span] and offset into the output dtype. Finding values in order is a compaction: each
// warp owns a chunk of 32 * rounds consecutive values and reads it 32 at a time (coalesced); it
// counts the chunk's matches (interval_count), the host turns the counts into each chunk's first
// output slot (an exclusive scan), and the warp writes its matches' indices from there, each
// lane's slot from a prefix sum over the lanes by shuffles (interval_positions). Blocks are whole
// warps, so a warp past the last chunk leaves as one.
module gpucc_random_curand_interval;

// counts[w] = how many values in warp w's chunk are kept (value <= limit) when `kept` is not 0,
// or rejected (value > limit) when it is 0.
kernel interval_count<T: uint32 | uint64>(T[] values, T limit, int32 kept, int64 rounds,
                                          int32[] counts) {
    int64 t = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    int64 warp = t / 32;
    int64 lane = t % 32;
    if (warp >= counts.size) {
        return;
    }
    int64 begin = warp * 32 * rounds;
    int32 found = 0;
    for (int64 r = 0; r < rounds; r++) {
        int64 i = begin + r * 32 + lane;
        if (i < values.size) {
            if ((values[i] <= limit) == (kept != 0)) {
                found++;
            }
        }
    }
    found += shfl_xor_sync(0xFFFFFFFFu, found, 16);
    found += shfl_xor_sync(0xFFFFFFFFu, found, 8);
    found += shfl_xor_sync(0xFFFFFFFFu, found, 4);
    found += shfl_xor_sync(0xFFFFFFFFu, found, 2);
    found += shfl_xor_sync(0xFFFFFFFFu, found, 1);
    if (lane == 0) {
        counts[warp] = found;
    }
}

// The indices of warp w's matches (as interval_count's), in order, from positions[starts[w]].
kernel interval_positions<T: uint32 | uint64>(T[] values, T limit, int32 kept, int64 rounds,
                                              int64[] starts, int64[] positions) {
    int64 t = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    int64 warp = t / 32;
    int32 lane = (int32)(t % 32);
    if (warp >= starts.size) {
        return;
    }
    int64 begin = warp * 32 * rounds;
    int64 slot = starts[warp];
    for (int64 r = 0; r < rounds; r++) {
        int64 i = begin + r * 32 + (int64)lane;
        int32 match = 0;
        if (i < values.size) {
            if ((values[i] <= limit) == (kept != 0)) {
                match = 1;
            }
        }
        // Inclusive prefix sum of the matches over the lanes.
        int32 upto = match;
        for (int32 d = 1; d < 32; d *= 2) {
            int32 below = shfl_up_sync(0xFFFFFFFFu, upto, d);
            if (lane >= d) {
                upto += below;
            }
        }
        if (match != 0) {
            positions[slot + (int64)(upto - 1)] = i;
        }
        slot += (int64)shfl_sync(0xFFFFFFFFu, upto, 31);
    }
}

// sample[rejected[first + j]] = supplement[kept[j]] for j < count: the j-th kept supplementary
// value replaces the (first + j)-th rejected one.
kernel interval_replace<T: uint32 | uint64>(T[] sample, int64[] rejected, T[] supplement,
                                            int64[] kept, int64 first, int64 count) {
    int64 j = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (j >= count) {
        return;
    }
    sample[rejected[first + j]] = supplement[kept[j]];
}

// out = low + (sample & span) when `masked` is not 0, else low + sample % (span + 1), wrapped to
// out's dtype (CuPy's astype(dtype) followed by adding low in the dtype).
kernel interval_store32<T: int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64>(
    uint32[] sample, T[] out, uint64 span, int32 masked, uint64 low) {
    int64 i = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (i >= out.size) {
        return;
    }
    uint64 value = (uint64)sample[i];
    value = masked != 0 ? value & span : value % (span + 1ull);
    out[i] = (T)(low + value);
}

// As interval_store32 for 64-bit samples; span + 1 may wrap to 0 only when `masked`.
kernel interval_store64<T: int64 | uint64>(uint64[] sample, T[] out, uint64 span, int32 masked,
                                           uint64 low) {
    int64 i = (int64)blockIdx.x * (int64)blockDim.x + (int64)threadIdx.x;
    if (i >= out.size) {
        return;
    }
    uint64 value = sample[i];
    value = masked != 0 ? value & span : value % (span + 1ull);
    out[i] = (T)(low + value);
}

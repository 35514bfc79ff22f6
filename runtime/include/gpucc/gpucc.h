// The one header of gpucc's C++ API: devices, streams, events, graphs, the profiler, memory,
// arrays, and the standard library (creation, conversion, type promotion, ufuncs, operators,
// reductions).
// Generated kernel headers include only what they need (generated_support.h); programs may
// include this instead.
#pragma once

#include "gpucc/array/array.h"
#include "gpucc/array/asarray_array.h"
#include "gpucc/array/axis.h"
#include "gpucc/array/dtype.h"
#include "gpucc/array/half.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/array/scalar.h"
#include "gpucc/array/shape.h"
#include "gpucc/device/device.h"
#include "gpucc/device/event.h"
#include "gpucc/device/graph.h"
#include "gpucc/device/peer_access.h"
#include "gpucc/device/profiler.h"
#include "gpucc/device/stream.h"
#include "gpucc/distributed.h"
#include "gpucc/errors.h"
#include "gpucc/launch/grid.h"
#include "gpucc/linalg/compute_type.h"
#include "gpucc/linalg/decompositions.h"
#include "gpucc/linalg/matmul.h"
#include "gpucc/memory/buffer.h"
#include "gpucc/random/generator.h"
#include "gpucc/random/quasi.h"
#include "gpucc/random/random_state.h"
#include "gpucc/stdlib/creation.h"
#include "gpucc/stdlib/operand.h"
#include "gpucc/stdlib/operators.h"
#include "gpucc/stdlib/promotion.h"
#include "gpucc/stdlib/reduction.h"
#include "gpucc/stdlib/ufunc.h"
#include "gpucc/stdlib/ufunc_loops.h"

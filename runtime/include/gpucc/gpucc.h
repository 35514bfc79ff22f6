// The one header of gpucc's C++ API: devices, streams, events, graphs, the profiler, memory,
// arrays, and the standard library (creation, conversion, type promotion, ufuncs, operators,
// reductions).
// Generated kernel headers include only what they need (generated_support.h); programs may
// include this instead.
#pragma once

#include "gpucc/array.h"
#include "gpucc/axis.h"
#include "gpucc/creation.h"
#include "gpucc/device.h"
#include "gpucc/dtype.h"
#include "gpucc/errors.h"
#include "gpucc/event.h"
#include "gpucc/graph.h"
#include "gpucc/half.h"
#include "gpucc/launch.h"
#include "gpucc/memory.h"
#include "gpucc/ndarray.h"
#include "gpucc/operand.h"
#include "gpucc/operators.h"
#include "gpucc/profiler.h"
#include "gpucc/promotion.h"
#include "gpucc/random.h"
#include "gpucc/reduction.h"
#include "gpucc/scalar.h"
#include "gpucc/shape.h"
#include "gpucc/stream.h"
#include "gpucc/ufunc.h"
#include "gpucc/ufunc_loops.h"

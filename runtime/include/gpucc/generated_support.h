// The one header a generated kernel header (`kernels.gpucc.h`) includes: the arrays and devices
// its wrappers take, and the pieces of the contract between gpucc's header generator and the
// runtime: ModuleImage and KernelRef (module registry, detail/module_image.h), ElementwiseLaunch
// (argument marshalling and launch of elementwise kernels, detail/elementwise_launch.h),
// ReductionKernelRef and ReductionLaunch (the same for reduction kernels, with Axis, their `axis=`
// argument: detail/reduction_launch.h, axis.h), and the scalar conversion rules
// (detail/scalar_convert.h). Users do not call the detail:: parts.
#pragma once

#include "gpucc/array.h"
#include "gpucc/axis.h"
#include "gpucc/detail/elementwise_launch.h"
#include "gpucc/detail/module_image.h"
#include "gpucc/detail/reduction_launch.h"
#include "gpucc/detail/scalar_convert.h"
#include "gpucc/detail/wrapper_traits.h"
#include "gpucc/device.h"
#include "gpucc/dtype.h"
#include "gpucc/errors.h"
#include "gpucc/half.h"
#include "gpucc/ndarray.h"
#include "gpucc/shape.h"
#include "gpucc/stream.h"

// The one header a generated kernel header (`kernels.gpucc.h`) includes: the arrays and devices
// its wrappers take, and the pieces of the contract between gpucc's header generator and the
// runtime: ModuleImage and KernelRef (module registry, detail/module_image.h), ElementwiseLaunch
// (argument marshalling and launch of elementwise kernels, detail/elementwise_launch.h),
// ReductionKernelRef and ReductionLaunch (the same for reduction kernels, with Axis, their `axis=`
// argument: detail/reduction_launch.h, axis.h), and the scalar conversion rules
// (detail/scalar_convert.h). Users do not call the detail:: parts.
#pragma once

#include "gpucc/abi/version.h"
#include "gpucc/array/array.h"
#include "gpucc/array/axis.h"
#include "gpucc/array/dtype.h"
#include "gpucc/array/half.h"
#include "gpucc/array/ndarray.h"
#include "gpucc/array/shape.h"
#include "gpucc/detail/elementwise_launch.h"
#include "gpucc/detail/module_image.h"
#include "gpucc/detail/reduction_launch.h"
#include "gpucc/detail/scalar_convert.h"
#include "gpucc/detail/wrapper_traits.h"
#include "gpucc/device/device.h"
#include "gpucc/device/stream.h"
#include "gpucc/errors.h"

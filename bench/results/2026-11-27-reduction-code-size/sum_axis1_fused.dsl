// One fused reduction, as tests/fusion/fusion_reduction.dsl declares it: the instance whose PTX
// size is measured (measure_instance.sh, with --dtypes=float32).
module m;
fuse sum_axis1(x) = sum(x, axis = 1);

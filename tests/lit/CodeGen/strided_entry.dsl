// Every instance has a second entry point for broadcast and strided arguments. On the GPU it takes
// the loop layout by value after `n` (18 + 9 words per non-raw parameter, here 3: 360 bytes),
// reads it from parameter space (never local memory), and ptxas accepts it; its vector loop and
// its tile loop are entry points of their own with the same parameters and 16-byte accesses
// (each kernel gets the registers of its own loop). On the host it exists for both instruction sets, and its row loop is
// vectorized (LLVM versions it for unit strides). Raw parameters take no layout words (gather: 2
// non-raw parameters, 288 bytes).
// RUN: %gpucc --emit=ptx %s > %t.ptx && %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %gpucc --emit=llvm-host %s | FileCheck %s --check-prefix=HOST
module strided;

elementwise add(float32 x, float32 y) -> (float32 z) { z = x + y; }
elementwise gather(raw float32 table, int32 k) -> (float32 v) { v = table[k]; }

// PTX-LABEL: .entry add__strided(
// PTX: .param .u64 add__strided_param_5,
// PTX-NEXT: .param .align 8 .b8 add__strided_param_6[360]
// PTX-NOT: .local
// PTX-NOT: ld.global.v4
// PTX-LABEL: .entry add__strided_vector(
// PTX: .param .align 8 .b8 add__strided_vector_param_6[360]
// PTX-NOT: .local
// PTX-DAG: ld.global.v4.b32
// PTX-DAG: st.global.v4.b32
// PTX-LABEL: .entry add__strided_tiled(
// PTX: .param .align 8 .b8 add__strided_tiled_param_6[360]
// PTX-NOT: .local
// PTX-DAG: ld.global.v4.b32
// PTX-DAG: st.global.v4.b32
// PTX-LABEL: .entry gather__strided(
// PTX: .param .align 8 .b8 gather__strided_param_5[288]
// PTX-LABEL: .entry gather__strided_vector(
// PTX-LABEL: .entry gather__strided_tiled(

// HOST-LABEL: define void @strided__add__host_strided(
// HOST: <4 x float>
// HOST-LABEL: define void @strided__add__host_strided_v3(
// HOST: <8 x float>

// PTX that ptxas rejects: inline assembly with an instruction that does not exist, in a raw
// kernel beside a good one.
module bad_asm;

raw cuda """
__global__ void good(int* x) { x[0] = 1; }

__global__ void bad(int* x) {
    asm volatile("not_an_instruction;");
    x[0] = 2;
}
""";

// The MPI engine. Open MPI's libmpi.so.40 is opened with dlopen at the first mpi_world() rather
// than linked, so programs that link gpucc::runtime start on machines without Open MPI (the GPU
// machines have none) and only mpi_world() fails there, naming the library. mpi.h gives the types;
// the functions come from dlsym, and the predefined handles (MPI_COMM_WORLD, MPI_FLOAT, ...),
// which Open MPI's mpi.h spells as addresses of its global objects (ompi_mpi_comm_world, ...),
// from dlsym of those objects: this ties the engine to Open MPI's ABI, which is what Debian ships.
// It is opened RTLD_GLOBAL because Open MPI's own plug-ins resolve their symbols against it.
//
// float16 and bfloat16 reduce through user-defined ops that compute in float; avg is a sum
// followed by a division on each rank that gets the result (integer avg truncates, as NCCL's).
#include "distributed/mpi_engine.h"

#include "device/cpu_stream.h"
#include "distributed/dtype_mapping.h"
#include "gpucc/array/half.h"
#include "gpucc/errors.h"

#include <climits>
#include <cstdint>
#include <cstdlib>
#include <dlfcn.h>
#include <mpi.h>
#include <mutex>
#include <string>

namespace gpucc::distributed::detail {
namespace {

#define GPUCC_MPI_FUNCTIONS(X)                                                                     \
    X(MPI_Initialized)                                                                             \
    X(MPI_Finalized)                                                                               \
    X(MPI_Init_thread)                                                                             \
    X(MPI_Finalize)                                                                                \
    X(MPI_Comm_dup)                                                                                \
    X(MPI_Comm_split)                                                                              \
    X(MPI_Comm_free)                                                                               \
    X(MPI_Comm_rank)                                                                               \
    X(MPI_Comm_size)                                                                               \
    X(MPI_Comm_set_errhandler)                                                                     \
    X(MPI_Error_string)                                                                            \
    X(MPI_Op_create)                                                                               \
    X(MPI_Allreduce)                                                                               \
    X(MPI_Reduce)                                                                                  \
    X(MPI_Bcast)                                                                                   \
    X(MPI_Reduce_scatter_block)                                                                    \
    X(MPI_Allgather)                                                                               \
    X(MPI_Send)                                                                                    \
    X(MPI_Recv)                                                                                    \
    X(MPI_Sendrecv)                                                                                \
    X(MPI_Scatter)                                                                                 \
    X(MPI_Gather)                                                                                  \
    X(MPI_Alltoall)                                                                                \
    X(MPI_Barrier)

struct MpiApi {
#define GPUCC_MPI_POINTER(name) decltype(&::name) name = nullptr;
    GPUCC_MPI_FUNCTIONS(GPUCC_MPI_POINTER)
#undef GPUCC_MPI_POINTER
    MPI_Comm comm_world = nullptr;
    MPI_Errhandler errors_return = nullptr;
    MPI_Op sum = nullptr, prod = nullptr, max = nullptr, min = nullptr;
    MPI_Datatype byte = nullptr;
    MPI_Datatype by_dtype[kNumDTypes] = {};
    MPI_Op half_ops[2][4] = {}; // [float16, bfloat16][sum, prod, max, min]
};

template <class T, int Op>
void half_op(void* in, void* inout, int* length, MPI_Datatype*) {
    const T* a = static_cast<const T*>(in);
    T* b = static_cast<T*>(inout);
    for (int i = 0; i < *length; ++i) {
        const float x = static_cast<float>(a[i]);
        const float y = static_cast<float>(b[i]);
        const float r = Op == 0   ? x + y
                        : Op == 1 ? x * y
                        : Op == 2 ? (x > y || x != x ? x : y)
                                  : (x < y || x != x ? x : y);
        b[i] = T(r);
    }
}

const MpiApi& mpi() {
    static MpiApi api;
    static std::string error;
    static std::once_flag once;
    std::call_once(once, [] {
        const char* chosen = std::getenv("GPUCC_MPI_LIBRARY");
        const std::string name = chosen != nullptr && *chosen != '\0' ? chosen : "libmpi.so.40";
        void* handle = ::dlopen(name.c_str(), RTLD_NOW | RTLD_GLOBAL | RTLD_NODELETE);
        if (handle == nullptr) {
            const char* why = ::dlerror();
            error = "gpucc::distributed needs Open MPI for CPU arrays and cannot load " + name +
                    " (Debian: openmpi-bin and libopenmpi-dev; GPUCC_MPI_LIBRARY names another "
                    "copy): " +
                    (why != nullptr ? why : "dlopen failed");
            return;
        }
        auto symbol = [&](const char* s) -> void* {
            void* p = ::dlsym(handle, s);
            if (p == nullptr && error.empty()) {
                error = name + " has no " + s + ": it is not Open MPI 4 or later";
            }
            return p;
        };
#define GPUCC_MPI_RESOLVE(fn) api.fn = reinterpret_cast<decltype(&::fn)>(symbol(#fn));
        GPUCC_MPI_FUNCTIONS(GPUCC_MPI_RESOLVE)
#undef GPUCC_MPI_RESOLVE
        api.comm_world = static_cast<MPI_Comm>(symbol("ompi_mpi_comm_world"));
        api.errors_return = static_cast<MPI_Errhandler>(symbol("ompi_mpi_errors_return"));
        api.sum = static_cast<MPI_Op>(symbol("ompi_mpi_op_sum"));
        api.prod = static_cast<MPI_Op>(symbol("ompi_mpi_op_prod"));
        api.max = static_cast<MPI_Op>(symbol("ompi_mpi_op_max"));
        api.min = static_cast<MPI_Op>(symbol("ompi_mpi_op_min"));
        api.byte = static_cast<MPI_Datatype>(symbol("ompi_mpi_byte"));
        const char* names[kNumDTypes] = {
            "ompi_mpi_uint8_t",  "ompi_mpi_int8_t",   "ompi_mpi_int16_t",  "ompi_mpi_int32_t",
            "ompi_mpi_int64_t",  "ompi_mpi_uint8_t",  "ompi_mpi_uint16_t", "ompi_mpi_uint32_t",
            "ompi_mpi_uint64_t", "ompi_mpi_uint16_t", "ompi_mpi_uint16_t", "ompi_mpi_float",
            "ompi_mpi_double"};
        static_assert(static_cast<int>(DType::Bool) == 0 && static_cast<int>(DType::Float64) == 12);
        for (int i = 0; i < kNumDTypes; ++i) {
            api.by_dtype[i] = static_cast<MPI_Datatype>(symbol(names[i]));
        }
        if (!error.empty()) {
            return;
        }
        int initialized = 0;
        api.MPI_Initialized(&initialized);
        if (initialized == 0) {
            int provided = 0;
            if (api.MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided) !=
                MPI_SUCCESS) {
                error = "MPI_Init_thread failed (" + name + ")";
                return;
            }
            std::atexit([] {
                int finalized = 0;
                mpi().MPI_Finalized(&finalized);
                if (finalized == 0) {
                    mpi().MPI_Finalize();
                }
            });
        }
        api.MPI_Comm_set_errhandler(api.comm_world, api.errors_return);
        MPI_User_function* functions[2][4] = {
            {half_op<float16, 0>, half_op<float16, 1>, half_op<float16, 2>, half_op<float16, 3>},
            {half_op<bfloat16, 0>, half_op<bfloat16, 1>, half_op<bfloat16, 2>,
             half_op<bfloat16, 3>}};
        for (int t = 0; t < 2; ++t) {
            for (int o = 0; o < 4; ++o) {
                api.MPI_Op_create(functions[t][o], 1, &api.half_ops[t][o]);
            }
        }
    });
    if (!error.empty()) {
        throw DeviceError(error);
    }
    return api;
}

template <class T>
void divide(void* data, std::size_t count, int n) {
    T* p = static_cast<T*>(data);
    for (std::size_t i = 0; i < count; ++i) {
        if constexpr (std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>) {
            p[i] = T(static_cast<float>(p[i]) / static_cast<float>(n));
        } else {
            p[i] = static_cast<T>(p[i] / static_cast<T>(n));
        }
    }
}

void divide_by(void* data, std::size_t count, DType dtype, int n) {
    switch (dtype) {
#define GPUCC_DTYPE(enumerator, name, cpp_type, size, kind)                                        \
    case DType::enumerator:                                                                        \
        if constexpr (!std::is_same_v<cpp_type, bool>) {                                           \
            divide<cpp_type>(data, count, n);                                                      \
        }                                                                                          \
        return;
#include "gpucc/abi/dtypes.def"
    }
}

class MpiEngine final : public Engine {
public:
    MpiEngine() {
        const MpiApi& api = mpi();
        check(api.MPI_Comm_dup(api.comm_world, &comm_), "MPI_Comm_dup");
        adopt();
    }
    // Owns `comm` (from MPI_Comm_split).
    explicit MpiEngine(MPI_Comm comm) : comm_(comm) { adopt(); }
    ~MpiEngine() override {
        int finalized = 1;
        mpi().MPI_Finalized(&finalized);
        if (finalized == 0 && comm_ != nullptr) {
            mpi().MPI_Comm_free(&comm_);
        }
    }

    int rank() const noexcept override { return rank_; }
    int size() const noexcept override { return size_; }
    Device device() const noexcept override { return Device::cpu(); }
    Backend backend() const noexcept override { return Backend::Mpi; }
    std::string describe() const override {
        return "MPI rank " + std::to_string(rank_) + " of " + std::to_string(size_);
    }

    void all_reduce(const void* in, void* out, std::size_t count, DType dtype, ReduceOp op,
                    StreamRef stream) override {
        before(stream, "all_reduce", "MPI_Allreduce");
        const auto [type, mpi_op, mean] = reduction(dtype, op);
        check(mpi().MPI_Allreduce(in == out ? MPI_IN_PLACE : in, out, as_int(count), type, mpi_op,
                                  comm_),
              "MPI_Allreduce");
        if (mean) {
            divide_by(out, count, dtype, size_);
        }
    }
    void reduce(const void* in, void* out, std::size_t count, DType dtype, ReduceOp op, int root,
                StreamRef stream) override {
        before(stream, "reduce", "MPI_Reduce");
        const auto [type, mpi_op, mean] = reduction(dtype, op);
        const void* send = rank_ == root && in == out ? MPI_IN_PLACE : in;
        check(mpi().MPI_Reduce(send, out, as_int(count), type, mpi_op, root, comm_), "MPI_Reduce");
        if (mean && rank_ == root) {
            divide_by(out, count, dtype, size_);
        }
    }
    void broadcast(void* data, std::size_t count, DType dtype, int root,
                   StreamRef stream) override {
        before(stream, "broadcast", "MPI_Bcast");
        check(mpi().MPI_Bcast(data, bytes(count, dtype), mpi().byte, root, comm_), "MPI_Bcast");
    }
    void reduce_scatter(const void* in, void* out, std::size_t count, DType dtype, ReduceOp op,
                        StreamRef stream) override {
        before(stream, "reduce_scatter", "MPI_Reduce_scatter_block");
        const auto [type, mpi_op, mean] = reduction(dtype, op);
        as_int(count * static_cast<std::size_t>(size_));
        check(mpi().MPI_Reduce_scatter_block(in, out, as_int(count), type, mpi_op, comm_),
              "MPI_Reduce_scatter_block");
        if (mean) {
            divide_by(out, count, dtype, size_);
        }
    }
    void all_gather(const void* in, void* out, std::size_t count, DType dtype,
                    StreamRef stream) override {
        before(stream, "all_gather", "MPI_Allgather");
        const int n = bytes(count, dtype);
        check(mpi().MPI_Allgather(in, n, mpi().byte, out, n, mpi().byte, comm_), "MPI_Allgather");
    }
    void send(const void* data, std::size_t count, DType dtype, int peer,
              StreamRef stream) override {
        before(stream, "send", "MPI_Send");
        check(mpi().MPI_Send(data, bytes(count, dtype), mpi().byte, peer, kTag, comm_), "MPI_Send");
    }
    void recv(void* data, std::size_t count, DType dtype, int peer, StreamRef stream) override {
        before(stream, "recv", "MPI_Recv");
        check(mpi().MPI_Recv(data, bytes(count, dtype), mpi().byte, peer, kTag, comm_,
                             MPI_STATUS_IGNORE),
              "MPI_Recv");
    }
    void send_recv(const void* in, void* out, std::size_t count, DType dtype, int peer,
                   StreamRef stream) override {
        before(stream, "send_recv", "MPI_Sendrecv");
        const int n = bytes(count, dtype);
        check(mpi().MPI_Sendrecv(in, n, mpi().byte, peer, kTag, out, n, mpi().byte, peer, kTag,
                                 comm_, MPI_STATUS_IGNORE),
              "MPI_Sendrecv");
    }
    void scatter(const void* in, void* out, std::size_t count, DType dtype, int root,
                 StreamRef stream) override {
        before(stream, "scatter", "MPI_Scatter");
        const int n = bytes(count, dtype);
        bytes(count * static_cast<std::size_t>(size_), dtype);
        check(mpi().MPI_Scatter(in, n, mpi().byte, out, n, mpi().byte, root, comm_), "MPI_Scatter");
    }
    void gather(const void* in, void* out, std::size_t count, DType dtype, int root,
                StreamRef stream) override {
        before(stream, "gather", "MPI_Gather");
        const int n = bytes(count, dtype);
        check(mpi().MPI_Gather(in, n, mpi().byte, out, n, mpi().byte, root, comm_), "MPI_Gather");
    }
    void all_to_all(const void* in, void* out, std::size_t count, DType dtype,
                    StreamRef stream) override {
        before(stream, "all_to_all", "MPI_Alltoall");
        const int n = bytes(count, dtype);
        check(mpi().MPI_Alltoall(in, n, mpi().byte, out, n, mpi().byte, comm_), "MPI_Alltoall");
    }
    void barrier() override { check(mpi().MPI_Barrier(comm_), "MPI_Barrier"); }
    void synchronize() override {}
    void abort() noexcept override {}
    std::unique_ptr<Engine> split(int color, int key) override {
        MPI_Comm part = nullptr;
        check(mpi().MPI_Comm_split(comm_, color, key, &part), "MPI_Comm_split");
        return std::make_unique<MpiEngine>(part);
    }

private:
    void adopt() {
        const MpiApi& api = mpi();
        api.MPI_Comm_set_errhandler(comm_, api.errors_return);
        api.MPI_Comm_rank(comm_, &rank_);
        api.MPI_Comm_size(comm_, &size_);
    }

    static constexpr int kTag = 7;

    struct Reduction {
        MPI_Datatype type;
        MPI_Op op;
        bool mean;
    };

    Reduction reduction(DType dtype, ReduceOp op) const {
        const MpiApi& api = mpi();
        const MpiReduction how = mpi_reduction(dtype, op);
        const bool mean = how == MpiReduction::Mean || how == MpiReduction::HalfMean;
        const int op_index = op == ReduceOp::Prod  ? 1
                             : op == ReduceOp::Max ? 2
                             : op == ReduceOp::Min ? 3
                                                   : 0; // sum and avg
        const MPI_Datatype type = api.by_dtype[static_cast<int>(dtype)];
        if (how == MpiReduction::Half || how == MpiReduction::HalfMean) {
            return {type, api.half_ops[dtype == DType::BFloat16 ? 1 : 0][op_index], mean};
        }
        const MPI_Op ops[4] = {api.sum, api.prod, api.max, api.min};
        return {type, ops[op_index], mean};
    }

    // The CPU stream's earlier work first (see cpu_stream.h); throws while it captures.
    static void before(StreamRef stream, const char* what, const char* api) {
        gpucc::detail::cpu_before_host_work(stream, what, api);
    }

    int as_int(std::size_t count) const {
        if (count > static_cast<std::size_t>(INT_MAX)) {
            throw ValueError(describe() + ": MPI counts are int; " + std::to_string(count) +
                             " elements is more than 2^31 - 1: split the array");
        }
        return static_cast<int>(count);
    }
    int bytes(std::size_t count, DType dtype) const { return as_int(count * dtype_size(dtype)); }

    void check(int result, const char* api) const {
        if (result == MPI_SUCCESS) {
            return;
        }
        char text[MPI_MAX_ERROR_STRING + 1] = {};
        int length = 0;
        mpi().MPI_Error_string(result, text, &length);
        throw Error(api + std::string(" failed on ") + describe() + ": " + text);
    }

    MPI_Comm comm_ = nullptr;
    int rank_ = 0;
    int size_ = 1;
};

} // namespace

std::unique_ptr<Engine> make_mpi_world_engine() {
    return std::make_unique<MpiEngine>();
}

} // namespace gpucc::distributed::detail

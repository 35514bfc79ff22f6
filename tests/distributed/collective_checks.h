// Every collective on GPU communicators, checked against the host reference of reference.h. The
// communicators a process drives are passed together ("local": one per GPU of this process;
// their ranks may be all of the job's, as from init_all, or only this process's one), and each
// operation is queued for all of them inside one Group, which is what one thread driving several
// GPUs must do. The single-GPU suite runs it on one rank, the multi-GPU suite on two GPUs in one
// process and in two processes.
#pragma once

#include "distributed/reference.h"

#include <functional>
#include <gpucc/array/ndarray.h>
#include <gpucc/array/shape.h>
#include <gpucc/device/device.h>
#include <gpucc/distributed/communicator.h>
#include <gpucc/errors.h>
#include <gpucc/stdlib/creation.h>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace gpucc_test {

using gpucc::distributed::Communicator;

inline gpucc::NDArray array_on(gpucc::Device device, const std::vector<double>& values,
                               gpucc::DType dtype) {
    gpucc::NDArray a =
        gpucc::empty(gpucc::Shape{static_cast<std::int64_t>(values.size())}, dtype, device);
    a.copy_from_host(to_bytes(values, dtype).data());
    return a;
}

inline gpucc::NDArray empty_on(gpucc::Device device, std::size_t n, gpucc::DType dtype) {
    return gpucc::empty(gpucc::Shape{static_cast<std::int64_t>(n)}, dtype, device);
}

inline std::vector<double> read_back(const gpucc::NDArray& a) {
    std::vector<std::byte> bytes(a.nbytes());
    a.copy_to_host(bytes.data()); // waits for the stream the collective was queued on
    return from_bytes(bytes, a.dtype());
}

// Runs `body` for every local communicator inside one Group.
inline void for_each_grouped(std::vector<Communicator*>& local,
                             const std::function<void(Communicator&)>& body) {
    gpucc::distributed::Group group;
    for (Communicator* c : local) {
        body(*c);
    }
}

inline bool nccl_reducible(gpucc::DType dtype, gpucc::distributed::ReduceOp op) {
    return reducible(dtype, op) && dtype != gpucc::DType::Int16 && dtype != gpucc::DType::UInt16;
}

inline void check_every_collective(std::vector<Communicator*>& local) {
    using gpucc::DType;
    using gpucc::NDArray;
    using gpucc::distributed::ReduceOp;
    const int n_ranks = local.front()->size();
    auto inputs_of = [&](DType dtype, std::size_t n, int salt) {
        std::vector<std::vector<double>> inputs;
        for (int r = 0; r < n_ranks; ++r) {
            inputs.push_back(rank_values(r, dtype, n, salt));
        }
        return inputs;
    };
    for (const DType dtype : all_dtypes()) {
        const std::string name(gpucc::dtype_name(dtype));
        // Reductions.
        for (const ReduceOp op : all_ops()) {
            const std::string what = name + " " + std::string(reduce_op_name(op));
            for (const std::size_t n : {std::size_t{1}, std::size_t{4099}}) {
                const auto inputs = inputs_of(dtype, n, 1);
                std::vector<NDArray> in, out;
                for (Communicator* c : local) {
                    in.push_back(array_on(c->device(), inputs[c->rank()], dtype));
                    out.push_back(empty_on(c->device(), n, dtype));
                }
                if (!nccl_reducible(dtype, op)) {
                    EXPECT_THROW(local.front()->all_reduce(in.front(), out.front(), op),
                                 gpucc::TypeError)
                        << what;
                    continue;
                }
                std::size_t i = 0;
                for_each_grouped(local, [&](Communicator& c) {
                    c.all_reduce(in[i], out[i], op);
                    ++i;
                });
                const auto expected = reduce_reference(inputs, op, dtype);
                for (std::size_t k = 0; k < local.size(); ++k) {
                    EXPECT_EQ(first_difference(read_back(out[k]), expected, dtype), "")
                        << "all_reduce " << what << " n=" << n << " rank " << local[k]->rank();
                }
            }
            if (!nccl_reducible(dtype, op)) {
                continue;
            }
            // reduce to the last rank, reduce_scatter.
            const std::size_t block = 29;
            const auto inputs = inputs_of(dtype, block * n_ranks, 2);
            const auto full = reduce_reference(inputs, op, dtype);
            std::vector<NDArray> in, reduced, scattered;
            for (Communicator* c : local) {
                in.push_back(array_on(c->device(), inputs[c->rank()], dtype));
                reduced.push_back(empty_on(c->device(), block * n_ranks, dtype));
                scattered.push_back(empty_on(c->device(), block, dtype));
            }
            const int root = n_ranks - 1;
            std::size_t i = 0;
            for_each_grouped(local, [&](Communicator& c) {
                c.reduce(in[i], reduced[i], root, op);
                ++i;
            });
            i = 0;
            for_each_grouped(local, [&](Communicator& c) {
                c.reduce_scatter(in[i], scattered[i], op);
                ++i;
            });
            for (std::size_t k = 0; k < local.size(); ++k) {
                const int r = local[k]->rank();
                if (r == root) {
                    EXPECT_EQ(first_difference(read_back(reduced[k]), full, dtype), "")
                        << "reduce " << what;
                }
                const std::vector<double> mine(full.begin() + r * block,
                                               full.begin() + (r + 1) * block);
                EXPECT_EQ(first_difference(read_back(scattered[k]), mine, dtype), "")
                    << "reduce_scatter " << what << " rank " << r;
            }
        }
        // Data movement: broadcast, all_gather, gather, scatter, all_to_all, send_recv.
        const std::size_t block = 31;
        const auto inputs = inputs_of(dtype, block * n_ranks, 3);
        std::vector<double> first_blocks;
        for (const auto& v : inputs) {
            first_blocks.insert(first_blocks.end(), v.begin(), v.begin() + block);
        }
        std::vector<NDArray> whole, part, gathered, at_root, piece, exchanged, paired;
        for (Communicator* c : local) {
            const auto& mine = inputs[c->rank()];
            whole.push_back(array_on(c->device(), mine, dtype));
            part.push_back(array_on(
                c->device(), std::vector<double>(mine.begin(), mine.begin() + block), dtype));
            gathered.push_back(empty_on(c->device(), block * n_ranks, dtype));
            at_root.push_back(empty_on(c->device(), block * n_ranks, dtype));
            piece.push_back(empty_on(c->device(), block, dtype));
            exchanged.push_back(empty_on(c->device(), block * n_ranks, dtype));
            paired.push_back(empty_on(c->device(), block * n_ranks, dtype));
        }
        const int root = 0;
        std::size_t i = 0;
        for_each_grouped(local, [&](Communicator& c) {
            c.all_gather(part[i], gathered[i]);
            ++i;
        });
        i = 0;
        for_each_grouped(local, [&](Communicator& c) {
            c.gather(part[i], at_root[i], root);
            ++i;
        });
        i = 0;
        for_each_grouped(local, [&](Communicator& c) {
            c.scatter(whole[i], piece[i], root);
            ++i;
        });
        i = 0;
        for_each_grouped(local, [&](Communicator& c) {
            c.all_to_all(whole[i], exchanged[i]);
            ++i;
        });
        i = 0;
        for_each_grouped(local, [&](Communicator& c) {
            const int partner = (c.rank() ^ 1) < n_ranks ? (c.rank() ^ 1) : c.rank();
            c.send_recv(whole[i], paired[i], partner);
            ++i;
        });
        for (std::size_t k = 0; k < local.size(); ++k) {
            const int r = local[k]->rank();
            EXPECT_EQ(first_difference(read_back(gathered[k]), first_blocks, dtype), "")
                << "all_gather " << name << " rank " << r;
            if (r == root) {
                EXPECT_EQ(first_difference(read_back(at_root[k]), first_blocks, dtype), "")
                    << "gather " << name;
            }
            EXPECT_EQ(first_difference(read_back(piece[k]),
                                       std::vector<double>(inputs[root].begin() + r * block,
                                                           inputs[root].begin() + (r + 1) * block),
                                       dtype),
                      "")
                << "scatter " << name << " rank " << r;
            std::vector<double> expected;
            for (int s = 0; s < n_ranks; ++s) {
                expected.insert(expected.end(), inputs[s].begin() + r * block,
                                inputs[s].begin() + (r + 1) * block);
            }
            EXPECT_EQ(first_difference(read_back(exchanged[k]), expected, dtype), "")
                << "all_to_all " << name << " rank " << r;
            const int partner = (r ^ 1) < n_ranks ? (r ^ 1) : r;
            EXPECT_EQ(first_difference(read_back(paired[k]), inputs[partner], dtype), "")
                << "send_recv " << name << " rank " << r;
        }
        // broadcast from the last rank, in place.
        i = 0;
        for_each_grouped(local, [&](Communicator& c) {
            c.broadcast(whole[i], n_ranks - 1);
            ++i;
        });
        for (std::size_t k = 0; k < local.size(); ++k) {
            EXPECT_EQ(first_difference(read_back(whole[k]), inputs[n_ranks - 1], dtype), "")
                << "broadcast " << name << " rank " << local[k]->rank();
        }
    }
    for (Communicator* c : local) {
        c->synchronize();
    }
}

} // namespace gpucc_test

// call_within (runtime/src/distributed/bounded_call.h), which bounds the NCCL calls that cannot be
// stopped from outside (the blocking communicator's init and finalisation): a call that returns
// in time is joined and what it wrote is seen, what it threw comes back to the caller, and a call
// that overruns is left to its thread, which runs the clean-up after it. CPU only (runs under the
// sanitizers with the other distributed units).
#include "distributed/bounded_call.h"

#include <atomic>
#include <chrono>
#include <gtest/gtest.h>
#include <memory>
#include <stdexcept>
#include <thread>

namespace {

using gpucc::distributed::detail::call_within;
using namespace std::chrono_literals;

TEST(CallWithin, ACallInTimeIsJoinedAndItsResultSeen) {
    int written = 0;
    bool late_ran = false;
    EXPECT_TRUE(call_within(5000ms, [&] { written = 42; }, [&] { late_ran = true; }));
    EXPECT_EQ(written, 42);
    EXPECT_FALSE(late_ran);
}

TEST(CallWithin, WhatTheCallThrowsComesBack) {
    try {
        call_within(5000ms, [] { throw std::runtime_error("from the worker"); }, {});
        ADD_FAILURE() << "call_within returned";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "from the worker");
    }
}

TEST(CallWithin, ACallThatOverrunsIsLeftAndCleansUpAfterItself) {
    auto release = std::make_shared<std::atomic<bool>>(false);
    auto call_ended = std::make_shared<std::atomic<bool>>(false);
    auto late_ran = std::make_shared<std::atomic<bool>>(false);
    const auto start = std::chrono::steady_clock::now();
    const bool in_time = call_within(
        50ms,
        [release, call_ended] {
            while (!release->load()) {
                std::this_thread::sleep_for(1ms);
            }
            call_ended->store(true);
        },
        [late_ran, call_ended] { late_ran->store(call_ended->load()); });
    EXPECT_FALSE(in_time);
    EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
    EXPECT_FALSE(late_ran->load());
    release->store(true);
    for (int i = 0; i < 5000 && !late_ran->load(); ++i) {
        std::this_thread::sleep_for(1ms);
    }
    EXPECT_TRUE(late_ran->load()); // ran on the worker, after the call
}

} // namespace

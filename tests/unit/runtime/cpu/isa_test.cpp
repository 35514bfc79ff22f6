// The CPU target's choice between its x86-64 and x86-64-v3 builds (gpucc/cpu/isa.h): the
// GPUCC_HOST_ISA override, and the errors for a value that is unknown or beyond this CPU.
#include "gpucc/cpu/isa.h"
#include "gpucc/errors.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <string>

namespace {

using gpucc::HostIsa;
using gpucc::detail::choose_host_isa;
using testing::HasSubstr;

std::string error_of(const char* requested) {
    try {
        choose_host_isa(requested);
    } catch (const gpucc::ValueError& error) {
        return error.what();
    }
    return "no error";
}

TEST(HostIsa, UnsetPicksTheBestTheCpuSupports) {
    const HostIsa best =
        gpucc::cpu_supports(HostIsa::X86_64_V3) ? HostIsa::X86_64_V3 : HostIsa::X86_64;
    EXPECT_EQ(choose_host_isa(nullptr), best);
    EXPECT_EQ(choose_host_isa(""), best);
}

TEST(HostIsa, OverrideSelectsALevel) {
    EXPECT_EQ(choose_host_isa("x86-64"), HostIsa::X86_64);
    if (gpucc::cpu_supports(HostIsa::X86_64_V3)) {
        EXPECT_EQ(choose_host_isa("x86-64-v3"), HostIsa::X86_64_V3);
    } else {
        EXPECT_THAT(error_of("x86-64-v3"),
                    HasSubstr("GPUCC_HOST_ISA=x86-64-v3: this CPU does not support it"));
    }
}

TEST(HostIsa, UnknownValueNamesTheChoices) {
    EXPECT_EQ(error_of("avx2"),
              "GPUCC_HOST_ISA=avx2: unknown instruction set; expected x86-64 or x86-64-v3");
}

TEST(HostIsa, ProcessChoiceFollowsTheEnvironment) {
    EXPECT_EQ(gpucc::host_isa(), choose_host_isa(std::getenv("GPUCC_HOST_ISA")));
    EXPECT_STREQ(gpucc::to_string(gpucc::host_isa()),
                 gpucc::host_isa() == HostIsa::X86_64 ? "x86-64" : "x86-64-v3");
}

} // namespace

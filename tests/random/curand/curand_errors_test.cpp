// Bad arguments to RandomState and the Sobol generators raise gpucc's errors naming the argument
// (checked before any cuRAND call, so the same on both builds).
#include "support/device_under_test.h"

#include <cmath>
#include <gpucc/errors.h>
#include <gpucc/random/quasi.h>
#include <gpucc/random/random_state.h>
#include <gtest/gtest.h>
#include <limits>
#include <string>

namespace {

using gpucc::DType;
using gpucc::random::CurandMethod;
using gpucc::random::QuasiGenerator;
using gpucc::random::QuasiMethod;
using gpucc::random::RandomState;

template <class Error, class Fn>
std::string message_of(Fn&& fn) {
    try {
        fn();
    } catch (const Error& e) {
        return e.what();
    }
    ADD_FAILURE() << "no exception of the expected type";
    return "";
}

TEST(CurandErrors, RandintRange) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    RandomState state(1, CurandMethod::XORWOW, gpucc_test::device_under_test());
    EXPECT_NE(
        message_of<gpucc::ValueError>([&] { (void)state.randint(5, 5, {3}); }).find("low >= high"),
        std::string::npos);
    EXPECT_NE(
        message_of<gpucc::ValueError>([&] { (void)state.randint(9, 2, {3}); }).find("low >= high"),
        std::string::npos);
    EXPECT_NE(message_of<gpucc::ValueError>([&] {
                  (void)state.randint(0, 300, {3}, DType::UInt8);
              }).find("'high'"),
              std::string::npos);
    EXPECT_NE(message_of<gpucc::ValueError>([&] {
                  (void)state.randint(-1, 3, {3}, DType::UInt32);
              }).find("'low'"),
              std::string::npos);
    EXPECT_NE(message_of<gpucc::TypeError>([&] {
                  (void)state.randint(0, 3, {3}, DType::Float32);
              }).find("'dtype'"),
              std::string::npos);
    EXPECT_THROW((void)state.randint(0, 2, {3}, DType::Bool), gpucc::TypeError);
    // The edges that fit: the whole int8 range and [0, 256) for uint8.
    EXPECT_NO_THROW((void)state.randint(-128, 128, {3}, DType::Int8));
    EXPECT_NO_THROW((void)state.randint(0, 256, {3}, DType::UInt8));
}

TEST(CurandErrors, FloatDrawArguments) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    RandomState state(1, CurandMethod::XORWOW, gpucc_test::device_under_test());
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_NE(message_of<gpucc::TypeError>([&] {
                  (void)state.random_sample({2}, DType::Int32);
              }).find("'dtype'"),
              std::string::npos);
    EXPECT_THROW((void)state.uniform(0, 1, {2}, DType::Float16), gpucc::TypeError);
    EXPECT_THROW((void)state.normal(0, 1, {2}, DType::Int64), gpucc::TypeError);
    EXPECT_NE(
        message_of<gpucc::ValueError>([&] { (void)state.normal(0, -1, {2}); }).find("'scale'"),
        std::string::npos);
    EXPECT_NE(message_of<gpucc::ValueError>([&] { (void)state.normal(NAN, 1, {2}); }).find("'loc'"),
              std::string::npos);
    EXPECT_NE(
        message_of<gpucc::ValueError>([&] { (void)state.uniform(0, inf, {2}); }).find("'high'"),
        std::string::npos);
    EXPECT_THROW((void)state.uniform(-1e308, 1e308, {2}), gpucc::ValueError); // range overflows
}

TEST(CurandErrors, SobolArguments) {
    GPUCC_SKIP_WITHOUT_DEVICE_UNDER_TEST();
    const gpucc::Device device = gpucc_test::device_under_test();
    EXPECT_NE(message_of<gpucc::ValueError>([&] {
                  QuasiGenerator(QuasiMethod::Sobol32, 0, device);
              }).find("'dimensions'"),
              std::string::npos);
    EXPECT_THROW(QuasiGenerator(QuasiMethod::Sobol64, 20001, device), gpucc::ValueError);
    EXPECT_NO_THROW(QuasiGenerator(QuasiMethod::Sobol32, 20000, device));
    QuasiGenerator sobol(QuasiMethod::Sobol32, 2, device);
    EXPECT_NE(message_of<gpucc::ValueError>([&] { (void)sobol.random(-1); }).find("'points'"),
              std::string::npos);
    EXPECT_NE(
        message_of<gpucc::TypeError>([&] { (void)sobol.random(4, DType::Int32); }).find("'dtype'"),
        std::string::npos);
}

} // namespace

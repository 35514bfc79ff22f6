// The rendezvous stores: values set by one rank and read by another (threads stand in for
// processes), values with every byte value, barriers, and the failures users hit most: a rank
// that never comes and a server that is not there. Those must end within the timeout with an
// error that names the store, the rank and what it waited for, never hang.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <gpucc/distributed/store.h>
#include <gpucc/errors.h>
#include <gtest/gtest.h>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using gpucc::distributed::FileStore;
using gpucc::distributed::Store;
using gpucc::distributed::TcpStore;
using namespace std::chrono_literals;

class FreshFolder {
public:
    FreshFolder() {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "gpucc_store_test_XXXXXX").string();
        path_ = ::mkdtemp(pattern.data());
    }
    ~FreshFolder() { std::filesystem::remove_all(path_); }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

std::vector<std::byte> random_bytes(std::size_t n, unsigned seed) {
    std::mt19937 engine(seed);
    std::vector<std::byte> bytes(n);
    for (std::byte& b : bytes) {
        b = static_cast<std::byte>(engine() & 0xff);
    }
    return bytes;
}

// Runs `check` with a message-matching on what a store throws.
template <class F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const gpucc::Error& e) {
        return e.what();
    }
    return "no error";
}

void expect_set_and_get_across_threads(Store& writer, Store& reader) {
    const auto value = random_bytes(300, 11); // every byte value likely, including 0
    std::thread later([&] {
        std::this_thread::sleep_for(30ms);
        writer.set("key/with spaces and/slashes", value);
    });
    EXPECT_EQ(reader.get("key/with spaces and/slashes"), value); // waits for the writer
    later.join();
    writer.set("empty", {});
    EXPECT_TRUE(reader.get("empty").empty());
    writer.set("replaced", random_bytes(5, 1));
    writer.set("replaced", random_bytes(7, 2));
    EXPECT_EQ(reader.get("replaced"), random_bytes(7, 2));
    EXPECT_FALSE(reader.try_get("never set").has_value());
}

TEST(FileStore, ValuesPassBetweenRanks) {
    const FreshFolder folder;
    FileStore a(folder.path(), 0, 5s);
    FileStore b(folder.path(), 1, 5s);
    expect_set_and_get_across_threads(a, b);
}

TEST(FileStore, MissingKeyTimesOutNamingStoreRankAndKey) {
    const FreshFolder folder;
    FileStore store(folder.path(), 1, 150ms);
    const auto start = std::chrono::steady_clock::now();
    const std::string message = error_of([&] { store.get("gpucc/nccl_unique_id/0"); });
    const auto waited = std::chrono::steady_clock::now() - start;
    EXPECT_GE(waited, 150ms);
    EXPECT_LT(waited, 5s);
    EXPECT_NE(message.find("FileStore at " + folder.path()), std::string::npos) << message;
    EXPECT_NE(message.find("rank 1 waited 150 ms"), std::string::npos) << message;
    EXPECT_NE(message.find("'gpucc/nccl_unique_id/0'"), std::string::npos) << message;
}

TEST(FileStore, NotAFolderIsAValueError) {
    EXPECT_THROW(FileStore("/nonexistent/gpucc/store", 0), gpucc::ValueError);
}

TEST(FileStore, BarrierWaitsForEveryRankAndNamesTheMissingOne) {
    const FreshFolder folder;
    std::vector<std::thread> ranks;
    std::vector<std::string> errors(3);
    for (int r = 0; r < 3; ++r) {
        ranks.emplace_back([&, r] {
            FileStore store(folder.path(), r, 5s);
            std::this_thread::sleep_for(std::chrono::milliseconds(20 * r));
            errors[r] = error_of([&] { store.barrier("start", 3); });
        });
    }
    for (auto& t : ranks) {
        t.join();
    }
    for (const auto& e : errors) {
        EXPECT_EQ(e, "no error");
    }
    // Rank 2 of 3 never comes.
    FileStore rank0(folder.path(), 0, 100ms);
    FileStore rank1(folder.path(), 1, 100ms);
    std::thread other([&] { error_of([&] { rank1.barrier("second", 3); }); });
    const std::string message = error_of([&] { rank0.barrier("second", 3); });
    other.join();
    EXPECT_NE(message.find("barrier 'second'"), std::string::npos) << message;
    EXPECT_NE(message.find("rank 2 of 3 never came"), std::string::npos) << message;
}

TEST(TcpStore, ValuesPassBetweenServerAndClient) {
    TcpStore server("127.0.0.1", 0, true, 0, 5s);
    ASSERT_GT(server.port(), 0);
    TcpStore client("127.0.0.1", server.port(), false, 1, 5s);
    expect_set_and_get_across_threads(client, server);
    expect_set_and_get_across_threads(server, client);
    EXPECT_EQ(client.describe(), "TcpStore 127.0.0.1:" + std::to_string(server.port()));
}

TEST(TcpStore, ClientStartedBeforeTheServerWaitsForIt) {
    // Pick a free port, close it, and start the server there only after the client asks.
    int port = 0;
    {
        TcpStore probe("127.0.0.1", 0, true, 0, 1s);
        port = probe.port();
    }
    TcpStore client("127.0.0.1", port, false, 1, 5s);
    std::unique_ptr<TcpStore> server;
    std::thread start_later([&] {
        std::this_thread::sleep_for(100ms);
        server = std::make_unique<TcpStore>("127.0.0.1", port, true, 0, 5s);
        server->set("id", random_bytes(128, 3));
    });
    EXPECT_EQ(client.get("id"), random_bytes(128, 3));
    start_later.join();
}

TEST(TcpStore, NoServerTimesOutNamingStoreAndRank) {
    int port = 0;
    {
        TcpStore probe("127.0.0.1", 0, true, 0, 1s);
        port = probe.port();
    }
    TcpStore client("127.0.0.1", port, false, 3, 200ms);
    const auto start = std::chrono::steady_clock::now();
    const std::string message = error_of([&] { client.get("gpucc/nccl_unique_id/0"); });
    EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
    EXPECT_NE(message.find("TcpStore 127.0.0.1:" + std::to_string(port)), std::string::npos)
        << message;
    EXPECT_NE(message.find("rank 3 could not connect in 200 ms"), std::string::npos) << message;
}

TEST(TcpStore, RankThatNeverSetsItsKeyTimesOut) {
    TcpStore server("127.0.0.1", 0, true, 0, 150ms);
    const std::string message = error_of([&] { server.barrier("start", 2); });
    EXPECT_NE(message.find("rank 1 of 2 never came"), std::string::npos) << message;
    EXPECT_NE(message.find("TcpStore 127.0.0.1:"), std::string::npos) << message;
}

TEST(TcpStore, BadPortsAndEnvironment) {
    EXPECT_THROW(TcpStore("127.0.0.1", 70000, true, 0), gpucc::ValueError);
    EXPECT_THROW(TcpStore("127.0.0.1", 0, false, 1), gpucc::ValueError);
    ::setenv("GPUCC_DISTRIBUTED_PORT", "http", 1);
    EXPECT_THROW(TcpStore::from_environment(0), gpucc::ValueError);
    ::setenv("GPUCC_DISTRIBUTED_PORT", "0", 1);
    ::setenv("GPUCC_DISTRIBUTED_HOST", "127.0.0.1", 1);
    const auto store = TcpStore::from_environment(0, 1s);
    EXPECT_GT(store->port(), 0);
    ::unsetenv("GPUCC_DISTRIBUTED_PORT");
    ::unsetenv("GPUCC_DISTRIBUTED_HOST");
    EXPECT_THROW(TcpStore("no-such-host.invalid", 1234, false, 1, 100ms).get("x"), gpucc::Error);
}

} // namespace

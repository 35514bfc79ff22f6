// Rendezvous for gpucc::distributed: where the ranks of a job meet to swap the few bytes they need
// before they can talk (NCCL's unique id) and to wait for each other (barrier). Rendezvous that
// hangs is what users of NCCL complain of most, so every wait here has a timeout, and its error
// names the rank, the store and the key it waited for. Two stores: FileStore (a folder that
// every rank sees: one machine, or a shared file system) and TcpStore (rank 0 serves, the others
// connect; loopback by default, host and port configurable).
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpucc::distributed {

/// A key-value store the ranks of one job share. Keys are set once; get() waits for them.
class Store {
public:
    virtual ~Store() = default;
    /// Publishes `value` under `key` (set again: the new value replaces the old).
    virtual void set(std::string_view key, const std::vector<std::byte>& value) = 0;
    /// The value of `key` now, or nothing when no rank has set it yet. Never waits long.
    virtual std::optional<std::vector<std::byte>> try_get(std::string_view key) = 0;
    /// The value of `key`, waiting until some rank has set it or timeout() has passed; then
    /// throws gpucc::Error "<describe()>: rank R waited S ms for key 'K', which no rank set".
    std::vector<std::byte> get(std::string_view key);
    /// A sentence naming the store: "FileStore at /shared/run1", "TcpStore 127.0.0.1:29500".
    virtual std::string describe() const = 0;

    /// How long get() and barrier() wait.
    std::chrono::milliseconds timeout() const noexcept { return timeout_; }
    void set_timeout(std::chrono::milliseconds timeout) noexcept { timeout_ = timeout; }
    /// The rank that uses this store object, for messages (-1 when unknown).
    int rank() const noexcept { return rank_; }
    void set_rank(int rank) noexcept { rank_ = rank; }

    /// Waits until `n_ranks` ranks have called barrier with the same `name`; each rank calls it
    /// once per name. Throws, naming the ranks that never came, after timeout().
    void barrier(std::string_view name, int n_ranks);

protected:
    Store(int rank, std::chrono::milliseconds timeout) : timeout_(timeout), rank_(rank) {}

private:
    std::chrono::milliseconds timeout_;
    int rank_;
};

/// A store in a folder of the file system: each key is a file, written to a temporary name and
/// renamed, so a reader never sees half a value. The folder must exist and be the same for every
/// rank; use a fresh one for each job (a key left by an earlier job would be read as this one's).
class FileStore final : public Store {
public:
    /// ValueError when `folder` is not a folder.
    explicit FileStore(std::string folder, int rank = -1,
                       std::chrono::milliseconds timeout = std::chrono::seconds(300));
    void set(std::string_view key, const std::vector<std::byte>& value) override;
    std::optional<std::vector<std::byte>> try_get(std::string_view key) override;
    std::string describe() const override;

private:
    std::string path_of(std::string_view key) const;
    std::string folder_;
};

/// A store served over TCP by one rank (the server, usually rank 0) for the others (clients).
/// The server listens on `host`:`port` (127.0.0.1 by default; "0.0.0.0" listens everywhere; port
/// 0 picks a free one, see port()) and serves on a thread of its own while it lives. Clients
/// connect, retrying until the timeout, so the order in which ranks start does not matter.
/// Environment overrides as cupyx.distributed's: GPUCC_DISTRIBUTED_HOST, GPUCC_DISTRIBUTED_PORT
/// are read by TcpStore::from_environment.
class TcpStore final : public Store {
public:
    static constexpr int kDefaultPort = 13333;
    TcpStore(std::string host, int port, bool is_server, int rank = -1,
             std::chrono::milliseconds timeout = std::chrono::seconds(300));
    /// Host and port from GPUCC_DISTRIBUTED_HOST (default 127.0.0.1) and GPUCC_DISTRIBUTED_PORT
    /// (default 13333); rank 0 serves. ValueError for a port that is not a number in 0..65535.
    static std::unique_ptr<TcpStore>
    from_environment(int rank, std::chrono::milliseconds timeout = std::chrono::seconds(300));
    ~TcpStore() override;
    TcpStore(const TcpStore&) = delete;
    TcpStore& operator=(const TcpStore&) = delete;

    void set(std::string_view key, const std::vector<std::byte>& value) override;
    std::optional<std::vector<std::byte>> try_get(std::string_view key) override;
    std::string describe() const override;
    /// The port the server listens on (the one picked when 0 was given).
    int port() const noexcept { return port_; }

private:
    struct Server;
    int connect_socket();
    std::string host_;
    int port_;
    std::unique_ptr<Server> server_;
};

} // namespace gpucc::distributed

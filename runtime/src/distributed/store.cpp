// The waits every store shares (get and barrier, polling try_get until the timeout) and the
// FileStore.
#include "gpucc/distributed/store.h"

#include "gpucc/errors.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace gpucc::distributed {
namespace {

using Clock = std::chrono::steady_clock;

std::string rank_text(int rank) {
    return rank >= 0 ? "rank " + std::to_string(rank) : std::string("a rank");
}

// Sleeps a little longer each time, from 0.1 ms up to 20 ms, so short waits stay fast and long
// ones do not spin.
void back_off(int& attempt) {
    const int micros = std::min(100 << std::min(attempt, 8), 20000);
    ++attempt;
    std::this_thread::sleep_for(std::chrono::microseconds(micros));
}

} // namespace

std::vector<std::byte> Store::get(std::string_view key) {
    const auto deadline = Clock::now() + timeout_;
    int attempt = 0;
    for (;;) {
        if (auto value = try_get(key)) {
            return std::move(*value);
        }
        if (Clock::now() >= deadline) {
            throw Error(describe() + ": " + rank_text(rank_) + " waited " +
                        std::to_string(timeout_.count()) + " ms for key '" + std::string(key) +
                        "', which no rank set in that time");
        }
        back_off(attempt);
    }
}

void Store::barrier(std::string_view name, int n_ranks) {
    if (n_ranks < 1) {
        throw ValueError("Store::barrier: n_ranks must be at least 1, got " +
                         std::to_string(n_ranks));
    }
    const std::string prefix = "barrier/" + std::string(name) + "/";
    if (rank_ >= 0) {
        set(prefix + std::to_string(rank_), {std::byte{1}});
    } else {
        throw ValueError("Store::barrier needs the store's rank (set_rank) to say it has come");
    }
    const auto deadline = Clock::now() + timeout_;
    int attempt = 0;
    for (;;) {
        std::string missing;
        int n_missing = 0;
        for (int r = 0; r < n_ranks; ++r) {
            if (!try_get(prefix + std::to_string(r))) {
                missing += (n_missing++ == 0 ? "" : ", ") + std::to_string(r);
            }
        }
        if (n_missing == 0) {
            return;
        }
        if (Clock::now() >= deadline) {
            throw Error(describe() + ": barrier '" + std::string(name) + "': " + rank_text(rank_) +
                        " waited " + std::to_string(timeout_.count()) + " ms; rank" +
                        (n_missing == 1 ? " " : "s ") + missing + " of " + std::to_string(n_ranks) +
                        " never came");
        }
        back_off(attempt);
    }
}

FileStore::FileStore(std::string folder, int rank, std::chrono::milliseconds timeout)
    : Store(rank, timeout), folder_(std::move(folder)) {
    struct stat info{};
    if (folder_.empty() || ::stat(folder_.c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) {
        throw ValueError("FileStore: folder '" + folder_ + "' does not exist or is not a folder");
    }
}

std::string FileStore::path_of(std::string_view key) const {
    // Keys may hold '/', which would name folders: spell every byte outside [A-Za-z0-9._-].
    std::string name;
    for (const char c : key) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '.' || c == '_' || c == '-') {
            name += c;
        } else {
            char escaped[4];
            std::snprintf(escaped, sizeof escaped, "%%%02X", static_cast<unsigned char>(c));
            name += escaped;
        }
    }
    return folder_ + "/" + name;
}

void FileStore::set(std::string_view key, const std::vector<std::byte>& value) {
    const std::string path = path_of(key);
    const std::string temporary =
        path + ".tmp." + std::to_string(::getpid()) + "." +
        std::to_string(std::hash<std::thread::id>{}(std::this_thread::get_id()));
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(value.data()),
                  static_cast<std::streamsize>(value.size()));
        out.close();
        if (!out) {
            throw Error(describe() + ": cannot write key '" + std::string(key) + "' to " +
                        temporary);
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        const int error = errno;
        std::remove(temporary.c_str());
        throw Error(describe() + ": cannot publish key '" + std::string(key) +
                    "': " + std::strerror(error));
    }
}

std::optional<std::vector<std::byte>> FileStore::try_get(std::string_view key) {
    std::ifstream in(path_of(key), std::ios::binary);
    if (!in) {
        return std::nullopt;
    }
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // Not memcpy: an empty value's data() may be null, which memcpy must not get (UBSan).
    std::vector<std::byte> value(bytes.size());
    std::transform(bytes.begin(), bytes.end(), value.begin(),
                   [](char c) { return static_cast<std::byte>(c); });
    return value;
}

std::string FileStore::describe() const {
    return "FileStore at " + folder_;
}

} // namespace gpucc::distributed

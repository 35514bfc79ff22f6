// TcpStore: a key-value store served over TCP by one rank. The server keeps the keys in a map and
// answers on a thread of its own; a client opens one connection per request (set or try_get),
// which keeps both sides simple and costs little next to a rendezvous. Wire format, all lengths
// 32-bit little-endian: request 'S' klen key vlen value -> 'K'; request 'G' klen key -> 'Y' vlen
// value, or 'N' when the key is not there yet. Every socket has send and receive timeouts, and
// clients retry connecting until the store's timeout, so no call waits for ever.
#include "gpucc/distributed/store.h"
#include "gpucc/errors.h"

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <utility>

namespace gpucc::distributed {
namespace {

using Clock = std::chrono::steady_clock;

class Socket {
public:
    explicit Socket(int fd = -1) noexcept : fd_(fd) {}
    Socket(Socket&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
    Socket& operator=(Socket&& other) noexcept {
        std::swap(fd_, other.fd_);
        return *this;
    }
    Socket(const Socket&) = delete;
    Socket& operator=(const Socket&) = delete;
    ~Socket() {
        if (fd_ >= 0) {
            ::close(fd_);
        }
    }
    int fd() const noexcept { return fd_; }

private:
    int fd_;
};

void set_io_timeout(int fd, std::chrono::milliseconds timeout) {
    timeval tv{};
    tv.tv_sec = static_cast<time_t>(timeout.count() / 1000);
    tv.tv_usec = static_cast<suseconds_t>((timeout.count() % 1000) * 1000);
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

// False on a closed connection, a timeout or an error.
bool write_all(int fd, const void* data, std::size_t n) {
    const auto* p = static_cast<const char*>(data);
    while (n > 0) {
        const ssize_t done = ::send(fd, p, n, MSG_NOSIGNAL);
        if (done < 0 && errno == EINTR) {
            continue;
        }
        if (done <= 0) {
            return false;
        }
        p += done;
        n -= static_cast<std::size_t>(done);
    }
    return true;
}

bool read_all(int fd, void* data, std::size_t n) {
    auto* p = static_cast<char*>(data);
    while (n > 0) {
        const ssize_t done = ::recv(fd, p, n, 0);
        if (done < 0 && errno == EINTR) {
            continue;
        }
        if (done <= 0) {
            return false;
        }
        p += done;
        n -= static_cast<std::size_t>(done);
    }
    return true;
}

bool write_u32(int fd, std::uint32_t v) {
    const unsigned char bytes[4] = {
        static_cast<unsigned char>(v), static_cast<unsigned char>(v >> 8),
        static_cast<unsigned char>(v >> 16), static_cast<unsigned char>(v >> 24)};
    return write_all(fd, bytes, 4);
}

bool read_u32(int fd, std::uint32_t& v) {
    unsigned char bytes[4];
    if (!read_all(fd, bytes, 4)) {
        return false;
    }
    v = std::uint32_t{bytes[0]} | std::uint32_t{bytes[1]} << 8 | std::uint32_t{bytes[2]} << 16 |
        std::uint32_t{bytes[3]} << 24;
    return true;
}

constexpr std::uint32_t kMaxLength = 1u << 24; // keys and values are small: ids and flags

bool read_bytes(int fd, std::string& out) {
    std::uint32_t n = 0;
    if (!read_u32(fd, n) || n > kMaxLength) {
        return false;
    }
    out.resize(n);
    return read_all(fd, out.data(), n);
}

addrinfo* resolve(const std::string& host, int port, bool passive, const std::string& what) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = passive ? AI_PASSIVE : 0;
    addrinfo* result = nullptr;
    const std::string service = std::to_string(port);
    const int error = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &result);
    if (error != 0) {
        throw Error(what + ": cannot resolve host '" + host + "': " + ::gai_strerror(error));
    }
    return result;
}

} // namespace

struct TcpStore::Server {
    Socket listener;
    std::atomic<bool> stop{false};
    std::mutex mutex;
    std::map<std::string, std::string> values;
    std::chrono::milliseconds io_timeout{1000};
    std::thread thread;

    void serve_one(int fd) {
        set_io_timeout(fd, io_timeout);
        char request = 0;
        std::string key;
        if (!read_all(fd, &request, 1) || !read_bytes(fd, key)) {
            return;
        }
        if (request == 'S') {
            std::string value;
            if (!read_bytes(fd, value)) {
                return;
            }
            {
                const std::lock_guard lock(mutex);
                values[key] = std::move(value);
            }
            const char ok = 'K';
            write_all(fd, &ok, 1);
        } else if (request == 'G') {
            std::string value;
            bool found = false;
            {
                const std::lock_guard lock(mutex);
                if (auto it = values.find(key); it != values.end()) {
                    value = it->second;
                    found = true;
                }
            }
            const char answer = found ? 'Y' : 'N';
            if (write_all(fd, &answer, 1) && found) {
                write_u32(fd, static_cast<std::uint32_t>(value.size()));
                write_all(fd, value.data(), value.size());
            }
        }
    }

    void run() {
        while (!stop.load(std::memory_order_relaxed)) {
            pollfd p{listener.fd(), POLLIN, 0};
            if (::poll(&p, 1, 50) <= 0) {
                continue;
            }
            const Socket client(::accept(listener.fd(), nullptr, nullptr));
            if (client.fd() >= 0) {
                serve_one(client.fd());
            }
        }
    }
};

TcpStore::TcpStore(std::string host, int port, bool is_server, int rank,
                   std::chrono::milliseconds timeout)
    : Store(rank, timeout), host_(std::move(host)), port_(port) {
    if (port < 0 || port > 65535) {
        throw ValueError("TcpStore: port must be in 0..65535, got " + std::to_string(port));
    }
    if (!is_server) {
        if (port == 0) {
            throw ValueError("TcpStore: a client needs the server's port, got 0");
        }
        return;
    }
    auto server = std::make_unique<Server>();
    server->io_timeout = std::min(timeout, std::chrono::milliseconds(5000));
    addrinfo* addresses = resolve(host_, port_, true, describe());
    std::string why = "no address";
    for (addrinfo* a = addresses; a != nullptr; a = a->ai_next) {
        Socket s(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol));
        if (s.fd() < 0) {
            why = std::strerror(errno);
            continue;
        }
        const int one = 1;
        ::setsockopt(s.fd(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (::bind(s.fd(), a->ai_addr, a->ai_addrlen) != 0 || ::listen(s.fd(), 128) != 0) {
            why = std::strerror(errno);
            continue;
        }
        sockaddr_storage bound{};
        socklen_t length = sizeof bound;
        ::getsockname(s.fd(), reinterpret_cast<sockaddr*>(&bound), &length);
        port_ =
            ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                              : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
        server->listener = std::move(s);
        break;
    }
    ::freeaddrinfo(addresses);
    if (server->listener.fd() < 0) {
        throw Error(describe() + ": rank " + std::to_string(rank) + " cannot listen: " + why);
    }
    server->thread = std::thread([s = server.get()] { s->run(); });
    server_ = std::move(server);
}

std::unique_ptr<TcpStore> TcpStore::from_environment(int rank, std::chrono::milliseconds timeout) {
    const char* host = std::getenv("GPUCC_DISTRIBUTED_HOST");
    const char* port_text = std::getenv("GPUCC_DISTRIBUTED_PORT");
    int port = kDefaultPort;
    if (port_text != nullptr && *port_text != '\0') {
        char* end = nullptr;
        const long value = std::strtol(port_text, &end, 10);
        if (*end != '\0' || value < 0 || value > 65535) {
            throw ValueError(
                std::string("GPUCC_DISTRIBUTED_PORT must be a port in 0..65535, got '") +
                port_text + "'");
        }
        port = static_cast<int>(value);
    }
    return std::make_unique<TcpStore>(host != nullptr && *host != '\0' ? host : "127.0.0.1", port,
                                      rank == 0, rank, timeout);
}

TcpStore::~TcpStore() {
    if (server_) {
        server_->stop.store(true);
        server_->thread.join();
    }
}

std::string TcpStore::describe() const {
    return "TcpStore " + host_ + ":" + std::to_string(port_);
}

int TcpStore::connect_socket() {
    const auto deadline = Clock::now() + timeout();
    std::string why;
    int attempt = 0;
    for (;;) {
        addrinfo* addresses = resolve(host_, port_, false, describe());
        for (addrinfo* a = addresses; a != nullptr; a = a->ai_next) {
            const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
            if (fd < 0) {
                why = std::strerror(errno);
                continue;
            }
            set_io_timeout(fd, timeout());
            if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0) {
                ::freeaddrinfo(addresses);
                return fd;
            }
            why = std::strerror(errno);
            ::close(fd);
        }
        ::freeaddrinfo(addresses);
        if (Clock::now() >= deadline) {
            throw Error(describe() + ": rank " + std::to_string(rank()) + " could not connect in " +
                        std::to_string(timeout().count()) + " ms (" + why +
                        "); is the server rank running and listening there?");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(std::min(1 << attempt++, 50)));
    }
}

void TcpStore::set(std::string_view key, const std::vector<std::byte>& value) {
    const Socket s(connect_socket());
    char answer = 0;
    if (!(write_all(s.fd(), "S", 1) && write_u32(s.fd(), static_cast<std::uint32_t>(key.size())) &&
          write_all(s.fd(), key.data(), key.size()) &&
          write_u32(s.fd(), static_cast<std::uint32_t>(value.size())) &&
          write_all(s.fd(), value.data(), value.size()) && read_all(s.fd(), &answer, 1) &&
          answer == 'K')) {
        throw Error(describe() + ": rank " + std::to_string(rank()) + " could not set key '" +
                    std::string(key) + "': the server closed the connection or timed out");
    }
}

std::optional<std::vector<std::byte>> TcpStore::try_get(std::string_view key) {
    const Socket s(connect_socket());
    char answer = 0;
    if (!(write_all(s.fd(), "G", 1) && write_u32(s.fd(), static_cast<std::uint32_t>(key.size())) &&
          write_all(s.fd(), key.data(), key.size()) && read_all(s.fd(), &answer, 1))) {
        throw Error(describe() + ": rank " + std::to_string(rank()) + " could not ask for key '" +
                    std::string(key) + "': the server closed the connection or timed out");
    }
    if (answer != 'Y') {
        return std::nullopt;
    }
    std::string value;
    if (!read_bytes(s.fd(), value)) {
        throw Error(describe() + ": rank " + std::to_string(rank()) + ": the value of key '" +
                    std::string(key) + "' was cut short");
    }
    // Not memcpy: an empty value's data() may be null, which memcpy must not get (UBSan).
    std::vector<std::byte> bytes(value.size());
    std::transform(value.begin(), value.end(), bytes.begin(),
                   [](char c) { return static_cast<std::byte>(c); });
    return bytes;
}

} // namespace gpucc::distributed

// Runs one test of this same program in child processes, for what must not share a process with
// the suite: ranks of a multi-process job, and checks that might hang (a child that outlives its
// deadline is killed and reported, so the suite itself always ends). Children get the parent's
// environment plus the given variables, and print to the same output.
#pragma once

#include <chrono>
#include <csignal>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace gpucc_test {

/// Starts `/proc/self/exe --gtest_filter=<test>` once per entry of `environments` (each a list of
/// NAME=value), waits for all of them up to `deadline`, and returns one line per child that failed,
/// did not start or was killed at the deadline; empty when every child exited with 0.
inline std::vector<std::string> run_self(const std::string& test,
                                         const std::vector<std::vector<std::string>>& environments,
                                         std::chrono::seconds deadline) {
    std::vector<std::string> problems;
    std::vector<pid_t> children;
    for (const auto& extra : environments) {
        std::vector<std::string> env_strings = extra;
        for (char** e = environ; *e != nullptr; ++e) {
            env_strings.emplace_back(*e);
        }
        std::vector<char*> envp;
        for (auto& s : env_strings) {
            envp.push_back(s.data());
        }
        envp.push_back(nullptr);
        std::string self = "/proc/self/exe";
        std::string filter = "--gtest_filter=" + test;
        char* argv[] = {self.data(), filter.data(), nullptr};
        pid_t pid = -1;
        if (::posix_spawn(&pid, self.c_str(), nullptr, nullptr, argv, envp.data()) != 0) {
            problems.push_back("child " + std::to_string(children.size()) + " did not start");
        }
        children.push_back(pid);
    }
    const auto end = std::chrono::steady_clock::now() + deadline;
    for (std::size_t i = 0; i < children.size(); ++i) {
        if (children[i] < 0) {
            continue;
        }
        int status = 0;
        for (;;) {
            if (::waitpid(children[i], &status, WNOHANG) == children[i]) {
                if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
                    problems.push_back("child " + std::to_string(i) +
                                       " failed (its output is above)");
                }
                break;
            }
            if (std::chrono::steady_clock::now() > end) {
                ::kill(children[i], SIGKILL);
                ::waitpid(children[i], &status, 0);
                problems.push_back("child " + std::to_string(i) + " did not end in " +
                                   std::to_string(deadline.count()) + " s and was killed");
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
    return problems;
}

} // namespace gpucc_test

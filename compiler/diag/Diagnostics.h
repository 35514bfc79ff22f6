// Diagnostics. The SourceManager (basic/SourceManager.h) owns the text of every file the compiler
// reads and maps a SourceLocation back to its line; the DiagnosticEngine reports
// user errors as `file:line:col: error: message`, the source line and a caret, keeps counting
// after the first error so one run reports many, and in --verify mode compares what was reported
// with the `// expected-error {{...}}` comments of the file instead of printing (as clang -verify).
//
// Diagnostic kinds are data: DiagnosticKinds.def lists each kind with its severity and message
// format; `diags.report(loc, DiagKind::UnknownName, name)` fills the `{0}` of the format.
#pragma once

#include "compiler/basic/ScalarType.h"
#include "compiler/basic/SourceLocation.h"
#include "compiler/basic/SourceManager.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace gpucc {

enum class Severity : std::uint8_t { Error, Warning, Note };

enum class DiagKind : std::uint16_t {
#define DIAG(Name, Sev, Format) Name,
#include "compiler/diag/DiagnosticKinds.def"
#undef DIAG
};

/// The severity and format string a kind was registered with.
Severity diag_severity(DiagKind kind);
std::string_view diag_format(DiagKind kind);

/// Where a diagnostic points: a location and, optionally, how many bytes to underline.
struct SourceSpan {
    SourceLocation begin;
    std::uint32_t length = 0; ///< 0 or 1: a caret only; more: a caret then '~'
    SourceSpan(SourceLocation begin, std::uint32_t length = 0) // NOLINT: implicit on purpose
        : begin(begin), length(length) {}
};

/// The length of a name or token, for a SourceSpan that underlines it.
inline std::uint32_t length_of(std::string_view text) {
    return static_cast<std::uint32_t>(text.size());
}

/// One argument of a diagnostic, already spelled as text.
struct DiagArg {
    std::string text;
    DiagArg(std::string_view value) : text(value) {}     // NOLINT: implicit on purpose
    DiagArg(const std::string& value) : text(value) {}   // NOLINT
    DiagArg(const char* value) : text(value) {}          // NOLINT
    DiagArg(ScalarType type) : text(numpy_name(type)) {} // NOLINT
    template <typename Int, typename = std::enable_if_t<std::is_integral_v<Int>>>
    DiagArg(Int value) : text(std::to_string(value)) {} // NOLINT
};

/// A diagnostic as reported.
struct Diagnostic {
    DiagKind kind;
    Severity severity;
    SourceSpan span;
    std::string message;
};

class DiagnosticEngine {
public:
    DiagnosticEngine(const SourceManager& sources, llvm::raw_ostream& out);
    ~DiagnosticEngine();
    DiagnosticEngine(const DiagnosticEngine&) = delete;
    DiagnosticEngine& operator=(const DiagnosticEngine&) = delete;

    /// In verify mode diagnostics are recorded, not printed, until verify() compares them.
    void set_verify_mode(bool verify);
    /// After `limit` errors (0: no limit) nothing more is printed, only counted (as clang's
    /// -ferror-limit); print_suppressed() then says how many were not shown. Verify mode records
    /// every diagnostic whatever the limit.
    void set_error_limit(unsigned limit) { error_limit_ = limit; }
    /// "gpucc: note: N more errors were not shown ...", when the limit suppressed any.
    void print_suppressed();

    /// Reports a diagnostic of `kind` at `span`; `args` fill the format's {0}, {1}, ...
    /// An error or warning identical to one already reported (same place, same text) is dropped
    /// together with the notes that follow it: a generic kernel checked once per type reports a
    /// type-independent mistake once.
    template <typename... Args>
    void report(SourceSpan span, DiagKind kind, const Args&... args) {
        report_with_args(span, kind, std::vector<std::string>{DiagArg(args).text...});
    }
    void report_with_args(SourceSpan span, DiagKind kind, const std::vector<std::string>& args);
    /// Reports a diagnostic built elsewhere (one taken by a capture, see begin_capture).
    void report_diagnostic(const Diagnostic& diagnostic);

    /// Until end_capture, diagnostics are appended to `sink` instead of being reported, so a
    /// caller can decide how to report them (Sema compares the instances of a generic kernel:
    /// a mistake made by every instance is reported once, without an instantiation note).
    void begin_capture(std::vector<Diagnostic>& sink);
    void end_capture();

    /// A failure of the tool itself, not tied to a place in a file: "gpucc: error: ...".
    void report_tool_error(std::string message);

    /// While a context is pushed, every error and warning is followed by the context's note
    /// (innermost last), e.g. "in instantiation of 'k' with T = float32".
    void push_context(SourceSpan span, DiagKind note_kind, std::vector<std::string> args);
    void pop_context();

    const SourceManager& sources() const { return sources_; }

    bool has_errors() const { return error_count_ != 0; }
    unsigned error_count() const { return error_count_; }
    unsigned warning_count() const { return warning_count_; }
    const std::vector<Diagnostic>& diagnostics() const { return reported_; }

    /// Verify mode: compares the reported diagnostics with the `expected-error {{text}}`,
    /// `expected-warning`, `expected-note` comments (with `@+N`, `@-N` or `@N` line offsets) of
    /// every loaded file, prints each mismatch, and returns true when everything matched.
    bool verify();

private:
    struct Context {
        SourceSpan span;
        DiagKind note_kind;
        std::vector<std::string> args;
    };
    void emit(const Diagnostic& diagnostic);
    void print(const Diagnostic& diagnostic);
    void print_source_line(std::string_view line, std::uint32_t column, std::uint32_t length);

    const SourceManager& sources_;
    llvm::raw_ostream& out_;
    bool verify_mode_ = false;
    bool dropping_notes_ = false;
    std::vector<Diagnostic>* capture_ = nullptr;
    unsigned error_count_ = 0;
    unsigned warning_count_ = 0;
    unsigned tool_error_count_ = 0;
    unsigned error_limit_ = 0;
    bool over_limit_ = false;
    unsigned suppressed_errors_ = 0;
    unsigned suppressed_warnings_ = 0;
    /// Every error and warning reported, by place and text: a repeat is found in constant time.
    std::unordered_set<std::string> seen_;
    std::vector<Diagnostic> reported_;
    std::vector<Context> contexts_;
};

/// Formats `format`, replacing {N} with args[N].
std::string format_diagnostic(std::string_view format, const std::vector<std::string>& args);

} // namespace gpucc

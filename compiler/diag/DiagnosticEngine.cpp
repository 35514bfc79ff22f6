// Reporting: formats a kind's message, drops repeats, appends context notes, and prints
// `file:line:col: severity: message` with the source line and a caret (or records the diagnostic
// for verify mode, see Verify.cpp).
#include "compiler/diag/Diagnostics.h"
#include "compiler/diag/InternalError.h"

#include <algorithm>
#include <array>
#include <llvm/Support/raw_ostream.h>

namespace gpucc {
namespace {

struct KindInfo {
    Severity severity;
    std::string_view format;
};

constexpr std::array kKindInfo = {
#define DIAG(Name, Sev, Format) KindInfo{Severity::Sev, Format},
#include "compiler/diag/DiagnosticKinds.def"
#undef DIAG
};

std::string_view severity_name(Severity severity) {
    switch (severity) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Note:
        return "note";
    }
    return "error";
}

} // namespace

Severity diag_severity(DiagKind kind) {
    return kKindInfo[static_cast<std::size_t>(kind)].severity;
}
std::string_view diag_format(DiagKind kind) {
    return kKindInfo[static_cast<std::size_t>(kind)].format;
}

std::string format_diagnostic(std::string_view format, const std::vector<std::string>& args) {
    std::string result;
    for (std::size_t pos = 0; pos < format.size(); ++pos) {
        char c = format[pos];
        if (c == '{' && pos + 2 < format.size() && format[pos + 2] == '}' &&
            format[pos + 1] >= '0' && format[pos + 1] <= '9') {
            std::size_t index = static_cast<std::size_t>(format[pos + 1] - '0');
            GPUCC_CHECK(index < args.size(), "diagnostic format refers to a missing argument");
            if (index < args.size()) {
                result += args[index];
            }
            pos += 2;
            continue;
        }
        result += c;
    }
    return result;
}

DiagnosticEngine::DiagnosticEngine(const SourceManager& sources, llvm::raw_ostream& out)
    : sources_(sources), out_(out) {
}

DiagnosticEngine::~DiagnosticEngine() = default;

void DiagnosticEngine::set_verify_mode(bool verify) {
    verify_mode_ = verify;
}

void DiagnosticEngine::report_with_args(SourceSpan span, DiagKind kind,
                                        const std::vector<std::string>& args) {
    // An argument taken from the source (a name) can be as long as a line: cut it, the caret
    // shows where it is.
    constexpr std::size_t kLongestArg = 256;
    std::vector<std::string> shown = args;
    for (std::string& arg : shown) {
        if (arg.size() > kLongestArg) {
            arg.resize(kLongestArg - 3);
            arg += "...";
        }
    }
    report_diagnostic(
        Diagnostic{kind, diag_severity(kind), span, format_diagnostic(diag_format(kind), shown)});
}

void DiagnosticEngine::begin_capture(std::vector<Diagnostic>& sink) {
    GPUCC_CHECK(capture_ == nullptr, "captures do not nest");
    capture_ = &sink;
}

void DiagnosticEngine::end_capture() {
    capture_ = nullptr;
}

void DiagnosticEngine::report_diagnostic(const Diagnostic& diagnostic) {
    if (capture_ != nullptr) {
        capture_->push_back(diagnostic);
        return;
    }
    const SourceSpan& span = diagnostic.span;
    if (diagnostic.severity == Severity::Note) {
        if (!dropping_notes_) {
            emit(diagnostic);
        }
        return;
    }
    std::string key = std::to_string(static_cast<unsigned>(diagnostic.severity)) + ":" +
                      std::to_string(static_cast<unsigned>(diagnostic.kind)) + ":" +
                      std::to_string(span.begin.file_id) + ":" + std::to_string(span.begin.line) +
                      ":" + std::to_string(span.begin.column) + ":" + diagnostic.message;
    if (!seen_.insert(std::move(key)).second) {
        dropping_notes_ = true;
        return;
    }
    dropping_notes_ = false;
    bool is_error = diagnostic.severity == Severity::Error;
    if (!verify_mode_ && error_limit_ != 0 &&
        (over_limit_ || (is_error && error_count_ >= error_limit_))) {
        // Past the limit: counted, not shown, and its notes go with it.
        over_limit_ = true;
        ++(is_error ? error_count_ : warning_count_);
        ++(is_error ? suppressed_errors_ : suppressed_warnings_);
        dropping_notes_ = true;
        return;
    }
    ++(is_error ? error_count_ : warning_count_);
    emit(diagnostic);
    for (auto context = contexts_.rbegin(); context != contexts_.rend(); ++context) {
        emit(Diagnostic{context->note_kind, Severity::Note, context->span,
                        format_diagnostic(diag_format(context->note_kind), context->args)});
    }
}

void DiagnosticEngine::print_suppressed() {
    if (suppressed_errors_ == 0 && suppressed_warnings_ == 0) {
        return;
    }
    auto count = [](unsigned n, const char* what) {
        return std::to_string(n) + " more " + what + (n == 1 ? "" : "s");
    };
    std::string what = suppressed_errors_ != 0 ? count(suppressed_errors_, "error") : "";
    if (suppressed_warnings_ != 0) {
        what += (what.empty() ? "" : " and ") + count(suppressed_warnings_, "warning");
    }
    out_ << "gpucc: note: " << what << " not shown: the error limit is " << error_limit_
         << "; --error-limit=N raises it (0: no limit)\n";
    out_.flush();
}

void DiagnosticEngine::report_tool_error(std::string message) {
    ++error_count_;
    ++tool_error_count_;
    out_ << "gpucc: error: " << message << "\n";
    out_.flush();
}

void DiagnosticEngine::push_context(SourceSpan span, DiagKind note_kind,
                                    std::vector<std::string> args) {
    GPUCC_CHECK(diag_severity(note_kind) == Severity::Note, "a context must be a note");
    contexts_.push_back(Context{span, note_kind, std::move(args)});
}

void DiagnosticEngine::pop_context() {
    GPUCC_CHECK(!contexts_.empty(), "pop_context without push_context");
    contexts_.pop_back();
}

void DiagnosticEngine::emit(const Diagnostic& diagnostic) {
    reported_.push_back(diagnostic);
    if (!verify_mode_) {
        print(diagnostic);
    }
}

/// The source line under a diagnostic, and its caret line. A long line is cut to a window of
/// kLineWindow bytes around the caret, marked with "..." where cut; control bytes are shown as
/// <XX> (hex) so they cannot act on the terminal. Tabs are kept on both lines so the caret lines
/// up however tabs are displayed.
void DiagnosticEngine::print_source_line(std::string_view line, std::uint32_t column,
                                         std::uint32_t length) {
    constexpr std::size_t kLineWindow = 200;
    std::size_t caret = column == 0 ? 0 : column - 1; // byte offset of the caret
    std::size_t first = 0;
    std::size_t last = line.size();
    if (line.size() > kLineWindow) {
        first = caret > kLineWindow / 2 ? std::min(caret - kLineWindow / 2,
                                                   line.size() - std::min(line.size(), kLineWindow))
                                        : 0;
        last = std::min(line.size(), first + kLineWindow);
    }
    std::string shown = first > 0 ? "..." : "";
    std::string marker(shown.size(), ' ');
    std::size_t underline_end = caret + (length == 0 ? 1 : length);
    for (std::size_t pos = first; pos < last; ++pos) {
        char c = line[pos];
        std::string text(1, c);
        auto byte = static_cast<unsigned char>(c);
        if ((byte < 0x20 && c != '\t') || byte == 0x7f) {
            constexpr char kHex[] = "0123456789ABCDEF";
            text = std::string("<") + kHex[byte >> 4] + kHex[byte & 15] + ">";
        }
        shown += text;
        char fill = pos == caret ? '^' : pos > caret && pos < underline_end ? '~' : ' ';
        if (pos < caret && c == '\t') {
            marker += '\t';
        } else if (pos <= caret || pos < underline_end) {
            marker += std::string(pos == caret ? 1 : text.size(), fill);
            if (pos == caret && text.size() > 1) {
                marker += std::string(text.size() - 1, length > 1 ? '~' : ' ');
            }
        }
    }
    if (last < line.size()) {
        shown += "...";
    }
    if (caret >= last) {
        marker += '^'; // at the end of the line (a missing ';')
    }
    // Trailing spaces of the marker are not printed.
    marker.erase(marker.find_last_not_of(' ') + 1);
    out_ << shown << "\n" << marker << "\n";
}

void DiagnosticEngine::print(const Diagnostic& diagnostic) {
    SourceLocation loc = diagnostic.span.begin;
    if (!loc.is_valid() || loc.file_id > sources_.file_count()) {
        out_ << "gpucc: " << severity_name(diagnostic.severity) << ": " << diagnostic.message
             << "\n";
        out_.flush();
        return;
    }
    out_ << sources_.path(loc.file_id) << ":" << loc.line << ":" << loc.column << ": "
         << severity_name(diagnostic.severity) << ": " << diagnostic.message << "\n";
    std::string_view line = sources_.line_text(loc.file_id, loc.line);
    if (!line.empty() || loc.column == 1) {
        print_source_line(line, loc.column, diagnostic.span.length);
    }
    out_.flush();
}

} // namespace gpucc

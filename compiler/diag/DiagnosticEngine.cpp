// Reporting: formats a kind's message, drops repeats, appends context notes, and prints
// `file:line:col: severity: message` with the source line and a caret (or records the diagnostic
// for verify mode, see Verify.cpp).
#include "compiler/diag/Diagnostics.h"
#include "compiler/diag/InternalError.h"

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
    report_diagnostic(
        Diagnostic{kind, diag_severity(kind), span, format_diagnostic(diag_format(kind), args)});
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
    for (const Diagnostic& earlier : reported_) {
        if (earlier.severity == diagnostic.severity && earlier.kind == diagnostic.kind &&
            earlier.span.begin.file_id == span.begin.file_id &&
            earlier.span.begin.line == span.begin.line &&
            earlier.span.begin.column == span.begin.column &&
            earlier.message == diagnostic.message) {
            dropping_notes_ = true;
            return;
        }
    }
    dropping_notes_ = false;
    if (diagnostic.severity == Severity::Error) {
        ++error_count_;
    } else {
        ++warning_count_;
    }
    emit(diagnostic);
    for (auto context = contexts_.rbegin(); context != contexts_.rend(); ++context) {
        emit(Diagnostic{context->note_kind, Severity::Note, context->span,
                        format_diagnostic(diag_format(context->note_kind), context->args)});
    }
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
        out_ << line << "\n";
        std::string marker;
        // Keep tabs so the caret lines up under the source however tabs are displayed.
        for (std::uint32_t col = 1; col < loc.column && col - 1 < line.size(); ++col) {
            marker += line[col - 1] == '\t' ? '\t' : ' ';
        }
        marker += '^';
        std::uint32_t last =
            loc.column + (diagnostic.span.length == 0 ? 0 : diagnostic.span.length - 1);
        for (std::uint32_t col = loc.column + 1; col <= last && col <= line.size(); ++col) {
            marker += '~';
        }
        out_ << marker << "\n";
    }
    out_.flush();
}

} // namespace gpucc

// Verify mode (as clang -verify): each diagnostic the compiler should report is written in the
// test file as a comment, `// expected-error {{substring}}`, `expected-warning`, `expected-note`,
// on the line it points at or with a line offset (`expected-error@+1`, `@-2`, or an absolute
// `@12`), optionally with a count (`expected-error 2 {{...}}`). A file that must compile cleanly
// says `// expected-no-diagnostics`. verify() matches reported diagnostics against these and
// prints what was expected but not seen and what was seen but not expected.
#include "compiler/diag/Diagnostics.h"

#include <cctype>
#include <llvm/Support/raw_ostream.h>

namespace gpucc {
namespace {

struct Expected {
    Severity severity;
    std::uint32_t file;
    std::uint32_t line;
    std::string text;
    unsigned count = 1;
    unsigned seen = 0;
};

struct DirectiveScan {
    std::vector<Expected> expected;
    bool no_diagnostics = false;
    std::vector<std::string> errors; ///< malformed directives
};

std::uint32_t line_of(std::string_view text, std::size_t pos) {
    std::uint32_t line = 1;
    for (std::size_t i = 0; i < pos; ++i) {
        if (text[i] == '\n') {
            ++line;
        }
    }
    return line;
}

void skip_spaces(std::string_view text, std::size_t& pos) {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) {
        ++pos;
    }
}

bool read_number(std::string_view text, std::size_t& pos, unsigned& value) {
    std::size_t start = pos;
    value = 0;
    while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])) &&
           pos - start < 9) {
        value = value * 10 + static_cast<unsigned>(text[pos] - '0');
        ++pos;
    }
    return pos > start;
}

void scan_file(const SourceManager& sources, std::uint32_t file, DirectiveScan& scan) {
    std::string_view text = sources.buffer(file);
    constexpr std::string_view kPrefix = "expected-";
    for (std::size_t found = text.find(kPrefix); found != std::string_view::npos;
         found = text.find(kPrefix, found + 1)) {
        std::size_t pos = found + kPrefix.size();
        std::uint32_t line = line_of(text, found);
        auto malformed = [&](std::string_view why) {
            scan.errors.push_back(sources.path(file) + ":" + std::to_string(line) + ": " +
                                  std::string(why));
        };
        Severity severity;
        std::string_view rest = text.substr(pos);
        if (rest.starts_with("no-diagnostics")) {
            scan.no_diagnostics = true;
            continue;
        }
        if (rest.starts_with("error")) {
            severity = Severity::Error;
            pos += 5;
        } else if (rest.starts_with("warning")) {
            severity = Severity::Warning;
            pos += 7;
        } else if (rest.starts_with("note")) {
            severity = Severity::Note;
            pos += 4;
        } else {
            continue; // "expected-" in other text, not a directive
        }
        std::uint32_t target_line = line;
        if (pos < text.size() && text[pos] == '@') {
            ++pos;
            char sign = pos < text.size() ? text[pos] : '\0';
            if (sign == '+' || sign == '-') {
                ++pos;
            }
            unsigned offset = 0;
            if (!read_number(text, pos, offset)) {
                malformed("expected a line number after '@'");
                continue;
            }
            if (sign == '+') {
                target_line = line + offset;
            } else if (sign == '-') {
                target_line = offset < line ? line - offset : 0;
            } else {
                target_line = offset;
            }
        }
        skip_spaces(text, pos);
        unsigned count = 1;
        if (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
            read_number(text, pos, count);
            skip_spaces(text, pos);
        }
        if (text.substr(pos, 2) != "{{") {
            malformed("expected '{{' after the directive");
            continue;
        }
        std::size_t close = text.find("}}", pos + 2);
        std::size_t newline = text.find('\n', pos);
        if (close == std::string_view::npos ||
            (newline != std::string_view::npos && close > newline)) {
            malformed("expected '}}' closing the directive's text on the same line");
            continue;
        }
        scan.expected.push_back(Expected{severity, file, target_line,
                                         std::string(text.substr(pos + 2, close - pos - 2)),
                                         count});
    }
}

std::string_view severity_word(Severity severity) {
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

bool DiagnosticEngine::verify() {
    DirectiveScan scan;
    for (std::uint32_t file = 1; file <= sources_.file_count(); ++file) {
        scan_file(sources_, file, scan);
    }
    bool ok = tool_error_count_ == 0;
    for (const std::string& error : scan.errors) {
        out_ << "gpucc: verify: malformed directive: " << error << "\n";
        ok = false;
    }
    if (scan.expected.empty() && !scan.no_diagnostics && scan.errors.empty()) {
        out_ << "gpucc: verify: no expected-* directives found (write '// expected-no-diagnostics' "
                "for a file that must compile cleanly)\n";
        ok = false;
    }

    std::vector<const Diagnostic*> unexpected;
    for (const Diagnostic& diagnostic : reported_) {
        bool matched = false;
        for (Expected& expected : scan.expected) {
            if (expected.seen < expected.count && expected.severity == diagnostic.severity &&
                expected.file == diagnostic.span.begin.file_id &&
                expected.line == diagnostic.span.begin.line &&
                diagnostic.message.find(expected.text) != std::string::npos) {
                ++expected.seen;
                matched = true;
                break;
            }
        }
        if (!matched) {
            unexpected.push_back(&diagnostic);
        }
    }

    for (Severity severity : {Severity::Error, Severity::Warning, Severity::Note}) {
        bool header = false;
        for (const Expected& expected : scan.expected) {
            if (expected.severity != severity || expected.seen == expected.count) {
                continue;
            }
            if (!header) {
                out_ << "gpucc: verify: '" << severity_word(severity)
                     << "' diagnostics expected but not seen:\n";
                header = true;
            }
            out_ << "  " << sources_.path(expected.file) << ":" << expected.line << ": "
                 << expected.text;
            if (expected.count > 1) {
                out_ << " (" << expected.count - expected.seen << " of " << expected.count
                     << " missing)";
            }
            out_ << "\n";
            ok = false;
        }
        header = false;
        for (const Diagnostic* diagnostic : unexpected) {
            if (diagnostic->severity != severity) {
                continue;
            }
            if (!header) {
                out_ << "gpucc: verify: '" << severity_word(severity)
                     << "' diagnostics seen but not expected:\n";
                header = true;
            }
            SourceLocation loc = diagnostic->span.begin;
            out_ << "  ";
            if (loc.is_valid() && loc.file_id <= sources_.file_count()) {
                out_ << sources_.path(loc.file_id) << ":" << loc.line << ":" << loc.column << ": ";
            }
            out_ << diagnostic->message << "\n";
            ok = false;
        }
    }
    out_.flush();
    return ok;
}

} // namespace gpucc

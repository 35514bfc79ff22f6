// Keeps the generated header within the project's 100 columns. The emitters write each statement,
// declaration or comment on one line, as its content dictates; wrap_line then breaks the
// lines that are too long the way the project's .clang-format would lay them out by hand: code
// after a ", ", "&& " or "|| ", the next line aligned after the innermost open bracket (or
// indented 8 more than the statement where that leaves too little room), a string literal that
// does not fit split at a space into adjacent literals (so static_assert messages read the same);
// a comment at a space, its continuation indented 4 more after the "//". Short lines are left as
// they are, so the common case reads exactly as emitted. LineWrappingBuffer applies this to text
// as it is written, a line at a time, so the header is never held whole.
#include "compiler/headergen/HeaderGenImpl.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

namespace gpucc::headergen {
namespace {

bool is_word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':';
}

/// A piece of a code line that may start a new line: it ends just after a break opportunity
/// (", ", "&& " or "|| " outside string literals).
struct Chunk {
    std::string text;
    /// Per character: +1 opens a bracket, -1 closes one, 0 neither (string contents are 0).
    std::vector<int> brackets;
    /// Whether it starts just after an open bracket (a break there continues 8 columns in).
    bool after_open = false;
};

std::vector<Chunk> split_code(const std::string& line, bool open_breaks) {
    std::vector<Chunk> chunks(1);
    bool in_string = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        Chunk& chunk = chunks.back();
        int bracket = 0;
        if (in_string) {
            if (c == '\\' && i + 1 < line.size()) {
                chunk.text += c;
                chunk.brackets.push_back(0);
                c = line[++i];
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '/' && i + 1 < line.size() && line[i + 1] == '/') {
            // A trailing comment stays on the line it ends.
            chunk.text += line.substr(i);
            chunk.brackets.resize(chunk.text.size(), 0);
            break;
        } else if (c == '(' || c == '[' || c == '{') {
            bracket = 1;
        } else if (c == ')' || c == ']' || c == '}') {
            bracket = -1;
        } else if (c == '<') {
            // A template argument list, not a comparison: "name<" or "template <".
            bool opens = (i > 0 && is_word_char(line[i - 1])) ||
                         (i >= 9 && line.compare(i - 9, 9, "template ") == 0);
            bracket = opens ? 1 : 0;
        } else if (c == '>' && i > 0 && line[i - 1] != ' ' && line[i - 1] != '-') {
            bracket = -1;
        }
        chunk.text += c;
        chunk.brackets.push_back(bracket);
        bool breaks =
            !in_string && c == ' ' && i > 0 &&
            (line[i - 1] == ',' ||
             (i > 1 && (line.compare(i - 2, 2, "&&") == 0 || line.compare(i - 2, 2, "||") == 0)));
        if (breaks && i + 1 < line.size()) {
            chunks.emplace_back();
        } else if (open_breaks && bracket > 0 && i + 1 < line.size() && line[i + 1] != ' ' &&
                   std::string(")]}>").find(line[i + 1]) == std::string::npos) {
            // Breaking after an open bracket is the last resort, for what follows it alone is
            // too long for the line.
            chunks.emplace_back();
            chunks.back().after_open = true;
        }
    }
    return chunks;
}

std::string rtrim(std::string text) {
    while (!text.empty() && text.back() == ' ') {
        text.pop_back();
    }
    return text;
}

/// The length of the string literal `text` starts with (0 if it does not start with one).
std::size_t literal_length(const std::string& text) {
    if (text.empty() || text[0] != '"') {
        return 0;
    }
    for (std::size_t i = 1; i < text.size(); ++i) {
        if (text[i] == '\\') {
            ++i;
        } else if (text[i] == '"') {
            return i + 1;
        }
    }
    return 0;
}

/// Splits the string literal of `literal` into adjacent literals, each ending after a space and
/// at most `room` columns long where the words allow; the last piece is followed by `rest`.
std::vector<std::string> split_literal(const std::string& literal, const std::string& rest,
                                       std::size_t room) {
    std::string body = literal.substr(1, literal.size() - 2);
    std::vector<std::string> pieces;
    while (body.size() + 2 + rtrim(rest).size() > room && room > 3) {
        std::size_t cut = body.rfind(' ', room - 3);
        if (cut == std::string::npos || cut == 0 || body[cut - 1] == '\\') {
            break;
        }
        // Not a last line of a word or two ("for");): take words before them along.
        while (body.size() - cut + rtrim(rest).size() < 16) {
            std::size_t earlier = body.rfind(' ', cut - 1);
            if (earlier == std::string::npos || earlier <= room / 2 || body[earlier - 1] == '\\') {
                break;
            }
            cut = earlier;
        }
        pieces.push_back(quoted(body.substr(0, cut + 1)));
        body.erase(0, cut + 1);
    }
    pieces.push_back(quoted(body) + rest);
    return pieces;
}

/// How many columns the code from `start` takes up to the end of the bracket group it is in (its
/// closing bracket and a ',' or ';' after it), or to the end of the line.
std::size_t group_width(const std::string& line, const std::vector<int>& brackets,
                        std::size_t start) {
    int depth = 0;
    for (std::size_t i = start; i < line.size(); ++i) {
        depth += brackets[i];
        if (depth < 0) {
            bool punctuated = i + 1 < line.size() && (line[i + 1] == ',' || line[i + 1] == ';');
            return i - start + (punctuated ? 2 : 1);
        }
    }
    return line.size() - start;
}

/// `line` broken at ", ", "&& " and "|| ", and also after open brackets if `open_breaks`.
std::string wrap_code(const std::string& line, bool open_breaks) {
    std::ostringstream out;
    const std::size_t indent = line.find_first_not_of(' ');
    const std::size_t fallback = indent + 8;
    std::vector<Chunk> chunks = split_code(line, open_breaks);
    std::vector<int> brackets; // per character of `line`
    for (const Chunk& chunk : chunks) {
        brackets.insert(brackets.end(), chunk.brackets.begin(), chunk.brackets.end());
    }
    std::string current; // the output line being filled
    // The open brackets: the output column just after each, and where lines inside it continue
    // once one has (0 before), so that every line of one argument list starts in one column.
    struct Open {
        std::size_t after;
        std::size_t continuation;
    };
    std::vector<Open> open;
    auto track = [&](const std::string& text, const int* kinds, std::size_t column) {
        for (std::size_t k = 0; k < text.size(); ++k) {
            if (kinds[k] > 0) {
                open.push_back({column + k + 1, 0});
            } else if (kinds[k] < 0 && !open.empty()) {
                open.pop_back();
            }
        }
    };
    std::size_t start = 0; // of the chunk in `line`
    for (const Chunk& chunk : chunks) {
        std::size_t width = rtrim(chunk.text).size();
        std::size_t here = start;
        start += chunk.text.size();
        if (current.empty() || current.size() + width <= kColumns) {
            track(chunk.text, chunk.brackets.data(), current.size());
            current += chunk.text;
            continue;
        }
        out << rtrim(current) << "\n";
        // After the innermost open bracket, unless the rest of the bracket's contents fit only
        // 8 columns in from the statement.
        std::size_t literal = literal_length(chunk.text);
        std::size_t aligned = open.empty() ? fallback : open.back().after;
        std::size_t group = literal != 0 ? width : group_width(line, brackets, here);
        std::size_t column = aligned;
        if (!open.empty() && open.back().continuation != 0) {
            column = open.back().continuation;
        } else if (chunk.after_open) {
            column = fallback;
        } else if (aligned > fallback && aligned + std::max(width, group) > kColumns &&
                   (fallback + group <= kColumns || aligned + width > kColumns ||
                    aligned > kColumns * 2 / 3) &&
                   !(literal != 0 && aligned <= kColumns / 2)) {
            column = fallback;
        }
        if (!open.empty()) {
            open.back().continuation = column;
        }
        if (literal == 0 || column + width <= kColumns) {
            current = std::string(column, ' ');
            track(chunk.text, chunk.brackets.data(), column);
            current += chunk.text;
            continue;
        }
        // A string literal too long for the line: adjacent literals, one per line.
        std::string rest = chunk.text.substr(literal);
        std::vector<std::string> pieces =
            split_literal(chunk.text.substr(0, literal), rest, kColumns - column);
        for (std::size_t p = 0; p + 1 < pieces.size(); ++p) {
            out << std::string(column, ' ') << pieces[p] << "\n";
        }
        current = std::string(column, ' ') + pieces.back();
        track(rest, chunk.brackets.data() + literal, current.size() - rest.size());
    }
    out << rtrim(current) << "\n";
    return out.str();
}

bool fits(const std::string& lines) {
    std::istringstream in(lines);
    std::string line;
    while (std::getline(in, line)) {
        if (line.size() > kColumns) {
            return false;
        }
    }
    return true;
}

void wrap_comment(const std::string& line, std::ostream& out) {
    std::size_t slashes = line.find("//");
    std::size_t text_start = line.find_first_not_of('/', slashes);
    std::size_t words_start = line.find_first_not_of(' ', text_start);
    const std::string continuation = line.substr(0, words_start) + "    ";
    std::istringstream words(line.substr(words_start));
    std::string current = line.substr(0, words_start);
    bool first = true;
    std::string word;
    while (words >> word) {
        if (!first && current.size() + 1 + word.size() > kColumns) {
            out << current << "\n";
            current = continuation + word;
            continue;
        }
        current += (first ? "" : " ") + word;
        first = false;
    }
    out << current << "\n";
}

} // namespace

void wrap_line(const std::string& line, std::ostream& out) {
    if (line.size() <= kColumns) {
        out << line << "\n";
    } else if (line.compare(line.find_first_not_of(' '), 2, "//") == 0) {
        wrap_comment(line, out);
    } else {
        // Breaks after open brackets only where the others do not suffice.
        std::string wrapped = wrap_code(line, false);
        out << (fits(wrapped) ? wrapped : wrap_code(line, true));
    }
}

LineWrappingBuffer::~LineWrappingBuffer() {
    finish();
}

void LineWrappingBuffer::finish() {
    // As std::getline reads a text: a last line without its newline is a line.
    if (!line_.empty()) {
        wrap_line(line_, sink_);
        line_.clear();
    }
}

LineWrappingBuffer::int_type LineWrappingBuffer::overflow(int_type c) {
    if (traits_type::eq_int_type(c, traits_type::eof())) {
        return traits_type::not_eof(c);
    }
    char character = traits_type::to_char_type(c);
    xsputn(&character, 1);
    return c;
}

std::streamsize LineWrappingBuffer::xsputn(const char* text, std::streamsize count) {
    const char* end = text + count;
    for (const char* start = text; start != end;) {
        const char* newline = std::find(start, end, '\n');
        line_.append(start, newline);
        if (newline == end) {
            break;
        }
        wrap_line(line_, sink_);
        line_.clear();
        start = newline + 1;
    }
    return count;
}

} // namespace gpucc::headergen

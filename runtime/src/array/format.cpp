// to_string(NDArray): NumPy's array repr (numpy/_core/arrayprint.py: _array_repr_implementation,
// array2string, _formatArray, _extendLine) with the default print options. The elements shown
// (all of them, or with more than 1000 the 3 at each edge of every longer axis) are copied to the
// host, formatted together (element_format.cpp), and laid out in nested brackets wrapped at 75
// columns, each row's continuation lines indented under its first element.
#include "gpucc/array/format.h"

#include "array/element_format.h"
#include "array/strided_host.h"
#include "gpucc/array/ndarray.h"

#include <cstdint>
#include <cstring>
#include <ostream>
#include <string>
#include <vector>

namespace gpucc {
namespace {

constexpr std::int64_t kThreshold = 1000; // more elements than this are summarised
constexpr std::int64_t kEdgeItems = 3;
constexpr std::size_t kLineWidth = 75;
// A GPU view spanning up to this many bytes is copied to the host whole, in one transfer.
constexpr std::int64_t kWholeCopyBytes = std::int64_t{64} << 20;

// The positions shown along each axis, and how many.
struct Shown {
    std::vector<std::vector<std::int64_t>> positions; // per axis, increasing
    Shape shape;                                      // positions[axis].size() per axis
    bool summarised = false;
};

Shown shown_positions(const Shape& shape, bool summarised) {
    Shown shown;
    shown.summarised = summarised;
    for (std::int64_t extent : shape) {
        std::vector<std::int64_t> positions;
        for (std::int64_t i = 0; i < extent; ++i) {
            if (!summarised || extent <= 2 * kEdgeItems || i < kEdgeItems ||
                i >= extent - kEdgeItems) {
                positions.push_back(i);
            }
        }
        shown.shape.push_back(static_cast<std::int64_t>(positions.size()));
        shown.positions.push_back(std::move(positions));
    }
    return shown;
}

// Calls visit(index) for every index of `shape` (all extents > 0) in C order.
template <class Visit>
void for_each_index(const Shape& shape, int axes, Visit visit) {
    std::int64_t index[kMaxNdim] = {};
    while (true) {
        visit(static_cast<const std::int64_t*>(index));
        int axis = axes - 1;
        while (axis >= 0 && ++index[axis] == shape[axis]) {
            index[axis--] = 0;
        }
        if (axis < 0) {
            return;
        }
    }
}

// The shown elements, packed in C order of shown.shape.
std::vector<std::byte> read_shown(const NDArray& array, const Shown& shown) {
    const std::size_t itemsize = array.itemsize();
    const int ndim = array.ndim();
    std::vector<std::byte> out(static_cast<std::size_t>(shown.shape.element_count()) * itemsize);
    const detail::ByteSpan span =
        detail::spanned_bytes(array.shape(), array.strides(), static_cast<std::int64_t>(itemsize));
    if (array.device().is_cuda() && span.size() <= kWholeCopyBytes) {
        // One transfer of everything, then pick the shown elements in C order.
        std::vector<std::byte> all(array.nbytes());
        array.copy_to_host(all.data());
        const Strides packed =
            Strides::c_contiguous(array.shape(), static_cast<std::int64_t>(itemsize));
        std::byte* next = out.data();
        for_each_index(shown.shape, ndim, [&](const std::int64_t* index) {
            std::int64_t offset = 0;
            for (int axis = 0; axis < ndim; ++axis) {
                offset += shown.positions[static_cast<std::size_t>(axis)]
                                         [static_cast<std::size_t>(index[axis])] *
                          packed[axis];
            }
            std::memcpy(next, all.data() + offset, itemsize);
            next += itemsize;
        });
        return out;
    }
    if (ndim == 0) {
        array.copy_to_host(out.data());
        return out;
    }
    // Row by row: for each shown index of the outer axes, each run of consecutive shown positions
    // along the last axis is one view, copied with copy_to_host (memcpy on the CPU, one transfer
    // of the bytes it spans on a GPU).
    const int last = ndim - 1;
    const std::vector<std::int64_t>& inner = shown.positions[static_cast<std::size_t>(last)];
    std::vector<Index> items(static_cast<std::size_t>(ndim), Index(0));
    std::byte* next = out.data();
    for_each_index(shown.shape, last, [&](const std::int64_t* index) {
        for (int axis = 0; axis < last; ++axis) {
            items[static_cast<std::size_t>(axis)] =
                Index(shown.positions[static_cast<std::size_t>(axis)]
                                     [static_cast<std::size_t>(index[axis])]);
        }
        std::size_t begin = 0;
        while (begin < inner.size()) {
            std::size_t end = begin + 1;
            while (end < inner.size() && inner[end] == inner[end - 1] + 1) {
                ++end;
            }
            items[static_cast<std::size_t>(last)] = Slice(inner[begin], inner[end - 1] + 1);
            const NDArray run = array.index(items);
            run.copy_to_host(next);
            next += run.nbytes();
            begin = end;
        }
    });
    return out;
}

// _extendLine: appends `word` to `line`, first moving to a new line (into `text`) when the word
// would pass `width` and the line holds more than its indent.
void extend_line(std::string& text, std::string& line, const std::string& word, std::size_t width,
                 const std::string& indent) {
    if (line.size() + word.size() > width && line.size() > indent.size()) {
        const std::size_t end = line.find_last_not_of(' ');
        text += line.substr(0, end == std::string::npos ? 0 : end + 1) + "\n";
        line = indent;
    }
    line += word;
}

// _formatArray's recursion over the shown elements.
class Layout {
public:
    Layout(const Shape& shape, const Shown& shown, const std::vector<std::string>& words)
        : shape_(shape), shown_(shown), words_(words),
          strides_(Strides::c_contiguous(shown.shape, 1)) {}

    std::string format(int axis, std::int64_t offset, const std::string& indent,
                       std::size_t width) const {
        const int axes_left = shape_.ndim() - axis;
        if (axes_left == 0) {
            return words_[static_cast<std::size_t>(offset)];
        }
        const std::string next_indent = indent + ' ';
        const std::size_t next_width = width - 1; // for the closing bracket
        const std::int64_t shown = shown_.shape[axis];
        const bool summary = shown_.summarised && shape_[axis] > 2 * kEdgeItems;
        const std::int64_t leading = summary ? kEdgeItems : 0;
        const std::int64_t trailing = summary ? kEdgeItems : shown;
        const auto child = [&](std::int64_t i) {
            return format(axis + 1, offset + i * strides_[axis], next_indent, next_width);
        };
        std::string text;
        if (axes_left == 1) {
            const std::size_t element_width = width - 1; // room for "," or "]"
            std::string line = indent;
            for (std::int64_t i = 0; i < leading; ++i) {
                extend_line(text, line, child(i), element_width, indent);
                line += ", ";
            }
            if (summary) {
                extend_line(text, line, "...", element_width, indent);
                line += ", ";
            }
            for (std::int64_t i = trailing; i > 1; --i) {
                extend_line(text, line, child(shown - i), element_width, indent);
                line += ", ";
            }
            extend_line(text, line, child(shown - 1), element_width, indent);
            text += line;
        } else {
            const std::string separator =
                "," + std::string(static_cast<std::size_t>(axes_left - 1), '\n');
            for (std::int64_t i = 0; i < leading; ++i) {
                text += indent + child(i) + separator;
            }
            if (summary) {
                text += indent + "..." + separator;
            }
            for (std::int64_t i = trailing; i > 1; --i) {
                text += indent + child(shown - i) + separator;
            }
            text += indent + child(shown - 1);
        }
        return "[" + text.substr(indent.size()) + "]";
    }

private:
    const Shape& shape_;
    const Shown& shown_;
    const std::vector<std::string>& words_;
    Strides strides_; // of the shown elements, in elements
};

// dtype_is_implied: NumPy leaves out float64, its default integer (int64 on Linux) and bool.
bool dtype_is_implied(DType dtype) {
    return dtype == DType::Float64 || dtype == DType::Int64 || dtype == DType::Bool;
}

} // namespace

std::string to_string(const NDArray& array) {
    const std::string prefix = "array(";
    std::string body;
    if (array.size() == 0) {
        body = "[]";
    } else {
        const Shown shown = shown_positions(array.shape(), array.size() > kThreshold);
        const std::vector<std::byte> values = read_shown(array, shown);
        const std::vector<std::string> words = detail::format_elements(
            array.dtype(), values.data(), static_cast<std::size_t>(shown.shape.element_count()),
            array.ndim() == 0);
        const Layout layout(array.shape(), shown, words);
        body = layout.format(0, 0, std::string(1 + prefix.size(), ' '), kLineWidth - 1);
    }
    std::vector<std::string> extras;
    if ((array.size() == 0 && array.shape() != Shape{0}) || array.size() > kThreshold) {
        extras.push_back("shape=" + array.shape().to_string());
    }
    if (!dtype_is_implied(array.dtype()) || array.size() == 0) {
        extras.push_back("dtype=" + std::string(dtype_name(array.dtype())));
    }
    if (array.device().is_cuda()) {
        extras.push_back("device='" + array.device().to_string() + "'");
    }
    if (extras.empty()) {
        return prefix + body + ")";
    }
    const std::string text = prefix + body + ",";
    std::string extra_text;
    for (const std::string& extra : extras) {
        extra_text += (extra_text.empty() ? "" : ", ") + extra;
    }
    extra_text += ")";
    const std::size_t last_newline = text.rfind('\n');
    const std::size_t last_line =
        text.size() - (last_newline == std::string::npos ? 0 : last_newline + 1);
    const std::string spacer = last_line + extra_text.size() + 1 > kLineWidth
                                   ? "\n" + std::string(prefix.size(), ' ')
                                   : " ";
    return text + spacer + extra_text;
}

std::ostream& operator<<(std::ostream& out, const NDArray& array) {
    return out << to_string(array);
}

} // namespace gpucc

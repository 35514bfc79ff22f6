// The SVG line chart (svg_plot.h): axes with ticks at powers of two (x) and ten (y), one polyline
// and its markers per series, a legend.
#include "svg_plot.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>

namespace {

constexpr double kWidth = 560, kHeight = 420, kLeft = 80, kRight = 20, kTop = 40, kBottom = 60;
const char* const kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};

struct Range {
    double low = std::numeric_limits<double>::max();
    double high = std::numeric_limits<double>::lowest();
    void add(double v) {
        low = std::min(low, v);
        high = std::max(high, v);
    }
};

void write_chart(std::ofstream& out, const Chart& chart, double offset_x) {
    Range xs, ys;
    for (const Series& s : chart.series) {
        for (double v : s.x) {
            xs.add(std::log2(v));
        }
        for (double v : s.y) {
            ys.add(std::log10(v));
        }
    }
    xs.low = std::floor(xs.low);
    xs.high = std::max(std::ceil(xs.high), xs.low + 1);
    ys.low = std::floor(ys.low);
    ys.high = std::max(std::ceil(ys.high), ys.low + 1);
    const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
    auto px = [&](double v) {
        return offset_x + kLeft + (std::log2(v) - xs.low) / (xs.high - xs.low) * plot_w;
    };
    auto py = [&](double v) {
        return kTop + plot_h - (std::log10(v) - ys.low) / (ys.high - ys.low) * plot_h;
    };
    out << "<text x='" << offset_x + kWidth / 2 << "' y='22' text-anchor='middle' "
        << "font-size='15'>" << chart.title << "</text>\n";
    out << "<rect x='" << offset_x + kLeft << "' y='" << kTop << "' width='" << plot_w
        << "' height='" << plot_h << "' fill='none' stroke='black'/>\n";
    for (double e = xs.low; e <= xs.high; e += 1) {
        const double x = offset_x + kLeft + (e - xs.low) / (xs.high - xs.low) * plot_w;
        out << "<line x1='" << x << "' y1='" << kTop << "' x2='" << x << "' y2='" << kTop + plot_h
            << "' stroke='#ddd'/>\n<text x='" << x << "' y='" << kTop + plot_h + 16
            << "' text-anchor='middle' font-size='11'>" << std::lround(std::exp2(e)) << "</text>\n";
    }
    for (double e = ys.low; e <= ys.high; e += 1) {
        const double y = kTop + plot_h - (e - ys.low) / (ys.high - ys.low) * plot_h;
        out << "<line x1='" << offset_x + kLeft << "' y1='" << y << "' x2='"
            << offset_x + kLeft + plot_w << "' y2='" << y << "' stroke='#ddd'/>\n<text x='"
            << offset_x + kLeft - 6 << "' y='" << y + 4 << "' text-anchor='end' font-size='11'>1e"
            << e << "</text>\n";
    }
    out << "<text x='" << offset_x + kLeft + plot_w / 2 << "' y='" << kHeight - 18
        << "' text-anchor='middle' font-size='12'>" << chart.x_label << "</text>\n";
    out << "<text transform='translate(" << offset_x + 18 << "," << kTop + plot_h / 2
        << ") rotate(-90)' text-anchor='middle' font-size='12'>" << chart.y_label << "</text>\n";
    for (std::size_t k = 0; k < chart.series.size(); ++k) {
        const Series& s = chart.series[k];
        const char* color = kColors[k % std::size(kColors)];
        out << "<polyline fill='none' stroke='" << color << "' stroke-width='2' points='";
        for (std::size_t i = 0; i < s.x.size(); ++i) {
            out << px(s.x[i]) << "," << py(s.y[i]) << " ";
        }
        out << "'/>\n";
        for (std::size_t i = 0; i < s.x.size(); ++i) {
            out << "<circle cx='" << px(s.x[i]) << "' cy='" << py(s.y[i]) << "' r='3' fill='"
                << color << "'/>\n";
        }
        const double ly = kTop + 14 + 16 * static_cast<double>(k);
        out << "<line x1='" << offset_x + kLeft + 10 << "' y1='" << ly - 4 << "' x2='"
            << offset_x + kLeft + 30 << "' y2='" << ly - 4 << "' stroke='" << color
            << "' stroke-width='2'/>\n<text x='" << offset_x + kLeft + 36 << "' y='" << ly
            << "' font-size='11'>" << s.label << "</text>\n";
    }
}

} // namespace

bool write_svg(const std::string& path, const std::vector<Chart>& charts) {
    std::ofstream out(path);
    if (!out) {
        return false;
    }
    out << "<svg xmlns='http://www.w3.org/2000/svg' width='" << kWidth * charts.size()
        << "' height='" << kHeight << "' font-family='sans-serif'>\n"
        << "<rect width='100%' height='100%' fill='white'/>\n";
    for (std::size_t i = 0; i < charts.size(); ++i) {
        write_chart(out, charts[i], kWidth * static_cast<double>(i));
    }
    out << "</svg>\n";
    return static_cast<bool>(out);
}

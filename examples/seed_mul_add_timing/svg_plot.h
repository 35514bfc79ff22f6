// A line chart written as an SVG file: enough to plot the exercise's timings without a plotting
// library. Logarithmic x and y axes (the block sizes, grid sizes and times span decades).
#pragma once

#include <string>
#include <vector>

struct Series {
    std::string label;
    std::vector<double> x;
    std::vector<double> y;
};

struct Chart {
    std::string title;
    std::string x_label;
    std::string y_label;
    std::vector<Series> series;
};

/// Writes `charts` side by side into one SVG file. Returns false when the file cannot be written.
bool write_svg(const std::string& path, const std::vector<Chart>& charts);

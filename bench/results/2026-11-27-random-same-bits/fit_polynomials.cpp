// The polynomial coefficients of the default generator's exact-operation log, sin and cos
// (runtime/src/random/kernels/common_draws.dsl): a near-minimax fit by Lawson's iteratively
// reweighted least squares in long double, on the same forms the kernels evaluate with fma:
//   log1p(g) = g + g^2 P(g),  g in [sqrt(1/2) - 1, sqrt(2) - 1]
//   sin(x)   = x + x^3 S(x^2), cos(x) = 1 + x^2 C(x^2),  |x| <= pi/4
//   exp(r)   = 1 + r + r^2 E(r),  |r| <= ln2 / 2 (float32 lognormal; the kernel adds the 1 last)
// each with the relative error weighted. Prints the coefficients rounded to the target type and
// the relative error of the rounded polynomial evaluated in that type with fma (Horner), measured
// over a dense grid. Build: g++ -O2 -std=c++20 fit_polynomials.cpp -o fit; run: ./fit.
#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

using Real = long double;

struct Problem {
    const char* name;
    Real lo, hi;
    // target(t) = lead(t) + scale(t) * poly(var(t)); the fit is of poly.
    std::function<Real(Real)> target, lead, scale, var;
};

std::vector<Real> solve_least_squares(std::vector<std::vector<Real>> a, std::vector<Real> b) {
    // Householder QR of the (rows x cols) system, then back substitution.
    const std::size_t rows = a.size(), cols = a[0].size();
    for (std::size_t k = 0; k < cols; ++k) {
        Real norm = 0;
        for (std::size_t i = k; i < rows; ++i)
            norm += a[i][k] * a[i][k];
        norm = std::sqrt(norm);
        const Real alpha = a[k][k] > 0 ? -norm : norm;
        std::vector<Real> v(rows, 0);
        for (std::size_t i = k; i < rows; ++i)
            v[i] = a[i][k];
        v[k] -= alpha;
        Real vv = 0;
        for (std::size_t i = k; i < rows; ++i)
            vv += v[i] * v[i];
        if (vv == 0)
            continue;
        for (std::size_t j = k; j < cols; ++j) {
            Real dot = 0;
            for (std::size_t i = k; i < rows; ++i)
                dot += v[i] * a[i][j];
            for (std::size_t i = k; i < rows; ++i)
                a[i][j] -= 2 * dot / vv * v[i];
        }
        Real dot = 0;
        for (std::size_t i = k; i < rows; ++i)
            dot += v[i] * b[i];
        for (std::size_t i = k; i < rows; ++i)
            b[i] -= 2 * dot / vv * v[i];
    }
    std::vector<Real> x(cols);
    for (std::size_t k = cols; k-- > 0;) {
        Real s = b[k];
        for (std::size_t j = k + 1; j < cols; ++j)
            s -= a[k][j] * x[j];
        x[k] = s / a[k][k];
    }
    return x;
}

std::vector<Real> fit(const Problem& p, int terms) {
    const int points = 4000;
    std::vector<Real> t(points), weight(points, 1);
    for (int i = 0; i < points; ++i) {
        const Real c = std::cos(3.14159265358979323846264L * (i + 0.5L) / points);
        t[i] = (p.lo + p.hi) / 2 + (p.hi - p.lo) / 2 * c;
    }
    std::vector<Real> coef;
    for (int iteration = 0; iteration < 200; ++iteration) {
        std::vector<std::vector<Real>> a(points, std::vector<Real>(terms));
        std::vector<Real> b(points);
        for (int i = 0; i < points; ++i) {
            const Real w = std::sqrt(weight[i]) / std::fabs(p.target(t[i]));
            Real power = p.scale(t[i]);
            for (int j = 0; j < terms; ++j) {
                a[i][j] = w * power;
                power *= p.var(t[i]);
            }
            b[i] = w * (p.target(t[i]) - p.lead(t[i]));
        }
        coef = solve_least_squares(a, b);
        Real total = 0;
        for (int i = 0; i < points; ++i) {
            Real poly = 0;
            for (int j = terms; j-- > 0;)
                poly = poly * p.var(t[i]) + coef[j];
            const Real error =
                std::fabs((p.lead(t[i]) + p.scale(t[i]) * poly - p.target(t[i])) / p.target(t[i]));
            weight[i] *= error + 1e-30L;
            total += weight[i];
        }
        for (Real& w : weight)
            w /= total;
    }
    return coef;
}

template <class F>
void report(const Problem& p, int terms, const char* type) {
    const std::vector<Real> coef = fit(p, terms);
    std::vector<F> rounded(coef.begin(), coef.end());
    std::printf("%s, %d terms, %s:", p.name, terms, type);
    for (F c : rounded)
        std::printf(" %.17g", static_cast<double>(c));
    Real worst = 0, where = 0;
    const int grid = 1 << 22;
    for (int i = 0; i <= grid; ++i) {
        const F x = static_cast<F>(p.lo + (p.hi - p.lo) * i / grid);
        if (x == 0)
            continue;
        const F v = static_cast<F>(p.var(x));
        F poly = rounded[terms - 1];
        for (int j = terms - 1; j-- > 0;)
            poly = std::fma(poly, v, rounded[j]);
        const F value = std::fma(static_cast<F>(p.scale(x)), poly, static_cast<F>(p.lead(x)));
        const Real error = std::fabs((value - p.target(x)) / p.target(x));
        if (error > worst)
            worst = error, where = x;
    }
    std::printf("\n  max relative error %.3Lg (%.3Lg ulp of %s) at %.9Lg\n", worst,
                worst / (sizeof(F) == 4 ? 0x1p-24L : 0x1p-53L), type, where);
}

int main() {
    const Real pi4 = 0.785398163397448309615660845819875721L;
    // The scale of each form is computed in the target type by the kernel (g * g, x * x * x,
    // x * x), so the measurement rounds it the same way via static_cast<F> of the long double.
    const Problem log1p_problem{"log1p(g) = g + g^2 P(g)", std::sqrt(0.5L) - 1,
                                std::sqrt(2.0L) - 1,       [](Real g) { return std::log1p(g); },
                                [](Real g) { return g; },  [](Real g) { return g * g; },
                                [](Real g) { return g; }};
    const Problem sin_problem{"sin(x) = x + x^3 S(x^2)",
                              1e-6L,
                              pi4,
                              [](Real x) { return std::sin(x); },
                              [](Real x) { return x; },
                              [](Real x) { return x * x * x; },
                              [](Real x) { return x * x; }};
    const Problem cos_problem{"cos(x) = 1 + x^2 C(x^2)",
                              1e-6L,
                              pi4,
                              [](Real x) { return std::cos(x); },
                              [](Real) { return Real(1); },
                              [](Real x) { return x * x; },
                              [](Real x) { return x * x; }};
    const Problem exp_problem{"exp(r) = 1 + r + r^2 E(r)",  -0.34657359027997264L,
                              0.34657359027997264L,         [](Real r) { return std::exp(r); },
                              [](Real r) { return 1 + r; }, [](Real r) { return r * r; },
                              [](Real r) { return r; }};
    for (int terms : {7, 8, 9})
        report<float>(log1p_problem, terms, "float32");
    for (int terms : {2, 3})
        report<float>(sin_problem, terms, "float32");
    for (int terms : {4, 5})
        report<float>(exp_problem, terms, "float32");
    for (int terms : {3, 4})
        report<float>(cos_problem, terms, "float32");
    for (int terms : {17, 18, 19})
        report<double>(log1p_problem, terms, "float64");
    for (int terms : {6, 7})
        report<double>(sin_problem, terms, "float64");
    for (int terms : {6, 7})
        report<double>(cos_problem, terms, "float64");
}

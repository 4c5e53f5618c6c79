"""Distribution functions for the statistical tests (host_tools/rngtest.py), written once:
p-values and critical values of the chi-square, normal and Poisson distributions, in pure
Python so the battery needs nothing beyond the standard library."""
import math
import statistics

ALPHA = 0.01

# Regularized upper incomplete gamma Q(a, x) = Gamma(a, x) / Gamma(a) (Numerical Recipes,
# 6.2: gammq with gser and gcf): the series for x < a + 1, Lentz's continued fraction above.
# The chi-square survival function is Q(df / 2, x / 2).

_EPS = 1e-15
_FPMIN = 1e-300
_ITMAX = 10000


def gamma_q(a, x):
    """Q(a, x), the regularized upper incomplete gamma function, for a > 0, x >= 0."""
    if a <= 0:
        raise ValueError("a must be above 0, not %r" % (a,))
    if x < 0:
        raise ValueError("x must be 0 or more, not %r" % (x,))
    if x == 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        return 1.0 - _gamma_series(a, x) * math.exp(log_front)
    return _gamma_fraction(a, x) * math.exp(log_front)


def _gamma_series(a, x):
    ap = a
    term = total = 1.0 / a
    for _ in range(_ITMAX):
        ap += 1
        term *= x / ap
        total += term
        if abs(term) < abs(total) * _EPS:
            return total
    raise ArithmeticError("gamma series did not converge (a=%r, x=%r)" % (a, x))


def _gamma_fraction(a, x):
    b = x + 1 - a
    c = 1.0 / _FPMIN
    d = 1.0 / b
    h = d
    for i in range(1, _ITMAX):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        if abs(d) < _FPMIN:
            d = _FPMIN
        c = b + an / c
        if abs(c) < _FPMIN:
            c = _FPMIN
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPS:
            return h
    raise ArithmeticError("gamma continued fraction did not converge (a=%r, x=%r)" % (a, x))


def chi2_sf(x, df):
    """P(X >= x) for X chi-square with df degrees of freedom: the test's p-value."""
    if x <= 0:
        return 1.0
    return max(0.0, min(1.0, gamma_q(df / 2.0, x / 2.0)))


def chi2_critical(df, alpha=ALPHA):
    """The x with chi2_sf(x, df) = alpha (57.342 for 35 df at 0.01), by bisection."""
    lo, hi = 0.0, df + 10.0 * math.sqrt(2.0 * df) + 50.0
    while chi2_sf(hi, df) > alpha:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if chi2_sf(mid, df) > alpha:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * hi:
            break
    return (lo + hi) / 2


def normal_p(z):
    """Two-sided p-value of a standard normal z: P(|Z| >= |z|)."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def normal_critical(alpha=ALPHA):
    """The z with normal_p(z) = alpha (2.5758 at 0.01): the two-sided critical value."""
    return statistics.NormalDist().inv_cdf(1 - alpha / 2)


def poisson_sf(k, lam):
    """P(X >= k) for X Poisson(lam)."""
    if k <= 0:
        return 1.0
    term = math.exp(-lam)
    below = 0.0
    for i in range(k):
        below += term
        term *= lam / (i + 1)
    if below > 0.5:  # 1 - below loses every digit when lam is tiny: sum the tail instead
        tail = 0.0
        for i in range(k, k + 200):
            tail += term
            term *= lam / (i + 1)
        return tail
    return 1.0 - below

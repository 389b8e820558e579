"""The Karp–Sipser limit of the matching number of G(n, c/n).

Aronson, Frieze and Pittel (Random Structures & Algorithms 12 (1998),
111–177): with γ* the smallest root of x = f(x) = c·exp(−c·exp(−x)) and
γ_ = c·exp(−γ*), the matching number ν of G(n, c/n) satisfies
ν/n → 1 − (γ* + γ_ + γ*·γ_)/(2c) in probability.

Solving for γ*.  Let W = W(c) be the root of w·exp(w) = c (Lambert's W):
x = W is a root of x = f(x), since then c·exp(−W) = W.  f is increasing and
f'(x) = f(x)·c·exp(−x), so f'(W) = W².
* c ≤ e: W ≤ 1 and x = f(x) has the single root W (Karp and Sipser), so
  γ* = γ_ = W.
* c > e: W > 1, so f'(W) > 1 and g(x) = f(x) − x changes from negative
  to positive at W; g(0) = c·exp(−c) > 0, so a root lies in (0, W), and
  below W the roots are exactly the smallest one (the three roots are
  γ* < W < γ_ = c·exp(−γ*), the outer two swapped by x ↦ c·exp(−x)).
  On [0, γ*) g > 0 and on [γ*, W] g ≤ 0, so bisection on [0, W] keeping
  g(lo) > 0 finds γ*.
Both W (bisection on [0, c], where w·exp(w) increases) and γ* are found
to the last bit by 200 halvings.
"""

from __future__ import annotations

import math

from ..errors import BipartiteGameError

__all__ = ["karp_sipser_gamma", "karp_sipser_matching", "lambert_w"]


def lambert_w(c: float) -> float:
    """The root w ≥ 0 of w·exp(w) = c, for c ≥ 0."""
    low, high = 0.0, max(float(c), 1.0)
    for _ in range(200):
        middle = (low + high) / 2
        if middle * math.exp(middle) < c:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def karp_sipser_gamma(c: float) -> tuple[float, float]:
    """``(γ*, γ_)`` for G(n, c/n), c > 0."""
    c = _checked(c)
    w = lambert_w(c)
    if c <= math.e:
        return w, w
    low, high = 0.0, w
    for _ in range(200):
        middle = (low + high) / 2
        if c * math.exp(-c * math.exp(-middle)) - middle > 0:
            low = middle
        else:
            high = middle
    star = (low + high) / 2
    return star, c * math.exp(-star)


def karp_sipser_matching(c: float) -> float:
    """The limit of ν/n (matching edges per vertex) on G(n, c/n); 0 at c = 0."""
    c = _checked(c, zero=True)
    if c == 0:
        return 0.0
    star, low = karp_sipser_gamma(c)
    return 1 - (star + low + star * low) / (2 * c)


def _checked(c: float, *, zero: bool = False) -> float:
    try:
        value = float(c)
    except (TypeError, ValueError):
        raise BipartiteGameError(f"c must be a number, not {c!r}") from None
    if not math.isfinite(value) or value < 0 or (value == 0 and not zero):
        raise BipartiteGameError(f"c must be a finite number above 0, not {c!r}")
    return value

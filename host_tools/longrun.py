"""Exact long-run figures of a compiled strategy (host_tools/chain.py), with Fractions.

A strategy played for ever comes back, again and again, to any state of its closed class: the
play between two visits to one such state (the renewal state) is a cycle, and the long-run mean
per roll is E[money in a cycle] / E[rolls in a cycle], the long-run variance per roll (the one
of the central limit theorem) E[(money - mean * rolls)^2 in a cycle] / E[rolls in a cycle].
Each expectation is a linear system over the states, solved exactly by sparse Gaussian
elimination (a layout reaches few others in one roll), fewest fill-ins first.
"""
import heapq
from fractions import Fraction

from host_tools import markov

P = Fraction(1, 36)


class Figures:
    """Per roll: the mean result and its long-run variance; decisions and credits decided."""

    def __init__(self, mean, variance, decisions, action):
        self.mean, self.variance = mean, variance
        self.decisions, self.action = decisions, action


def figures(chain):
    renewal = closed_state(chain)
    solve = _factor(_system(chain, renewal))
    cycle = solve(_rewards(chain, lambda s, i: (
        1, chain.money[s][i], chain.decided[s][i], chain.action[s][i])))
    rolls, money, decisions, action = cycle[renewal]
    mean = money / rolls
    # E[money - mean * rolls until the renewal state] from each state
    h = dict((s, v[1] - mean * v[0]) for s, v in cycle.items())
    squares = solve(_rewards(chain, lambda s, i: (_square(chain, s, i, mean, h, renewal),)))
    return Figures(mean, squares[renewal][0] / rolls, decisions / rolls, action / rolls)


def _square(chain, s, i, mean, h, renewal):
    # (y + Y')^2 = y^2 + 2 y E[Y'] + E[Y'^2]: the last is the system's own unknown.
    y = chain.money[s][i] - mean
    nxt = chain.next[s][i]
    return y * y + 2 * y * (0 if nxt == renewal else h[nxt])


def closed_state(chain):
    """A state of the closed class the play from the start falls into (sinks come first)."""
    graph = dict((s, [(P, 0, n) for n in set(chain.next[s])]) for s in range(len(chain.states)))
    return next(markov.components(0, graph))[0]


def _system(chain, renewal):
    # The states the renewal state reaches, each row of (I - P) with moves back to it cut.
    seen, todo = {renewal}, [renewal]
    while todo:
        for n in chain.next[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    rows = {}
    for s in seen:
        row = {s: Fraction(1)}
        for n in chain.next[s]:
            if n != renewal:
                row[n] = row.get(n, 0) - P
        rows[s] = row
    return rows


def _rewards(chain, reward):
    def rhs(s):
        total = None
        for i in range(36):
            r = reward(s, i)
            total = r if total is None else tuple(a + b for a, b in zip(total, r))
        return [P * x for x in total]
    return rhs


def _factor(system):
    """solve(rhs): {state: [values]} of the system A v = b, b = rhs(state), for any rhs; A is
    eliminated once, its steps kept."""
    rows = dict((s, dict(row)) for s, row in system.items())
    cols = dict((s, set()) for s in rows)
    for s, row in rows.items():
        for c in row:
            cols[c].add(s)
    heap = [(len(rows[s]) * len(cols[s]), s) for s in rows]
    heapq.heapify(heap)
    done, steps = set(), []
    while heap:
        cost, k = heapq.heappop(heap)
        if k in done or cost != len(rows[k]) * len(cols[k]):
            continue
        done.add(k)
        steps.append((k, _eliminate(k, rows, cols, done, heap)))

    def solve(rhs):
        b = dict((s, rhs(s)) for s in rows)
        for k, factors in steps:
            for i, factor in factors:
                b[i] = [x - factor * y for x, y in zip(b[i], b[k])]
        value = {}
        for k, _ in reversed(steps):
            row = rows[k]
            value[k] = [(bk - sum(a * value[c][j] for c, a in row.items() if c != k)) / row[k]
                        for j, bk in enumerate(b[k])]
        return value
    return solve


def _eliminate(k, rows, cols, done, heap):
    # Take variable k out of every row not yet eliminated that has it: [(row, factor)].
    pivot = rows[k]
    lead = pivot[k]
    factors = []
    for i in list(cols[k]):
        if i in done:
            continue
        row = rows[i]
        factor = row.pop(k) / lead
        factors.append((i, factor))
        cols[k].discard(i)
        for c, a in pivot.items():
            if c == k:
                continue
            x = row.get(c, 0) - factor * a
            if x:
                row[c] = x
                cols[c].add(i)
            elif c in row:
                del row[c]
                cols[c].discard(i)
        heapq.heappush(heap, (len(row) * len(cols[i]), i))
    for c in pivot:
        if c != k:
            heapq.heappush(heap, (len(rows[c]) * len(cols[c]), c))
    return factors

"""Exact expected values of absorbing Markov chains with Fractions.

A chain is given by `step(state) -> [(probability, reward, next_state or None), ...]`; None ends
the chain. The value of a state is the expected total reward until the end. States are solved one
strongly connected component at a time (sinks first), each by exact Gaussian elimination, so a
bet that cycles through the puck's states (a place bet, the Fire bet) is solved as exactly as
one that only moves forward.
"""
from fractions import Fraction


def expected(start, step):
    graph = _explore(start, step)
    value = {}
    for component in components(start, graph):
        _solve(component, graph, value)
    return value[start]


def _explore(start, step):
    graph = {start: None}
    todo = [start]
    while todo:
        state = todo.pop()
        moves = _merge(step(state))
        graph[state] = moves
        for _, _, nxt in moves:
            if nxt is not None and nxt not in graph:
                graph[nxt] = None
                todo.append(nxt)
    return graph


def _merge(moves):
    # Many dice give the same (reward, next state): add their probabilities.
    merged = {}
    for p, reward, nxt in moves:
        key = (reward, nxt)
        merged[key] = merged.get(key, 0) + p
    return [(p, reward, nxt) for (reward, nxt), p in merged.items()]


def components(start, graph):
    """Tarjan's strongly connected components, iteratively; yields sinks first."""
    index, low, on_stack, stack, counter = {}, {}, set(), [], [0]
    work = [(start, 0)]
    while work:
        state, i = work.pop()
        if i == 0:
            index[state] = low[state] = counter[0]
            counter[0] += 1
            stack.append(state)
            on_stack.add(state)
        successors = [nxt for _, _, nxt in graph[state] if nxt is not None]
        if i < len(successors):
            work.append((state, i + 1))
            nxt = successors[i]
            if nxt not in index:
                work.append((nxt, 0))
            elif nxt in on_stack:
                low[state] = min(low[state], index[nxt])
            continue
        for nxt in successors:
            if nxt in on_stack:
                low[state] = min(low[state], low[nxt])
        if low[state] == index[state]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == state:
                    break
            yield component


def _solve(component, graph, value):
    """value[s] = sum p * (reward + value[next]) for s in the component, exactly."""
    where = dict((s, i) for i, s in enumerate(component))
    n = len(component)
    rows = []
    for s in component:
        row = [Fraction(0)] * (n + 1)
        row[where[s]] += 1
        for p, reward, nxt in graph[s]:
            row[n] += p * reward
            if nxt is None:
                continue
            if nxt in where:
                row[where[nxt]] -= p
            else:
                row[n] += p * value[nxt]
        rows.append(row)
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    for s in component:
        value[s] = rows[where[s]][n]

# What changed between two saves of a record (plain JSON data): a small change that patch()
# applies to the older to give the newer, so that a save between rolls writes a few bytes to
# the journal rather than the whole state (terminal/persistence.py).
#
# A change is a list: [0, value] the value itself; [1, {key: change}] a dict with those keys
# changed ([2] for a key gone); [3, steps] a list made from the old one: a step is a number
# above 0 (keep that many old items), below 0 (drop that many) or a list (these new items),
# and the old items after the last step are kept.
NEW, KEYS, GONE, ITEMS = 0, 1, 2, 3


class BadChange(ValueError):
    """A change that does not fit the data it is applied to."""


def change(old, new):
    """What patch() needs to make `new` from `old`; None when they are equal."""
    if old == new:
        return None
    if type(old) is dict and type(new) is dict:
        keys = {}
        for key in new:
            if key not in old:
                keys[key] = [NEW, new[key]]
            elif old[key] != new[key]:
                keys[key] = change(old[key], new[key])
        for key in old:
            if key not in new:
                keys[key] = [GONE]
        return [KEYS, keys]
    if type(old) is list and type(new) is list and old:
        return [ITEMS, _steps(old, new)]
    return [NEW, new]


def _steps(old, new):
    # Each new item is the next old one (kept), an old one further on (those before it
    # dropped), or new: enough for wagers made, decided or changed, and the meters' counts.
    steps = []
    at = 0
    for item in new:
        if at < len(old) and old[at] == item:
            _step(steps, 1)
            at += 1
            continue
        try:
            found = old.index(item, at)
        except ValueError:
            if steps and type(steps[-1]) is list:
                steps[-1].append(item)
            else:
                steps.append([item])
            continue
        _step(steps, at - found)
        _step(steps, 1)
        at = found + 1
    if at < len(old):
        _step(steps, at - len(old))
    while steps and type(steps[-1]) is int and steps[-1] > 0:
        steps.pop()  # the old items after the last step are kept anyway
    return steps


def _step(steps, n):
    # n old items kept (n > 0) or dropped (n < 0), joined to the step before of the same sign
    if steps and type(steps[-1]) is int and (steps[-1] > 0) == (n > 0):
        steps[-1] += n
    else:
        steps.append(n)


def patch(old, change_):
    """`old` changed by change_ (from change()): the new value. A dict is changed in place."""
    try:
        how = change_[0]
        if how == NEW and len(change_) == 2:
            return change_[1]
        if how == KEYS and type(old) is dict and type(change_[1]) is dict:
            for key, inner in change_[1].items():
                if inner == [GONE]:
                    del old[key]
                else:
                    old[key] = patch(old.get(key), inner)
            return old
        if how == ITEMS and type(old) is list and type(change_[1]) is list:
            return _items(old, change_[1])
    except (KeyError, IndexError, TypeError):
        pass
    raise BadChange("a change that does not fit: %s" % (change_,))


def _items(old, steps):
    out = []
    at = 0
    for step in steps:
        if type(step) is list:
            out.extend(step)
        elif type(step) is int and step and at + abs(step) <= len(old):
            if step > 0:
                out.extend(old[at:at + step])
            at += abs(step)
        else:
            raise BadChange("a step past the list's end: %s" % (step,))
    out.extend(old[at:])
    return out

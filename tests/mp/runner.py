# Minimal test runner for plain-function test modules, small enough to run on
# real MicroPython (driven by tests/mp/run.mjs) as well as on CPython 3.11.
#
# Usage: sys.argv[1:] = module names (importable from sys.path).  For each
# module it calls every module-level callable named test_* with no arguments;
# any exception is a failure.  A module that fails to import counts as one
# error.  Ends with one line "micropython: N passed, M failed" and leaves the
# counts in the globals `passed` and `failed` for the JS side to read.
import sys


def print_exc(e):
    if hasattr(sys, "print_exception"):  # MicroPython: no traceback module
        sys.print_exception(e)
    else:
        import traceback
        traceback.print_exception(type(e), e, e.__traceback__, file=sys.stdout)


def run_module(name):
    """Run one module's tests; return (passed, failed)."""
    try:
        module = __import__(name)
    except Exception as e:
        print("FAIL %s (import error)" % name)
        print_exc(e)
        return 0, 1
    ok = bad = 0
    # dir() order is not defined on MicroPython: sort the names.
    for attr in sorted(dir(module)):
        test = getattr(module, attr)
        if not attr.startswith("test_") or not callable(test):
            continue
        try:
            test()
            ok += 1
        except (Exception, AssertionError) as e:
            bad += 1
            print("FAIL %s.%s" % (name, attr))
            print_exc(e)
    return ok, bad


def run(names):
    total_ok = total_bad = 0
    for name in names:
        ok, bad = run_module(name)
        total_ok += ok
        total_bad += bad
    return total_ok, total_bad


passed, failed = run(sys.argv[1:])
print("micropython: %d passed, %d failed" % (passed, failed))

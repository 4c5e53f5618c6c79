# Twin of the rp2 firmware's asyncio for the virtual board. The WebAssembly port's own asyncio
# runs on JS promises and has no run(): a synchronous caller (main.py, run by the board) cannot
# wait on it. This is a small scheduler with the same API for what firmware uses: run,
# create_task, sleep, sleep_ms, gather, wait_for, wait_for_ms, Event, ThreadSafeFlag, Lock,
# current_task, get_event_loop, new_event_loop, CancelledError, TimeoutError. While it waits it
# calls machine.idle(), which reads the port: Ctrl-C stops a running loop as on a real board.
import time
import machine

ticks_ms = time.ticks_ms
ticks_add = time.ticks_add
ticks_diff = time.ticks_diff
IDLE_SLICE_MS = 5


class CancelledError(BaseException):
    pass


class TimeoutError(Exception):
    pass


_ready = []  # tasks to step, in order
_timed = []  # tasks with a wake-up time
_current = None


class Task:
    def __init__(self, coro):
        self.coro = coro
        self.state = True  # True while it runs
        self.data = None  # its result, or the exception it ended with
        self.waiting = []  # tasks awaiting this one
        self.throw = None  # an exception to raise in it at its next step
        self.parked = None  # the list it waits in
        self.wake = None  # when it wakes anyway

    def done(self):
        return not self.state

    def cancel(self):
        if not self.state:
            return False
        self.throw = CancelledError()
        _wake(self)
        return True

    def __iter__(self):
        if self.state:
            yield (self.waiting, None)
        if isinstance(self.data, BaseException):
            raise self.data
        return self.data

    __await__ = __iter__


def _wake(task):
    if task.parked is not None:
        if task in task.parked:
            task.parked.remove(task)
        task.parked = None
    if task.wake is not None:
        if task in _timed:
            _timed.remove(task)
        task.wake = None
    if task not in _ready:
        _ready.append(task)


def _park(task, where, wake):
    task.parked = where
    task.wake = wake
    if where is not None:
        where.append(task)
    if wake is not None:
        _timed.append(task)
    if where is None and wake is None:
        _ready.append(task)


def _finish(task, data):
    task.state = False
    task.data = data
    for waiter in task.waiting[:]:
        _wake(waiter)
    if isinstance(data, Exception) and not task.waiting and task is not _main:
        print("Task exception wasn't retrieved")
        import sys
        sys.print_exception(data)


def _step(task):
    global _current
    _current = task
    try:
        if task.throw is not None:
            error, task.throw = task.throw, None
            got = task.coro.throw(error)
        else:
            got = task.coro.send(None)
    except StopIteration as e:
        _finish(task, e.value)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as e:
        _finish(task, e)
    else:
        if got is None:
            _ready.append(task)
        else:
            _park(task, got[0], got[1])
    _current = None


_main = None


def _run_until(task):
    polled = ticks_ms()
    while task.state:
        batch = _ready[:]
        del _ready[:]
        for t in batch:
            if task.state and t.state:
                _step(t)
        if not task.state:
            break
        now = ticks_ms()
        for t in [t for t in _timed if ticks_diff(t.wake, now) <= 0]:
            _wake(t)
        if not _ready:
            if not _timed:
                raise RuntimeError("asyncio: every task waits and nothing can wake one")
            wait = min(IDLE_SLICE_MS, min(ticks_diff(t.wake, now) for t in _timed))
            if wait > 0:
                time.sleep_ms(wait)
        if ticks_diff(ticks_ms(), polled) >= IDLE_SLICE_MS or not _ready:
            machine.idle()  # the port: Ctrl-C; the watchdog
            polled = ticks_ms()


def create_task(coro):
    task = Task(coro)
    _ready.append(task)
    return task


def current_task():
    return _current


def run(coro):
    global _main
    _main = create_task(coro)
    _run_until(_main)
    if isinstance(_main.data, BaseException):
        raise _main.data
    return _main.data


def sleep_ms(ms):
    yield (None, ticks_add(ticks_ms(), max(0, int(ms))))


def sleep(seconds):
    return sleep_ms(int(seconds * 1000))


def gather(*aws, return_exceptions=False):
    tasks = [a if isinstance(a, Task) else create_task(a) for a in aws]
    results = []
    for task in tasks:
        try:
            results.append((yield from task))
        except Exception as e:
            if not return_exceptions:
                raise
            results.append(e)
    return results


def wait_for_ms(aw, ms):
    task = aw if isinstance(aw, Task) else create_task(aw)
    if task.state and ms is not None:
        yield (task.waiting, ticks_add(ticks_ms(), max(0, int(ms))))
        if task.state:
            task.cancel()
            raise TimeoutError
    return (yield from task)


def wait_for(aw, timeout):
    return wait_for_ms(aw, None if timeout is None else int(timeout * 1000))


class Event:
    def __init__(self):
        self.state = False
        self.waiting = []

    def is_set(self):
        return self.state

    def set(self):
        self.state = True
        for task in self.waiting[:]:
            _wake(task)

    def clear(self):
        self.state = False

    def wait(self):
        if not self.state:
            yield (self.waiting, None)
        return True

    __await__ = wait
    __iter__ = wait


class ThreadSafeFlag(Event):
    def wait(self):
        if not self.state:
            yield (self.waiting, None)
        self.state = False

    __await__ = wait
    __iter__ = wait


class Lock:
    def __init__(self):
        self.state = False
        self.waiting = []

    def locked(self):
        return self.state

    def acquire(self):
        while self.state:
            yield (self.waiting, None)
        self.state = True
        return True

    def release(self):
        self.state = False
        if self.waiting:
            _wake(self.waiting[0])

    async def __aenter__(self):
        await self.acquire()

    async def __aexit__(self, *args):
        self.release()


class Loop:
    def create_task(self, coro):
        return create_task(coro)

    def run_until_complete(self, aw):
        task = aw if isinstance(aw, Task) else create_task(aw)
        _run_until(task)
        if isinstance(task.data, BaseException):
            raise task.data
        return task.data

    def run_forever(self):
        self._stop = Event()
        _run_until(create_task(self._stop.wait()))

    def stop(self):
        if getattr(self, "_stop", None):
            self._stop.set()

    def close(self):
        pass


_loop = Loop()


def get_event_loop():
    return _loop


def new_event_loop():
    global _loop
    del _ready[:]
    del _timed[:]
    _loop = Loop()
    return _loop

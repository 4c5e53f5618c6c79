# A PIO state machine of the RP2040, one of its clock cycles at a time, for the instructions the
# floor port's line uses (drivers/sas_uart.py): wait, set, in, jmp, push, irq, pull, out and
# nop, with delays and optional side-set, as the RP2040 datasheet (section 3.4) has them. The
# emulated chip cannot time a PIO program (rp2040js runs one instruction a CPU cycle, ignoring
# the clock divider and the delays: docs/sas.md) and no PIO simulator is on PyPI, so the tests
# run the driver's own programs, taken from its asm_pio functions as MicroPython's rp2 module
# takes them: the function's globals made the assembler's names while it runs.
import types

SHIFT_RIGHT = 1


class Instruction:
    def __init__(self, op, *args):
        self.op = op
        self.args = args
        self.delay = 0
        self.side_value = None  # (no side-set: the side-set pin keeps its level)

    def side(self, value):
        self.side_value = value
        return self

    def __getitem__(self, delay):  # `set(x, 8) [10]`: the delay cycles after it
        self.delay = delay
        return self


class Program:
    def __init__(self, function, options):
        self.options = options
        self.code = []
        self.labels = {}
        self._assemble(function)

    def _assemble(self, function):
        def emit(op):
            def make(*args):
                ins = Instruction(op, *args)
                self.code.append(ins)
                return ins
            return make

        names = {"label": lambda name: self.labels.__setitem__(name, len(self.code)),
                 "rel": lambda n: ("rel", n)}
        for op in ("wait", "set", "in_", "jmp", "push", "irq", "pull", "out", "nop"):
            names[op] = emit(op)
        for word in ("pin", "pins", "x", "y", "x_dec", "block", "noblock"):
            names[word] = word
        scope = function.__globals__
        saved = {name: scope[name] for name in names if name in scope}
        scope.update(names)
        try:
            function()
        finally:
            for name in names:
                del scope[name]
            scope.update(saved)


def rp2_twin():
    """What drivers/sas_uart.py reads of MicroPython's rp2 module to build its programs."""
    pio = types.SimpleNamespace(SHIFT_LEFT=0, SHIFT_RIGHT=SHIFT_RIGHT, JOIN_RX=2, OUT_HIGH=1,
                                OUT_LOW=0)
    return types.SimpleNamespace(PIO=pio,
                                 asm_pio=lambda **options: lambda f: Program(f, options))


class StateMachine:
    """program on one state machine whose in, out, side-set and jmp pins are all `pin` (levels:
    pins[pin]); tx: the words put in its TX FIFO; rx: those it pushed; irqs: its IRQs raised."""

    def __init__(self, program, pins, pin=0):
        self.program = program
        self.pins = pins
        self.pin = pin
        for key in ("out_init", "sideset_init"):
            if program.options.get(key) is not None:
                pins[pin] = program.options[key]
        self.pc = self.x = self.y = 0
        self.isr = self.osr = 0
        self.delay = 0
        self.tx, self.rx = [], []
        self.irqs = 0

    def cycle(self):
        """One clock cycle: a delay cycle, or the instruction at pc (a stall runs it again)."""
        if self.delay:
            self.delay -= 1
            return
        ins = self.program.code[self.pc]
        if ins.side_value is not None:  # side-set takes effect even when the instruction stalls
            self.pins[self.pin] = ins.side_value
        jump = getattr(self, "_" + ins.op.rstrip("_"))(*ins.args)
        if jump is False:
            return  # stalled
        self.delay = ins.delay
        self.pc = self.program.labels[jump] if jump else (self.pc + 1) % len(self.program.code)

    def _wait(self, polarity, source, index):
        assert source == "pin" and index == 0
        return None if self.pins[self.pin] == polarity else False

    def _set(self, dest, value):
        setattr(self, dest, value)

    def _in(self, source, count):
        assert source == "pins" and count == 1
        assert self.program.options.get("in_shiftdir") == SHIFT_RIGHT
        self.isr = self.isr >> 1 | self.pins[self.pin] << 31

    def _out(self, dest, count):
        assert dest == "pins" and count == 1
        assert self.program.options.get("out_shiftdir") == SHIFT_RIGHT
        self.pins[self.pin] = self.osr & 1
        self.osr >>= 1

    def _jmp(self, condition, label=None):
        if label is None:
            return condition
        if condition == "x_dec":
            taken = self.x != 0
            self.x = (self.x - 1) & 0xFFFFFFFF
            return label if taken else None
        assert condition == "pin"
        return label if self.pins[self.pin] else None

    def _push(self, block):
        assert block == "block" and len(self.rx) < 8  # (the joined FIFO: 8 words)
        self.rx.append(self.isr)
        self.isr = 0

    def _pull(self):
        if not self.tx:
            return False
        self.osr = self.tx.pop(0)

    def _irq(self, which):
        assert which == ("rel", 0)
        self.irqs += 1

    def _nop(self):
        pass

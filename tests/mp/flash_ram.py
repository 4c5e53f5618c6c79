# A flash chip in RAM for MicroPython's os.VfsLfs2 (littlefs, as on the rp2 port), for the
# unix port's scripts: littlefs_cuts.py cuts its power, bench_wear.py counts its wear.
BLOCK = 4096  # the rp2 port's littlefs block (a flash sector)
PROGSIZE = 256  # and its program size (ports/rp2/modules/_boot.py)
PICO_BLOCKS = 352  # the RPI_PICO build's filesystem: 1408 KB


class PowerCut(Exception):
    pass


class Flash:
    """A block device in RAM: cut_at makes the n-th program or erase from the start cut the
    power before it is done; then nothing more reaches the flash (a file closed as the cut's
    exception unwinds, or by the collector, writes nothing). It counts the erases and the
    bytes programmed: the wear."""

    def __init__(self, data=None, blocks=64):
        self.data = bytearray(data) if data else bytearray(b"\xff" * BLOCK * blocks)
        self.ops = self.erases = self.programmed = 0
        self.erased = {}  # block: its erases
        self.cut_at = None
        self.off = False

    def readblocks(self, n, buf, offset=0):
        if not self.off:  # (what a collector's close reads afterwards matters to nothing)
            at = n * BLOCK + offset
            buf[:] = memoryview(self.data)[at:at + len(buf)]

    def writeblocks(self, n, buf, offset=0):
        if self._powered():
            at = n * BLOCK + offset
            self.data[at:at + len(buf)] = buf
            self.programmed += len(buf)

    def ioctl(self, op, arg):
        if op == 4:  # the block count
            return len(self.data) // BLOCK
        if op == 5:  # the block size
            return BLOCK
        if op == 6 and self._powered():  # erase a block
            self.data[arg * BLOCK:(arg + 1) * BLOCK] = b"\xff" * BLOCK
            self.erases += 1
            self.erased[arg] = self.erased.get(arg, 0) + 1
        return 0

    def _powered(self):
        if self.off:
            return False
        self.ops += 1
        if self.ops == self.cut_at:
            self.off = True
            raise PowerCut()
        return True

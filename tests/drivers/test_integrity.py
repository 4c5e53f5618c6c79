# The program signature (drivers/integrity.py): which files are signed, each file's SHA-256 read
# in chunks, the signature of the sorted "<path> <hash>" lines, and the walk over a board's
# files from its "/" (here a folder: a temporary one on CPython, a fresh one on MicroPython's
# in-memory filesystem under tests/mp) in sorted order, without listing them all first.
import binascii
import hashlib
import os
import sys

from drivers import integrity
from drivers.integrity import (board_signature, check, file_hash, signature, signed, walk,
                               verify, seed, Hmac, CHUNK, mac, program, FROZEN)
from folders import folder
from support import raises


def sha(data):
    return binascii.hexlify(hashlib.sha256(data).digest()).decode()


def board(files):
    """A folder playing a board's "/": files is {board path: bytes}."""
    root = folder("integrity_test")
    for path, data in files.items():
        parts = path.split("/")[1:]
        for i in range(1, len(parts)):
            try:
                os.mkdir(root + "/" + "/".join(parts[:i]))
            except OSError:
                pass  # already there
        with open(root + path, "wb") as f:
            f.write(data)
    return root


# A board's files, with names that sort differently as names and as paths: "a.py" < "a/x" and
# "a/x" < "a0" as paths, though the folder "a" < "a.py" < "a0" as names.
FILES = {
    "/main.py": b"import drivers\n",
    "/a.py": b"A = 1\n",
    "/a/x.mpy": b"M\x06\x00\x1f" + bytes(range(256)) * 5,  # more than two CHUNKs
    "/a/sub/deep.mpy": b"",
    "/a0": b"zero",
    "/board.json": b'{"name": "test"}',
    "/lib/ssd1306.mpy": b"driver",
    "/data/meters": b"changes as the cabinet plays",
    "/data/errors.log": b"",
    "/rom/lib/machine.py": b"the interpreter's",
    "/database.py": b"signed: not under /data",
}
SIGNED = ("/a.py", "/a/sub/deep.mpy", "/a/x.mpy", "/a0", "/board.json", "/database.py",
          "/lib/ssd1306.mpy", "/main.py")


def test_the_signed_files_are_all_but_the_signature_the_storage_and_the_rom():
    assert signed("/main.py") and signed("/lib/ssd1306.mpy") and signed("/board.json")
    assert not signed("/signature")
    assert not signed("/data") and not signed("/data/meters")
    assert not signed("/rom") and not signed("/rom/lib/machine.py")
    assert signed("/database.py") and signed("/romance.mpy") and signed("/signature.txt")


def test_a_files_hash_is_the_sha256_of_its_bytes_read_in_chunks():
    root = board(FILES)
    data = FILES["/a/x.mpy"]
    assert len(data) > 2 * CHUNK
    assert file_hash(root + "/a/x.mpy") == sha(data)
    assert file_hash(root + "/a/sub/deep.mpy") == sha(b"")
    assert file_hash(root + "/a/x.mpy", bytearray(CHUNK)) == sha(data)


def test_the_signature_is_the_sha256_of_the_sorted_lines():
    pairs = [("/b", "2" * 64), ("/a/z", "3" * 64), ("/a", "1" * 64)]
    text = "/a %s\n/a/z %s\n/b %s\n" % ("1" * 64, "3" * 64, "2" * 64)
    assert signature(pairs) == sha(text.encode())
    assert signature(reversed(pairs)) == signature(pairs)
    assert signature([]) == sha(b"")


def test_the_walk_meets_every_signed_file_once_in_sorted_order_with_its_hash():
    root = board(FILES)
    with open(root + "/signature", "w") as f:
        f.write("0" * 64 + "\n")
    found = list(walk(os, root))
    assert [path for path, _ in found] == list(SIGNED)
    assert [path for path, _ in found] == sorted(path for path, _ in found)
    for path, digest in found:
        assert digest == sha(FILES[path]), path


def test_the_boards_signature_is_the_rules_over_its_files():
    root = board(FILES)
    expected = signature([(path, sha(FILES[path])) for path in SIGNED])
    assert board_signature(os, root) == expected
    assert check(os, root) == (expected, None)  # no /signature yet
    with open(root + integrity.SIGNATURE_FILE, "w") as f:
        f.write(expected + "\n")
    assert check(os, root) == (expected, expected)


def test_storage_and_the_signature_file_do_not_change_the_signature():
    root = board(FILES)
    before = board_signature(os, root)
    with open(root + "/data/meters", "wb") as f:
        f.write(b"a thousand games later")
    with open(root + "/signature", "w") as f:
        f.write("anything")
    assert board_signature(os, root) == before


def test_one_byte_changed_added_or_a_file_renamed_changes_the_signature():
    root = board(FILES)
    good = board_signature(os, root)
    data = bytearray(FILES["/a/x.mpy"])
    data[700] ^= 1
    with open(root + "/a/x.mpy", "wb") as f:
        f.write(data)
    changed = board_signature(os, root)
    assert changed != good
    assert check(os, root)[0] == changed
    with open(root + "/a/x.mpy", "wb") as f:
        f.write(FILES["/a/x.mpy"])
    assert board_signature(os, root) == good
    with open(root + "/extra.py", "wb") as f:
        f.write(b"")  # an empty file is a file
    assert board_signature(os, root) != good
    os.remove(root + "/extra.py")
    os.rename(root + "/a0", root + "/a1")
    assert board_signature(os, root) != good


# RFC 4231's HMAC-SHA256 test cases 1-4, 6 and 7 (5 is a truncated output): key, data, HMAC.
RFC_4231 = (
    (b"\x0b" * 20, b"Hi There",
     "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
    (b"Jefe", b"what do ya want for nothing?",
     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    (b"\xaa" * 20, b"\xdd" * 50,
     "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
    (bytes(range(1, 26)), b"\xcd" * 50,
     "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
    (b"\xaa" * 131, b"Test Using Larger Than Block-Size Key - Hash Key First",
     "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    (b"\xaa" * 131, b"This is a test using a larger than block-size key and a larger than "
     b"block-size data. The key needs to be hashed before being used by the HMAC algorithm.",
     "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
)


def test_hmac_sha256_gives_rfc_4231s_answers_and_cpythons():
    for key, data, expected in RFC_4231:
        assert mac(key, data) == expected
        h = Hmac(key)
        for i in range(0, len(data), 7):  # in pieces, as files are read
            h.update(data[i:i + 7])
        assert integrity.hexdigest(h) == expected
    try:
        import hmac
    except ImportError:  # MicroPython: no hmac module, hence Hmac
        return
    for n in (0, 1, 63, 64, 65, 200):
        key = bytes(range(n))
        assert mac(key, b"data" * n) == hmac.new(key, b"data" * n, hashlib.sha256).hexdigest()


def test_the_seeded_check_is_every_signed_files_hmac_in_order_then_the_hmac_of_the_lines():
    root = board(FILES)
    key = bytes(range(32))
    lines = list(verify(os, key, root))
    assert lines[:-1] == ["%s %s" % (path, mac(key, FILES[path])) for path in SIGNED]
    assert lines[-1] == mac(key, "".join(line + "\n" for line in lines[:-1]).encode())
    assert list(verify(os, key, root)) == lines
    other = list(verify(os, bytes(32), root))
    assert [a == b for a, b in zip(other, lines)] == [False] * len(lines)  # a new seed: new HMACs
    with open(root + "/main.py", "ab") as f:
        f.write(b"# changed")  # and /signature written again would not help: it is not asked
    changed = list(verify(os, key, root))
    assert [a == b for a, b in zip(changed, lines)] == [
        path != "/main.py" for path in SIGNED] + [False]


def test_a_seed_is_16_to_32_bytes_of_hex():
    assert seed("00" * 16) == bytes(16) and seed("Ab" * 32) == b"\xab" * 32
    for bad in ("", "00" * 15, "00" * 33, "0" * 33, "zz" * 16, "00 " * 16):
        assert str(raises(ValueError, seed, bad)) == "a seed is 16 to 32 bytes in hex", bad


class FrozenProgram:
    """What a firmware built with the program frozen in it has: the module frozen_program."""
    ID = "f0" * 32


def frozen(test):
    """Run test() on a board whose firmware has a frozen program (and an image of 4 KB)."""
    image = integrity.image
    sys.modules["frozen_program"] = FrozenProgram
    integrity.image = lambda: bytes(range(256)) * 16
    try:
        test()
    finally:
        del sys.modules["frozen_program"]
        integrity.image = image


def test_a_frozen_program_is_the_first_line_its_id_signed_its_image_keyed():
    root = board(FILES)
    files = list(walk(os, root))
    assert list(program(os, root)) == files  # the stock firmware: the files alone
    plain = board_signature(os, root)
    key = bytes(range(32))
    plain_lines = list(verify(os, key, root))

    def test():
        assert list(program(os, root)) == [(FROZEN, FrozenProgram.ID)] + files
        assert board_signature(os, root) == signature([(FROZEN, FrozenProgram.ID)] + files)
        assert board_signature(os, root) != plain
        lines = list(verify(os, key, root))
        assert lines[0] == "%s %s" % (FROZEN, mac(key, bytes(range(256)) * 16))
        assert lines[1:-1] == plain_lines[:-1]
        assert lines[-1] == mac(key, "".join(line + "\n" for line in lines[:-1]).encode())
    frozen(test)

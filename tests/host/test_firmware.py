# The cabinet's own firmware (host_tools/firmware.py): what it freezes, the program's ID, the
# manifest, the image a seeded check hashes, and the refusals before a build. The build itself
# needs a MicroPython tree and the ARM compiler: `make firmware`, measured with `make chip`.
import json
import os
import struct

import pytest

from drivers import integrity
from host_tools import FIRMWARE, firmware, flash, verify


def test_every_firmware_module_but_main_py_is_frozen_with_the_boards_libraries():
    sources = firmware.frozen_sources()
    modules = set("/" + rel for rel in flash.firmware_files()
                  if rel.endswith(".py") and rel not in flash.SOURCE_FILES)
    assert set(p for p in sources if not p.startswith("/lib/")) == modules
    assert [p for p in sources if p.startswith("/lib/")] == ["/lib/ssd1306.py"]
    assert "/main.py" not in sources


def test_the_program_id_is_the_signature_of_the_frozen_sources_and_follows_every_byte(tmp_path):
    sources = {}
    for name, text in (("/craps/a.py", "A = 1\n"), ("/lib/b.py", "B = 2\n")):
        path = tmp_path / name.replace("/", "_")
        path.write_text(text)
        sources[name] = str(path)
    ident = firmware.program_id(sources)
    assert ident == integrity.signature(
        (p, integrity.file_hash(s)) for p, s in sources.items())
    (tmp_path / "_craps_a.py").write_text("A = 2\n")
    assert firmware.program_id(sources) != ident
    assert firmware.program_id() == firmware.program_id()  # the tree's: the same each time


def test_the_manifest_keeps_the_ports_own_and_adds_the_program(tmp_path):
    sources = firmware.frozen_sources()
    text = firmware.manifest(sources, str(tmp_path))
    lines = text.splitlines()
    assert lines[0] == 'include("$(PORT_DIR)/boards/manifest.py")'  # asyncio and the rest
    assert "module('frozen_program.py', base_path=%r)" % str(tmp_path) in lines
    for package in ("craps", "drivers", "terminal"):
        assert "package(%r, base_path=%r)" % (package, FIRMWARE) in lines
    assert any(line.startswith("module('ssd1306.py'") for line in lines)


def image_with_binary_end(end_offset, size=2048):
    """A firmware .bin with the pico-sdk's binary info: its header at 0x1D4 (as MicroPython's
    RPI_PICO build has it), one pointer to an unaligned entry, one to the binary end's."""
    data = bytearray(size)
    base = firmware.XIP_BASE
    header, table, end_entry = 0x1D4, 0x300, 0x340
    struct.pack_into("<5I", data, header, 0x7188EBF2, base + table, base + table + 8,
                     base + 0x238, 0xE71AA390)
    struct.pack_into("<2I", data, table, base + 0x322, base + end_entry)  # 0x322: not aligned
    struct.pack_into("<4I", data, end_entry, 0x50520005, 0x68F465DE, base + end_offset, 0)
    return bytes(data)


def test_the_image_is_the_binarys_bytes_up_to_the_binary_end():
    binary = image_with_binary_end(1016, size=1000)  # the UF2 pads to 256 with zeros
    image = firmware.image_from(binary)
    assert len(image) == 1016 and image[:1000] == binary and image[1000:] == bytes(16)
    with pytest.raises(OSError, match="no binary end"):
        firmware.image_from(bytes(2048))
    with pytest.raises(OSError, match="past the flash"):
        firmware.image_from(image_with_binary_end(firmware.FLASH_BYTES + 4, size=1000))


def test_an_end_past_the_binarys_last_block_is_zeros_the_uf2_carries():
    # The pico-sdk's binary end counts .uninitialized_data, which the .bin leaves out: a build
    # whose .bin ended 4 bytes short of a 256-byte block put the end 28 bytes past it.
    binary = image_with_binary_end(1052, size=1020)
    image = firmware.image_from(binary)
    assert len(image) == 1052 and image[:1020] == binary and image[1020:] == bytes(32)


def test_a_tree_that_cannot_be_built_is_one_line(tmp_path, capsys):
    args = type("A", (), {"micropython": str(tmp_path), "out": str(tmp_path / "out"), "jobs": 1})
    assert firmware.main(args) == 1
    assert capsys.readouterr().err == (
        "firmware: %s is not a MicroPython source tree (no ports/rp2)\n" % tmp_path)
    (tmp_path / "ports" / "rp2").mkdir(parents=True)
    (tmp_path / "ports" / "rp2" / "CMakeLists.txt").write_text("")
    for sub in firmware.SUBMODULES:
        (tmp_path / sub).mkdir(parents=True)
    assert firmware.micropython_problem(str(tmp_path)) == (
        "%s has no lib/pico-sdk: check out its submodules (git submodule update --init "
        "lib/pico-sdk)" % tmp_path)
    assert not os.path.exists(tmp_path / "out")


def test_a_frozen_boards_seeded_answer_is_checked_against_the_image_built_here(
        tmp_path, monkeypatch, capsys):
    """The board's lines, made as a board whose firmware is the build's would make them: the
    image's HMAC first, then its files'. Without a build here, one line says what to do."""
    image = image_with_binary_end(1016, size=1000)
    made = {"program": "ab" * 32}
    seed = bytes(range(32))
    b = flash.build("pico-1station", str(tmp_path), made["program"])
    answer = {integrity.FROZEN: integrity.mac(seed, firmware.image_from(image))}
    answer.update(integrity.walk(os, b.folder, key=seed))
    monkeypatch.setattr(verify, "ask", lambda port, s, timeout: (answer,
                                                                 verify.lines_mac(s, answer)))
    monkeypatch.setattr(firmware, "built_image", lambda out=None: None)
    with pytest.raises(verify.VerifyError, match="make firmware"):
        verify.check("pico-1station", "PORT", seed, 5, str(tmp_path))
    monkeypatch.setattr(firmware, "built_image",
                        lambda out=None: (made, firmware.image_from(image)))
    assert verify.check("pico-1station", "PORT", seed, 5, str(tmp_path)) == 0
    assert "MATCH: 3 files and the frozen program as built" in capsys.readouterr().out
    monkeypatch.setattr(firmware, "built_image",
                        lambda out=None: (made, firmware.image_from(image[:-1] + b"x")))
    assert verify.check("pico-1station", "PORT", seed, 5, str(tmp_path)) == 1
    assert "DIFFERS: /.frozen is not the build's" in capsys.readouterr().out

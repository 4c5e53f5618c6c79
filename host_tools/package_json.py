"""`python -m host_tools package-json`: write (or --check) package.json, the firmware as a
package for `mpremote mip install` (host_tools/flash.py builds its text)."""
from host_tools import flash


def add_arguments(parser):
    parser.add_argument("--check", action="store_true", help="only say whether it is up to date")


def main(args):
    return flash.write_package_json(args.check)

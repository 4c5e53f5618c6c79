# Twin of the rp2 module: only what firmware might ask of it on the virtual board.
def bootsel_button():
    return 0


def country(code=None):
    return "XX"

"""Host tools: run on a PC, use the firmware's own code as a library (python -m host_tools)."""
import os
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)

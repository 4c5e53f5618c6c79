"""The virtual cabinet (make sim): firmware/terminal's Cabinet in a terminal UI, with twins of
the board's drivers: keys for the panel's buttons, simulated dice, the puck and displays drawn
from the cabinet's effects."""

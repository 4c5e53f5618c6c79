"""craps study's plots: the final money of every session and its percentiles over the rolls,
drawn with matplotlib off screen (Agg) into PATH.png and PATH.svg."""
import matplotlib

matplotlib.use("Agg")
from matplotlib import pyplot  # noqa: E402 (after the backend is chosen)

from host_tools.sessions import QUANTILES  # noqa: E402


def draw(played, title, bankroll, path):
    """Two panels: a histogram of the final money, and the money's QUANTILES every roll step."""
    figure, (final, over) = pyplot.subplots(1, 2, figsize=(11, 4.2))
    final.hist(played.money, bins=60, color="#3a7d44")
    final.axvline(bankroll, color="black", linestyle="--", label="bankroll %d" % bankroll)
    final.set_xlabel("money at the end of a session (credits)")
    final.set_ylabel("sessions")
    final.legend()
    if played.track is not None:
        steps = [i * played.every for i in range(len(played.track))]
        for column, q in enumerate(QUANTILES):
            over.plot(steps, played.track[:, column], label="%d%%" % q)
        over.set_xlabel("rolls")
        over.set_ylabel("money (credits)")
        over.legend(title="percentile")
    figure.suptitle("{}: {:,} sessions".format(title, len(played.money)))
    figure.tight_layout()
    # No date in the files: the same study draws the same bytes.
    figure.savefig(path + ".png", dpi=100, metadata={"Software": None})
    figure.savefig(path + ".svg", metadata={"Date": None})
    pyplot.close(figure)

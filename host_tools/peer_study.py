"""The sessions' race of `make bench`: `craps study`'s sessions (host_tools/sessions.py: the
strategy compiled against the engine, then every session played at once with numpy) and
crapssim's session loop (a fresh Table a session, Table.run(max_shooter=10)), for the same
strategy: a pass line bet of 10 with 2x odds (strategies.pass_odds(); crapssim's
BetPassLine(10) + PassLineOddsMultiplier(2)), a bankroll of 300, 10 shooters a session.

Each side plays its sessions `runs` times, in turn, and its fastest run counts, on CPU time
(time.process_time, as the Strategy path in host_tools/peer.py). Ours counts compiling the chain
(a few ms), as `craps study` compiles before it plays; crapssim's, its Table and Player made for
each session. Ours plays SESSIONS (about a second), crapssim's CRAPSSIM_SESSIONS (about half of
one): enough to time it.

The two stop alike but at one edge: a session that cannot cover its next bets stops, broke, in
ours, while crapssim's plays on with what it can cover until its strategy is done (about two
sessions in a thousand, at this bankroll). With a bankroll that never runs short, a session of each ends
with the same money after the same rolls on the same dice (tests/host/test_bench.py).
"""
import time

from craps.house import HouseRules
from host_tools import chain, sessions, strategies

BANKROLL, SHOOTERS, BET = 300, 10, 10
SESSIONS = 500000
CRAPSSIM_SESSIONS = 300
RUNS = 3  # per side: the fastest counts


def ours(count, seed=1, bankroll=BANKROLL):
    """`count` sessions as `craps study` plays them: (their Sessions, CPU seconds)."""
    start = time.process_time()
    compiled = chain.compile_strategy(strategies.pass_odds(), HouseRules())
    played = sessions.compiled(compiled, bankroll, sessions.Stops(SHOOTERS), count, seed)
    return played, time.process_time() - start


def crapssim_session(seed, bankroll=BANKROLL):
    """One of crapssim's sessions, on a fresh table whose dice are seeded by `seed`: (final
    money, rolls)."""
    from crapssim import strategy as cs
    from crapssim.table import Table
    table = Table(seed=seed)
    player = table.add_player(bankroll=bankroll, strategy=cs.BetPassLine(BET)
                              + cs.PassLineOddsMultiplier(2))
    table.run(max_rolls=float("inf"), max_shooter=SHOOTERS, verbose=False)
    return player.bankroll + player.total_bet_amount, table.dice.n_rolls


def crapssim(count):
    """`count` of crapssim's sessions one by one, seeded 0, 1, ...: (final money, CPU seconds)."""
    start = time.process_time()
    money = [crapssim_session(seed)[0] for seed in range(count)]
    return money, time.process_time() - start


def compare(count=SESSIONS, crapssim_count=CRAPSSIM_SESSIONS, runs=RUNS):
    """Both sides, `runs` times each in turn: the figures `make bench` prints."""
    mine, theirs = [], []
    for _ in range(runs):
        mine.append(ours(count))
        theirs.append(crapssim(crapssim_count))
    played, seconds = min(mine, key=lambda run: run[1])
    money, peer_seconds = min(theirs, key=lambda run: run[1])
    ours_rate, peer_rate = count / seconds, crapssim_count / peer_seconds
    return {"study_sessions": count, "study_crapssim_sessions": crapssim_count,
            "study_runs": runs, "study_sessions_per_s": int(ours_rate),
            "study_crapssim_sessions_per_s": round(peer_rate, 1),
            "study_speedup_over_crapssim": round(ours_rate / peer_rate),
            "study_mean_final": round(float(played.money.mean()), 2),
            "study_crapssim_mean_final": round(sum(money) / len(money), 2)}

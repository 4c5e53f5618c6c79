# Named refusals: each says why a wager or step was refused; a refused step changes nothing.


class Refusal(Exception):
    """A step the rules do not allow. str(e) is the message a player reads."""

    @property
    def name(self):
        return type(self).__name__

    def reason(self):
        return self.name + ": " + str(self)


class BettingClosed(Refusal):
    pass


class NoPoint(Refusal):
    pass


class ComeOutOnly(Refusal):
    pass


class HandStarted(Refusal):
    pass


class NotEnabled(Refusal):
    pass


class OverTableMax(Refusal):
    pass


class UnderTableMin(Refusal):
    pass


class NotEnoughCredits(Refusal):
    pass


class OddsOverCap(Refusal):
    pass


class NoFlatBet(Refusal):
    pass


class ContractBet(Refusal):
    pass


class NotAMultiple(Refusal):
    pass


class CommissionExceedsWin(Refusal):
    pass


class UnknownWager(Refusal):
    pass


class BadNumber(Refusal):
    pass


class BadAmount(Refusal):
    pass


class BadStation(Refusal):
    pass


class BadDice(Refusal):
    pass


class NoSuchWager(Refusal):
    pass


class AlwaysWorking(Refusal):
    pass


class NotShooter(Refusal):
    pass


class BadHouseRule(ValueError):
    """A house rule with an unknown name or value: the table cannot open with it."""

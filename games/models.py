"""Stored matches: the sevens-log/1 record of every match played on the site.

Nothing but the log is stored. The position of a round is rebuilt by the engine from the hands at
the deal and the events, so a stored match can always be replayed, exported and checked.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.sevens import in_log_order


def of_family(family: str) -> models.Q:
    """The stored matches of a rule family, as `RuleSet.family` tells them apart: the Chinese
    family plays its 7s in turn, the Japanese lays them out after the deal."""
    return models.Q(rules__sevens="played" if family == "chinese" else "laid_out")


class Match(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")
        ABANDONED = "abandoned", _("abandoned")

    rules = models.JSONField(_("rules"))
    # [{"name": ..., "kind": "human"|"cpu", "level": ...}] as in sevens-log/1; informative only.
    seats = models.JSONField(_("seats"))
    totals = models.JSONField(_("totals"), default=list)
    winner = models.PositiveSmallIntegerField(_("winner"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLAYING
    )
    # The room it was played in: a room's past matches, and who sat where (history reads it).
    room = models.ForeignKey(
        "rooms.Room",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="matches",
        verbose_name=_("room"),
    )
    # Its first round dealt from a deal code (`rooms.services.create_room`'s `first_deal`): a deal
    # its player chose, whose hands they may have seen on a match page. Never rated.
    from_deal_code = models.BooleanField(_("dealt from a deal code"), default=False)
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "started_at"])]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return _("match %(number)s (%(status)s)") % {
            "number": self.pk,
            "status": self.get_status_display(),
        }

    def current_round(self) -> "MatchRound | None":
        return self.rounds.order_by("-number").first()

    def to_log(self) -> dict:
        """The match as one sevens-log/1 document."""
        rounds = []
        for r in self.rounds.order_by("number"):
            entry = {"dealer": r.dealer, "hands": r.hands, "events": r.events}
            if r.result is not None:
                entry["result"] = r.result
            rounds.append(entry)
        # jsonb (PostgreSQL) gives objects back with their keys sorted: put back the format's order
        return in_log_order(
            {
                "format": "sevens-log/1",
                "rules": self.rules,
                "seats": self.seats,
                "rounds": rounds,
                "totals": self.totals,
                "winner": self.winner if self.status == self.Status.FINISHED else None,
            }
        )


class MatchRound(models.Model):
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("match")
    )
    number = models.PositiveSmallIntegerField(_("number"))  # 0-based
    dealer = models.PositiveSmallIntegerField(_("dealer"))
    # The shuffle's seed stays on the server: no frame ever carries it.
    seed = models.BigIntegerField(_("seed"))
    # index = seat, the cards held right after the deal
    hands = models.JSONField(_("hands"))
    events = models.JSONField(_("events"), default=list)  # sevens-log/1 events
    # {"ranking": [...], "points": [...]}
    result = models.JSONField(_("result"), null=True, blank=True)
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_round_per_number")
        ]
        # "rounds" alone is the number of rounds in the catalogues.
        verbose_name = pgettext_lazy("a round of a match", "round")
        verbose_name_plural = pgettext_lazy("the rounds of a match", "rounds")

    def __str__(self) -> str:
        return _("match %(match)s round %(number)s") % {
            "match": self.match_id,
            "number": self.number + 1,
        }

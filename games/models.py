"""Stored matches: the sevens-log/1 record of every match played on the site.

Nothing but the log is stored. The position of a round is rebuilt by the engine from the hands at
the deal and the events, so a stored match can always be replayed, exported and checked.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.sevens import in_log_order


class Match(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing"
        FINISHED = "finished"
        ABANDONED = "abandoned"

    rules = models.JSONField()
    # [{"name": ..., "kind": "human"|"cpu", "level": ...}] as in sevens-log/1; informative only.
    seats = models.JSONField()
    totals = models.JSONField(default=list)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    # The room it was played in: a room's past matches, and who sat where (history reads it).
    room = models.ForeignKey(
        "rooms.Room", null=True, blank=True, on_delete=models.SET_NULL, related_name="matches"
    )
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "started_at"])]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return f"match {self.pk} ({self.status})"

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
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()  # 0-based
    dealer = models.PositiveSmallIntegerField()
    # The shuffle's seed stays on the server: no frame ever carries it.
    seed = models.BigIntegerField()
    hands = models.JSONField()  # index = seat, the cards held right after the deal
    events = models.JSONField(default=list)  # sevens-log/1 events
    result = models.JSONField(null=True, blank=True)  # {"ranking": [...], "points": [...]}
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"match {self.match_id} round {self.number + 1}"

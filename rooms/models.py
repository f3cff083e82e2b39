"""Rooms and their seats. Only `rooms.services` writes them."""

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _


def new_slug() -> str:
    # 12 random bytes: a room is found by its link, never by guessing.
    return secrets.token_urlsafe(12)


class Room(models.Model):
    class Mode(models.TextChoices):
        CPU = "cpu", _("against the computer")
        HOTSEAT = "hotseat", _("on one device")
        FRIEND = "friend", _("with friends")

    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting for players")
        PLAYING = "playing", _("playing")
        BETWEEN_ROUNDS = "between_rounds", _("between rounds")
        FINISHED = "finished", _("finished")
        CLOSED = "closed", _("closed")

    slug = models.CharField(_("link code"), max_length=32, unique=True, default=new_slug)
    rules = models.JSONField(_("rules"))  # RuleSet.to_dict()
    mode = models.CharField(_("mode"), max_length=8, choices=Mode.choices)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.WAITING
    )
    # Bumped by every change; every frame carries it and every write is guarded by it.
    version = models.PositiveIntegerField(_("version"), default=0)
    # The version of the last change to the game (every change but a friend's seat going offline
    # or coming back, `rooms.presence.said_offline`): a move, a deal or a rematch asked on any
    # version since is on the table as it is (`guard.still_current`).
    # (`db_default`: a server process of the release before, still running while the new one
    # migrates, writes rooms without it.)
    game_version = models.PositiveIntegerField(_("game version"), default=0, db_default=0)
    created_by = models.CharField(_("created by"), max_length=40)  # the creator's session key
    match = models.ForeignKey(
        "games.Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("match"),
    )
    # The seat to act (None between rounds), and whether the server plays it (a CPU, a seat the
    # CPU holds for an absent human, or a forced pass): the CPU runner's work queue.
    turn = models.PositiveSmallIntegerField(_("seat to play"), null=True, blank=True)
    auto_turn = models.BooleanField(_("the server plays the turn"), default=False)
    # no CPU delay for the rest of the round
    fast_forward = models.BooleanField(_("fast-forward"), default=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["status", "auto_turn", "updated_at"])]
        verbose_name = _("room")
        verbose_name_plural = _("rooms")

    def __str__(self) -> str:
        return _("room %(slug)s (%(mode)s, %(status)s)") % {
            "slug": self.slug,
            "mode": self.get_mode_display(),
            "status": self.get_status_display(),
        }

    @property
    def players(self) -> int:
        return self.rules["players"]


class Seat(models.Model):
    class Kind(models.TextChoices):
        HUMAN = "human", _("human")
        CPU = "cpu", _("computer")

    class Level(models.TextChoices):
        EASY = "easy", _("Easy")
        MEDIUM = "medium", _("Medium")
        HARD = "hard", _("Hard")
        RANDOM = "random", _("Random")

    room = models.ForeignKey(
        Room, on_delete=models.CASCADE, related_name="seats", verbose_name=_("room")
    )
    index = models.PositiveSmallIntegerField(_("seat number"))  # 0-based
    name = models.CharField(_("name"), max_length=40, blank=True)
    kind = models.CharField(_("kind"), max_length=5, choices=Kind.choices, default=Kind.HUMAN)
    level = models.CharField(_("level"), max_length=6, choices=Level.choices, blank=True)
    # NULL (not "") when nobody holds the seat: the contract with the pages says so.
    session_key = models.CharField(  # noqa: DJ001
        _("session key"), max_length=40, null=True, blank=True, db_index=True
    )
    connected = models.BooleanField(_("connected"), default=False)
    last_seen = models.DateTimeField(_("last seen"), null=True, blank=True)
    # True while the CPU plays for a human who left or whose connection stayed down.
    cpu_controlled = models.BooleanField(_("played by the computer"), default=False)
    # Whether the computer made a move for the seat since it took the seat over: the player who
    # comes back is told so only then (`presence.seat_connected`).
    cpu_moved = models.BooleanField(
        _("moved by the computer while away"), default=False, db_default=False
    )
    # The others were told this seat is offline (its connection down `presence.offline_after`
    # seconds): a version said so, and the next one that says it back clears it. The tables read
    # it, not the clock, so every process draws a version alike (`presence.offline_shown`), and
    # it is said once whichever process or sweep says it (`presence.said_offline`).
    offline_said = models.BooleanField(
        _("said offline to the others"), default=False, db_default=False
    )

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["room", "index"], name="one_seat_per_index")]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")

    def __str__(self) -> str:
        return _("%(room)s seat %(number)s (%(kind)s)") % {
            "room": self.room.slug,
            "number": self.index + 1,  # as players count them
            "kind": self.get_kind_display(),
        }

    @property
    def played_by_cpu(self) -> bool:
        return self.kind == self.Kind.CPU or self.cpu_controlled

"""Rooms and their seats. Only `rooms.services` writes them."""

import secrets

from django.db import models


def new_slug() -> str:
    # 12 random bytes: a room is found by its link, never by guessing.
    return secrets.token_urlsafe(12)


class Room(models.Model):
    class Mode(models.TextChoices):
        CPU = "cpu"
        HOTSEAT = "hotseat"
        FRIEND = "friend"

    class Status(models.TextChoices):
        WAITING = "waiting"
        PLAYING = "playing"
        BETWEEN_ROUNDS = "between_rounds"
        FINISHED = "finished"
        CLOSED = "closed"

    slug = models.CharField(max_length=32, unique=True, default=new_slug)
    rules = models.JSONField()  # RuleSet.to_dict()
    mode = models.CharField(max_length=8, choices=Mode.choices)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    # Bumped by every change; every frame carries it and every write is guarded by it.
    version = models.PositiveIntegerField(default=0)
    created_by = models.CharField(max_length=40)  # the creator's session key
    match = models.ForeignKey(
        "games.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The seat to act (None between rounds), and whether the server plays it (a CPU, a seat the
    # CPU holds for an absent human, or a forced pass): the CPU runner's work queue.
    turn = models.PositiveSmallIntegerField(null=True, blank=True)
    auto_turn = models.BooleanField(default=False)
    fast_forward = models.BooleanField(default=False)  # no CPU delay for the rest of the round
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["status", "auto_turn", "updated_at"])]

    def __str__(self) -> str:
        return f"room {self.slug} ({self.mode}, {self.status})"

    @property
    def players(self) -> int:
        return self.rules["players"]


class Seat(models.Model):
    class Kind(models.TextChoices):
        HUMAN = "human"
        CPU = "cpu"

    class Level(models.TextChoices):
        EASY = "easy"
        MEDIUM = "medium"
        HARD = "hard"
        RANDOM = "random"

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40, blank=True)
    kind = models.CharField(max_length=5, choices=Kind.choices, default=Kind.HUMAN)
    level = models.CharField(max_length=6, choices=Level.choices, blank=True)
    # NULL (not "") when nobody holds the seat: the contract with the pages says so.
    session_key = models.CharField(  # noqa: DJ001
        max_length=40, null=True, blank=True, db_index=True
    )
    connected = models.BooleanField(default=False)
    last_seen = models.DateTimeField(null=True, blank=True)
    # True while the CPU plays for a human who left or whose connection stayed down.
    cpu_controlled = models.BooleanField(default=False)

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["room", "index"], name="one_seat_per_index")]

    def __str__(self) -> str:
        return f"{self.room.slug} seat {self.index} ({self.kind})"

    @property
    def played_by_cpu(self) -> bool:
        return self.kind == self.Kind.CPU or self.cpu_controlled

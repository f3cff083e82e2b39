"""Who played which stored match, the players' ratings, and uploaded replays.

A stored match (`games.Match`) keeps only its sevens-log/1 record. History adds who sat in each
seat: the browser (its session key) and, once known, the account. Ratings are OpenSkill ratings, one
per account and rule family, changed once per finished match.
"""

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class MatchPlayer(models.Model):
    """A human seat of a stored match: the browser that held it when the match started, and the
    account of that browser (at the start, or claimed later)."""

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()
    browser_key = models.CharField(max_length=40, blank=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="match_seats",
    )

    class Meta:
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_player_per_match_seat")
        ]

    def __str__(self) -> str:
        return f"match {self.match_id} seat {self.seat}"


class Family(models.TextChoices):
    JAPANESE = "japanese"
    CHINESE = "chinese"


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    family = models.CharField(max_length=10, choices=Family.choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    matches = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "family"], name="one_rating_per_family")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.family} {self.ordinal:.1f}"

    @property
    def ordinal(self) -> float:
        """The rating shown: a cautious estimate, mu − 3σ."""
        return self.mu - 3 * self.sigma


class RatingChange(models.Model):
    """One account's rating before and after one finished match."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="+")
    family = models.CharField(max_length=10, choices=Family.choices)
    place = models.PositiveSmallIntegerField()  # 1 = the match's winner
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["user", "match"], name="one_change_per_match")
        ]

    def __str__(self) -> str:
        return f"{self.user} match {self.match_id}"

    @property
    def ordinal_before(self) -> float:
        return self.mu_before - 3 * self.sigma_before

    @property
    def ordinal_after(self) -> float:
        return self.mu_after - 3 * self.sigma_after


class RatedMatch(models.Model):
    """Marks a finished match whose ratings were applied: the unique match makes rating it again a
    no-op, even from two processes."""

    match = models.OneToOneField("games.Match", on_delete=models.CASCADE, related_name="+")
    rated_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("rated match")
        verbose_name_plural = _("rated matches")

    def __str__(self) -> str:
        return f"match {self.match_id} rated"


def new_replay_slug() -> str:
    return secrets.token_urlsafe(9)


class UploadedReplay(models.Model):
    """A sevens-log/1 document uploaded to be watched. Never rated, never in anyone's history."""

    slug = models.CharField(max_length=16, unique=True, default=new_replay_slug)
    log = models.JSONField()
    browser_key = models.CharField(max_length=40, blank=True)
    uploaded_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"replay {self.slug}"

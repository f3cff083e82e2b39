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
    account of that browser (at the start, or claimed later). A browser that took the seat during
    the match, after its player left, is a player of the match too (`took_over`): the match is in
    its history, but the seat's place and rating are the first player's."""

    match = models.ForeignKey(
        "games.Match", on_delete=models.CASCADE, related_name="players", verbose_name=_("match")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    browser_key = models.CharField(_("browser key"), max_length=40, blank=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="match_seats",
        verbose_name=_("account"),
    )

    took_over = models.BooleanField(
        _("took the seat during the match"),
        default=False,
        help_text=_("The seat's player had left; this browser played it on."),
    )

    class Meta:
        ordering = ["match", "seat", "took_over", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "seat"],
                condition=models.Q(took_over=False),
                name="one_player_per_match_seat",
            ),
            models.UniqueConstraint(
                fields=["match", "seat", "browser_key"],
                condition=models.Q(took_over=True),
                name="one_taker_per_browser_and_seat",
            ),
        ]
        verbose_name = _("player of a match")
        verbose_name_plural = _("players of matches")

    def __str__(self) -> str:
        return _("match %(match)s seat %(seat)s") % {"match": self.match_id, "seat": self.seat + 1}


class Family(models.TextChoices):
    JAPANESE = "japanese", _("Japanese rules")
    CHINESE = "chinese", _("Chinese rules")


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ratings",
        verbose_name=_("account"),
    )
    family = models.CharField(_("rule family"), max_length=10, choices=Family.choices)
    mu = models.FloatField(_("mu (estimated skill)"))
    sigma = models.FloatField(_("sigma (uncertainty)"))
    matches = models.PositiveIntegerField(_("matches rated"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "family"], name="one_rating_per_family")
        ]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")

    def __str__(self) -> str:
        return _("%(user)s, %(family)s: %(rating)s") % {
            "user": self.user,
            "family": self.get_family_display(),
            "rating": f"{self.ordinal:.1f}",
        }

    @property
    def ordinal(self) -> float:
        """The rating shown: a cautious estimate, mu − 3σ."""
        return self.mu - 3 * self.sigma


class RatingChange(models.Model):
    """One account's rating before and after one finished match."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("account"),
    )
    match = models.ForeignKey(
        "games.Match", on_delete=models.CASCADE, related_name="+", verbose_name=_("match")
    )
    family = models.CharField(_("rule family"), max_length=10, choices=Family.choices)
    place = models.PositiveSmallIntegerField(_("place"))  # 1 = the match's winner
    mu_before = models.FloatField(_("mu before"))
    sigma_before = models.FloatField(_("sigma before"))
    mu_after = models.FloatField(_("mu after"))
    sigma_after = models.FloatField(_("sigma after"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["user", "match"], name="one_change_per_match")
        ]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")

    def __str__(self) -> str:
        return _("%(user)s, match %(match)s") % {"user": self.user, "match": self.match_id}

    @property
    def ordinal_before(self) -> float:
        return self.mu_before - 3 * self.sigma_before

    @property
    def ordinal_after(self) -> float:
        return self.mu_after - 3 * self.sigma_after


class RatedMatch(models.Model):
    """Marks a finished match whose ratings were applied: the unique match makes rating it again a
    no-op, even from two processes."""

    match = models.OneToOneField(
        "games.Match", on_delete=models.CASCADE, related_name="+", verbose_name=_("match")
    )
    rated_at = models.DateTimeField(_("rated at"), auto_now_add=True)

    class Meta:
        verbose_name = _("rated match")
        verbose_name_plural = _("rated matches")

    def __str__(self) -> str:
        return _("match %(match)s, rated") % {"match": self.match_id}


def new_replay_slug() -> str:
    return secrets.token_urlsafe(9)


class UploadedReplay(models.Model):
    """A sevens-log/1 document uploaded to be watched. Never rated, never in anyone's history."""

    slug = models.CharField(_("link code"), max_length=16, unique=True, default=new_replay_slug)
    log = models.JSONField(_("match log"))
    browser_key = models.CharField(_("browser key"), max_length=40, blank=True)
    uploaded_at = models.DateTimeField(_("uploaded at"), auto_now_add=True)

    class Meta:
        verbose_name = _("uploaded replay")
        verbose_name_plural = _("uploaded replays")

    def __str__(self) -> str:
        return _("replay %(code)s") % {"code": self.slug}

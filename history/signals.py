"""Hooks on the stored match, so the room services need not know about history.

- A match created in a room: its human seats are recorded (`history.players`).
- A match saved as finished, or abandoned: its ratings are applied after the commit
  (`history.ratings`), once.
- A seat taken during a match (`rooms.signals.seat_taken`): the taker is a player of the match.
- An account about to be deleted: its name leaves the matches and rooms it played in
  (`history.players.forget_account`).
"""

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save, pre_delete
from django.dispatch import receiver

from games.models import Match
from history import players, ratings
from rooms.signals import seat_taken


@receiver(post_save, sender=Match, dispatch_uid="history_match_saved")
def match_saved(sender, instance: Match, created: bool, update_fields=None, **kwargs) -> None:
    if created:
        players.record_players(instance)
    if instance.status not in (Match.Status.FINISHED, Match.Status.ABANDONED):
        return
    if update_fields is not None and "status" not in update_fields:
        return
    match_id = instance.pk
    # robust: a failure here is logged and never turns the last move of the match (or the room's
    # closing) into an error; `manage.py rate_matches` rates a finished match later.
    record = (
        ratings.record_abandoned_match
        if instance.status == Match.Status.ABANDONED
        else ratings.record_finished_match
    )
    transaction.on_commit(lambda: record(match_id), robust=True)


@receiver(seat_taken, dispatch_uid="history_seat_taken")
def seat_taken_during_a_match(sender, room, seat: int, session_key: str, **kwargs) -> None:
    players.record_taker(room.match, seat, session_key)


@receiver(pre_delete, sender=settings.AUTH_USER_MODEL, dispatch_uid="history_account_deleted")
def account_deleted(sender, instance, **kwargs) -> None:
    players.forget_account(instance)

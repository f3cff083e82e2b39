"""Closes the rooms nobody has been in for SEVENS_ROOM_IDLE_SECONDS (their matches are kept)."""

from django.core.management.base import BaseCommand

from rooms import services


class Command(BaseCommand):
    help = "Hand absent players' seats to the CPU and close rooms nobody is in."

    def handle(self, *args, **options):
        expired = services.expire_absent_seats()
        closed = services.close_idle_rooms()
        self.stdout.write(
            f"{len(expired)} rooms with seats handed to the CPU, {len(closed)} closed"
        )

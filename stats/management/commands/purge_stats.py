"""Deletes the play-statistics events older than 30 days (the site also does it every hour)."""

from django.core.management.base import BaseCommand

from stats.events import purge


class Command(BaseCommand):
    help = "Delete play-statistics events older than 30 days."

    def handle(self, *args, **options):
        self.stdout.write(f"{purge()} play-statistics events deleted")

"""Applies the ratings of every finished match not rated yet (after a crash between a match's end
and its rating). Safe to run at any time: a rated match is never rated again."""

from django.core.management.base import BaseCommand

from history.ratings import rate_unrated_matches


class Command(BaseCommand):
    help = "Rate every finished match whose ratings were not applied yet."

    def handle(self, *args, **options):
        count = rate_unrated_matches()
        self.stdout.write(f"rated {count} match(es)")

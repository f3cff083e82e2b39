"""Writes static/down.html, the page nginx shows while no server process answers (stats/down.py)."""

from django.core.management.base import BaseCommand

from stats.down import PATH, render_down_page


class Command(BaseCommand):
    help = "Write static/down.html (nginx's page for when no server process answers)."

    def handle(self, *args, **options):
        PATH.write_text(render_down_page(), encoding="utf-8")
        self.stdout.write(f"written {PATH}")

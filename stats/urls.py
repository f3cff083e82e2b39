from django.urls import path

from stats import pages, views

urlpatterns = [
    path("stats/event/", views.event, name="stats_event"),
    path("rules/", pages.page, {"name": "rules"}, name="rules"),
    path("about/", pages.page, {"name": "about"}, name="about_game"),
    path("help/", pages.page, {"name": "help"}, name="help"),
    path("tips/", pages.page, {"name": "tips"}, name="tips"),
    path("privacy/", pages.page, {"name": "privacy"}, name="privacy"),
]

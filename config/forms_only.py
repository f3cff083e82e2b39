"""The addresses that only take a form (POST): a GET there is a reload of a refused form's page
or an address pasted from the bar, and goes to the page the form is on instead of a blank 405."""

from functools import wraps

from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.urls import reverse


def post_only(page: str):
    """`require_POST`, but GET and HEAD are sent (302) to the view named `page`, with the same
    URL arguments (a room's slug, a match's pk)."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method in ("GET", "HEAD"):
                return HttpResponseRedirect(reverse(page, args=args, kwargs=kwargs))
            if request.method != "POST":
                return HttpResponseNotAllowed(["POST"])
            return view(request, *args, **kwargs)

        return wrapper

    return decorator

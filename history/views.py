"""History pages: my matches, a room's matches, the match page with its replay, download and upload
of logs, and starting a new game from a deal code."""

import json

from django import forms
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

from config.forms_only import post_only
from config.limits import message, over_limit, refuse
from games.models import Match as StoredMatch
from games.models import of_family
from games.sevens import LogError, parse_deal_code, replay_log
from history import pages, players
from history.forms import DealCodeForm, DealForm, UploadForm, rules_shared, shared_rules
from history.models import Family, RatingChange, UploadedReplay
from history.paging import paged
from history.rankings import final_place, last_rankings
from history.ratings import family_of
from rooms import narrate, services
from rooms.errors import RoomError
from rooms.models import Room


def browser_key(request, *, create: bool = False) -> str | None:
    if create and not request.session.session_key:
        request.session.save()
    return request.session.session_key


@require_safe
def my_matches(request):
    key = browser_key(request)
    found = players.matches_of(user=request.user, browser_key=key)
    # Narrowed by rule family and by state (GET, so a narrowed list keeps its address and pages);
    # an unknown value narrows nothing.
    family = request.GET.get("family", "")
    family = family if family in Family.values else ""
    if family:
        found = found.filter(of_family(family))
    status = request.GET.get("status", "")
    status = status if status in StoredMatch.Status.values else ""
    if status:
        found = found.filter(status=status)
    pages = paged(request, found.prefetch_related("players"))
    rows = [_row(m) for m in pages["rows"]]
    # Each match's rules, and this player's place in a finished one (as the profile counts it).
    last = last_rankings([row["match"].pk for row in rows])
    for row in rows:
        match = row["match"]
        row["family"] = family_of(match.rules)
        held = players.seats_of(match, user=request.user, browser_key=key, own=True)
        if match.status == StoredMatch.Status.FINISHED and len(held) == 1:
            row["place"] = final_place(match, held[0], last.get(match.pk))
    return render(
        request,
        "history/my_matches.html",
        {
            "matches": rows,
            "pages": pages,
            "family": family,
            "status": status,
            "narrowed": bool(family or status),
        },
    )


@require_safe
def room_matches(request, slug):
    room = get_object_or_404(Room, slug=slug)
    pages = paged(request, room.matches.order_by("-started_at", "-pk"))
    return render(
        request,
        "history/room_matches.html",
        {"room": room, "matches": [_row(m) for m in pages["rows"]], "pages": pages},
    )


def _row(match: StoredMatch) -> dict:
    winner = None
    if match.winner is not None and match.status == StoredMatch.Status.FINISHED:
        winner = narrate.shown_name(match.seats[match.winner].get("name") or "")
    names = [narrate.shown_name(s.get("name") or "") for s in match.seats]
    return {"match": match, "names": names, "winner": winner}


@require_safe
def match_page(request, pk):
    match = get_object_or_404(StoredMatch, pk=pk)
    return _replay_response(request, "history/match.html", _match_context(request, match))


def _match_context(request, match: StoredMatch) -> dict:
    live = match.status == StoredMatch.Status.PLAYING
    at_table = live and _at_table(request, match)
    context = {
        "match": match,
        "stored": True,
        "deal_form": DealForm(),
        "shared": shared_rules(match.rules),
        # Match numbers are easy to guess: while the match is played, the hands of its rounds
        # over (and their deal codes, which deal them again) are for the players at its table.
        "players_only": live and not at_table,
        # An abandoned match its players had left is rated, each counted last (`ratings`): the
        # page must not say it changed no rating.
        "rated": match.status == StoredMatch.Status.ABANDONED
        and RatingChange.objects.filter(match=match).exists(),
    }
    try:
        m = None if context["players_only"] else pages.engine_match(match)
    except LogError as error:
        m, context["broken"] = None, pages.log_error_message(error)
    if m is not None:
        context["summary"] = pages.summary(m, codes=pages.stored_codes(match))
        context["replay"] = pages.viewer(m, request.GET.get("round"), request.GET.get("step"))
    elif "broken" not in context:  # no round over yet, or not for this visitor: the rules
        context["rules_items"] = narrate.rules_items(match.rules)
    # The room's address is what lets a browser in: its players only.
    room = match.room if at_table else None
    context["table_url"] = reverse("room", args=[room.slug]) if room else None
    context["replay_url"] = reverse("match", args=[match.pk])
    return context


def _at_table(request, match: StoredMatch) -> bool:
    """Whether this visitor plays `match`, still being played: it held a seat when the match
    started, or holds one of its room now (a seat a player left, taken during the match)."""
    key = browser_key(request)
    if players.seats_of(match, user=request.user, browser_key=key):
        return True
    room = match.room
    if room is None or room.match_id != match.pk or not key:
        return False
    return room.seats.filter(session_key=key).exists()


def _replay_response(request, template: str, context: dict):
    if request.htmx and not request.htmx.history_restore_request and "replay" in context:
        return render(request, f"{template}#replay", context)
    return render(request, template, context)


@require_safe
def match_download(request, pk):
    match = get_object_or_404(StoredMatch, pk=pk)
    if match.status == StoredMatch.Status.PLAYING:
        raise Http404
    body = json.dumps(match.to_log(), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="sevens-match-{match.pk}.json"'
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def upload(request):
    # a minute's budget, and a day's: what one address can store stays small
    spent = request.method == "POST" and next(
        (group for group in ("upload", "upload_day") if over_limit(request, group)), None
    )
    if spent:
        # Not `refuse`, which validates the form first to show what was typed: a file input is
        # never filled again, and validating replays the whole log, the work the limit is there
        # to bound; its verdict ("Round 2, event 14: …") also read as the reason for the refusal.
        form = UploadForm.refused(message(spent))
        return render(request, "history/upload.html", {"form": form}, status=429)
    form = UploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        log = form.cleaned_data["log"]
        replay = UploadedReplay.objects.create(
            log=log, browser_key=browser_key(request, create=True) or ""
        )
        return HttpResponseRedirect(reverse("uploaded_replay", args=[replay.slug]))
    status = 400 if request.method == "POST" else 200
    return render(request, "history/upload.html", {"form": form}, status=status)


@require_safe
def uploaded_replay(request, slug):
    replay = get_object_or_404(UploadedReplay, slug=slug)
    context = {"uploaded": replay, "stored": False}
    try:
        m = replay_log(replay.log)
    except LogError as error:  # checked at upload; kept for logs stored before a rules change
        m, context["broken"] = None, pages.log_error_message(error)
    if m is not None:
        context["summary"] = pages.summary(m)
        context["replay"] = pages.viewer(m, request.GET.get("round"), request.GET.get("step"))
    context["replay_url"] = request.path
    return _replay_response(request, "history/match.html", context)


@post_only("match")
def play_deal(request, pk):
    """A new room whose first round deals the cards of this deal code again, same rules."""
    match = get_object_or_404(StoredMatch, pk=pk)
    if over_limit(request, "new_room"):
        return _deal_refused(request, match, message("new_room"), status=429)
    form = DealForm(request.POST)
    codes = [c for c in pages.stored_codes(match) if c]
    if not form.is_valid() or form.cleaned_data["code"] not in codes:
        raise Http404
    mode, level = form.mode()
    try:
        parse_deal_code(form.cleaned_data["code"])
        room = services.create_room(
            rules=match.rules,
            mode=mode,
            level=level,
            names=_names(request, mode, match.rules["players"]),
            session_key=browser_key(request, create=True),
            first_deal=form.cleaned_data["code"],
        )
    except RoomError as error:
        return _deal_refused(request, match, error.message, status=400)
    except ValueError:  # the engine's own words are not the site's
        return _deal_refused(request, match, gettext("This is not a deal code."), status=400)
    return HttpResponseRedirect(reverse("room", args=[room.slug]))


def _deal_refused(request, match: StoredMatch, text: str, *, status: int):
    """The match page again, saying why no room was opened from its deal (as the home and deal
    pages say it on their forms)."""
    context = {**_match_context(request, match), "refusal": text}
    context["switcher_next"] = reverse("match", args=[match.pk])  # not the form's (POST only)
    return render(request, "history/match.html", context, status=status)


def _names(request, mode: str, players_count: int) -> list[str]:
    """As on the home page: a signed-in player's first seat under its username, the others' names
    stored language-free ("Player 2", shown in each viewer's language), and never "You", which
    the friends of a friend room would read as themselves."""
    from rooms.views import creator_names, player_name

    return creator_names(mode, players_count, player_name(request, ""))


@require_http_methods(["GET", "HEAD", "POST"])
def deal(request):
    """Play a deal again from its code: typed in, or from a link a friend shared (which carries
    the match's rules, signed, and not the match: its page shows the hands). Never shows the
    hands."""
    source = _source_rules(request.POST if request.method == "POST" else request.GET)
    # A link's rules go on in the form's hidden field, signed again (an old `match=` link has none).
    initial = {
        "code": request.GET.get("code", ""),
        "shared": shared_rules(source) if source else "",
    }
    form = DealCodeForm(request.POST or None, initial=initial)
    limited = request.method == "POST" and over_limit(request, "new_room")
    if limited:
        refuse(form, "new_room")
    elif request.method == "POST" and form.is_valid():
        mode, level = form.mode()
        try:
            rules = form.rules(source)
            room = services.create_room(
                rules=rules,
                mode=mode,
                level=level,
                names=_names(request, mode, rules["players"]),
                session_key=browser_key(request, create=True),
                first_deal=form.cleaned_data["code"],
            )
        except (RoomError, forms.ValidationError) as error:
            form.add_error(None, getattr(error, "message", None) or str(error))
        else:
            return HttpResponseRedirect(reverse("room", args=[room.slug]))
    status = 429 if limited else 400 if request.method == "POST" else 200
    context = {"form": form, "source": source}
    if source:
        context["rules_items"] = narrate.rules_items(source)
    return render(request, "history/deal.html", context, status=status)


def _source_rules(data) -> dict | None:
    """The rules a shared deal link carries (`shared`); a link made before those named its match
    (`match`), whose rules are taken then."""
    if data.get("shared"):
        return rules_shared(data.get("shared"))
    try:
        pk = int(data.get("match") or 0)
    except ValueError:
        return None
    match = StoredMatch.objects.filter(pk=pk).first() if pk else None
    return dict(match.rules) if match else None

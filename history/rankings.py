"""The rankings per rule family and a player's profile page."""

from decimal import ROUND_HALF_UP, Decimal

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Count, Max
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from games.models import Match, MatchRound
from history.models import Family, MatchPlayer, Rating, RatingChange
from history.paging import paged
from history.ratings import family_of

RANKING_SIZE = 100  # rows per page
RANKINGS_CACHE_SECONDS = 600  # also bounds how long a renamed account keeps its old tie order


def shown_rating(ordinal: float) -> Decimal:
    """The rating as the page shows it: one decimal, rounded as `floatformat` rounds."""
    return Decimal(repr(ordinal)).quantize(Decimal("0.1"), ROUND_HALF_UP)


def places(family: str) -> list[tuple[int, int]]:
    """(rating id, place), best first: by the rating as shown, then more wins, then the name.
    Players whose shown rating and wins are the same share a place, and the next place counts
    them all (1, 2, 2, 4): the name only orders the tied. Ordered here, not by the database, so
    that the order and the ties are those of the numbers on the page.

    Kept in the cache until a rating of the family changes (its count or latest update): every
    page of the rankings needs the whole order, which took 0.09 s for 20,000 players."""
    # An account an operator deactivated is no longer listed (and its count leaves the key).
    rated = Rating.objects.filter(family=family, matches__gt=0, user__is_active=True)
    stamp = rated.aggregate(count=Count("pk"), last=Max("updated_at"))
    key = f"rankings:{family}:{stamp['count']}:{stamp['last'] and stamp['last'].isoformat()}"
    found = cache.get(key)
    if found is None:
        found = _places(rated)
        cache.set(key, found, RANKINGS_CACHE_SECONDS)
    return found


def _places(rated) -> list[tuple[int, int]]:
    rows = rated.values_list("pk", "mu", "sigma", "wins", "user__username")
    keyed = sorted(
        ((-shown_rating(mu - 3 * sigma), -wins, name, pk) for pk, mu, sigma, wins, name in rows)
    )
    out, place, before = [], 0, None
    for index, (score, wins, _name, pk) in enumerate(keyed, start=1):
        if (score, wins) != before:
            place, before = index, (score, wins)
        out.append((pk, place))
    return out


@require_safe
def rankings(request, family=Family.JAPANESE):
    if family not in Family.values:
        raise Http404
    everyone = places(family)
    pages = paged(request, everyone, size=RANKING_SIZE)
    found = Rating.objects.select_related("user").in_bulk([pk for pk, _ in pages["rows"]])
    rows = [
        {
            "rank": place,
            "rating": found[pk],
            "name": found[pk].user.get_username(),
            "ordinal": found[pk].ordinal,
        }
        for pk, place in pages["rows"]
    ]
    return render(
        request,
        "history/rankings.html",
        {
            "family": family,
            "families": Family.choices,
            "rows": rows,
            "pages": pages,
            "mine": (mine := _own_place(request, family, everyone)),
            # A signed-in player not ranked here is told how to be (`ratings`: a finished match,
            # logged in, one seat of their own).
            "unranked": mine is None and request.user.is_authenticated,
        },
    )


def _own_place(request, family: str, everyone: list[tuple[int, int]]) -> dict | None:
    """A signed-in player's place and the page it is on (it may be past the first)."""
    if not request.user.is_authenticated:
        return None
    own = set(Rating.objects.filter(user=request.user, family=family).values_list("pk", flat=True))
    for index, (pk, place) in enumerate(everyone):
        if pk in own:
            return {"place": place, "page": index // RANKING_SIZE + 1}
    return None


@require_safe
def profile(request, username):
    if "\x00" in username:  # no name holds one, and PostgreSQL refuses to look one up
        raise Http404
    user = get_object_or_404(get_user_model(), username=username, is_active=True)
    held = MatchPlayer.objects.filter(user=user)
    # A match still played would tell everyone that its player is at a table now, and where:
    # listed to the player alone (the match page of a live match is its players' only too).
    if request.user != user:
        held = held.exclude(match__status=Match.Status.PLAYING)
    seats = list(
        held.select_related("match", "match__room").order_by("-match__started_at", "-match_id")
    )
    by_match: dict[int, list[int]] = {}
    found: dict[int, Match] = {}
    for seat in seats:
        # A seat taken during the match lists the match, but its place is its first player's.
        held = by_match.setdefault(seat.match_id, [])
        if not seat.took_over:
            held.append(seat.seat)
        found[seat.match_id] = seat.match
    last_of = last_rankings(list(by_match))
    # The place the rating counted (`ratings._rate`): a seat its player left before the end, and
    # the computer played out, counts last there, so it is no win here either.
    rated = dict(
        RatingChange.objects.filter(user=user, match_id__in=list(by_match)).values_list(
            "match_id", "place"
        )
    )
    matches, wins_by_mode, places = [], {}, []
    for match_id, held in by_match.items():
        match = found[match_id]
        mode = match.room.mode if match.room else ""
        # One player holding every seat of a shared device neither wins nor places.
        place, left = None, False
        if match.status == Match.Status.FINISHED and len(held) == 1:
            place = final_place(match, held[0], last_of.get(match_id))
            left = rated.get(match_id, place) > place
            place = rated.get(match_id, place)
            places.append(place)
        elif match.status == Match.Status.ABANDONED and match_id in rated:
            # Left while under way, with nobody else at the table: rated, counted last (the
            # average place is of finished matches, as the profile says).
            place, left = rated[match_id], True
        # A match still played, or abandoned, is in the list below but not in the count: only a
        # finished match could have been won.
        if match.status == Match.Status.FINISHED:
            stats = wins_by_mode.setdefault(mode, {"mode": mode, "matches": 0, "wins": 0})
            stats["matches"] += 1
            stats["wins"] += int(place == 1)
        matches.append(
            {
                "match": match,
                "won": place == 1,
                "left": left,
                "place": place,
                "mode": mode,
                "family": family_of(match.rules),
            }
        )
    changes = RatingChange.objects.filter(user=user).order_by("-created_at", "-pk")
    return render(
        request,
        "history/profile.html",
        {
            "player": user,
            "ratings": list(Rating.objects.filter(user=user).order_by("family")),
            "changes": paged(request, changes, param="changes"),
            "matches": paged(request, matches),
            "average_place": sum(places) / len(places) if places else None,
            "wins_by_mode": sorted(wins_by_mode.values(), key=lambda s: s["mode"]),
        },
    )


def last_rankings(match_ids: list[int]) -> dict[int, list[int]]:
    """The ranking of each match's last round that has a result."""
    out: dict[int, list[int]] = {}
    rounds = MatchRound.objects.filter(match_id__in=match_ids).exclude(result=None)
    for rnd in rounds.order_by("match_id", "number").only("match_id", "result"):
        out[rnd.match_id] = rnd.result["ranking"]
    return out


def final_place(match: Match, seat: int, last_ranking: list[int] | None) -> int:
    """A seat's place in a finished match: by total, ties to the better place in the last round
    (the rule the engine applies to name the winner)."""
    totals = match.totals
    last = last_ranking or list(range(len(totals)))
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], last.index(s)))
    return order.index(seat) + 1

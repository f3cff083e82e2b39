"""The rankings per rule family and a player's profile page."""

from django.contrib.auth import get_user_model
from django.db.models import F
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from games.models import Match, MatchRound
from history.models import Family, MatchPlayer, Rating, RatingChange

RANKING_SIZE = 100


def ranked(family: str):
    """Ratings of a family, best first: by ordinal (mu − 3σ), then more wins, then the name."""
    return (
        Rating.objects.filter(family=family, matches__gt=0)
        .select_related("user")
        .annotate(score=F("mu") - 3 * F("sigma"))
        .order_by("-score", "-wins", "user__username")
    )


@require_GET
def rankings(request, family=Family.JAPANESE):
    if family not in Family.values:
        raise Http404
    rows = [
        {"rank": rank, "rating": r, "name": r.user.get_username(), "ordinal": r.ordinal}
        for rank, r in enumerate(ranked(family)[:RANKING_SIZE], start=1)
    ]
    return render(
        request,
        "history/rankings.html",
        {"family": family, "families": Family.choices, "rows": rows},
    )


@require_GET
def profile(request, username):
    user = get_object_or_404(get_user_model(), username=username)
    seats = list(
        MatchPlayer.objects.filter(user=user)
        .select_related("match", "match__room")
        .order_by("-match__started_at", "-match_id")
    )
    by_match: dict[int, list[int]] = {}
    found: dict[int, Match] = {}
    for seat in seats:
        by_match.setdefault(seat.match_id, []).append(seat.seat)
        found[seat.match_id] = seat.match
    last_rankings = _last_rankings(list(by_match))
    matches, wins_by_mode, places = [], {}, []
    for match_id, held in by_match.items():
        match = found[match_id]
        mode = match.room.mode if match.room else ""
        # One player holding every seat of a shared device neither wins nor places.
        place = None
        if match.status == Match.Status.FINISHED and len(held) == 1:
            place = final_place(match, held[0], last_rankings.get(match_id))
            places.append(place)
        stats = wins_by_mode.setdefault(mode, {"mode": mode, "matches": 0, "wins": 0})
        stats["matches"] += 1
        stats["wins"] += int(place == 1)
        matches.append({"match": match, "won": place == 1, "place": place, "mode": mode})
    return render(
        request,
        "history/profile.html",
        {
            "player": user,
            "ratings": list(Rating.objects.filter(user=user).order_by("family")),
            "changes": list(RatingChange.objects.filter(user=user).order_by("-created_at", "-pk")),
            "matches": matches[:100],
            "average_place": sum(places) / len(places) if places else None,
            "wins_by_mode": sorted(wins_by_mode.values(), key=lambda s: s["mode"]),
        },
    )


def _last_rankings(match_ids: list[int]) -> dict[int, list[int]]:
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

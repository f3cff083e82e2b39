"""OpenSkill ratings (Plackett–Luce), one per account and rule family.

A finished match changes the ratings of its accounts once, from its final standings; CPU seats take
part with a fixed rating per level that never moves; a guest seat counts as a new player; a player
holding several seats of one match (one device passed round) is not rated for it; a player who no
longer held their seat at the end (left it, stayed away until the computer took over, logged out)
counts as last. A match abandoned once under way, with nobody left at its table (every account
gone: a game against the computer its player left, logged out of or closed the tab on), is rated as
it stood, its accounts last: leaving counts as finishing last there too, or a player could leave
every game they were losing. A match still played, one abandoned before any move or with a player
still at the table (an operator's close), and a match dealt from a deal code (its player chose the
cards) change nothing.
"""

from django.db import IntegrityError, transaction
from openskill.models import PlackettLuce

from games.models import Match
from games.sevens import RuleSet, replay_log
from history import players
from history.models import MatchPlayer, RatedMatch, Rating, RatingChange

MODEL = PlackettLuce()
# The CPU levels' fixed (mu, sigma): a small sigma, since they never change.
CPU_RATINGS = {
    "random": (15.0, 1.0),
    "easy": (20.0, 1.0),
    "medium": (25.0, 1.0),
    "hard": (30.0, 1.0),
}


def family_of(rules: dict) -> str:
    return RuleSet.from_dict(rules).family


def standings(match: Match) -> list[int]:
    """Seats from first to last by total, the final round breaking ties (the engine decides)."""
    return replay_log(match.to_log()).standings


def record_finished_match(match: Match | int) -> bool:
    """Applies a finished match to its players' ratings; True if it did. Calling it again for the
    same match changes nothing (a unique row per rated match, written in the same transaction)."""
    match = _unrated(match, Match.Status.FINISHED)
    return match is not None and _rate_once(match)


def record_abandoned_match(match: Match | int) -> bool:
    """Applies an abandoned match to its accounts' ratings, each counted last, when it was under
    way and every account had left its table; True if it did. Once only, as a finished match."""
    match = _unrated(match, Match.Status.ABANDONED)
    if match is None:
        return False
    owners = _single_seat_owners(match)
    if not owners or _not_played_to_the_end(match, owners) != set(owners):
        return False  # nobody to rate, or a player still at the table when it was closed
    if _guest_at_the_table(match, owners):
        return False  # a guest still held a seat: an operator closed a room played in
    if not any(r.events for r in match.rounds.all()):
        return False  # closed before anyone moved: nothing was played to lose
    return _rate_once(match)


def _unrated(match: Match | int, status: str) -> Match | None:
    """The match, read afresh, if it has `status` and was not rated yet."""
    match_id = match if isinstance(match, int) else match.pk
    found = Match.objects.filter(pk=match_id).first()
    if found is None or found.status != status or RatedMatch.objects.filter(match=found).exists():
        return None
    return found


def _rate_once(match: Match) -> bool:
    try:
        with transaction.atomic():
            RatedMatch.objects.create(match=match)
            _rate(match)
    except IntegrityError:
        return False  # another process rated it first
    return True


def _rate(match: Match) -> None:
    if match.from_deal_code:
        return  # its player chose the deal, and may have seen every hand of it: no rating
    family = family_of(match.rules)
    owners = _single_seat_owners(match)
    # A seat its account no longer played at the end comes last: otherwise leaving (or closing
    # the tab) would let the computer play the match out for the account, at its level. (An
    # abandoned match is rated as it stood, by the rounds over, its accounts all gone.)
    gone = _not_played_to_the_end(match, owners)
    order = standings(match)
    order = [s for s in order if s not in gone] + [s for s in order if s in gone]
    place = {seat: i + 1 for i, seat in enumerate(order)}
    ratings = {}
    teams = []
    for seat, info in enumerate(match.seats):
        user = owners.get(seat)
        if user is not None:
            rating = _rating_for(user, family)
            ratings[seat] = rating
            teams.append([MODEL.rating(mu=rating.mu, sigma=rating.sigma)])
        elif info.get("kind") == "cpu":
            mu, sigma = CPU_RATINGS.get(info.get("level"), CPU_RATINGS["medium"])
            teams.append([MODEL.rating(mu=mu, sigma=sigma)])
        else:
            teams.append([MODEL.rating()])
    if not ratings:
        return
    new = MODEL.rate(teams, ranks=[place[seat] for seat in range(len(teams))])
    for seat, rating in ratings.items():
        after = new[seat][0]
        RatingChange.objects.create(
            user_id=rating.user_id,
            match=match,
            family=family,
            place=place[seat],
            mu_before=rating.mu,
            sigma_before=rating.sigma,
            mu_after=after.mu,
            sigma_after=after.sigma,
        )
        rating.mu, rating.sigma = after.mu, after.sigma
        rating.matches += 1
        rating.wins += int(place[seat] == 1)
        rating.save()


def _single_seat_owners(match: Match) -> dict:
    """seat -> account, for accounts that held exactly one seat of the match."""
    rows = list(
        MatchPlayer.objects.filter(match=match, took_over=False)
        .exclude(user=None)
        .select_related("user")
    )
    counts: dict[int, int] = {}
    for row in rows:
        counts[row.user_id] = counts.get(row.user_id, 0) + 1
    return {row.seat: row.user for row in rows if counts[row.user_id] == 1}


def _not_played_to_the_end(match: Match, owners: dict) -> set[int]:
    """The seats (of `owners`) whose account did not hold them when the match ended: left, away
    until the computer took over, taken by another browser, or logged out of. Read from the
    room's seats, which still show this match right after its end; a match rated later (a
    catch-up after a crash) whose room has moved on is taken as played to the end."""
    room = match.room
    if room is None or room.match_id != match.pk or not owners:
        return set()
    gone = set()
    for seat in room.seats.filter(index__in=list(owners)):
        held = seat.session_key and not seat.cpu_controlled
        if not held or players.user_for_key(seat.session_key) != owners[seat.index]:
            gone.add(seat.index)
    return gone


def _guest_at_the_table(match: Match, owners: dict) -> bool:
    """Whether a seat no account of `owners` holds was still held by its player (not left, not
    handed to the computer) when the match's room closed."""
    room = match.room
    if room is None or room.match_id != match.pk:
        return False
    held = room.seats.exclude(index__in=list(owners)).exclude(session_key=None)
    return held.filter(kind="human", cpu_controlled=False).exists()


def _rating_for(user, family: str) -> Rating:
    rating = Rating.objects.select_for_update().filter(user=user, family=family).first()
    if rating is None:
        rating = Rating.objects.create(
            user=user, family=family, mu=MODEL.mu, sigma=MODEL.sigma, matches=0, wins=0
        )
    return rating


def rate_unrated_matches() -> int:
    """Rates every finished match not rated yet (a catch-up after a crash); returns how many."""
    done = 0
    rated = RatedMatch.objects.values("match_id")
    for match_id in Match.objects.filter(status=Match.Status.FINISHED).exclude(pk__in=rated):
        done += record_finished_match(match_id.pk)
    return done

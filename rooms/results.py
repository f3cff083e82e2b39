"""A round's results and a match's standings as the site shows them: the table's settlement, the
places on the seats and the 3D name tags, the match page and the replay. Pure: no database, no
request.
"""

from django.utils.translation import ngettext, pgettext

from rooms import narrate


def shown_place(place: int | None, holding: bool, round_end: str, scoring: str) -> int | None:
    """A place as the site shows it (on the seats, the 3D name tags, the settlement and the match
    page): None for a seat still `holding` cards that `narrate.unranked` leaves without one. The seat
    placed first is the winner even when it still holds cards (the others out of the round)."""
    if holding and place != 1 and narrate.unranked(round_end, scoring):
        return None
    return place


def tie_note(
    totals: list[int],
    ranking: list[int],
    holding: set[int],
    counts: dict[int, int],
    round_end: str,
    scoring: str,
) -> str | None:
    """How level totals were ranked, said under the standings: None with no level totals. The
    last round's `ranking` decides (`Match.standings`): "places" where every seat of a tie has a
    place shown in it; where the seats still `holding` cards go without one (`shown_place`), "cards",
    fewer cards left (`counts`) first, or "turn" when two of them held as many cards: the engine
    then takes them in turn after the winner (`RoundState._end`); "holders" when a seat still
    holding cards is level with one out of the round but not its winner (dropped out, or out of
    passes): the engine ranks every holder above those; and also when two seats out of the round
    are level while another tie goes by the cards: they go by their places (the later out of
    passes first), which "fewer cards left" would contradict. One note covers every tie."""
    ties = [
        [seat for seat in range(len(totals)) if totals[seat] == total]
        for total in set(totals)
        if totals.count(total) > 1
    ]
    if not ties:
        return None
    unplaced, by_places, same_count = False, False, False
    for level in ties:
        without = [
            seat
            for seat in level
            if shown_place(ranking.index(seat) + 1, seat in holding, round_end, scoring) is None
        ]
        out = [seat for seat in level if seat not in without and ranking.index(seat) > 0]
        unplaced = unplaced or bool(without)
        # Out-of-the-round seats ranked against another loser of their tie, not just after the winner.
        by_places = by_places or (bool(out) and len(without) + len(out) > 1)
        same_count = same_count or len({counts.get(seat, 0) for seat in without}) < len(without)
    if not unplaced:
        return "places"
    if by_places:
        return "holders"
    return "turn" if same_count else "cards"


def seat_place(view: dict, seat: dict) -> int | None:
    """`shown_place` of one of the view's seats."""
    rules = view["rules"]
    holding = seat["status"] == "playing"
    return shown_place(seat["place"], holding, rules["round_end"], rules["scoring"])


def own_result(settlement: dict, viewer_seat) -> str:
    """The viewer's own line of a round's results, as a sentence: its place (where it has one),
    the round's points and its total; nothing for a watcher or a shared device between turns."""
    mine = next((p for p in settlement["places"] if p["seat"] == viewer_seat), None)
    return "" if mine is None else result_sentence(mine, own=True)


def every_result(settlement: dict) -> str:
    """Every seat's line of a round's results, in place order, for the device a hot-seat room's
    players share ("Aki: place 1, 3 points this round, 5 in all.")."""
    return narrate.sentence_space().join(result_sentence(line) for line in settlement["places"])


def result_sentence(line: dict, *, own: bool = False) -> str:
    """One seat's line of the results (`settlement`'s `places`) as a sentence: "Your result: …"
    for the viewer's `own` seat, else under the seat's name; its place only where it has one."""
    facts = {key: line[key] for key in ("name", "points", "total", "place")}
    count = abs(int(line["points"]))  # "-1 point" is singular, as "1 point" is
    if line["place"] is None:
        text = (
            ngettext(
                "Your result: %(points)s point this round, %(total)s in all.",
                "Your result: %(points)s points this round, %(total)s in all.",
                count,
            )
            if own
            else ngettext(
                "%(name)s: %(points)s point this round, %(total)s in all.",
                "%(name)s: %(points)s points this round, %(total)s in all.",
                count,
            )
        )
    else:
        text = (
            ngettext(
                "Your result: place %(place)s, %(points)s point this round, %(total)s in all.",
                "Your result: place %(place)s, %(points)s points this round, %(total)s in all.",
                count,
            )
            if own
            else ngettext(
                "%(name)s: place %(place)s, %(points)s point this round, %(total)s in all.",
                "%(name)s: place %(place)s, %(points)s points this round, %(total)s in all.",
                count,
            )
        )
    return text % facts


def settlement(view: dict, names, *, match_over: bool) -> dict | None:
    """A finished round's results as the table shows them (None while it is played): every seat's
    place, points and total, the cards it was left holding; with the match over (`match_over`, the
    last round), the standings and how level totals were ranked."""
    result = view.get("result")
    if not view.get("over") or not result:
        return None
    rules = view["rules"]
    revealed = {int(k): v for k, v in (view.get("revealed") or {}).items()}
    totals = view.get("totals") or [0] * len(names)
    statuses = {seat["seat"]: seat["status"] for seat in view["seats"]}
    counts = {seat["seat"]: seat["cards"] for seat in view["seats"]}
    places = []
    for place, seat in enumerate(result["ranking"], start=1):
        holding = statuses.get(seat) == "playing"
        places.append(
            {
                "place": shown_place(place, holding, rules["round_end"], rules["scoring"]),
                "seat": seat,
                "name": names[seat],
                "colour": narrate.seat_colour(seat)[0],
                "status": statuses.get(seat),
                "points": result["points"][seat],
                # What a seat pays for where scoring is by cards left: the cards still in its
                # hand; for a seat out of passes, those it held then (they went onto the layout:
                # its hand is empty, and "0" stood beside its "-3"), for one that dropped out with
                # the joker, that one card.
                "left": abs(result["points"][seat])
                if statuses.get(seat) in ("eliminated", "dropped")
                else counts.get(seat, 0),
                "pays": abs(result["points"][seat]),
                "cards": [narrate.card(c) for c in revealed.get(seat, [])],
                # The cards in words, with the list's pause between two (a screen reader reads
                # these; the faces, joker included, are hidden from it).
                "spoken": pgettext("between the names of a list", ", ").join(
                    narrate.card_spoken(c) for c in revealed.get(seat, [])
                ),
                "total": totals[seat],
            }
        )
    return {
        "places": places,
        "cards_left": rules["scoring"] == "cards_left",
        "sum": cards_left_sum(result, statuses) if rules["scoring"] == "cards_left" else None,
        "match_over": match_over,
        "standings": standings(totals, result["ranking"], names, view.get("winner"))
        if match_over
        else [],
        # Seats level on points, ranked by the last round (said under the standings: `tie_note`).
        "tie": tie_note(
            totals,
            result["ranking"],
            {seat for seat, status in statuses.items() if status == "playing"},
            counts,
            rules["round_end"],
            rules["scoring"],
        )
        if match_over
        else None,
        # The finished match's page, with its replay (none for a view without a stored match).
        "match_id": view.get("match_id") if match_over else None,
    }


def cards_left_sum(result: dict, statuses: dict | None = None) -> dict:
    """How the winner's points add up: each other seat pays one point per card left (the seats
    that paid nothing are left out of the sum). `went_out` is false for a winner still holding
    cards, the last seat left when the others were knocked out."""
    winner, *losers = result["ranking"]
    paid = [abs(result["points"][seat]) for seat in losers if result["points"][seat]]
    return {
        "winner": winner,
        "sum": " + ".join(str(n) for n in paid) if len(paid) > 1 else "",
        "total": result["points"][winner],
        "went_out": (statuses or {}).get(winner) != "playing",
    }


def standings(totals: list[int], final_ranking: list[int], names, winner=None) -> list[dict]:
    """Seats by match total; a tie goes to the seat that placed higher in the final round (the
    match's own `winner`, when the view carries it, comes first)."""
    order = sorted(
        range(len(totals)),
        key=lambda s: (s != winner, -totals[s], final_ranking.index(s)),
    )
    return [
        {
            "place": place,
            "seat": seat,
            "name": names[seat],
            "colour": narrate.seat_colour(seat)[0],
            "total": totals[seat],
        }
        for place, seat in enumerate(order, start=1)
    ]

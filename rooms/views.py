"""The pages: the home page's menu and the room page (lobby, table, button panel)."""

from django.http import Http404, HttpResponseBadRequest, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_safe

from config.forms_only import post_only
from config.i18n import offered
from config.limits import message, over_limit, refuse
from rooms import frames, narrate, services, table
from rooms import render as table_render
from rooms.errors import MESSAGES, RoomError
from rooms.forms import (
    NAME_LENGTH,
    OTHER_NAMES,
    PRESET_NAMES,
    RulesForm,
    name_key,
    preset_initial,
    remembered_initial,
    table_name,
    written_name,
)
from rooms.guard import nobody_at_the_table
from rooms.models import Room


def session_key(request) -> str:
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key


# The rules a first visit finds on the form, by language: the Traditional Chinese text (seed 002)
# is the Chinese game's own page; every other language starts on the Japanese rules.
FIRST_PRESET = {"zh-hant": "chinese"}
REMEMBERED = "last_game"  # the session key: the rules and name of the browser's last new game
SEAT_NAME = "seat_name"  # the session key: the name the browser last took a friend's seat under
LEFT_SEATS = "left_seats"  # the session key: the seat this browser left, by room, to take it back


@require_safe
def home(request):
    """The menu: a preset when one is asked for, else the rules this browser last started a game
    with, else the language's first preset (the Japanese rules, but in Traditional Chinese).
    The name is the one last given, else a signed-in player's username."""
    preset = request.GET.get("preset")
    initial = remembered_initial(request.session.get(REMEMBERED))
    if preset in PRESET_NAMES:  # the preset's rules, and the names the browser last gave
        names = {k: v for k, v in (initial or {}).items() if k in ("name", *OTHER_NAMES)}
        initial = {**preset_initial(preset), **names}
    elif initial is None:
        initial = preset_initial(FIRST_PRESET.get((get_language() or "").lower(), "japanese"))
    initial = {**initial, "name": player_name(request, initial.get("name", ""))}
    context = {
        "form": RulesForm(initial=initial),
        "in_play": games_in_play(request),
        "preset": preset_of(initial),
    }
    return render(request, "rooms/home.html", context)


def preset_of(initial: dict) -> str | None:
    """The preset whose rules the menu starts with, the number of players and rounds aside (the
    preset buttons show it as pressed); None for rules of the player's own."""
    for name in PRESET_NAMES:
        rules = preset_initial(name)
        if all(initial.get(k) == v for k, v in rules.items() if k not in ("players", "rounds")):
            return name
    return None


def games_in_play(request, limit: int = 3) -> list[dict]:
    """The rooms where this browser holds a seat and the game is not over (a friends' room still
    waiting for players included), newest first: the way back to a table after closing its tab."""
    key = request.session.session_key
    if not key:
        return []
    live = (Room.Status.WAITING, Room.Status.PLAYING, Room.Status.BETWEEN_ROUNDS)
    rooms = (
        Room.objects.filter(seats__session_key=key, status__in=live)
        .distinct()
        .order_by("-updated_at")
        .prefetch_related("seats")[:limit]
    )
    return [
        {
            "url": reverse("room", args=[room.slug]),
            "names": narrate.shown_names(
                [  # the seats someone holds (a player who left keeps a name on a free seat)
                    s.name
                    for s in sorted(room.seats.all(), key=lambda s: s.index)
                    if s.name and (s.session_key or s.kind == "cpu")
                ]
            ),
            "waiting": room.status == Room.Status.WAITING,
            # nobody else at the table: a game under way stops when this browser leaves it
            # (`services.log_out_browser`), where with friends the computer plays on
            "alone": nobody_at_the_table(list(room.seats.all()), leaving=key),
        }
        for room in rooms
    ]


def menu_again(request, form: RulesForm, *, status: int):
    """The menu again with its form refused, at the form's address: the language menu returns to
    the home page (the form's address takes a form only: a GET there goes to the home page)."""
    return render(request, "rooms/home.html", {"form": form, "switcher_next": "/"}, status=status)


@post_only("home")
def create(request):
    form = RulesForm(request.POST)
    if over_limit(request, "new_room"):
        refuse(form, "new_room")
        return menu_again(request, form, status=429)
    if not form.is_valid():
        return menu_again(request, form, status=400)
    mode, level = form.mode()
    names = creator_names(
        mode,
        form.cleaned_data["players"],
        player_name(request, form.cleaned_data["name"]),
        form.other_names(),
    )
    repeated = first_repeated(names)
    if repeated is not None:
        # On one device the curtain's "pass the device to" and the log's lines named either.
        form.add_error(("name", *OTHER_NAMES)[repeated], MESSAGES["name_taken"])
        return menu_again(request, form, status=400)
    try:
        room = services.create_room(
            rules=form.rules(),
            mode=mode,
            level=level,
            names=names,
            session_key=session_key(request),
        )
    except RoomError as error:
        form.add_error(None, error.message)
        return menu_again(request, form, status=400)
    request.session[REMEMBERED] = {
        "rules": form.rules(),
        "name": form.cleaned_data["name"],
        "others": [form.cleaned_data[field] for field in OTHER_NAMES],
    }
    return HttpResponseRedirect(reverse("room", args=[room.slug]))


def creator_names(mode: str, players: int, name: str, others=()) -> list[str]:
    """The names of the seats the creator holds: one, or every seat on a shared device, where the
    name given is the first seat's and `others` the next seats' (one left empty keeps its default
    name)."""
    if mode == "hotseat":
        others = [table_name(other) for other in others]
        others += [""] * (players - 1 - len(others))
        # a default name is stored language-free, shown in each viewer's language
        # (narrate.shown_name)
        return [
            name,
            *(others[n - 1] or narrate.default_name("human", n) for n in range(1, players)),
        ]
    # An empty name becomes "Player 1" in the services (never "You": friends see it too).
    return [name]


def first_repeated(names: list[str]) -> int | None:
    """The first seat whose name an earlier seat has, compared as names read (any case or
    width), or None. An empty name (said as the seat's default) repeats none."""
    seen = set()
    for index, name in enumerate(names):
        key = name_key(name)
        if key and key in seen:
            return index
        seen.add(key)
    return None


def player_name(request, typed: str) -> str:
    """The name a player gives a seat: the one typed, else a signed-in player's username; cut to
    a table name's length. Empty for a guest who typed none (the services say "Player 1")."""
    name = table_name(typed)
    if not name and request.user.is_authenticated:
        name = table_name(request.user.get_username())
    return name


def join_name(request) -> str:
    """The name the box for taking a seat offers: the one this browser last took a seat under,
    else the one it last opened a game under, else a signed-in player's username. A player who
    left a seat and takes it back is not renamed "Player 2" for not typing their name again."""
    name = request.session.get(SEAT_NAME)
    if not isinstance(name, str) or not name:
        last = request.session.get(REMEMBERED)
        name = last.get("name") if isinstance(last, dict) else ""
    return player_name(request, name if isinstance(name, str) else "")


def find_room(slug: str) -> Room:
    room = Room.objects.filter(slug=slug).first()
    if room is None:
        raise Http404
    return room


@require_safe
def room(request, slug):
    room = find_room(slug)
    return render(request, "rooms/room.html", room_page(request, room))


def room_page(request, room: Room) -> dict:
    """The room page's context: the table as this visitor sees it, and the seat box's name
    (`join_name`, cut to a table name's length)."""
    # A visitor without a session watches: none is made for it here (a link preview or a crawler
    # opening a room's address would otherwise leave a session behind for a year); taking a seat
    # makes one.
    page = table_render.page_context(room, request.session.session_key or "")
    page.update(
        name_length=NAME_LENGTH,
        join_name=join_name(request),
        # The room's own address, also on a page drawn again at a form's (`refused`).
        share_link=request.build_absolute_uri(reverse("room", args=[room.slug])),
        # Where the language menu returns: the room, not a form's address (POST only: 405).
        switcher_next=reverse("room", args=[room.slug]),
    )
    return page


@post_only("room")
def take_seat(request, slug):
    """Gives this visitor the first free seat, under the display name it typed (a signed-in
    player's username when it typed none)."""
    room = find_room(slug)
    if over_limit(request, "seat"):
        return refused(request, room, message("seat"), status=429)
    typed = table_name(request.POST.get("name", ""))
    name = player_name(request, typed)
    free = [seat for seat in room.seats.all() if seat.kind == "human" and not seat.session_key]
    # A player back after leaving takes their own seat (their cards, their points) if it is free.
    left = request.session.get(LEFT_SEATS, {}).get(room.slug)
    free.sort(key=lambda seat: seat.index != left)
    try:
        if not free:
            raise RoomError("seat_taken")
        services.take_seat(room, free[0].index, name, session_key(request))
    except RoomError as error:
        # The box keeps what was typed: a name refused is changed, not typed again.
        return refused(request, room, error.message, typed=request.POST.get("name", ""))
    if left is not None:
        request.session[LEFT_SEATS] = left_seats(request, without=room.slug)
    if typed:
        request.session[SEAT_NAME] = typed
    return HttpResponseRedirect(reverse("room", args=[room.slug]))


def left_seats(request, *, without: str) -> dict:
    """The seats this browser left (`LEFT_SEATS`), by room, but for the room `without`."""
    return {k: v for k, v in request.session.get(LEFT_SEATS, {}).items() if k != without}


@post_only("room")
def leave_seat(request, slug):
    room = find_room(slug)
    key = session_key(request)
    held = room.seats.filter(session_key=key).values_list("index", flat=True).first()
    services.leave_seat(room, key)
    if held is not None:
        left = left_seats(request, without=room.slug)
        # The latest few rooms are enough: the session lasts a year.
        request.session[LEFT_SEATS] = dict(list(left.items())[-9:]) | {room.slug: held}
    return HttpResponseRedirect(reverse("room", args=[room.slug]))


@post_only("room")
def start(request, slug):
    room = find_room(slug)
    try:
        services.fill_and_start(room, session_key(request), request.POST.get("level") or None)
    except RoomError as error:
        return refused(request, room, error.message)
    return HttpResponseRedirect(reverse("room", args=[room.slug]))


@require_safe
def room_log(request, slug):
    """The lines of the round's log before the `before`-th, which the whole table leaves out (it
    shows the last `table.LOG_TAIL`): an `<ol>` that takes the place of the page's "Show the
    earlier lines" button. The log is public: a watcher sees it too. In the language the link
    names (`lang`, the page's: its socket's, `config.i18n`), else the request's: a page open
    before the language was changed in another tab got the earlier lines in the new one."""
    language = offered(request.GET.get("lang", ""))
    if language is None:
        return _room_log(request, slug)
    with translation.override(language):
        return _room_log(request, slug)


def _room_log(request, slug):
    try:
        snap = frames.read(slug)  # the room at its version, read once for every socket too
    except Room.DoesNotExist:
        raise Http404 from None
    try:
        number, before = int(request.GET["round"]), int(request.GET["before"])
    except (KeyError, ValueError):
        return HttpResponseBadRequest(gettext("This link to the log is not valid."))
    view = snap.view(None) if snap.state is not None else None
    if view is None or table.round_number(view) != number:
        return render(request, "rooms/log_earlier.html", {"gone": True})
    lines = table.log_lines(
        view.get("history") or [], narrate.shown_names(view["names"]), view["rules"]
    )
    if not 1 <= before <= len(lines) + 1:
        return HttpResponseBadRequest(gettext("This link to the log is not valid."))
    return render(request, "rooms/log_earlier.html", {"lines": lines[: before - 1]})


def refused(request, room: Room, text: str, *, status: int = 400, typed: str | None = None):
    """The room page again, saying why the form changed nothing; the name box holds the name
    `typed` into it, when there was one."""
    room.refresh_from_db()
    page = room_page(request, room)
    page["refusal"] = text
    if typed:
        page["join_name"] = written_name(typed)
    return render(request, "rooms/room.html", page, status=status)

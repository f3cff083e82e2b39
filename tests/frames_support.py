"""A page as htmx sees it, in Python: parse a full frame, apply a pushed frame's out-of-band swaps
(`true`, `innerHTML`, `outerHTML:<selector>`, `beforeend:<selector>`, `afterend:<selector>`,
`delete:<selector>`) the way
htmx 2 does, a delta's `#table-state` merged as panel.js merges it, and compare with a fresh
render. Selectors: descendant chains of `tag`, `#id`,
`.class` and `[attr="value"]`, the only ones `rooms.frames` writes.
"""

import json
import re
from html.parser import HTMLParser

VOID = {"input", "br", "img", "meta", "link", "hr"}
# Not part of what a frame says: htmx drops hx-swap-oob, a delta's base stays on #table-state,
# panel.js keeps the hand's aria-pressed.
IGNORED = ("hx-swap-oob", "data-base", "aria-pressed")


class Node:
    def __init__(self, tag: str | None, attrs: dict | None = None, text: str = ""):
        self.tag, self.attrs, self.text = tag, dict(attrs or {}), text
        self.children: list[Node] = []
        self.parent: Node | None = None

    def add(self, node: "Node", index: int | None = None) -> None:
        node.parent = self
        self.children.insert(len(self.children) if index is None else index, node)

    def elements(self):
        """The elements under this node in document order (a walk with a stack of its own: the
        nested generators it replaces took a tenth of the frame tests' time)."""
        stack = self.children[::-1]
        while stack:
            node = stack.pop()
            if node.tag:
                yield node
                stack.extend(node.children[::-1])

    def html(self) -> str:
        if self.tag is None:
            return self.text
        attrs = "".join(
            f' {k}="{v or ""}"' for k, v in sorted(self.attrs.items()) if k not in IGNORED
        )
        inner = "".join(c.html() for c in self.children)
        if self.attrs.get("id") == "table-state":  # compared as data, as the table reads it
            inner = json.dumps(json.loads(inner or "null"), sort_keys=True)
        return f"<{self.tag}{attrs}>" + ("" if self.tag in VOID else f"{inner}</{self.tag}>")


class _Parser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("root")
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs)
        self.stack[-1].add(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag):
        while len(self.stack) > 1:
            if self.stack.pop().tag == tag:
                break

    def handle_data(self, data):
        if data.strip() or (self.stack[-1].tag not in ("root", "ul", "ol", "section")):
            self.stack[-1].add(Node(None, text=data))


def parse(html: str) -> Node:
    parser = _Parser()
    parser.feed(html)
    parser.close()
    return parser.root


SIMPLE = re.compile(r"#([\w-]+)|\.([\w-]+)|\[([\w-]+)=[\"']([^\"']*)[\"']\]|^(\w+)")


def matches(node: Node, simple: str | list[tuple]) -> bool:
    """Whether `node` matches a simple selector, given as text or as `SIMPLE`'s groups of it."""
    parts = [m.groups() for m in SIMPLE.finditer(simple)] if isinstance(simple, str) else simple
    for ident, cls, attr, value, tag in parts:
        if ident and node.attrs.get("id") != ident:
            return False
        if cls and cls not in (node.attrs.get("class") or "").split():
            return False
        if attr and node.attrs.get(attr) != value:
            return False
        if tag and node.tag != tag:
            return False
    return True


def select(root: Node, selector: str) -> list[Node]:
    found = [root]
    for simple in selector.split():
        parts = [m.groups() for m in SIMPLE.finditer(simple)]  # read once, not once a node
        if len(parts) == 1 and not any(parts[0][1:]):  # `#id` alone: most of what frames name
            ident = parts[0][0]
            found = [n for f in found for n in f.elements() if n.attrs.get("id") == ident]
        else:
            found = [n for f in found for n in f.elements() if matches(n, parts)]
    return found


def apply(page: Node, frame: str) -> None:
    """Applies every top-level element of `frame` to `page` as htmx's ws extension does."""
    for element in [c for c in parse(frame).children if c.tag]:
        value = element.attrs.get("hx-swap-oob") or "true"
        style, _, selector = value.partition(":")
        if style in ("true", "innerHTML", "outerHTML") and not selector:
            selector = "#" + element.attrs["id"]
            style = "outerHTML" if style == "true" else style
        targets = select(page, selector)
        assert targets, f"no target for {value}"
        for target in targets:
            parent = target.parent
            if style == "outerHTML" and "data-base" in element.attrs:
                # panel.js merges a delta's state into the state the page held
                merged = json.loads(target.children[0].text)
                patch = json.loads(element.children[0].text)
                for key, value in patch.items():
                    if isinstance(merged.get(key), list) and isinstance(value, dict):
                        for i, item in value.items():  # rows and seats come by index
                            merged[key][int(i)] = item
                    else:
                        merged[key] = value
                element.children[0].text = json.dumps(merged)
                rows = patch.get("rows") or {}
                draw_rows(
                    page,
                    [int(i) for i in (rows if isinstance(rows, dict) else range(len(rows)))],
                    merged,
                )
            if style == "outerHTML":
                index = parent.children.index(target)
                parent.children.remove(target)
                parent.add(element, index)
            elif style == "innerHTML":
                target.children = []
                for child in element.children:
                    target.add(child)
            elif style == "beforeend":
                for child in list(element.children):
                    target.add(child)
            elif style == "afterend":
                index = parent.children.index(target) + 1
                for offset, child in enumerate(list(element.children)):
                    parent.add(child, index + offset)
            elif style == "delete":
                parent.children.remove(target)
            else:
                raise AssertionError(f"swap style {style} not modelled")


def page_html(page: Node) -> str:
    return page.html()


def log_lines(root: Node) -> dict[int, str]:
    """The log lines a page or a render shows, by their number in the round's log."""
    earlier = select(root, "#log ol.log-earlier")
    lists = select(root, "#log ol.log-lines")
    if not lists:
        return {}
    first = int(lists[0].attrs.get("start") or 1)
    lines = [li.html() for li in lists[0].elements() if li.tag == "li"]
    shown = {first + i: line for i, line in enumerate(lines)}
    for i, li in enumerate(c for c in (earlier[0].children if earlier else []) if c.tag == "li"):
        shown[1 + i] = li.html()
    return shown


def same_table(page: Node, fresh: str) -> str:
    """`page` (a whole table with deltas applied) as the fresh render `fresh` shows it, else an
    AssertionError. A page keeps every log line appended since its whole table, while the fresh
    render shows the last `table.LOG_TAIL`: the page's lines must run without a gap to the same
    last line, hold every line the render shows, and a page holding all of them needs no button
    for the earlier ones; then the rest must be equal."""
    root = parse(fresh)
    have, want = log_lines(page), log_lines(root)
    assert want.items() <= have.items(), (sorted(have), sorted(want))
    if have:
        assert sorted(have) == list(range(min(have), max(have) + 1)), sorted(have)
        assert max(have) == max(want)
        assert bool(select(page, "#log button.log-earlier")) == (min(have) > 1)
    ours, theirs = select(page, "#log"), select(root, "#log")
    if ours and theirs:
        ours[0].children, ours[0].attrs = theirs[0].children, theirs[0].attrs
    assert page.html() == root.html()
    return page.html()


SUITS = "SHDC"
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_ORDER = "A23456789TJQK"


def face(card: str) -> str:
    return ("10" if card[0] == "T" else card[0]) + SYMBOLS[card[1]]


def bold(cards: list[str]) -> str:
    return " ".join(f"<b>{face(c)}</b>" for c in cards)


def draw_rows(page: Node, indexes: list[int], state: dict) -> None:
    """panel.js's drawRows: the cells and the note of each row named, from the merged state's
    word for it (a letter per cell), with the page's words (the active language's)."""
    from django.utils.translation import gettext as _

    from rooms.narrate import sentence_space

    space = sentence_space()  # after a label's colon (.room data-label-space)

    for index in indexes:
        suit, word = SUITS[index], state["rows"][index]
        full, letters = word.startswith("!"), word.replace("!", "")
        cells, upcoming, placed = [], [], []
        for rank, letter in zip(state["ranks"], letters, strict=True):
            card = rank + suit
            cls = "" if letter == "e" else f' class="{letter}"'
            text = "" if letter in "ec" else face(card)
            hidden = ' aria-hidden="true"' if letter in "enc" else ""
            cells.append(f'<li id="c{card}"{cls}{hidden}>{text}</li>')
            upcoming += [card] if letter == "n" else []
            placed += [card] if letter == "p" else []
        upcoming.sort(key=lambda c: RANK_ORDER.index(c[0]))
        is_open = letters[state["ranks"].index("7")] == "r"
        if full:
            note = f'<span class="full-mark">✓ {_("full")}</span>'
        elif not is_open:
            note = _("not open yet")
        else:
            note = f"{_('next:')}{space}" + (bold(upcoming) or _("none"))
        if placed:
            note += f" · {_('placed apart:')}{space}{bold(placed)}"
        cls = " full" if full else "" if is_open else " closed"
        row = select(page, f'#layout li[data-suit="{suit}"]')[0]
        drawn = parse(
            f'<ol class="cells">{"".join(cells)}</ol><p id="n{suit}" class="row-note{cls}">{note}</p>'
        )
        row.children = [c for c in row.children if c.tag not in ("ol", "p")]
        for child in drawn.children:
            row.add(child)

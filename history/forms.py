"""Forms of the history pages: uploading a log, and playing a deal again."""

import json

from django import forms
from django.core import signing
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

from games.sevens import LogError, RuleError, RuleSet, parse_deal_code, replay_log
from history.pages import log_error_message
from rooms.errors import rule_error_message
from rooms.forms import BIDI_CONTROLS, cut, without_controls

# bytes: a 5-round log is a few tens of kB. A binary megabyte, as `filesizeformat` (and a file
# manager) counts: the message says "1.0 MB"; a million bytes read "976.6 KB".
UPLOAD_LIMIT = 1024 * 1024

MODES = {
    "cpu-easy": ("cpu", "easy"),
    "cpu-medium": ("cpu", "medium"),
    "cpu-hard": ("cpu", "hard"),
    "hotseat": ("hotseat", None),
}


class UploadForm(forms.Form):
    file = forms.FileField(label=_("A match log (sevens-log/1 JSON)"))

    @classmethod
    def refused(cls, text: str) -> "UploadForm":
        """An empty form that says only `text`: nothing of the request is read (the upload budget
        spent: checking a log replays all of it, the work the budget bounds)."""
        form = cls()
        form.cleaned_data = {}  # what add_error clears a field from; unbound forms have none
        form.add_error(None, text)
        return form

    def add_error(self, field, error):
        super().add_error(field, error)
        # The form's errors (the file's content, the upload budget) are about its one field: the
        # file box is marked wrong and points at them (#upload-errors), so a screen reader that
        # comes back to it hears why.
        if field is None:
            self.fields["file"].widget.attrs.update(
                {"aria-invalid": "true", "aria-describedby": "upload-errors"}
            )

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload is None:
            return data
        if upload.size > UPLOAD_LIMIT:
            raise forms.ValidationError(
                _("The file is too large: a log may be up to %(limit)s.")
                % {"limit": filesizeformat(UPLOAD_LIMIT)},
                code="too_big",
            )
        try:
            # JSON's own encodings, told apart as the JSON module does: UTF-8 with or without a
            # byte-order mark, and UTF-16 (Windows Notepad's "Unicode") or UTF-32
            raw = upload.read()
            log = json.loads(raw.decode(json.detect_encoding(raw)))
            # A lone surrogate ("\ud800") is read, but no page holding it can be written in
            # UTF-8 (its name, an option's in the refusal): refused as JSON that is not text.
            json.dumps(log, ensure_ascii=False).encode()
        except json.JSONDecodeError as exc:
            # No JSON at all before the error (a picture, a web page): nothing broke off.
            if not exc.doc[: exc.pos].strip():
                raise forms.ValidationError(_("The file is not JSON."), code="json") from exc
            raise forms.ValidationError(
                _("The file is not JSON: it breaks off at line %(line)s, column %(column)s.")
                % {"line": exc.lineno, "column": exc.colno},
                code="json",
            ) from exc
        except (UnicodeError, ValueError, RecursionError) as exc:  # nested past the limit
            raise forms.ValidationError(_("The file is not JSON."), code="json") from exc
        if isinstance(log, dict) and isinstance(log.get("seats"), list):
            log["seats"] = [_seat(seat) for seat in log["seats"]]
        try:
            match = replay_log(log)
            for key in ("totals", "winner"):  # the format's: `winner` is null, never missing
                if key not in log:
                    raise LogError("malformed", f"no {key}", params={"log_lacks": key})
        except LogError as error:
            raise forms.ValidationError(log_error_message(error), code=error.code) from error
        # Kept as the engine writes it back: the format's keys in its order, nothing else.
        data["log"] = match.to_log()
        return data


def _seat(seat) -> dict:
    """A seat of an uploaded log as the site keeps it: its name, kind and level, when they are
    words (the format calls the seats informative; anything else in them is dropped)."""
    if not isinstance(seat, dict):
        return {}
    return {
        k: cut(without_controls(seat[k]).translate(BIDI_CONTROLS), 40)
        for k in ("name", "kind", "level")
        if isinstance(seat.get(k), str)
    }


class DealForm(forms.Form):
    code = forms.CharField(max_length=16, widget=forms.HiddenInput)
    start = forms.ChoiceField(
        label=_("How to play"),
        choices=[
            ("cpu-easy", _("Against the computer: Easy")),
            ("cpu-medium", _("Against the computer: Medium")),
            ("cpu-hard", _("Against the computer: Hard")),
            ("hotseat", _("On this device")),
        ],
        initial="cpu-medium",
    )

    def clean_code(self):
        return self.cleaned_data["code"].strip().lower()

    def mode(self) -> tuple[str, str | None]:
        return MODES[self.cleaned_data["start"]]


class DealCodeForm(DealForm):
    """A deal code typed in (or opened from a shared link) and the rules to play it with: the
    rules the link carries (`shared`, see `shared_rules`), else a preset with the options that
    change the deal (players and the joker) and the number of rounds."""

    code = forms.CharField(label=_("Deal code"), max_length=16)
    shared = forms.CharField(required=False, widget=forms.HiddenInput)
    preset = forms.ChoiceField(
        label=_("Rules"),
        choices=[
            ("japanese", _("Japanese rules (七並べ)")),
            ("chinese", _("Chinese rules (排七)")),
        ],
        initial="japanese",
        required=False,
    )
    players = forms.TypedChoiceField(
        label=_("Players"), choices=[(3, "3"), (4, "4")], coerce=int, initial=4, required=False
    )
    joker = forms.BooleanField(label=_("Joker (1 card)"), required=False)
    rounds = forms.TypedChoiceField(
        label=_("Rounds"),
        choices=[(1, "1"), (3, "3"), (5, "5")],
        coerce=int,
        initial=1,
        required=False,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The presets the engine plays without the joker (the Chinese one: its 7s are played in
        # turn): the page's script greys the joker out for them (static/js/deal.js); without the
        # script the server refuses the combination in the same words.
        self.fields["preset"].widget.attrs["data-no-joker"] = " ".join(
            name for name, _label in self.fields["preset"].choices if not _joker_allowed(name)
        )

    def clean_code(self):
        code = super().clean_code()
        try:
            parse_deal_code(code)
        except ValueError as exc:
            raise forms.ValidationError(_("This is not a deal code."), code="bad_code") from exc
        return code

    def rules(self, match_rules: dict | None) -> dict:
        """The rules to play; call once the form is valid."""
        if match_rules is not None:
            return dict(match_rules)
        data = self.cleaned_data
        overrides = {"players": data.get("players") or 4, "rounds": data.get("rounds") or 1}
        if data.get("joker"):
            overrides["joker"] = True
        try:
            return RuleSet.preset(data.get("preset") or "japanese", **overrides).to_dict()
        except RuleError as exc:
            raise forms.ValidationError(rule_error_message(exc), code="bad_rules") from exc


def _joker_allowed(preset: str) -> bool:
    try:
        RuleSet.preset(preset, joker=True)
    except RuleError:
        return False
    return True


# A shared deal link carries its match's rules, signed, rather than the match: the match's page
# shows every hand, and a friend given the link is meant to play the deal without seeing them.
SHARED_RULES_SALT = "history.deal.shared_rules"


def shared_rules(rules: dict) -> str:
    """The rules of a match as the token a deal link carries (`?shared=`)."""
    return signing.dumps(rules, salt=SHARED_RULES_SALT, compress=True)


def rules_shared(token: str | None) -> dict | None:
    """The rules a link's token carries; None for no token, one altered, or rules no longer
    valid (the page then offers the preset choices)."""
    if not token:
        return None
    try:
        return RuleSet.from_dict(signing.loads(token, salt=SHARED_RULES_SALT)).to_dict()
    except (signing.BadSignature, RuleError, TypeError, ValueError, KeyError, AttributeError):
        return None

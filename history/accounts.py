"""Accounts: sign up, log in and out, delete. Playing never needs one; signing up or logging in
claims the matches this browser played as a guest."""

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import login, logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from config.limits import message, over_limit, refuse
from history import players
from rooms import services
from rooms.forms import NAME_LENGTH
from rooms.views import games_in_play


class SignUpForm(UserCreationForm):
    """Django's form, with the name's help in our words: Django's Japanese one says half-width
    letters only, while any script's letters are taken (its `UnicodeUsernameValidator`). A new
    name is no longer than a name at the table, which cuts longer ones (accounts made before keep
    theirs: the limit is the form's, not the model's)."""

    class Meta(UserCreationForm.Meta):
        # A name the validator refuses (a space, a sign): the same words as the help, since
        # Django's Japanese message says half-width letters only, under a help that says any script.
        error_messages = {
            "username": {
                "invalid": _(
                    "A name may hold letters of any script, digits and @ . + - _ only (no spaces)."
                )
            }
        }

    def validate_password_for_user(self, user, password_field_name="password1"):
        # What is wrong with the password (too short, too common) under the password's own box,
        # beside its rules; Django put it under the second box, whose only help is "the same
        # password again".
        super().validate_password_for_user(user, password_field_name=password_field_name)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        username = self.fields["username"]
        username.widget.attrs["maxlength"] = str(NAME_LENGTH)
        # Django's Japanese label is 'パスワード(確認用)', with half-width brackets.
        self.fields["password2"].label = _("Password again")
        username.help_text = _(
            "Up to %(limit)d characters: letters of any script, digits and @ . + - _"
        ) % {"limit": NAME_LENGTH}

    def clean_username(self):
        username = self.cleaned_data.get("username") or ""
        if len(username) > NAME_LENGTH:
            raise ValidationError(
                _("A name can be at most %(limit)d characters long (this one has %(count)d).")
                % {"limit": NAME_LENGTH, "count": len(username)},
                code="username_too_long",
            )
        # A player's page is /players/<name>/: with these the browser resolves the path away
        # (/players/../ is the home page), and the page could never be opened.
        if username in (".", ".."):
            raise ValidationError(
                _("The names “.” and “..” cannot be used."), code="username_path_step"
            )
        return super().clean_username()


class LogInForm(AuthenticationForm):
    """Django's form; past the address's budget (`refused`) it says so without checking the
    password at all: a guess past the limit learns nothing, and costs no hash."""

    refused = None
    # Django's own words, marked here so that the site's catalogues say them: Django's Chinese
    # set the username's label apart with plain spaces ("輸入正確的 使用者名稱 和密碼").
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _(
            "Please enter a correct %(username)s and password. Note that both fields may be "
            "case-sensitive."
        ),
    }

    def clean(self):
        if self.refused:
            raise ValidationError(self.refused, code="rate_limited")
        return super().clean()


class AdminLogInForm(AdminAuthenticationForm):
    """The admin's log-in form (`admin.site.login_form`, set in `history.admin`), on the same
    budget per address as the site's: past it, it says so without checking the password."""

    def clean(self):
        if self.request is not None and over_limit(self.request, "account"):
            raise ValidationError(message("account"), code="rate_limited")
        return super().clean()


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request):
    form = SignUpForm(request.POST or None)
    limited = request.method == "POST" and over_limit(request, "account")
    if limited:
        refuse(form, "account")
    elif request.method == "POST" and form.is_valid():
        user = form.save()
        _login_and_claim(request, user)
        return HttpResponseRedirect(_next(request))
    status = 429 if limited else 400 if request.method == "POST" else 200
    return render(
        request, "accounts/signup.html", {"form": form, "next": _next(request)}, status=status
    )


@require_http_methods(["GET", "HEAD", "POST"])
def log_in(request):
    form = LogInForm(request, data=request.POST or None)
    limited = request.method == "POST" and over_limit(request, "account")
    if limited:
        form.refused = message("account")
    if request.method == "POST" and form.is_valid():
        _login_and_claim(request, form.get_user())
        return HttpResponseRedirect(_next(request))
    status = 429 if limited else 400 if request.method == "POST" else 200
    return render(
        request, "accounts/login.html", {"form": form, "next": _next(request)}, status=status
    )


class DeleteAccountForm(forms.Form):
    """The account's password, asked again before it is deleted: a browser left logged in is not
    enough to delete someone's account."""

    password = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.refused = None

    def clean_password(self):
        if self.refused:
            raise ValidationError(self.refused, code="rate_limited")
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise ValidationError(_("That is not this account's password."), code="wrong_password")
        return password


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def delete_account(request):
    """Deletes the account, once its password is given again. Its name leaves the matches it
    played (`history.players.forget_account`: each of its seats says "Player N"), its ratings go;
    the matches stay, the other players' records. Its seats at games under way are left as on
    logging out (`services.log_out_browser`), and the page says so first."""
    if request.user.is_staff:
        # The site's operators: deleted in the admin (the last administrator deleting their own
        # account from a player's page would leave the site with none).
        return render(request, "accounts/delete.html", {"staff": True}, status=403)
    form = DeleteAccountForm(request.user, request.POST or None)
    limited = request.method == "POST" and over_limit(request, "account")
    if limited:
        form.refused = message("account")
    if request.method == "POST" and form.is_valid():
        user = request.user
        services.log_out_browser(request.session.session_key)
        logout(request)
        user.delete()
        return HttpResponseRedirect(reverse("account_deleted"))
    status = 429 if limited else 400 if request.method == "POST" else 200
    context = {"form": form, **leaving(request)}
    return render(request, "accounts/delete.html", context, status=status)


@require_http_methods(["GET", "HEAD"])
def account_deleted(request):
    return render(request, "accounts/deleted.html")


def leaving(request) -> dict:
    """What logging out, or deleting the account, does to the games this browser holds a seat at:
    `games_in_play`, and which of the page's notes apply."""
    games = games_in_play(request)
    waiting = [game for game in games if game["waiting"]]
    alone = [game for game in games if game["alone"] and not game["waiting"]]
    return {
        "games": games,
        "waiting": bool(waiting),
        "alone": bool(alone),
        "under_way": len(waiting) + len(alone) < len(games),
    }


@require_http_methods(["GET", "HEAD", "POST"])
def log_out(request):
    """Logs out (POST). A browser seated at a game under way is asked first: logging out gives the
    session a new key, and its seats do not follow (on a shared computer the next person must not
    play them), so the computer plays them on; a game with nobody else at the table stops, and a
    friends' room still waiting frees them, and the page says which. The address opened in the
    browser (GET: typed, bookmarked) shows the same page with its button and changes nothing."""
    if request.method != "POST" and not request.user.is_authenticated:
        return HttpResponseRedirect(reverse("home"))
    context = leaving(request)
    if request.method != "POST" or (context["games"] and not request.POST.get("confirm")):
        return render(request, "accounts/logout.html", context)
    services.log_out_browser(request.session.session_key)
    logout(request)
    return HttpResponseRedirect(reverse("home"))


def _login_and_claim(request, user) -> None:
    """Logging in gives the session a new key: the matches this browser played as a guest are
    claimed with the key it played under, and the seats it holds (a game under way, a friends'
    room waiting) follow it to the new key. Not from another account: that one's seats stay its."""
    was_guest = not request.user.is_authenticated
    guest_key = request.session.session_key
    login(request, user)
    players.claim(guest_key, user)
    if was_guest:
        services.move_browser(guest_key, request.session.session_key)


def _next(request) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return reverse("my_matches")

"""`manage.py simulate`: CPU seats play matches; prints speed and each seat's mean points."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.sevens.bots import BotError, get_bot
from games.sevens.rules import OPTIONS, RuleError, RuleSet
from games.sevens.simulator import StalledRound, simulate


class Usage(CommandError):
    """A bad flag or option value: exit status 2, like argparse's own errors."""

    def __init__(self, message: str):
        super().__init__(message, returncode=2)


def parse_option(text: str) -> tuple[str, object]:
    """`OPTION=VALUE` with the value read as the option's type."""
    name, sep, raw = text.partition("=")
    name = name.strip()
    if not sep or name not in OPTIONS:
        raise Usage(f"--set takes OPTION=VALUE with OPTION one of {', '.join(OPTIONS)}")
    raw = raw.strip().lower()
    for allowed in OPTIONS[name]:
        shown = "unlimited" if allowed is None else str(allowed).lower()
        if raw == shown or (allowed is None and raw in ("none", "null")):
            return name, allowed
    values = ", ".join("unlimited" if a is None else str(a).lower() for a in OPTIONS[name])
    raise Usage(f"--set {name}: {raw!r} is not one of {values}")


def with_budgets(cpus: list[str], budgets: list[str]) -> list[str]:
    """Apply `--budget LEVEL=SECONDS` to every seat of that level (as its `seconds` option)."""
    out = list(cpus)
    for text in budgets:
        level, sep, raw = text.partition("=")
        try:
            seconds = float(raw)
        except ValueError:
            seconds = -1.0
        if not sep or seconds <= 0:
            raise Usage(f"--budget takes LEVEL=SECONDS with SECONDS > 0, not {text!r}")
        level = level.strip()
        if not any(c.partition(":")[0] == level for c in out):
            raise Usage(f"--budget {level}: no seat plays {level!r}")
        for i, name in enumerate(out):
            base, colon, rest = name.partition(":")
            if base == level:
                out[i] = f"{name}+seconds={raw}" if colon else f"{name}:seconds={raw}"
    return out


class Command(BaseCommand):
    help = "Play matches among CPU seats and report speed and mean points per seat."

    def add_arguments(self, parser):
        parser.add_argument("--preset", choices=["japanese", "chinese"], default="japanese")
        parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE")
        parser.add_argument("--random-rules", action="store_true")
        parser.add_argument("--players", type=int, choices=[3, 4])
        parser.add_argument("--matches", type=int, default=100)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--cpu", default=None, help="one level per seat, comma-separated")
        parser.add_argument("--log-dir", type=Path)
        parser.add_argument(
            "--duplicate",
            action="store_true",
            help="play each deal once per rotation of the line-up; report per line-up entry",
        )
        parser.add_argument(
            "--budget",
            action="append",
            default=[],
            metavar="LEVEL=SECONDS",
            help="time per decision for a level (e.g. hard=0.2); or write hard:playouts=200",
        )

    def handle(self, *args, **opts):
        overrides = dict(parse_option(text) for text in opts["set"])
        if opts["players"]:
            overrides["players"] = opts["players"]
        try:
            rules = RuleSet.preset(opts["preset"], **overrides)
        except RuleError as exc:
            raise Usage(f"bad rules: {exc}") from exc
        players = rules.players
        cpus = (opts["cpu"] or ",".join(["random"] * players)).split(",")
        if len(cpus) != players:
            raise Usage(f"--cpu needs {players} levels, one per seat; got {len(cpus)}")
        cpus = with_budgets(cpus, opts["budget"])
        try:
            for name in set(cpus):
                get_bot(name)
        except BotError as exc:
            raise Usage(str(exc)) from exc
        if opts["matches"] < 1:
            raise Usage("--matches must be at least 1")
        if opts["log_dir"]:
            try:
                opts["log_dir"].mkdir(parents=True, exist_ok=True)
            except OSError as exc:  # a file of that name, no permission, a read-only disk
                raise Usage(f"--log-dir {opts['log_dir']}: {exc.strerror}") from exc
        try:
            report = simulate(
                rules,
                cpus,
                opts["matches"],
                opts["seed"],
                random_options=opts["random_rules"],
                log_dir=opts["log_dir"],
                duplicate=opts["duplicate"],
            )
        except StalledRound as exc:
            raise CommandError(str(exc)) from exc
        except OSError as exc:  # the only files it touches are the logs
            raise Usage(f"--log-dir {opts['log_dir']}: {exc.strerror}: {exc.filename}") from exc
        out = self.stdout
        label = "random rules" if opts["random_rules"] else rules.summary()
        out.write(
            f"{report.matches} matches ({label}) in {report.seconds:.2f} s: "
            f"{report.matches_per_second:.1f} matches/s"
        )
        if report.duplicate:
            out.write(
                f"duplicate: {report.deals} deals x {players} rotations; points per match, "
                "per line-up entry (95% CI over deals)"
            )
        for seat, name in enumerate(cpus):
            mean, half = report.mean_ci(seat)
            who = "entry" if report.duplicate else "seat"
            out.write(
                f"{who} {seat} {name:>10}: mean {mean:+.3f} ± {half:.3f} points (95% CI), "
                f"{report.wins[seat]} wins"
            )

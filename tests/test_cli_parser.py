"""`cambio_ref.cli.build_parser` for one subcommand (what `main` parses, so that `cambio ask` builds one parser,
not eleven) reads a command line as the whole parser does: the same arguments, help and errors."""

from __future__ import annotations

import contextlib
import io

import pytest

from cambio_ref.arguments import UsageError
from cambio_ref.cli import OWN_COMMANDS, build_parser


def _outcome(command: str | None, argv: list[str]) -> tuple[str, str]:
    """What parsing `argv` gives: the arguments read, or the help printed, or the error's message."""
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            args = build_parser(command).parse_args(argv)
    except UsageError as exc:
        return "error", str(exc)
    except SystemExit as exc:
        return f"exit {exc.code}", out.getvalue()
    return "args", repr(sorted((k, v) for k, v in vars(args).items() if k != "handler"))


def test_the_own_commands_are_the_parsers_own() -> None:
    full = next(a for a in build_parser()._actions if a.dest == "command")
    assert tuple(full.choices)[:len(OWN_COMMANDS)] == OWN_COMMANDS  # type: ignore[arg-type]
    for name in OWN_COMMANDS:
        alone = next(a for a in build_parser(name)._actions if a.dest == "command")
        assert list(alone.choices) == [name]  # type: ignore[arg-type]


@pytest.mark.parametrize("argv", [
    ["ask", "--help"], ["ask"], ["ask", "what", "is", "a", "king", "--ruleset", "hearts", "--json"],
    ["ask", "x", "--bogus"], ["ask", "--ruleset"], ["ask", "--json", "--", "--ruleset"],
    *([name, "--help"] for name in OWN_COMMANDS),
    ["show"], ["score", "--ruleset", "online"], ["simulate", "--ruleset", "hearts", "--games", "0"],
    ["replay", "--list", "--json"], ["schema", "a", "b"], ["validate"],
])
def test_one_subcommands_parser_reads_as_the_whole(argv: list[str]) -> None:
    assert _outcome(argv[0], argv) == _outcome(None, argv)


def test_anything_else_builds_the_whole_parser() -> None:
    assert _outcome("serve", ["nope"]) == _outcome(None, ["nope"])
    assert "invalid choice" in _outcome("serve", ["nope"])[1]

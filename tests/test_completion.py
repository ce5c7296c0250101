"""Shell completion by click's own mechanism: ``_RUMMY101_COMPLETE=SHELL_source
rummy101`` prints the script for bash, zsh and fish, and completion offers the
commands, rule ids and schema names."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rummy101_solver.cli import main


def complete(env: dict[str, str]) -> str:
    result = CliRunner().invoke(main, [], prog_name="rummy101", env=env)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    ("shell", "first", "hook"),
    [
        ("bash", "_rummy101_completion() {", "complete -o nosort -F _rummy101_completion rummy101"),
        ("zsh", "#compdef rummy101", "compdef _rummy101_completion rummy101"),
        ("fish", "function _rummy101_completion;",
         'complete --no-files --command rummy101 --arguments "(_rummy101_completion)";'),
    ],
)  # fmt: skip
def test_completion_script_is_produced(shell: str, first: str, hook: str) -> None:
    script = complete({"_RUMMY101_COMPLETE": f"{shell}_source"})
    assert script.splitlines()[0] == first
    assert hook in script
    assert f"_RUMMY101_COMPLETE={shell}_complete" in script


@pytest.mark.parametrize(
    ("words", "cword", "expected"),
    [
        ("rummy101 sc", "1", "plain,schema\nplain,score\n"),
        ("rummy101 rules R-KEEP", "2", "plain,R-KEEP-DISCARD\n"),
        ("rummy101 rules r-one-turn-", "2", "plain,R-ONE-TURN-ANY-VALUE\n"),
        ("rummy101 schema ve", "2", "plain,verify\n"),
    ],
)
def test_bash_completion_offers_commands_rule_ids_and_schemas(
    words: str, cword: str, expected: str
) -> None:
    env = {"_RUMMY101_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": cword}
    assert complete(env) == expected

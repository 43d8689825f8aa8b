"""A shrunk fuzz disagreement becomes a case file that `cambio validate` and `cambio
replay` accept, that the reference passes, and that fails the broken implementation."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from cambio_ref.cli import main
from tests.conformance.broken import in_process
from tests.conformance.conftest import Run

Conform = Callable[..., Run]
# the runs are not about processes: the reference and broken.py's faults run in-process
REFERENCE = "python:conformance.serve:ReferenceEngine"


@pytest.mark.parametrize(("mode", "ruleset", "aspect"), [
    ("no-penalty", "online", "penalty"),
    ("leak", "hearts", "view"),
])
def test_a_fuzz_failure_is_saved_as_a_case(conform: Conform, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str], mode: str,
                                           ruleset: str, aspect: str) -> None:
    saved = tmp_path / "failures"
    run = conform("--impl", in_process(mode), "--ruleset", ruleset, "-k", "fuzz", "--fuzz", "5",
                  "--seed", "1", "--save-failures", str(saved))
    result = run.fuzz(ruleset)
    assert result["status"] == "fail"
    path = Path(result["file"])
    assert path.parent == saved and path.suffix == ".yaml"
    text = path.read_text()
    assert text.startswith("# yaml-language-server: $schema=")
    assert "reference interpreter's (cambio_ref) reply" in text
    assert aspect in text
    assert any(str(path) in line for line in result["repro"])

    assert main(["validate", str(path)]) == 0
    assert main(["replay", str(path)]) == 0
    capsys.readouterr()

    again = conform("--impl", in_process(mode), "--fuzz", "0", "--cases", str(path),
                    "--ruleset", ruleset)
    assert again.code == 1
    (mine,) = again.results
    assert mine["status"] == "fail" and mine["ruleset"] == ruleset
    assert mine["checks"] == "expectations + reference"
    assert conform("--impl", REFERENCE, "--fuzz", "0", "--cases", str(path)).code == 0

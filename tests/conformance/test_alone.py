"""Past a difference the reference cannot take over (no snapshot): the rest of a case runs
against the implementation alone, checked by its own expectations and the properties
(`conformance.alone`)."""

from __future__ import annotations

from cambio_ref.cases import load_cases
from conformance import caserun
from conformance.harness import Driver, ImplSpec
from conformance.targets import targets
from tests.conformance.planted import Planted


def _no_snapshot() -> Planted:
    # gives a tie for the lowest score to the first tied seat alone, and answers neither
    # `snapshot` nor `views` nor `legal`
    impl = Planted("tie-no-snapshot", "online", {}, ("first-tie",), minimal=True, legal=False)
    impl.snapshot = None  # type: ignore[assignment,method-assign]
    return impl


def test_a_case_goes_on_alone_where_the_reference_cannot_take_over() -> None:
    # tie.three-way: three seats tie at the lowest score; online shares a tie (end.tie=shared,
    # spec/rulesets/online.yaml), so all three win, as the case expects. The implementation
    # names only the first: the states differ at the round's end and there is no snapshot,
    # so the case's own expectation and the winners property check the implementation alone
    driver = Driver(ImplSpec("no-snapshot", factory=_no_snapshot))
    hello = driver.start()
    try:
        result = caserun.run(driver, hello, load_cases()["tie.three-way"],
                             targets([], hello.rules)[0])
    finally:
        driver.close()
    hows = {o["key"]: o["how"] for o in result.deviations}
    assert hows == {"fail:events:round_over.winners": "lost", "fail:expectation:expect": "alone",
                    "fail:property:scores.winners:end.tie": "alone"}, result.message
    alone = {o["key"]: o["message"] for o in result.deviations if o["how"] == "alone"}
    assert "winners: expected [0, 1, 2], got [0]" in alone["fail:expectation:expect"]
    assert "the winners are [0, 1, 2] under online" in alone["fail:property:scores.winners:end.tie"]
    assert "ran against the implementation alone" in result.message

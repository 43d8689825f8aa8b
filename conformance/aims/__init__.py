"""Rare states fuzzing reaches on purpose, and the actions it tries there.

Random play meets some states almost never: a player knocked out of the round who
then calls, a player whose hand is empty when taking the discard is allowed. There
an implementation may apply a rule in the wrong order or forget a guard, and no
random game shows it. An `Aim` names such a state: the option values under which
it changes which rule applies (the covering array gives them a row of their own,
`conformance.draws.cover_rows`), how play approaches it (legal actions a drawn game
prefers for one seat), and the action tried once it is reached (the probe).

- `catalogue`: the aims (`AIMS`) and their value type;
- `steer`: the per-game steering the drawing (`conformance.draws.actions_from`)
  asks first at every step;
- `pairs`: the pairs of option values under which one action breaks two rules two
  options govern (derived from the order of the reference's checks), and the collider
  that sends such an action in any drawn game where the state allows it;
- `owing`: the aims (`PAIR_AIMS`) toward the states some of those pairs need, whose
  rows come after the covering array's (in games no earlier row gives).
"""

from conformance.aims.catalogue import AIMS, Aim, fitting, rows_of
from conformance.aims.owing import PAIR_AIMS
from conformance.aims.steer import Steer, steer_for

__all__ = ["AIMS", "PAIR_AIMS", "Aim", "Steer", "fitting", "rows_of", "steer_for"]

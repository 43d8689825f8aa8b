"""Properties every implementation must hold, checked from its own replies alone.

They need no reference state, so they are checked in every item to its end, beside
the lock-step comparison with the reference, and are the only check once the
reference has lost track. One module per family (`violation.FAMILIES`):

- `scores`: scores and winners recomputed from the hands the round's end reveals;
- `cards`: the dealt deck, and nothing else, in the deck, the pile, the grids and the
  hand, moved as the events say (`cards.Table`, the table the events build);
- `hiding`: a view shows a card only to a seat the implementation's events showed it to;
- `consistency`: events, views, the snapshot and the legal actions agree;
- `turns`: the turn order, the final turns after a call, the round's end reasons.

`Watch` runs them all on one game; each violation (`Violation`) names the core rule
or option it tests.
"""

from conformance.properties.violation import FAMILIES, Violation, compared_in
from conformance.properties.watch import Watch

__all__ = ["FAMILIES", "Violation", "Watch", "compared_in"]

"""The outputs of a run, one module each, all rendered from the same results:

- `outcome`: what every output says of a run: its header (`Meta`), its counts, its exit
  status, whether it is complete;
- `log`: the JSON-lines log, the record, written as the results come;
- `summary`: the summary `cambio conform` prints, and the sentences the others share;
- `junit`: JUnit XML;
- `page`: the ``--report`` page, Markdown or HTML.

Every text of the implementation's is shown on one line (`conformance.sanitise`).
"""

"""``python -m cambio_ref``: the ``cambio`` command, for when the script is not on PATH."""

import sys

from cambio_ref.cli import main

if __name__ == "__main__":
    sys.exit(main())

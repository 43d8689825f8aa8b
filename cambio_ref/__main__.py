"""``python -m cambio_ref``: the ``cambio`` command, for when the script is not on PATH."""

from cambio_ref.cli import run

if __name__ == "__main__":
    run()

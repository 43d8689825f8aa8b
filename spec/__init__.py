"""The rule catalogue as package data: the wheel installs this directory as ``cambio_ref.spec``.

It holds no code. ``cambio_ref.resources.spec_dir()`` finds it through importlib.resources.
"""

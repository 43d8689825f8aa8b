"""The harness self-tests' fixtures, for the adapters' tests."""

from tests.conformance.conftest import conform  # noqa: F401 (a fixture)

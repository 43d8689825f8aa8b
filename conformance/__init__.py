"""Conformance tests for Cambio implementations (scenarios, protocol, fuzzing)."""

"""Tests of the rulebook site: the renderer (fast) and the built site in Chromium (marked browser)."""

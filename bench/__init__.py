"""Benchmarks, run on purpose with `make bench` (never as timed tests)."""

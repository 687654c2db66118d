"""Tests of the Swiss tournament engine."""

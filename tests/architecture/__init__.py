"""Tests that read the source to guard the architecture: layering and rule citations."""

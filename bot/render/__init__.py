"""Rendering plain results into panels (title, text, fields, buttons) that every transport shows."""

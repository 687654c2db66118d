"""Use cases: load from the store, call the engine, persist, return plain results."""

"""Simulations that drive the bot's services as their users would (``arbiter simulate``)."""

# Arbiter in a container: `docker build -t arbiter .` then
# `docker run -e DISCORD_TOKEN=... -v arbiter-data:/data arbiter`
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/arbiter.sqlite3

# DejaVu Sans lets card images show accented names; nothing is fetched at run time.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY engine ./engine
COPY data ./data
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 10001 arbiter \
    && mkdir -p /data && chown arbiter:arbiter /data

USER arbiter
VOLUME ["/data"]
ENV RULES_DIR=/app/data/rules
CMD ["arbiter", "run"]

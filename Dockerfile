# The Five Hundred trainer's app server: `python -m trainer app` on port 8501.
# Built and run by compose.yaml (with PostgreSQL); alone: docker build -t fivehundred-trainer .
# and docker run -p 8501:8501 fivehundred-trainer (an SQLite store in the /var/lib/trainer
# volume). tests/test_hosting_start.py checks this file against compose.yaml and the code, and
# runs its CMD with its ENV against a PostgreSQL started as compose.yaml starts it.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# A user of its own: the server never runs as root.
RUN useradd --create-home --uid 10001 --user-group trainer

WORKDIR /app
COPY --chown=trainer:trainer . /app
RUN python -m pip install -e /app \
    && mkdir -p /var/cache/trainer/numba /var/lib/trainer \
    && chown -R trainer:trainer /var/cache/trainer /var/lib/trainer

# numba's compiled solver and the compile stamp beside it (trainer/solver/stamp.py) live in a
# volume, so only the first start after installing or upgrading compiles (25-45 s of CPU).
# TRAINER_DB: an SQLite file in a volume by default; compose.yaml sets a PostgreSQL URL.
# MALLOC_MMAP_THRESHOLD_: blocks over 1 MB (an uploaded game record) go back to the system when
# freed instead of staying in glibc's heap (tests/test_browser_uploads.py measures it).
ENV NUMBA_CACHE_DIR=/var/cache/trainer/numba \
    MALLOC_MMAP_THRESHOLD_=1000000 \
    TRAINER_DB=/var/lib/trainer/progress.sqlite3 \
    STREAMLIT_SERVER_ADDRESS=0.0.0.0 \
    STREAMLIT_SERVER_PORT=8501 \
    STREAMLIT_SERVER_HEADLESS=true \
    STREAMLIT_SERVER_FILE_WATCHER_TYPE=none \
    STREAMLIT_BROWSER_GATHER_USAGE_STATS=false
VOLUME ["/var/cache/trainer/numba", "/var/lib/trainer"]

USER trainer
EXPOSE 8501

# Streamlit's own health endpoint (python:3.11-slim has no curl).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ.get('STREAMLIT_SERVER_PORT', '8501') + '/_stcore/health', timeout=4)"]

CMD ["python", "-m", "trainer", "app"]

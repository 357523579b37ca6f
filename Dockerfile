# syntax=docker/dockerfile:1
# The referee service: gunicorn (sync workers) serving service.wsgi:app on port 8000, as a non-root user.
FROM python:3.11-slim-bookworm AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY service ./service
RUN pip install --no-cache-dir --prefix=/install .

FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PORT=8000 \
    PROMETHEUS_MULTIPROC_DIR=/tmp/prometheus
RUN groupadd --system --gid 10001 referee \
    && useradd --system --uid 10001 --gid referee --no-create-home --home-dir /app referee
WORKDIR /app
COPY --from=build /install /usr/local
COPY gunicorn.conf.py ./
USER 10001
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os,urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8000'), timeout=2)"]
CMD ["gunicorn", "-c", "gunicorn.conf.py", "service.wsgi:app"]

# syntax=docker/dockerfile:1
# The referee service: gunicorn (gevent workers) serving service.wsgi:app on port 8000, as a non-root user.
#
# What it installs is exactly uv.lock's runtime set (no dev extra), every file hash-checked, on a base
# pinned by digest. No bytecode is written at build time (it would hold timestamps), so two builds of
# one commit give the same files; for identical layers too, give BuildKit the commit time:
#   docker buildx build --build-arg SOURCE_DATE_EPOCH="$(git log -1 --format=%ct)" \
#     --output type=image,name=referee,rewrite-timestamp=true .

FROM python:3.11.14-slim-bookworm@sha256:65a93d69fa75478d554f4ad27c85c1e69fa184956261b4301ebaf6dbb0a3543d AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore \
    UV_COMPILE_BYTECODE=0 \
    UV_LINK_MODE=copy \
    UV_PYTHON_DOWNLOADS=never \
    UV_PROJECT_ENVIRONMENT=/opt/venv
WORKDIR /src
# uv, the release scripts/bootstrap.sh uses, with its hashes; it stays in this stage.
COPY scripts/uv-requirements.txt ./
RUN pip install --no-cache-dir --no-compile --require-hashes -r uv-requirements.txt
# The runtime dependencies as locked; the service's own code is copied into the final stage as source.
COPY pyproject.toml uv.lock ./
RUN uv sync --frozen --no-dev --no-install-project --no-cache --python /usr/local/bin/python3

FROM python:3.11.14-slim-bookworm@sha256:65a93d69fa75478d554f4ad27c85c1e69fa184956261b4301ebaf6dbb0a3543d
# The commit built (--build-arg BUILD_REVISION="$(git rev-parse HEAD)"), shown by referee_build_info.
ARG BUILD_REVISION=unknown
ENV PYTHONDONTWRITEBYTECODE=1 \
    BUILD_REVISION=$BUILD_REVISION \
    PYTHONUNBUFFERED=1 \
    PYTHONPATH=/app \
    PATH=/opt/venv/bin:$PATH \
    PORT=8000 \
    LOG_FORMAT=json \
    PROMETHEUS_MULTIPROC_DIR=/tmp/prometheus
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
COPY gunicorn.conf.py ./
COPY service ./service
# A numeric user with no entry in /etc/passwd: nothing here needs a name or a home directory.
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os,urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8000'), timeout=2)"]
CMD ["gunicorn", "-c", "gunicorn.conf.py", "service.wsgi:app"]

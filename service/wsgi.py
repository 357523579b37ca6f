"""The WSGI entry point for gunicorn: ``app`` is built from the environment (``service/api/config.py``)."""

from service.api.app import create_app

app = create_app()

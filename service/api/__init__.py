"""The HTTP layer: Flask app factory (``app.py``), blueprints, marshmallow schemas and fields,
problem+json errors (``problems.py``), body parsing (``body.py``) and settings (``config.py``)."""

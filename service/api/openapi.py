"""The OpenAPI document, generated from the code; ``openapi.yaml`` at the repository root is a copy.

    python -m service.api.openapi            # rewrite openapi.yaml
    python -m service.api.openapi --check    # exit 1 when openapi.yaml differs from the code

The text is exactly what ``flask --app service.wsgi openapi write --format=yaml openapi.yaml``
writes (PyYAML, keys sorted), so either command gives the same file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml
from flask import Flask

from service.api.app import create_app
from service.api.config import Settings


def spec_dict(app: Flask | None = None) -> dict[str, Any]:
    app = app if app is not None else create_app(Settings())
    api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
    with app.app_context():
        spec: dict[str, Any] = api.spec.to_dict()
    return spec


def spec_yaml(app: Flask | None = None) -> str:
    text: str = yaml.dump(spec_dict(app))
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write or check openapi.yaml, generated from the code.")
    parser.add_argument("path", nargs="?", default="openapi.yaml", type=Path)
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 when the file differs")
    args = parser.parse_args(argv)
    text = spec_yaml()
    if args.check:
        current = args.path.read_text(encoding="utf-8") if args.path.exists() else ""
        if current != text:
            print(f"{args.path} differs from the generated document; run: python -m service.api.openapi",
                  file=sys.stderr)
            return 1
        return 0
    args.path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

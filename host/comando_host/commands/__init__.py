"""One module per `comando` subcommand.

Each module defines ``register(subparsers)`` which adds its parser and sets ``func`` (a callable
taking the parsed args and returning an exit code). The CLI discovers modules here by name, so a
new command is a new file and nothing else changes.
"""

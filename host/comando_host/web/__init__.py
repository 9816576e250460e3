"""The live page: comando web (app.py) and its static files."""

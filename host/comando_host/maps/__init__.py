"""A board's shape: its geometry (where each country is drawn), the SVG renderer, and region bonuses
worked out from the shape.
"""

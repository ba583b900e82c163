"""Widgets of the mjscore app."""

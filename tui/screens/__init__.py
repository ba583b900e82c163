"""Screens of the mjscore app."""

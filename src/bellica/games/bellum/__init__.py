"""Bellum: a deck-builder of Greek cities; two players, four-player teams, three solo scenarios."""

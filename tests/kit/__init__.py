"""The contest kit: check, gen, stress and shrink."""

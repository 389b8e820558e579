"""The array layer: CSR graphs, their checks and conversions, matchings and the blossom search."""

"""The theory layer: who wins, by matching, decomposition, Grundy values, sums and misère play."""

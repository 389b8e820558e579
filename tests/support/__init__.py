"""What the tests share, each written once: the command-line runners, the
Hypothesis strategies, the brute forces and the fixtures of the extras."""

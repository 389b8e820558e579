"""The judge problems' front-ends, against brute forces of their own rules
(golden files in golden/)."""

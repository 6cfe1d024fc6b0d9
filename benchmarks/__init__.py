"""Scripts that print the toy's figures (docs/testing.md): run each from the clone as
`.venv/bin/python -m benchmarks.NAME` (fresh_clone with the system's python3)."""

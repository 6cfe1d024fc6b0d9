# Sourced by ./test and ./simulate: sets up, idempotently, .venv with the project
# installed in it (pip install -e '.[test]'), and node_modules (npm ci) for the
# MicroPython tests. Defines KT_ROOT, setup_venv and setup_npm.

KT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

setup_venv() {
    local venv="$KT_ROOT/.venv"
    # A copy of the pyproject.toml last installed: reinstall only when it changed.
    local stamp="$venv/.installed-pyproject.toml"
    if [ ! -x "$venv/bin/python" ]; then
        echo "Creating .venv ..." >&2
        python3 -m venv "$venv"
    fi
    if ! cmp -s "$KT_ROOT/pyproject.toml" "$stamp"; then
        echo "Installing knightstour and its test tools into .venv ..." >&2
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e "$KT_ROOT[test]"
        cp "$KT_ROOT/pyproject.toml" "$stamp"
    fi
}

setup_npm() {
    if ! command -v npm >/dev/null 2>&1; then
        echo "npm not found: the MicroPython tests will be skipped (and fail under CI)." >&2
        return 0
    fi
    local modules="$KT_ROOT/node_modules"
    if [ ! -d "$modules" ] || [ "$KT_ROOT/package-lock.json" -nt "$modules" ]; then
        echo "Installing MicroPython for node (npm ci) ..." >&2
        (cd "$KT_ROOT" && npm ci --no-audit --no-fund --loglevel=error)
        touch "$modules"
    fi
}

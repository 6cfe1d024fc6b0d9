# Sourced by ./test and ./simulate: sets up, idempotently, .venv with the project installed in it, and
# node_modules (npm ci) for the MicroPython tests. Defines KT_ROOT, setup_venv and setup_npm.
#
#   setup_venv sim    the simulator only: pip install -e '.[sim]' (textual, pillow, the Adafruit
#                     drivers it runs on the emulated chips; no numpy, numba, ruff or pytest)
#   setup_venv test   everything the tests need: pip install -e '.[test]' (a superset of sim)
#
# Both share one .venv. Each keeps a stamp, a copy of the pyproject.toml it last installed from, and
# reinstalls only when pyproject.toml changed; a current test stamp serves sim too.

KT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

setup_venv() {
    local what="${1:-test}" extras
    case "$what" in
        sim) extras="sim" ;;
        test) extras="test" ;;
        *) echo "setup_venv: unknown set '$what' (sim or test)" >&2; return 2 ;;
    esac
    local venv="$KT_ROOT/.venv"
    if [ ! -x "$venv/bin/python" ]; then
        echo "Creating .venv ..." >&2
        python3 -m venv "$venv"
    fi
    if cmp -s "$KT_ROOT/pyproject.toml" "$venv/.installed-$what" \
        || { [ "$what" = sim ] && cmp -s "$KT_ROOT/pyproject.toml" "$venv/.installed-test"; }; then
        return 0
    fi
    if [ "$what" = sim ]; then
        echo "Installing knightstour and the simulator's libraries into .venv ..." >&2
    else
        echo "Installing knightstour and its test tools into .venv ..." >&2
    fi
    # The distribution was called knightstour before it became knights-tour-toy: an old editable
    # install of it would stay beside the new one.
    if compgen -G "$venv/lib/python*/site-packages/knightstour-*.dist-info" >/dev/null; then
        "$venv/bin/python" -m pip uninstall --quiet --yes knightstour
    fi
    # --no-compile: Python compiles what it imports when first imported (5 s less for the simulator).
    "$venv/bin/python" -m pip install --quiet --no-compile --disable-pip-version-check -e "$KT_ROOT[$extras]"
    cp "$KT_ROOT/pyproject.toml" "$venv/.installed-$what"
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

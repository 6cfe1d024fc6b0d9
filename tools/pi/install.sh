#!/usr/bin/env bash
# Install the knightstour desk toy on a Raspberry Pi as a service that starts at boot.
#
#   sudo bash tools/pi/install.sh --display max7219|ili9341   install (or update) and start it
#   sudo bash tools/pi/install.sh --uninstall [--purge]       stop and remove it (--purge: the config too)
#   bash tools/pi/install.sh --dry-run ...                    print every step, change nothing
#
# It installs the system packages it needs, creates the user "knightstour" (no login, in the
# gpio, spi and i2c groups), a venv in /opt/knightstour with the pi extra, /etc/knightstour/config.toml
# (never overwritten), enables SPI (and I2C) with raspi-config, and the systemd unit
# knightstour.service (restarted on failure a few times, never on bad settings; never root).
# Running it again installs the new code and restarts the service. It says the toy runs only once
# the service is active and the toy has drawn its first frame (the toy writes its process id to
# /run/knightstour/status then); else it prints the service's last journal lines and the fix.
# What it created (the user, /opt/knightstour, the boot-config line) is recorded, and --uninstall
# removes only that.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
# Every path below lies under this root ("" on a Pi; the tests install into a folder of their own).
root="${KNIGHTSTOUR_INSTALL_ROOT:-}"
prefix="$root/opt/knightstour"
config_dir="$root/etc/knightstour"
config="$config_dir/config.toml"
unit="$root/etc/systemd/system/knightstour.service"
# What this installer created, for --uninstall (the variable is for the tests' dry runs).
record="${KNIGHTSTOUR_INSTALL_RECORD:-$config_dir/installed-by-knightstour}"
# The toy writes its process id here once it has drawn its first frame (the unit's RuntimeDirectory).
status_file="$root/run/knightstour/status"
wait_seconds="${KNIGHTSTOUR_INSTALL_WAIT:-120}"  # a first start on a Pi Zero imports for a while
reboot_needed=0
overlay_line="dtoverlay=spi0-0cs"
user=knightstour
display=""
dry_run=0
uninstall=0
purge=0

die() { echo "install.sh: error: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
  case "$1" in
    --display) [ $# -ge 2 ] || die "--display needs a value: max7219 or ili9341"; display="$2"; shift 2 ;;
    --display=*) display="${1#*=}"; shift ;;
    --dry-run) dry_run=1; shift ;;
    --uninstall) uninstall=1; shift ;;
    --purge) purge=1; shift ;;
    -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
    *) die "unknown option '$1': accepted are --display max7219|ili9341, --dry-run, --uninstall, --purge" ;;
  esac
done

[ "$purge" = 0 ] || [ "$uninstall" = 1 ] || die "--purge goes with --uninstall (it removes the config too)"

run() {
  if [ "$dry_run" = 1 ]; then echo "+ $*"; else "$@"; fi
}

remember() {  # remember WHAT: note that this installer created WHAT (user, prefix, boot-config FILE)
  if [ "$dry_run" = 1 ]; then echo "+ record '$1' in $record"; else echo "$1" >> "$record"; fi
}

recorded() {  # recorded WHAT: true when an earlier install created WHAT
  [ -f "$record" ] && grep -qxF "$1" "$record"
}

append_line() {  # append_line FILE LINE: LINE on a line of its own, even when FILE lacks a final newline
  if [ -s "$1" ] && [ -n "$(tail -c 1 "$1")" ]; then echo >> "$1"; fi
  echo "$2" >> "$1"
}

overlay_placed() {  # overlay_placed FILE: the overlay line is where every Pi reads it (before any [filter], or under [all])
  awk -v line="$overlay_line" '/^[[:space:]]*\[.*\][[:space:]]*$/ {s = $1} $0 == line && (s == "" || s == "[all]") {f = 1}
    END {exit !f}' "$1" 2>/dev/null
}

place_overlay() {  # place_overlay FILE: the overlay line under an [all] section at the end; a misplaced one removed
  local last
  sed -i "/^$overlay_line\$/d" "$1"
  last="$(grep -E '^[[:space:]]*\[.*\][[:space:]]*$' "$1" | tail -n 1 | tr -d '[:space:]' || true)"
  if [ -n "$last" ] && [ "$last" != "[all]" ]; then append_line "$1" "[all]"; fi
  append_line "$1" "$overlay_line"
}

finish() {
  if [ "$dry_run" = 1 ]; then echo "dry run: nothing was changed"; fi
}

write_file() {  # write_file PATH MODE < content
  local path="$1" mode="$2" content
  content="$(cat)"
  if [ "$dry_run" = 1 ]; then
    echo "+ write $path (mode $mode):"; printf '%s\n' "$content" | sed 's/^/    /'
  else
    printf '%s\n' "$content" > "$path.tmp" && chmod "$mode" "$path.tmp" && mv "$path.tmp" "$path"
  fi
}

render_unit() {
  sed -e "s|@PREFIX@|$prefix|g" -e "s|@USER@|$user|g" \
      -e "s|@CONFIG@|$config|g" -e "s|@STATUS@|$status_file|g" "$here/knightstour.service.in"
}

set_display() {  # the display given goes into config.toml, the one place the service reads it from
  if [ "$dry_run" = 1 ]; then
    echo "+ set KNIGHTSTOUR_DISPLAY = \"$display\" in $config (the rest of it kept)"
    return
  fi
  "$prefix/venv/bin/python" - "$config" "$display" <<'PYTHON' || die "cannot set KNIGHTSTOUR_DISPLAY in $config (see above): set KNIGHTSTOUR_DISPLAY = \"$display\" there yourself, then: sudo systemctl restart knightstour"
import os
import sys

from knightstour_desktop.commands.settings_edit import set_keys

path, display = sys.argv[1:]
try:
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    edited = set_keys(text, {"KNIGHTSTOUR_DISPLAY": display})
    if edited != text:
        with open(path + ".tmp", "w", encoding="utf-8", newline="") as f:
            f.write(edited)
        os.chmod(path + ".tmp", os.stat(path).st_mode & 0o7777)
        os.replace(path + ".tmp", path)
        print('set KNIGHTSTOUR_DISPLAY = "%s" in %s' % (display, path))
except (OSError, ValueError) as exc:
    print("install.sh: %s: %s" % (path, getattr(exc, "strerror", None) or exc), file=sys.stderr)
    sys.exit(1)
PYTHON
}

toy_running() {  # toy_running SECONDS: true once the service is active and its process drew its first frame
  local i state pid
  for ((i = 0; i <= $1; i++)); do
    state="$(systemctl is-active knightstour.service 2>/dev/null || true)"
    pid="$(systemctl show --property=MainPID --value knightstour.service 2>/dev/null || true)"
    if [ "$state" = active ] && [ -n "$pid" ] && [ "$pid" != 0 ] \
        && [ "$(cat "$status_file" 2>/dev/null || true)" = "$pid" ]; then
      return 0
    fi
    case "$state" in failed|inactive) return 1 ;; esac  # it gave up: bad settings, a Pi not set up, ...
    if [ "$i" -lt "$1" ]; then sleep 1; fi
  done
  return 1
}

report_not_running() {  # what went wrong, from the journal, and how to fix it
  local state
  state="$(systemctl is-active knightstour.service 2>/dev/null || true)"
  local waited="no first frame after $wait_seconds s"
  case "$state" in failed|inactive) waited="it stopped before its first frame" ;; esac
  echo "knightstour is installed, but the toy is not running (the service is ${state:-unknown}:" \
    "$waited). The service's last lines:" >&2
  journalctl --unit=knightstour.service --lines=15 --no-pager --output=cat >&2 || true
  echo "Fix what the last line says (the settings: $config; the wiring: $prefix/src/wiring/README.md)," \
    "then: sudo systemctl restart knightstour. Follow it with: journalctl -u knightstour -f" >&2
}

if [ "$dry_run" = 0 ] && [ "$(id -u)" != 0 ]; then
  die "run it as root (sudo bash tools/pi/install.sh ...), or add --dry-run to see the steps"
fi

if [ "$uninstall" = 1 ]; then
  run systemctl disable --now knightstour.service || true
  run rm -f "$unit"
  run systemctl daemon-reload
  for file in "$root/boot/firmware/config.txt" "$root/boot/config.txt"; do
    if recorded "boot-config $file"; then
      run sed -i "/^$overlay_line\$/d" "$file"
    fi
  done
  if recorded "prefix"; then
    run rm -rf "$prefix"
  else
    run rm -rf "$prefix/src" "$prefix/venv" "$prefix/venvs" "$prefix/src.old"
  fi
  if recorded "user"; then
    if id "$user" >/dev/null 2>&1 || [ "$dry_run" = 1 ]; then run userdel "$user"; fi
  elif id "$user" >/dev/null 2>&1; then
    echo "kept the user $user (it was there before the install)"
  fi
  run rm -f "$record"
  if [ "$purge" = 1 ]; then run rm -rf "$config_dir"; else echo "kept $config (remove it with --purge)"; fi
  echo "knightstour removed"
  finish
  exit 0
fi

case "$display" in
  max7219|ili9341) ;;
  "") die "say which display is wired: --display max7219 or --display ili9341" ;;
  *) die "bad --display '$display': accepted are max7219 and ili9341" ;;
esac

run apt-get update
# python3-dev and a compiler: Blinka's PWM package for the Pi (and gpiod where PyPI has no wheel
# for this Pi, e.g. a 32-bit OS) are built from source. The same on a Pi 3, 4, 5 and Zero 2 W.
run apt-get install -y python3-venv python3-pip python3-dev build-essential fonts-dejavu-core
run mkdir -p "$config_dir"
if ! getent passwd "$user" >/dev/null 2>&1; then
  run useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
  recorded "user" || remember "user"
fi
for group in gpio spi i2c; do
  if getent group "$group" >/dev/null 2>&1 || [ "$dry_run" = 1 ]; then run usermod -a -G "$group" "$user"; fi
done

if command -v raspi-config >/dev/null 2>&1; then
  run raspi-config nonint do_spi 0
  run raspi-config nonint do_i2c 0
elif [ ! -e "$root/dev/spidev0.0" ]; then
  echo "SPI looks off and raspi-config is missing: add 'dtparam=spi=on' to /boot/firmware/config.txt and reboot"
fi
[ -e "$root/dev/spidev0.0" ] || reboot_needed=1

# With SPI on, newer kernels claim CE0/CE1 for the SPI driver, and the toy drives its chip
# selects itself ("GPIO busy" otherwise): free them with the spi0-0cs overlay (needs a reboot).
boot_config="$root/boot/firmware/config.txt"
[ -e "$boot_config" ] || [ ! -e "$root/boot/config.txt" ] || boot_config="$root/boot/config.txt"
# It goes under [all]: after a [pi0] or [pi4] section, only that Pi would read it.
if ! overlay_placed "$boot_config"; then
  if [ "$dry_run" = 1 ]; then
    echo "+ append $overlay_line to $boot_config, on a line of its own under [all] (reboot needed)"
    remember "boot-config $boot_config"
  elif [ -e "$boot_config" ]; then
    place_overlay "$boot_config"
    recorded "boot-config $boot_config" || remember "boot-config $boot_config"
    reboot_needed=1
    echo "added $overlay_line to $boot_config: reboot once the install is done"
  else
    echo "no $boot_config: if the toy says a chip-select pin is busy, add dtoverlay=spi0-0cs to the boot config"
  fi
fi

if [ ! -e "$prefix" ]; then
  run mkdir -p "$prefix"
  recorded "prefix" || remember "prefix"
fi
# The new code goes into a new venv beside the running one; only once it is complete does
# $prefix/venv point at it (a failed download leaves the toy as it was). A fresh venv each time:
# nothing of an older release stays importable beside the new one.
new_venv="$prefix/venvs/$(date +%Y%m%d-%H%M%S)-$$"
new_src="$prefix/src.new"
switched() {  # true once $prefix/venv points at the new venv: from then on the new venv is the toy's
  [ "$(readlink "$prefix/venv" 2>/dev/null)" = "venvs/$(basename "$new_venv")" ]
}
on_exit() {  # stopped before the switch: the unfinished venv and source go; after it: nothing live is removed
  local code=$?
  if switched; then
    [ -e "$prefix/src" ] || [ ! -d "$new_src" ] || mv -T "$new_src" "$prefix/src" || true
    [ -e "$prefix/src" ] || [ ! -d "$prefix/src.old" ] || mv -T "$prefix/src.old" "$prefix/src" || true
    if [ "$code" != 0 ]; then
      echo "install.sh: error: stopped after the new code was put in place ($new_venv): old copies may be" \
        "left in $prefix/venvs and the service was not restarted; run the installer again to finish" >&2
    fi
    return
  fi
  rm -rf "$new_venv" "$new_src" "$prefix/venv.new"
  if [ "$code" != 0 ]; then
    echo "install.sh: error: the new code could not be installed (see above); what was installed is as it" \
      "was, and a toy that ran still runs" >&2
  fi
}
if [ "$dry_run" = 0 ]; then
  trap on_exit EXIT
  trap 'exit 129' HUP; trap 'exit 130' INT; trap 'exit 143' TERM  # so that on_exit knows it was stopped
fi
run rm -rf "$new_src"
run mkdir -p "$new_src" "$prefix/venvs"
if [ "$dry_run" = 1 ]; then
  echo "+ copy $repo to $new_src (without .git, .venv, node_modules, build, *.egg-info)"
else
  # Without build/: setuptools would put an earlier build's modules, gone from the source, in the wheel.
  tar -C "$repo" --exclude=./.git --exclude=./.venv --exclude=./node_modules --exclude=./build \
    --exclude='*.egg-info' -cf - . | tar -C "$new_src" -xf -
fi
run python3 -m venv "$new_venv"
run "$new_venv/bin/pip" install --quiet --upgrade pip
run "$new_venv/bin/pip" install "$new_src[pi]"
run ln -sfn "venvs/$(basename "$new_venv")" "$prefix/venv.new"
if [ -d "$prefix/venv" ] && [ ! -L "$prefix/venv" ]; then
  run rm -rf "$prefix/venv"  # an earlier release's venv, a folder of its own
fi
# The switch: one rename. The trap sees it (switched) and from here on removes nothing live.
run mv -T "$prefix/venv.new" "$prefix/venv"
run rm -rf "$prefix/src.old"
if [ -e "$prefix/src" ]; then run mv -T "$prefix/src" "$prefix/src.old"; fi
run mv -T "$new_src" "$prefix/src"
run rm -rf "$prefix/src.old"
for old in "$prefix"/venvs/*; do
  if [ "$old" != "$new_venv" ] && [ -e "$old" ]; then run rm -rf "$old"; fi
done
if [ "$dry_run" = 0 ]; then trap - EXIT; fi
if [ -e "$config" ]; then
  echo "kept $config (yours)"
else
  run cp "$repo/device/settings.toml.example" "$config"
fi
set_display
render_unit | write_file "$unit" 644
run systemctl daemon-reload
run systemctl enable knightstour.service
if [ "$dry_run" = 1 ]; then
  run systemctl restart knightstour.service
  echo "+ wait up to $wait_seconds s for the service to be active and the toy's first frame ($status_file)"
elif [ "$reboot_needed" = 1 ]; then
  run systemctl stop knightstour.service  # an older install's toy cannot use the new boot config either
  echo "knightstour installed; SPI (or its chip-select overlay) takes effect at the next boot: sudo reboot." \
    "The toy starts then, and at every boot (check it with: systemctl status knightstour)"
  exit 0
else
  run systemctl restart knightstour.service  # a re-install runs the new code
  echo "waiting for the toy's first frame (up to $wait_seconds s) ..."
  if ! toy_running "$wait_seconds"; then
    report_not_running
    exit 1
  fi
  echo "knightstour installed and running: the toy drew its first frame; it starts at every boot" \
    "(journalctl -u knightstour to see it)"
fi
finish

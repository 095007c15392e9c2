#!/usr/bin/env bash
# End-to-end screen-reader check over AT-SPI, the interface Orca uses on Linux: a virtual X
# display, a session D-Bus with the accessibility bus, the app (debug build) in section 2, and
# tests/atspi/check.py walking the app's tree. Needs xvfb, dbus-x11, at-spi2-core and
# python3-pyatspi (.ci/run installs them). Usage: tests/atspi/run.sh [path/to/locks-lesson]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-${CARGO_TARGET_DIR:-target}/debug/locks-lesson}
[[ -x $bin ]] || { echo "no app binary at $bin (run cargo build first)" >&2; exit 1; }
bin=$(realpath "$bin")

work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [[ -n ${DBUS_SESSION_BUS_PID:-} ]] && kill "$DBUS_SESSION_BUS_PID" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# A display of our own (see tests/xvfb.sh).
# shellcheck source=tests/xvfb.sh
source tests/xvfb.sh
start_xvfb 1366x768 "$work" "AT-SPI" || { echo "AT-SPI: the virtual display did not start" >&2; exit 1; }
pids+=("$XVFB_PID")
export DISPLAY=$XVFB_DISPLAY

# A session bus, the accessibility bus and its registry, with accessibility switched on.
eval "$(dbus-launch --sh-syntax)"
export NO_AT_BRIDGE=0 GTK_A11Y=atspi
/usr/libexec/at-spi-bus-launcher --launch-immediately >"$work/bus.log" 2>&1 &
pids+=($!)
for _ in $(seq 300); do
  dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress \
    >/dev/null 2>&1 && break
  sleep 0.1
done
dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus \
  org.freedesktop.DBus.Properties.Set string:org.a11y.Status string:IsEnabled variant:boolean:true \
  >/dev/null
/usr/libexec/at-spi2-registryd --use-gnome-session=false >"$work/registry.log" 2>&1 &
pids+=($!)

# The app, with its progress in a scratch file, opened at section 2 (the TTL trade-off), and
# its tree read (by the distribution's Python: python3-pyatspi is installed for it, not for any
# other). An app that could not reach its display (a virtual display that went away on a loaded
# machine) is started once more on a new one; any other failure is the check's answer.
for try in 1 2; do
  WGPU_BACKEND=gl "$bin" --section 2 --progress-file "$work/progress.json" >"$work/app.log" 2>&1 &
  pids+=($!)
  status=0
  /usr/bin/python3 tests/atspi/check.py || status=$?
  if ((status == 0)) || ! grep -q "connection to X server" "$work/app.log" || ((try == 2)); then
    break
  fi
  echo "AT-SPI: the app could not reach its display; once more on a new one" >&2
  start_xvfb 1366x768 "$work" "AT-SPI" || break
  pids+=("$XVFB_PID")
  export DISPLAY=$XVFB_DISPLAY
done
if ((status != 0)); then
  echo "--- app log ---" >&2
  tail -n 20 "$work/app.log" >&2
fi
exit "$status"

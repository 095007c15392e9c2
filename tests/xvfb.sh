# Sourced by .ci/rehearsal.sh and tests/atspi/run.sh: a virtual display of a script's own.
#
# start_xvfb SCREEN DIR NAME starts Xvfb with a WIDTHxHEIGHT screen; Xvfb picks a free display
# number and writes it once it listens (-displayfd), so scripts running side by side never
# take the same one. On a loaded machine a start may be slow or fail: each is waited for up to
# a minute (and, where xdotool is installed, asked for its size), three tries in all. Sets
# XVFB_DISPLAY (":N") and XVFB_PID and returns 0; or shows Xvfb's log (its files go in DIR)
# and returns 1.
start_xvfb() {
  local screen=$1 dir=$2 name=$3 try
  XVFB_DISPLAY="" XVFB_PID=""
  for try in 1 2 3; do
    : >"$dir/display"
    Xvfb -displayfd 3 -screen 0 "${screen}x24" -nolisten tcp 3>"$dir/display" >"$dir/xvfb.log" 2>&1 &
    XVFB_PID=$!
    for _ in $(seq 300); do
      [[ -s $dir/display ]] && break
      kill -0 "$XVFB_PID" 2>/dev/null || break
      sleep 0.2
    done
    if [[ -s $dir/display ]]; then
      XVFB_DISPLAY=:$(head -n1 "$dir/display" | tr -dc 0-9)
      if ! command -v xdotool >/dev/null ||
        DISPLAY=$XVFB_DISPLAY xdotool getdisplaygeometry >/dev/null 2>&1; then
        return 0
      fi
    fi
    kill "$XVFB_PID" 2>/dev/null || true
    wait "$XVFB_PID" 2>/dev/null || true
    XVFB_DISPLAY="" XVFB_PID=""
    echo "$name: the virtual display did not start (try $try)" >&2
    sleep 2
  done
  sed 's/^/  xvfb: /' "$dir/xvfb.log" >&2 || true
  return 1
}

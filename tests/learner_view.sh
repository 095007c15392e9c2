#!/usr/bin/env bash
# A lecture leaves no trace in the next learner's start, on the real program under a virtual
# display: a learner zooms in and the program saves (its own save every half minute); then a
# lecture (--lecture) toggles lecture mode (L), the presenter view (P) and the type (Ctrl+Plus)
# at random points, is saved there in turn, and is ended by a signal (as a crash or a logout
# would end it). The next plain start must look as the learner left it: same zoom, same
# theme (a zoom or a theme of another changes most of the screen; at most 3 % of its pixels
# may differ, a row of controls a pixel lower). Two lectures, each ending in lecture mode: one with the
# presenter view open, one after it was opened and closed.
#
#   tests/learner_view.sh EXECUTABLE
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=tests/xvfb.sh
source tests/xvfb.sh
bin=${1:?usage: tests/learner_view.sh EXECUTABLE}
out=${CARGO_TARGET_DIR:-target}/learner-view
rm -rf "$out" && mkdir -p "$out"
size=1280x720
# eframe saves the app's state every 30 s while it runs: waited out so that each phase's
# state is the one on disk when the signal comes.
save_wait=${LEARNER_VIEW_SAVE_WAIT:-34}
start_xvfb "$size" "$out" "learner view" || exit 1
export DISPLAY=$XVFB_DISPLAY
trap 'kill "$XVFB_PID" 2>/dev/null || true' EXIT
home=$(mktemp -d)

# start ARGS...: the program with this home, its window filling the screen; sets $app, $win.
start() {
  HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config \
    "$bin" "$@" --progress-file "$home/progress.ron" >>"$out/program.log" 2>&1 &
  app=$!
  win=""
  # (Up to four minutes: a debug build on a machine whose two cores are busy with the tests
  # starts a window slowly.)
  local t0=$SECONDS
  while ((SECONDS - t0 < 240)); do
    win=$(xdotool search --pid "$app" 2>/dev/null | head -n1 || true)
    [[ -n $win ]] && break
    kill -0 "$app" 2>/dev/null || break
    sleep 0.5
  done
  if [[ -z $win ]]; then
    if kill -0 "$app" 2>/dev/null; then
      echo "learner view: the program ($*) showed no window in $((SECONDS - t0)) s" >&2
    else
      echo "learner view: the program ($*) ended before it showed a window" >&2
    fi
    tail -n 30 "$out/program.log" >&2
    exit 1
  fi
  echo "learner view: window after $((SECONDS - t0)) s (${*:-plain start})"
  xdotool windowmove "$win" 0 0 windowsize "$win" "${size%x*}" "${size#*x}" || true
  sleep 3
  xdotool windowfocus "$win" 2>/dev/null || true
  xdotool mousemove 1279 719
}

# wait_for_save: waits out eframe's save (every 30 s, checked as frames are drawn: the pointer
# is moved now and then so that the program draws).
wait_for_save() {
  local t
  for ((t = 0; t < save_wait; t += 2)); do
    xdotool mousemove $((600 + t % 4)) 400
    sleep 2
  done
  xdotool mousemove 1279 719
}

# shot FILE: the screen after the frames settle.
shot() {
  sleep 2
  import -window root "$1"
}

# stop: ends the program by a signal (nothing is saved at that moment).
stop() {
  kill -KILL "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  sleep 1
}

# The learner's own view: zoomed in twice, saved, then ended.
start
xdotool key --clearmodifiers ctrl+plus
sleep 0.5
xdotool key --clearmodifiers ctrl+plus
wait_for_save
shot "$out/learner.png"
stop

sequences=("p ctrl+plus l l Next" "l l p p ctrl+plus Next")
for seed in 1 2; do
  start --lecture
  read -ra keys <<<"${sequences[seed - 1]}"
  for k in "${keys[@]}"; do
    xdotool key --clearmodifiers "$k"
    sleep 1
  done
  wait_for_save
  echo "learner view: seed $seed pressed ${keys[*]}, then a signal"
  stop
  start
  shot "$out/after-$seed.png"
  stop
  ae=$(compare -metric AE "$out/learner.png" "$out/after-$seed.png" null: 2>&1 || true)
  ae=${ae%% *}
  limit=$(( ${size%x*} * ${size#*x} * 3 / 100 ))
  if ! [[ ${ae%.*} =~ ^[0-9]+$ ]] || ((${ae%.*} > limit)); then
    echo "learner view: after the lecture of seed $seed the plain start differs from the learner's in $ae pixels (see $out)" >&2
    exit 1
  fi
  echo "learner view: seed $seed: the next start is the learner's ($ae pixels differ)"
done

#!/usr/bin/env bash
# The lecture rehearsed on the real program: the release executable with its default renderer
# (glow, on Mesa's software OpenGL under Xvfb), in lecture mode, driven by Page Down only as a
# clicker drives it, at 1024×768 and 1280×800; then the same with --presenter (the audience
# window and the console side by side).
#
# At every step a screenshot is kept under target/rehearsal/ and read by tesseract: it must
# show the words that step shows (the section's title and the headline or question on screen),
# and, with --presenter, the section's title, the console's speaker notes and its "Next" line.
# What each step shows comes from the plan the UI test tests/ui/lecture_layout.rs writes while
# it walks the same lecture (target/rehearsal/plan-WxH.tsv: section, step, title, headline,
# notes). The plan is not trusted to say that a press does something: every Page Down must
# change the audience's screen (ImageMagick's `compare -metric AE`, pixels that differ), show
# ink under the top bar (never a blank slide), and never show the screen before it moved up or
# down (a press that only scrolls: the rows' brightness of the two compared at every shift). At
# the end the walk goes back to the start with Home and forward again with Page Down, each
# press checked the same way. A walk that ends without its last report fails the rehearsal.
#
#   .ci/rehearsal.sh [EXECUTABLE]     (default: target/release/locks-lesson)
#
# Where redis-server or etcd is installed the lecture goes on into the lab after section 10;
# its builds are paged through to the end too (at most 30 Page Downs, more at a larger type).
#
# REHEARSAL_STEPS=N walks the first N steps only (a quick look); REHEARSAL_SIZES (default
# "1024x768 1280x800") and REHEARSAL_PRESENTER_SIZES (default "1024x768") choose the sizes;
# REHEARSAL_TYPE=130 walks the lecture at Type 130 %, the largest the slides are written for
# (the UI tests write its plan for 1024x768: REHEARSAL_TYPE=130 REHEARSAL_SIZES=1024x768).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=tests/xvfb.sh
source tests/xvfb.sh
target=${CARGO_TARGET_DIR:-target}
bin=${1:-$target/release/locks-lesson}
out=$target/rehearsal
[[ -x $bin ]] || { echo "rehearsal: no executable at $bin" >&2; exit 1; }
for tool in Xvfb xdotool import compare tesseract; do
  command -v "$tool" >/dev/null || { echo "rehearsal: $tool is missing" >&2; exit 1; }
done
mkdir -p "$out"
type=${REHEARSAL_TYPE:-100}
[[ $type =~ ^(90|1[0-3]0)$ ]] || { echo "rehearsal: REHEARSAL_TYPE must be 90 to 130 in tens" >&2; exit 2; }
type_suffix=""
((type != 100)) && type_suffix=-type$type

# Each walk runs in a subshell of its own (the walks go side by side): a failed check is a
# line in its walk's file.
fail() { echo "rehearsal: $*" | tee -a "$out/failures$type_suffix-$BASHPID" >&2; }

# Lower-case words of at least five letters, one a line (what OCR is asked to find).
words() { tr 'A-Z' 'a-z' <<<"$1" | tr -c 'a-z\n' ' ' | tr ' ' '\n' | awk 'length($0) >= 5' | sort -u; }

# Lower-case words of at least three letters, one a line (a sentence without a long word).
short_words() { tr 'A-Z' 'a-z' <<<"$1" | tr -c 'a-z\n' ' ' | tr ' ' '\n' | awk 'length($0) >= 3' | sort -u; }

# found TEXTFILE "sentence": true when most of the sentence's long words are in the OCR text (a
# sentence without a word of five letters is read by its words of three; an empty one is no
# check).
found() {
  local text=$1 want=$2 total=0 hit=0 w list
  [[ -z ${want// /} ]] && return 0
  list=$(words "$want")
  [[ -z $list ]] && list=$(short_words "$want")
  [[ -z $list ]] && list=$(tr -d ' ' <<<"$want")
  while read -r w; do
    [[ -z $w ]] && continue
    total=$((total + 1))
    grep -qi -- "$w" "$text" && hit=$((hit + 1))
  done <<<"$list"
  ((total > 0 && hit * 3 >= total * 2))
}

# rows FILE: the ink of each pixel row of the slide under its top bar (the top 8 % of the
# screen): the share of the row's pixels darker than mid-grey, 0 (paper) to 255, one a line.
rows() {
  local h
  h=$(identify -format %h "$1")
  convert "$1" -crop "100%x$((h * 92 / 100))+0+$((h * 8 / 100))" +repage -colorspace gray \
    -threshold 50% -negate -resize "1x$((h * 92 / 100))!" -depth 8 txt:- |
    awk -F'[(),]' 'NR > 1 { print int($3) }'
}

# blank FILE: true when the slide under the top bar shows no ink (fewer than 3 inked rows).
blank() {
  local inked
  inked=$(rows "${1%.png}-audience.png" | awk '$1 > 2 { n++ } END { print n + 0 }')
  ((inked < 3))
}

# scrolled BEFORE AFTER: true when the slide AFTER is the slide BEFORE moved up or down (its
# rows found again in the other at one shift of more than a few pixels), not a new slide.
scrolled() {
  paste <(rows "${1%.png}-audience.png") <(rows "${2%.png}-audience.png") | awk '
    { a[NR] = $1; b[NR] = $2 }
    END {
      n = NR
      for (d = -int(n / 2); d <= int(n / 2); d++) {
        if (d > -6 && d < 6) continue
        same = 0; inked = 0; total = 0
        for (y = 1; y <= n; y++) {
          z = y + d
          if (z < 1 || z > n) continue
          total++
          if (b[y] > 2) {
            inked++
            if ((a[z] - b[y]) ^ 2 <= 4) same++
          }
        }
        if (total > n / 3 && inked > 20 && same >= 0.85 * inked) { exit 0 }
      }
      exit 1
    }'
}

# audience FILE MODE: the audience's part of a screenshot (FILE-audience.png): the whole
# screen, or in the presenter view its right half.
audience() {
  if [[ $2 == presenter ]]; then
    convert "$1" -crop 50%x100%+$(($(identify -format %w "$1") / 2))+0 +repage "${1%.png}-audience.png"
  else
    cp "$1" "${1%.png}-audience.png"
  fi
}

# changed BEFORE AFTER: true when the two audience pictures differ in more than a few pixels
# (the pointer is hidden; a press that does something changes far more).
changed() {
  local ae
  ae=$(compare -metric AE "${1%.png}-audience.png" "${2%.png}-audience.png" null: 2>&1 || true)
  ae=${ae%% *}
  [[ ${ae%.*} =~ ^[0-9]+$ ]] && ((${ae%.*} > 50))
}

# shot DISPLAY FILE [halves]: a screenshot and its OCR text (FILE.txt); one thread each, the
# machine is shared.
shot() {
  DISPLAY=$1 import -window root "$2"
  ocr "$2" "${3:-}"
}

# ocr FILE [halves]: FILE's OCR text (FILE.txt).
ocr() {
  # Two windows side by side are read one by one (OCR keeps their columns apart), at 150 %:
  # Tesseract runs the words of the console's top bar together at the screen's size.
  local part base=${1%.png} crop=()
  [[ ${2:-} == halves ]] && crop=(-crop 50%x100% +repage -resize 150%)
  convert "$1" "${crop[@]}" "$base-part-%d.png"
  : >"$base.txt"
  # The console's own column (the right part of its window) is read once more alone: beside
  # the console's stage, Tesseract can run the two columns' lines together.
  if [[ ${2:-} == halves ]]; then
    local w h
    read -r w h < <(identify -format '%w %h\n' "$1")
    convert "$1" -crop "$((w * 23 / 100))x$h+$((w * 27 / 100))+0" +repage -resize 150% "$base-part-9.png"
  fi
  for part in "$base"-part-*.png; do
    OMP_THREAD_LIMIT=1 tesseract "$part" "${part%.png}" >/dev/null 2>&1 || true
    cat "${part%.png}.txt" >>"$base.txt" 2>/dev/null || true
    rm -f "${part%.png}.txt" "$part"
  done
}

# rehearse SIZE MODE INDEX: one walk through the lecture (INDEX picks its display).
rehearse() {
  local size=$1 mode=$2 plan=$out/plan-$1$type_suffix.tsv dir=$out/$2-$1$type_suffix
  [[ -f $plan ]] || { fail "no plan $plan (run: cargo test --test ui lecture_layout)"; return; }
  # An empty field is "-" in the plan.
  rm -rf "$dir" && mkdir -p "$dir"
  local display xvfb app
  local width=${size%x*} height=${size#*x} screen=$size args=(--lecture)
  if [[ $mode == presenter ]]; then
    screen=$((width * 2))x$height
    args=(--presenter)
  fi
  # A display of this walk's own (walks run side by side; see tests/xvfb.sh).
  if ! start_xvfb "$screen" "$dir" "rehearsal: $mode $size"; then
    fail "$mode $size: the virtual display did not start"
    return
  fi
  display=$XVFB_DISPLAY xvfb=$XVFB_PID
  local home attempt
  home=$(mktemp -d)
  # A fresh home: no progress, no remembered window or type factor. (Under load a start may
  # miss the display: it is tried three times.)
  for attempt in 1 2 3; do
    HOME=$home XDG_DATA_HOME=$home XDG_CONFIG_HOME=$home DISPLAY=$display \
      "$bin" "${args[@]}" --progress-file "$home/progress.json" >"$dir/program.log" 2>&1 &
    app=$!
    sleep 3
    kill -0 "$app" 2>/dev/null && break
    echo "rehearsal: $mode $size: the program did not start (attempt $attempt)" >&2
  done
  local wins="" tries
  for tries in $(seq 30); do
    wins=$(DISPLAY=$display xdotool search --pid "$app" 2>/dev/null || true)
    local want=1; [[ $mode == presenter ]] && want=2
    [[ $(grep -c . <<<"$wins") -ge $want ]] && break
    sleep 1
  done
  # No window manager: place the windows (the console left, the audience right).
  local i=0 w focus=""
  for w in $wins; do
    if [[ $mode == presenter ]]; then
      local name; name=$(DISPLAY=$display xdotool getwindowname "$w" 2>/dev/null || true)
      if [[ $name == *audience* ]]; then
        DISPLAY=$display xdotool windowmove "$w" "$width" 0 windowsize "$w" "$width" "$height" || true
        focus=$w
      else
        DISPLAY=$display xdotool windowmove "$w" 0 0 windowsize "$w" "$width" "$height" || true
      fi
    else
      DISPLAY=$display xdotool windowmove "$w" 0 0 windowsize "$w" "$width" "$height" || true
      focus=$w
    fi
    i=$((i + 1))
  done
  sleep 3
  # The lecturer's type, as a lecturer sets it: Ctrl+Plus a tenth at a time.
  local press
  for ((press = 100; press != type; press += (type > 100 ? 10 : -10))); do
    [[ -n $focus ]] && DISPLAY=$display xdotool windowfocus "$focus" 2>/dev/null || true
    DISPLAY=$display xdotool key --clearmodifiers "$( ((type > 100)) && echo ctrl+equal || echo ctrl+minus)"
    sleep 0.5
  done
  if ((type != 100)) && [[ $mode == lecture ]]; then
    shot "$display" "$dir/type.png"
    # (The top bar keeps the normal type: read at twice its size.)
    convert "$dir/type.png" -crop 100%x8%+0+0 +repage -resize 200% "$dir/type-bar.png"
    OMP_THREAD_LIMIT=1 tesseract "$dir/type-bar.png" "$dir/type-bar" >/dev/null 2>&1 || true
    grep -Eq "$type *%" "$dir/type-bar.txt" "$dir/type.txt" ||
      fail "$mode $size: the top bar does not read Type $type %"
  fi
  local n step title headline notes k=0 i=0 lines last_shot=""
  mapfile -t lines < <(head -n "${REHEARSAL_STEPS:-100000}" "$plan")
  while ((i < ${#lines[@]})); do
    IFS=$'\t' read -r n step title headline notes <<<"${lines[i]}"
    k=$((k + 1))
    local file
    file=$(printf '%s/%03d-s%02d-%s.png' "$dir" "$k" "$n" "$step")
    [[ $headline == - ]] && headline=""
    [[ $notes == - ]] && notes=""
    # The presenter view is read for its console's notes (the lecture walks read the
    # headlines).
    [[ $mode == presenter ]] && headline=""
    # The console's "Next" line: the next section's title, or the lecture's end.
    # (Where the lab's servers are installed the lecture goes on to the lab, which the plan
    # does not hold: the last section's Next line is then the lab's, and is not read.)
    local next=$i
    while ((next < ${#lines[@]})) && [[ ${lines[next]%%$'\t'*} == "$n" ]]; do next=$((next + 1)); done
    local next_title="Next: nothing, the lecture ends here"
    if command -v redis-server >/dev/null || command -v etcd >/dev/null; then next_title=""; fi
    ((next < ${#lines[@]})) && next_title="Next $(cut -f3 <<<"${lines[next]}")"
    # Runs and the screen settle: read again while something is missing, up to 5 times. (One
    # Page Down is one build: the walk never presses again to catch up with the plan.)
    for ((tries = 1; tries <= 5; tries++)); do
      [[ -n $focus ]] && DISPLAY=$display xdotool windowfocus "$focus" 2>/dev/null || true
      shot "$display" "$file" "$([[ $mode == presenter ]] && echo halves)"
      audience "$file" "$mode"
      if found "${file%.png}.txt" "$title" && found "${file%.png}.txt" "$headline" &&
        { [[ -z $last_shot ]] || changed "$last_shot" "$file"; } &&
        { [[ $mode != presenter ]] || { found "${file%.png}.txt" "$notes" &&
          { [[ -z $next_title ]] || found "${file%.png}.txt" "$next_title"; }; }; }; then
        break
      fi
      sleep 2
    done
    found "${file%.png}.txt" "$title" || fail "$mode $size step $k (section $n): the title '$title' does not read"
    found "${file%.png}.txt" "$headline" || fail "$mode $size step $k (section $n): the headline '$headline' does not read"
    if [[ $mode == presenter ]]; then
      found "${file%.png}.txt" "$notes" || fail "$mode $size step $k (section $n): the console's notes '$notes' do not read"
      [[ -z $next_title ]] || found "${file%.png}.txt" "$next_title" ||
        fail "$mode $size step $k (section $n): the console's '$next_title' does not read"
    fi
    if [[ -n $last_shot ]] && ! changed "$last_shot" "$file"; then
      fail "$mode $size step $k (section $n): Page Down did not change the screen"
    fi
    blank "$file" && fail "$mode $size step $k (section $n): a blank slide"
    if [[ -n $last_shot ]] && scrolled "$last_shot" "$file"; then
      fail "$mode $size step $k (section $n): the press only moved the screen before it"
    fi
    last_shot=$file
    DISPLAY=$display xdotool key --clearmodifiers Next
    sleep 1
    i=$((i + 1))
  done
  # The last Page Down at the end changes nothing; then Home, and forward again: every Page
  # Down changes the screen (pixels only: the words were read on the way out).
  # (Where the lab's servers are installed the lecture goes on to the lab, which the plan of
  # the UI tests, made without them, does not hold: its experiments run as builds, each a run
  # of a few seconds, and each may take a few screenfuls. After each press the screen is let
  # settle (two pictures two seconds apart the same) before it is compared with the last.)
  local end back forward=0 first_title lab=0 settled
  while :; do
    end=$(printf '%s/end-%d.png' "$dir" "$lab")
    settled=$dir/settle.png
    DISPLAY=$display import -window root "$settled" && audience "$settled" "$mode"
    for tries in $(seq 15); do
      sleep 2
      DISPLAY=$display import -window root "$end" && audience "$end" "$mode"
      changed "$settled" "$end" || break
      cp "$end" "$settled" && cp "${end%.png}-audience.png" "${settled%.png}-audience.png"
    done
    ocr "$end"
    [[ -n $last_shot ]] && changed "$last_shot" "$end" || break
    lab=$((lab + 1))
    # (The presenter view's console shows a running clock, and a run's lanes fill as it goes:
    # there only the lecture windows are held to the lab's length. A quick look,
    # REHEARSAL_STEPS, stops before the plan's end, where the lecture still goes on.)
    if ((lab > 30 * type / 100)); then
      [[ $mode == presenter || -n ${REHEARSAL_STEPS:-} ]] || fail "$mode $size: Page Down goes on past the lab's last experiment"
      break
    fi
    last_shot=$end
    DISPLAY=$display xdotool key --clearmodifiers Next
  done
  rm -f "$settled" "${settled%.png}-audience.png"
  ((lab > 0)) && echo "rehearsal: $mode $size: $lab steps in the lab after the plan's end"
  DISPLAY=$display xdotool key --clearmodifiers Home
  sleep 2
  back=$dir/home.png
  shot "$display" "$back" "$([[ $mode == presenter ]] && echo halves)"
  audience "$back" "$mode"
  first_title=$(cut -f3 <<<"${lines[0]}")
  found "${back%.png}.txt" "$first_title" || fail "$mode $size: Home did not go back to '$first_title'"
  last_shot=$back
  while ((forward + 1 < k)); do
    forward=$((forward + 1))
    DISPLAY=$display xdotool key --clearmodifiers Next
    file=$(printf '%s/again-%03d.png' "$dir" "$forward")
    for tries in $(seq 4); do
      sleep 0.7
      DISPLAY=$display import -window root "$file"
      audience "$file" "$mode"
      changed "$last_shot" "$file" && break
    done
    changed "$last_shot" "$file" || fail "$mode $size: after Home, Page Down $forward did not change the screen"
    blank "$file" && fail "$mode $size: after Home, Page Down $forward shows a blank slide"
    scrolled "$last_shot" "$file" && fail "$mode $size: after Home, Page Down $forward only moved the screen"
    [[ $last_shot == */again-* ]] && rm -f "$last_shot" "${last_shot%.png}-audience.png"
    last_shot=$file
  done
  echo "rehearsal: $mode $size: $k steps, back with Home and $forward again, screenshots in $dir"
  # (The walk's last report: a walk that died before it is a failed walk.)
  : >"$out/done$type_suffix-$mode-$size"
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
  wait "$xvfb" 2>/dev/null || true
  rm -rf "$home"
}

# Lecture mode at both sizes; the presenter view (two windows) on the projector's size. The
# walks go side by side, each on its own virtual display (they mostly wait for the screen).
rm -f "$out"/failures"$type_suffix"-* "$out"/done"$type_suffix"-*
walks=()
expected=()
for size in ${REHEARSAL_SIZES-1024x768 1280x800}; do
  rehearse "$size" lecture "${#walks[@]}" &
  walks+=($!)
  expected+=("lecture-$size")
done
for size in ${REHEARSAL_PRESENTER_SIZES-1024x768}; do
  rehearse "$size" presenter "${#walks[@]}" &
  walks+=($!)
  expected+=("presenter-$size")
done
for w in "${walks[@]}"; do
  wait "$w" || echo "rehearsal: a walk exited with status $?" >>"$out/failures$type_suffix-exit"
done
for walk in "${expected[@]}"; do
  [[ -f $out/done$type_suffix-$walk ]] ||
    echo "rehearsal: the $walk walk ended before its last report" >>"$out/failures$type_suffix-exit"
done
failures=$(cat "$out"/failures"$type_suffix"-* 2>/dev/null | grep -c . || true)
if ((failures > 0)); then
  echo "rehearsal: $failures failed checks" >&2
  exit 1
fi
echo "rehearsal: every step read as planned"

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
# change the audience's screen (ImageMagick's `compare -metric AE`, pixels that differ). At the
# end the walk goes back to the start with Home and forward again with Page Down, each press
# checked the same way.
#
#   .ci/rehearsal.sh [EXECUTABLE]     (default: target/release/locks-lesson)
#
# Where redis-server or etcd is installed the lecture goes on into the lab after section 10;
# its builds are paged through to the end too (at most 30 Page Downs, more at a larger type).
#
# REHEARSAL_STEPS=N walks the first N steps only (a quick look); REHEARSAL_SIZES (default
# "1024x768 1280x800") and REHEARSAL_PRESENTER_SIZES (default "1024x768") choose the sizes;
# REHEARSAL_TYPE=150 walks the lecture at Type 150 % (the UI tests write its plan for
# 1024x768: REHEARSAL_TYPE=150 REHEARSAL_SIZES=1024x768 REHEARSAL_PRESENTER_SIZES=).
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
[[ $type =~ ^1[0-5]0$ ]] || { echo "rehearsal: REHEARSAL_TYPE must be 100 to 150 in tens" >&2; exit 2; }
type_suffix=""
((type != 100)) && type_suffix=-type$type

# Each walk runs in a subshell of its own (the walks go side by side): a failed check is a
# line in its walk's file.
fail() { echo "rehearsal: $*" | tee -a "$out/failures-$BASHPID" >&2; }

# Lower-case words of at least five letters, one a line (what OCR is asked to find).
words() { tr 'A-Z' 'a-z' <<<"$1" | tr -c 'a-z\n' ' ' | tr ' ' '\n' | awk 'length($0) >= 5' | sort -u; }

# found TEXTFILE "sentence": true when most of the sentence's long words are in the OCR text.
found() {
  local text=$1 want=$2 total=0 hit=0 w
  while read -r w; do
    [[ -z $w ]] && continue
    total=$((total + 1))
    grep -qi -- "$w" "$text" && hit=$((hit + 1))
  done < <(words "$want")
  ((total == 0 || hit * 3 >= total * 2))
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
    read -r w h < <(identify -format '%w %h' "$1")
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
  for ((press = 100; press < type; press += 10)); do
    [[ -n $focus ]] && DISPLAY=$display xdotool windowfocus "$focus" 2>/dev/null || true
    DISPLAY=$display xdotool key --clearmodifiers ctrl+equal
    sleep 0.5
  done
  if ((type != 100)) && [[ $mode == lecture ]]; then
    shot "$display" "$dir/type.png"
    grep -Eq "$type *%" "$dir/type.txt" || fail "$mode $size: the top bar does not read Type $type %"
  fi
  local n step title headline notes k=0 previous_title="" i=0 lines last_shot=""
  mapfile -t lines < <(head -n "${REHEARSAL_STEPS:-100000}" "$plan")
  while ((i < ${#lines[@]})); do
    IFS=$'\t' read -r n step title headline notes <<<"${lines[i]}"
    k=$((k + 1))
    local file
    file=$(printf '%s/%03d-s%02d-%s.png' "$dir" "$k" "$n" "$step")
    [[ $headline == - ]] && headline=""
    [[ $notes == - ]] && notes=""
    # The presenter view is read for its console's notes (the lecture walks read the
    # headlines): its audience window's own title row may page a long page differently.
    [[ $mode == presenter ]] && headline=""
    # The presenter view's audience window carries a title row of its own, so a long paged
    # page may take one screenful less there than in the plan: the first line of the next
    # section, and its notes.
    local next=$i next_notes=""
    while ((next < ${#lines[@]})) && [[ ${lines[next]%%$'\t'*} == "$n" ]]; do next=$((next + 1)); done
    ((next < ${#lines[@]})) && next_notes=$(cut -f5 <<<"${lines[next]}")
    local ahead=""
    # The console's "Next" line: the next section's title, or the lecture's end.
    # (Where the lab's servers are installed the lecture goes on to the lab, which the plan
    # does not hold: the last section's Next line is then the lab's, and is not read.)
    local next_title="Next: nothing, the lecture ends here"
    if command -v redis-server >/dev/null || command -v etcd >/dev/null; then next_title=""; fi
    ((next < ${#lines[@]})) && next_title="Next $(cut -f3 <<<"${lines[next]}")"
    # The title that follows this section's steps: the next section's, or after the last
    # the lab's (where its servers are installed).
    local following=""
    ((next < ${#lines[@]})) && following=$(cut -f3 <<<"${lines[next]}")
    [[ -z $following && -z $next_title ]] && following="Lab: a real lock server"
    # Runs and the screen settle: read again while something is missing, up to 5 times (and
    # up to 15 while the section before is still paging: at a larger type a long page takes
    # more screenfuls than the plan's).
    local limit=5
    for ((tries = 1; tries <= limit && tries <= 15; tries++)); do
      [[ -n $focus ]] && DISPLAY=$display xdotool windowfocus "$focus" 2>/dev/null || true
      shot "$display" "$file" "$([[ $mode == presenter ]] && echo halves)"
      audience "$file" "$mode"
      if found "${file%.png}.txt" "$title" && found "${file%.png}.txt" "$headline" &&
        { [[ -z $last_shot ]] || changed "$last_shot" "$file"; } &&
        { [[ $mode != presenter ]] || { found "${file%.png}.txt" "$notes" &&
          { [[ -z $next_title ]] || found "${file%.png}.txt" "$next_title"; }; }; }; then
        break
      fi
      if [[ $mode == presenter && -n $next_notes && $next_notes != - && $next_notes != "$notes" ]] &&
        found "${file%.png}.txt" "$next_notes" && ! found "${file%.png}.txt" "$notes"; then
        ahead=1
        break
      fi
      # A page that took a screenful less here: the next section's title (or the lab's) is
      # on screen, this one's is not.
      if [[ -n $following && $following != "$title" ]] &&
        found "${file%.png}.txt" "$following" && ! found "${file%.png}.txt" "$title"; then
        ahead=1
        break
      fi
      # Still on the section before (a window of another height, or a larger type, pages a
      # long page more): one more Page Down.
      if [[ $title != "$previous_title" ]] && found "${file%.png}.txt" "$previous_title" &&
        ! found "${file%.png}.txt" "$title"; then
        DISPLAY=$display xdotool key --clearmodifiers Next
        limit=$((limit + 1))
      fi
      sleep 2
    done
    if [[ -n $ahead ]]; then
      echo "rehearsal: $mode $size step $k: section $n took fewer screenfuls here; on with the next section" >&2
      i=$next
      continue
    fi
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
    last_shot=$file
    previous_title=$title
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
    [[ $last_shot == */again-* ]] && rm -f "$last_shot" "${last_shot%.png}-audience.png"
    last_shot=$file
  done
  echo "rehearsal: $mode $size: $k steps, back with Home and $forward again, screenshots in $dir"
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
  wait "$xvfb" 2>/dev/null || true
  rm -rf "$home"
}

# Lecture mode at both sizes; the presenter view (two windows) on the projector's size. The
# walks go side by side, each on its own virtual display (they mostly wait for the screen).
rm -f "$out"/failures-*
walks=()
for size in ${REHEARSAL_SIZES-1024x768 1280x800}; do
  rehearse "$size" lecture "${#walks[@]}" &
  walks+=($!)
done
for size in ${REHEARSAL_PRESENTER_SIZES-1024x768}; do
  rehearse "$size" presenter "${#walks[@]}" &
  walks+=($!)
done
for w in "${walks[@]}"; do wait "$w" || true; done
failures=$(cat "$out"/failures-* 2>/dev/null | grep -c . || true)
if ((failures > 0)); then
  echo "rehearsal: $failures failed checks" >&2
  exit 1
fi
echo "rehearsal: every step read as planned"

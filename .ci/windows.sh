#!/usr/bin/env bash
# The Windows build, made on Linux and tried under Wine; and a compile check for macOS. Called
# by .ci/run; runs on its own too: `bash .ci/windows.sh`.
#
# 1. Builds locks-lesson.exe and locks-lesson-cli.exe for x86_64-pc-windows-gnu with MinGW-w64
#    as the linker: with rustup's compiler and its prebuilt standard library for the target
#    (`rustup target add`), or, where rustup cannot fetch it, with Debian's Rust (rustc-web,
#    cargo-web, rust-web-src; the standard library built from source with -Zbuild-std). A
#    check build: optimised at level 1, without LTO, in 16 codegen units, so it stays quick
#    (the published programs come from the release workflow).
# 2. Under Wine (a fresh prefix under the target folder) on a virtual X display:
#    --version; `sim` for every model with --json, byte for byte as the Linux build prints it
#    for the same seed; bad input exits 2 naming the flag; `lab` says that no server program is
#    installed; the window opens and draws section 1 (read back by OCR), a key press moves to
#    section 2, the progress file lands in %APPDATA% and a second start opens at section 2.
# 3. The installer: makensis builds it from packaging/windows/installer.nsi; it is installed
#    silently (/S), the installed programs run, the Start menu shortcuts and the uninstaller are
#    there, and the silent uninstall removes them all.
# 4. macOS: `cargo check` of the bins for aarch64-apple-darwin (compiles; links nothing), with
#    the same toolchain.
#
# Wine 8 lacks bcryptprimitives.dll (ProcessPrng, where Rust's standard library takes its random
# bytes). tests/windows/bcryptprimitives.c is a test-only stand-in, built here into the Wine
# prefix's system32: never into the installer.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

section() { printf '\n=== %s ===\n' "$*"; }
fail() {
  echo "windows check: $*" >&2
  exit 1
}
step_start=$SECONDS
took() { echo "($1: $((SECONDS - step_start)) s)"; step_start=$SECONDS; }

section "windows: packages"
packages=(gcc-mingw-w64-x86-64 wine64 nsis
  xvfb xdotool imagemagick tesseract-ocr tesseract-ocr-eng
  libgl1 libgl1-mesa-dri libxrandr2 libxcursor1 libxi6 libxrender1 libxxf86vm1
  libxcomposite1 libxinerama1)
# Installs the Debian packages given that are missing.
install_missing() {
  local missing=() p SUDO=""
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [[ ${#missing[@]} -gt 0 ]] || return 0
  [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
}
install_missing "${packages[@]}"
took packages

target=$(realpath -m "${CARGO_TARGET_DIR:-target}")
# The cross builds get a target folder of their own: a Linux build going on in the main folder
# does not block them, and the Windows build and the macOS check share their build scripts.
cross=$target/cross
mkdir -p "$cross"
triple=x86_64-pc-windows-gnu
version=$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' Cargo.toml | head -n 1)

# The check builds' profile: release with the dependencies at level 0 and this crate at level 1
# (the random-number crates that Cargo.toml puts at level 3 stay there), without LTO, in 16
# codegen units: they are compiled for Wine to run them, not to be fast.
profile_args=(--release --config 'profile.release.opt-level=0'
  --config 'profile.release.package.locks-lesson.opt-level=1'
  --config 'profile.release.lto=false' --config 'profile.release.codegen-units=16')

# rustup's toolchain with the targets' prebuilt standard libraries, else Debian's with
# -Zbuild-std (its cargo and rustc called by path: rustup's come first on PATH).
if command -v rustup >/dev/null && rustup target add "$triple" aarch64-apple-darwin >"$cross/rustup.log" 2>&1; then
  toolchain="rustup's rustc $(rustc --version | cut -d' ' -f2)"
  cross_cargo() {
    env CARGO_TARGET_DIR="$cross" CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc \
      cargo "$@"
  }
  build_std=()
else
  echo "(rustup cannot add the targets: $(tail -n 1 "$cross/rustup.log" 2>/dev/null); Debian's Rust instead)"
  install_missing rustc-web cargo-web rust-web-src
  toolchain="Debian's rustc $(/usr/bin/rustc --version | cut -d' ' -f2)"
  # Clippy's driver (set by .ci/run to lint while building) belongs to rustup's toolchain.
  unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
  cross_cargo() {
    env RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc CARGO_TARGET_DIR="$cross" \
      CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc \
      /usr/bin/cargo "$@"
  }
  build_std=(-Zbuild-std=std,panic_unwind)
fi
win=$cross/$triple/release
took toolchain

section "windows: build ($toolchain, MinGW-w64)"
cross_cargo build "${profile_args[@]}" --locked "${build_std[@]}" --target "$triple" \
  --features console --bins
for exe in locks-lesson.exe locks-lesson-cli.exe; do
  [[ -f $win/$exe ]] || fail "the build made no $win/$exe"
  echo "$exe: $(stat -c %s "$win/$exe") bytes"
done
took build

# The Linux executable to compare with: the one the caller has built (.ci/run passes its
# release build in LINUX_EXE), or a build of our own when run alone.
if [[ -n ${LINUX_EXE:-} ]]; then
  linux=$(realpath "$LINUX_EXE")
  [[ -x $linux ]] || fail "LINUX_EXE=$LINUX_EXE is not an executable"
else
  section "windows: the Linux build to compare with"
  cargo build --locked --bin locks-lesson
  linux=$target/debug/locks-lesson
  took "linux build"
fi

section "windows: a fresh Wine prefix on a virtual display"
wine=/usr/lib/wine/wine64
[[ -x $wine ]] || wine=$(command -v wine64 || command -v wine) || fail "no wine64"
wineserver=$(dirname "$wine")/wineserver
[[ -x $wineserver ]] || wineserver=$(command -v wineserver) || fail "no wineserver"
export WINEPREFIX=$target/wine-prefix
# No Mono or Gecko install prompts, no desktop entries for the host's menus, no Wine chatter.
export WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
export WINEDEBUG=-all
work=$target/wine-work
pids=()
cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  # Only this prefix's wine server (and so its processes).
  [[ -d $WINEPREFIX ]] && timeout 20 "$wineserver" -k 2>/dev/null || true
}
trap cleanup EXIT
[[ -d $WINEPREFIX ]] && { timeout 20 "$wineserver" -k 2>/dev/null || true; }
rm -rf "$WINEPREFIX" "$work"
mkdir -p "$work"

n=90
while [[ -e /tmp/.X11-unix/X$n || -e /tmp/.X$n-lock ]]; do n=$((n + 1)); done
Xvfb ":$n" -screen 0 1280x800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
pids+=($!)
export DISPLAY=":$n"
for _ in $(seq 50); do [[ -e /tmp/.X11-unix/X$n ]] && break; sleep 0.1; done

# Every wine call has a hard time limit: run_wine SECONDS PROGRAM [ARGS...].
run_wine() {
  local t=$1
  shift
  timeout -k 10 "$t" "$wine" "$@"
}
run_wine 300 wineboot --init >"$work/wineboot.log" 2>&1 || fail "wineboot failed: $(tail -3 "$work/wineboot.log")"
# Wine links Documents, Desktop and the like to the home folder: make them folders of the prefix,
# so that nothing the check saves lands outside it.
for link in "$WINEPREFIX"/drive_c/users/*/*; do
  if [[ -L $link ]]; then rm "$link" && mkdir "$link"; fi
done
x86_64-w64-mingw32-gcc -shared -O2 -Wall -s -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
  tests/windows/bcryptprimitives.c -ladvapi32
took "wine prefix"

# Runs a Windows program: its stdout in $work/out, stderr in $work/err, the exit status in $rc.
rc=0
win_run() {
  rc=0
  run_wine 300 "$@" >"$work/out" 2>"$work/err" || rc=$?
}
# Compares $work/out with the Linux program's output of the same arguments, byte for byte.
same_as_linux() {
  local what=$1
  shift
  "$linux" "$@" >"$work/linux.out"
  if cmp -s "$work/out" "$work/linux.out"; then
    echo "  same bytes as Linux: $what ($(wc -c <"$work/out") bytes)"
  elif tr -d '\r' <"$work/out" | cmp -s - "$work/linux.out"; then
    fail "$what: same as Linux except for carriage returns (CRLF line endings)"
  else
    diff <(cat "$work/linux.out") <(cat "$work/out") | head -20 >&2 || true
    fail "$what: differs from the Linux build's output"
  fi
}
# The exit status and stderr of a bad call: expect_usage_error TEXT ARGS...
expect_usage_error() {
  local text=$1
  shift
  win_run "$win/locks-lesson-cli.exe" "$@"
  [[ $rc -eq 2 ]] || fail "'$*' exited $rc, not 2 (stderr: $(cat "$work/err"))"
  grep -qF -- "$text" "$work/err" || fail "'$*': stderr does not name '$text': $(cat "$work/err")"
  echo "  exit 2 for '$*': $(head -n 1 "$work/err")"
}

section "windows: the console program under Wine"
win_run "$win/locks-lesson-cli.exe" --version
[[ $rc -eq 0 && $(cat "$work/out") == "locks-lesson $version" ]] ||
  fail "locks-lesson-cli.exe --version: exit $rc, '$(cat "$work/out")' $(cat "$work/err")"
echo "  locks-lesson-cli.exe --version: $(cat "$work/out")"
win_run "$win/locks-lesson.exe" --version
[[ $rc -eq 0 && $(cat "$work/out") == "locks-lesson $version" ]] ||
  fail "locks-lesson.exe --version: exit $rc, '$(cat "$work/out")' $(cat "$work/err")"
echo "  locks-lesson.exe --version: $(cat "$work/out")"

# Every model, JSON and text, with seeds other than the default; one sweep (CSV).
sims=(
  "counter --seed 11 --json"
  "counter --seed 11 --lock --json"
  "ttl --seed 5 --holds 2000000 --json"
  "ttl --seed 5 --precision 6"
  "stale --json"
  "stale --fencing --json"
  "fencing --seed 3 --json"
  "failover --seed 9 --json"
  "renewal --seed 4 --json"
  "ttl --seed 2 --holds 20000 --sweep ttl-s=1:60:5"
)
for args in "${sims[@]}"; do
  # shellcheck disable=SC2086  # the arguments are split on purpose
  win_run "$win/locks-lesson-cli.exe" sim $args
  [[ $rc -eq 0 ]] || fail "sim $args: exit $rc: $(cat "$work/err")"
  # shellcheck disable=SC2086
  same_as_linux "sim $args" sim $args
done

expect_usage_error "--ttl-s" sim ttl --ttl-s -1
expect_usage_error "--section" --section 0
expect_usage_error "--seed" sim failover --seed x
# No lock server on this "Windows": the lab says so and how to get one.
expect_usage_error "redis-server is not on PATH" lab stale --server redis
expect_usage_error "etcd is not on PATH" lab stale --server etcd
took "console checks"

section "windows: the window under Wine"
# OCR of the whole screen, lower case, in $work/screen.txt.
read_screen() {
  import -window root "$work/screen.png"
  convert "$work/screen.png" -resize 200% -colorspace Gray "$work/screen-big.png"
  tesseract "$work/screen-big.png" - 2>/dev/null | tr '[:upper:]' '[:lower:]' >"$work/screen.txt"
}
# Waits up to $1 seconds until the screen shows every word given.
wait_for_words() {
  local limit=$1 w ok
  shift
  local until=$((SECONDS + limit))
  while ((SECONDS < until)); do
    read_screen
    ok=1
    for w in "$@"; do grep -qiF -- "$w" "$work/screen.txt" || ok=""; done
    [[ -n $ok ]] && return 0
    sleep 2
  done
  return 1
}
gui_pid=""
start_window() {
  timeout -k 10 240 "$wine" "$win/locks-lesson.exe" >"$work/gui.log" 2>&1 &
  gui_pid=$!
  pids+=("$gui_pid")
  local wid="" until=$((SECONDS + 90))
  while ((SECONDS < until)) && [[ -z $wid ]]; do
    kill -0 "$gui_pid" 2>/dev/null || fail "the window program exited early: $(tail -5 "$work/gui.log")"
    wid=$(xdotool search --onlyvisible --name "Distributed locks" 2>/dev/null | head -n 1 || true)
    [[ -n $wid ]] || sleep 1
  done
  [[ -n $wid ]] || fail "no window named 'Distributed locks' within 90 s"
  xdotool windowmove "$wid" 0 0 windowsize "$wid" 1280 800 2>/dev/null || true
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
  window=$wid
}
stop_window() {
  # Alt+F4 closes a window under Wine as on Windows; the hard stop is for a window that hangs.
  xdotool windowfocus --sync "$window" key --clearmodifiers alt+F4 2>/dev/null || true
  local until=$((SECONDS + 30))
  while ((SECONDS < until)) && kill -0 "$gui_pid" 2>/dev/null; do sleep 1; done
  if kill -0 "$gui_pid" 2>/dev/null; then
    echo "  (the window did not close on Alt+F4; stopped)"
    kill "$gui_pid" 2>/dev/null || true
  fi
  wait "$gui_pid" 2>/dev/null || true
}
# Section 1's words (its heading and its body) and section 2's.
# (The section list beside them names every section: these words are in the page itself.)
s1_words=("section 1" "lost updates" "predict first")
s2_words=("section 2" "trade-off")

start_window
wait_for_words 120 "${s1_words[@]}" ||
  fail "section 1 did not show within 120 s; OCR read: $(tr '\n' ' ' <"$work/screen.txt" | cut -c1-400)"
cp "$work/screen.png" "$work/section1.png"
echo "  the window drew section 1 (OCR: ${s1_words[*]})"
xdotool windowfocus --sync "$window" key --clearmodifiers Next 2>/dev/null || true
progress_glob="$WINEPREFIX/drive_c/users/*/AppData/Roaming/locks-lesson/data/progress.ron"
until=$((SECONDS + 60))
progress=""
while ((SECONDS < until)); do
  # shellcheck disable=SC2086  # the glob is expanded on purpose
  progress=$(ls $progress_glob 2>/dev/null | head -n 1 || true)
  [[ -n $progress ]] && grep -q 'last_section: Some("ttl")' "$progress" && break
  sleep 1
done
[[ -n $progress ]] || fail "no progress file in %APPDATA% ($progress_glob) after Page Down"
grep -q 'last_section: Some("ttl")' "$progress" || fail "the progress file does not say section 2: $(cat "$progress")"
echo "  Page Down saved section 2 to ${progress#"$WINEPREFIX"/}"
stop_window
start_window
wait_for_words 120 "${s2_words[@]}" ||
  fail "the second start did not open at section 2; OCR read: $(tr '\n' ' ' <"$work/screen.txt" | cut -c1-400)"
cp "$work/screen.png" "$work/section2.png"
echo "  the second start read the progress file and opened at section 2"
# Section 3's data through the Windows save dialog (Ctrl+Shift+E, then Enter on its name).
# Section 3's own words, not only its number: the page has changed when they show.
xdotool windowfocus --sync "$window" key --clearmodifiers Next 2>/dev/null || true
wait_for_words 60 "section 3" "paused" ||
  fail "Page Down did not open section 3; OCR read: $(tr '\n' ' ' <"$work/screen.txt" | cut -c1-400)"
# Up to three presses, 20 s apart: under Wine on a busy machine a key can come while the
# window is still busy with the page it has just opened (the app's message is read back).
dialog=""
for attempt in 1 2 3; do
  xdotool windowfocus --sync "$window" key --clearmodifiers ctrl+shift+e 2>/dev/null || true
  until=$((SECONDS + 20))
  while ((SECONDS < until)) && [[ -z $dialog ]]; do
    dialog=$(xdotool search --onlyvisible --name "Save the plot" 2>/dev/null | head -n 1 || true)
    [[ -n $dialog ]] || sleep 1
  done
  [[ -n $dialog ]] && break
  read_screen
  echo "  (press $attempt of Ctrl+Shift+E opened no save dialog; OCR read: $(tr '\n' ' ' <"$work/screen.txt" | cut -c1-300))"
done
[[ -n $dialog ]] || fail "Ctrl+Shift+E opened no save dialog in three presses"
sleep 1
xdotool windowfocus --sync "$dialog" key Return 2>/dev/null || true
csv=""
until=$((SECONDS + 30))
while ((SECONDS < until)) && [[ -z $csv ]]; do
  csv=$(ls "$WINEPREFIX"/drive_c/users/*/Documents/locks-lesson-s3.csv 2>/dev/null | head -n 1 || true)
  [[ -n $csv ]] || sleep 1
done
[[ -n $csv ]] || fail "the save dialog wrote no Documents\\locks-lesson-s3.csv"
[[ $(head -n 1 "$csv") == time_s,* ]] || fail "the saved CSV has an unexpected header: $(head -n 1 "$csv")"
echo "  Ctrl+Shift+E saved section 3's data through the save dialog: ${csv#"$WINEPREFIX"/} ($(wc -l <"$csv") lines)"
stop_window
took "window checks"

section "windows: the installer (makensis, silent install under Wine, uninstall)"
setup=$cross/locks-lesson-$version-windows-x64-setup.exe
# A 64-bit setup program (Debian's wine64 runs no 32-bit programs; see installer.nsi).
makensis -V2 -DTARGET=amd64-unicode -DVERSION="$version" -DEXE="$win/locks-lesson.exe" -DCLI_EXE="$win/locks-lesson-cli.exe" \
  -DOUTFILE="$setup" packaging/windows/installer.nsi
echo "  $(basename "$setup"): $(stat -c %s "$setup") bytes"
run_wine 180 "$setup" /S >"$work/setup.log" 2>&1 || fail "the silent install failed: $(tail -3 "$work/setup.log")"
user_dir=$(echo "$WINEPREFIX"/drive_c/users/*/AppData/Local/Programs | head -n 1)
app_dir="$(dirname "$user_dir")/Programs/Locks Lesson"
start_menu=$(echo "$WINEPREFIX"/drive_c/users/*/AppData/Roaming/Microsoft/Windows/"Start Menu"/Programs | head -n 1)
for f in locks-lesson.exe locks-lesson-cli.exe locks-lesson.ico uninstall.exe; do
  [[ -f $app_dir/$f ]] || fail "not installed: $app_dir/$f"
done
for f in "Locks Lesson.lnk" "Locks Lesson (lecture mode).lnk"; do
  lnk="$start_menu/Locks Lesson/$f"
  [[ -f $lnk ]] || fail "no Start menu shortcut $f"
  grep -aqF 'Locks Lesson\locks-lesson.exe' "$lnk" || fail "the shortcut $f does not start the installed program"
done
strings -a -el "$start_menu/Locks Lesson/Locks Lesson (lecture mode).lnk" | grep -qx -- --lecture ||
  fail "the lecture-mode shortcut does not pass --lecture"
run_wine 60 reg query 'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\locks-lesson' \
  >"$work/reg.txt" 2>&1 || fail "no uninstall entry in the registry"
grep -q "uninstall.exe" "$work/reg.txt" || fail "the uninstall entry names no uninstaller: $(cat "$work/reg.txt")"
[[ ! -e $app_dir/bcryptprimitives.dll ]] || fail "the stand-in DLL ended up in the install"
echo "  installed: programs, icon, uninstaller, 2 Start menu shortcuts, the uninstall entry"
win_run "$app_dir/locks-lesson-cli.exe" --version
[[ $rc -eq 0 && $(cat "$work/out") == "locks-lesson $version" ]] ||
  fail "the installed locks-lesson-cli.exe --version: exit $rc, $(cat "$work/out" "$work/err")"
win_run "$app_dir/locks-lesson-cli.exe" sim fencing --seed 3 --json
[[ $rc -eq 0 ]] || fail "the installed program's sim: exit $rc: $(cat "$work/err")"
same_as_linux "installed: sim fencing --seed 3 --json" sim fencing --seed 3 --json

# The uninstaller copies itself to the temporary folder and returns at once: wait for its work.
run_wine 60 "$app_dir/uninstall.exe" /S >"$work/uninstall.log" 2>&1 || fail "the uninstaller failed"
until=$((SECONDS + 60))
while ((SECONDS < until)) && [[ -e $app_dir || -e "$start_menu/Locks Lesson" ]]; do sleep 1; done
[[ ! -e $app_dir ]] || fail "the uninstall left $(ls -A "$app_dir" | tr '\n' ' ')in the install folder"
[[ ! -e "$start_menu/Locks Lesson" ]] || fail "the uninstall left the Start menu folder"
for key in 'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\locks-lesson' 'HKCU\Software\locks-lesson'; do
  if run_wine 60 reg query "$key" >/dev/null 2>&1; then fail "the uninstall left $key"; fi
done
echo "  uninstalled: the program folder, the shortcuts and the registry entry are gone"
took installer

section "macOS: cargo check of the bins for aarch64-apple-darwin ($toolchain)"
cross_cargo check "${profile_args[@]}" --locked "${build_std[@]}" --target aarch64-apple-darwin --bins
took "macos check"

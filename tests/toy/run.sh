#!/usr/bin/env bash
# Adds a toy simulation section to a scratch copy of the crate literally by the recipe in
# src/sections.rs (docs/code.md counts it), and checks that the lesson, the command line, the
# review, the lecture and the snapshot walk pick it up. It fails if the section needed more
# than its four new files and four edits: the scratch copy is a git repository, and after every
# check `git status` must show exactly those (snapshot images, which the tests write, apart).
#
# The four new files are this folder's templates: sim.rs (the model), model.rs (its
# descriptor), page.rs (its page, with its figure and the type of its headlines) and words.ron
# (its words). The four edits are one inserted line each, two in src/ui/sections/mod.rs.
#
# Usage: tests/toy/run.sh. The scratch build reuses the dependencies already built in the
# crate's target folder (CARGO_TARGET_DIR, else target/): it copies debug/deps, debug/build and
# debug/.fingerprint to target/toy/ once, so only the crate itself compiles again.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
toy_target=$target/toy/target
scratch=$target/toy/crate
checks=0
pass() {
  checks=$((checks + 1))
  printf 'ok %d: %s\n' "$checks" "$*"
}
fail() {
  printf 'FAILED: %s\n' "$*" >&2
  exit 1
}

# The crate as it is (its tracked and new files; not its snapshot images), in a repository of
# its own so that what the recipe changes can be counted.
rm -rf "$scratch"
mkdir -p "$scratch" "$toy_target/debug"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | grep -zv '^tests/snapshots/' |
  xargs -0 cp --parents -t "$scratch")
git -C "$scratch" init -q
git -C "$scratch" add -A
git -C "$scratch" -c user.name=toy -c user.email=toy@localhost commit -qm "the crate as it is"
for dir in deps build .fingerprint; do
  if [[ -d $target/debug/$dir && ! -e $toy_target/debug/$dir ]]; then
    cp -a "$target/debug/$dir" "$toy_target/debug/$dir"
  fi
done

# The recipe: four new files...
cp "$here/sim.rs" "$scratch/src/sim/toy.rs"
cp "$here/model.rs" "$scratch/src/sections/models/toy.rs"
mkdir -p "$scratch/src/ui/sections/s10_toy"
cp "$here/page.rs" "$scratch/src/ui/sections/s10_toy/mod.rs"
cp "$here/words.ron" "$scratch/assets/sections/toy.ron"
# ...and four edits, each a line inserted beside the line named (before or after it).
insert() {
  local file=$1 where=$2 anchor=$3 line=$4
  grep -qxF -- "$anchor" "$scratch/$file" || fail "$file has no line '$anchor'"
  ANCHOR=$anchor LINE=$line WHERE=$where perl -i -pe '
    if ($_ eq "$ENV{ANCHOR}\n") { $_ = $ENV{WHERE} eq "before" ? "$ENV{LINE}\n$_" : "$_$ENV{LINE}\n" }
  ' "$scratch/$file"
}
insert src/sim/mod.rs before 'pub mod ttl;' 'pub mod toy;'
insert src/sections/models/mod.rs before 'pub mod ttl;' 'pub mod toy;'
insert src/sections.rs after '    model("break", &models::renewal::MODEL, true),' \
  '    model("toy", &models::toy::MODEL, false),'
insert src/ui/sections/mod.rs after 'pub mod s09_break;' 'pub mod s10_toy;'
insert src/ui/sections/mod.rs after '    ("break", || Box::new(s09_break::section())),' \
  '    ("toy", || Box::new(s10_toy::section())),'

# What the recipe changed: exactly four new files and four edited ones.
count() {
  local status new edited
  status=$(git -C "$scratch" status --porcelain -uall | grep -v ' tests/snapshots/' || true)
  new=$(grep -c '^??' <<<"$status" || true)
  edited=$(grep -c '^ M' <<<"$status" || true)
  printf '%s\n' "$status"
  [[ $new -eq 4 && $edited -eq 4 && $(wc -l <<<"$status") -eq 8 ]] ||
    fail "the recipe took $new new files and $edited edits (at most 4 and 4)"
  pass "the recipe took 4 new files and 4 edits ($1)"
}
count "as written"

cd "$scratch"
export CARGO_TARGET_DIR=$toy_target WGPU_BACKEND=${WGPU_BACKEND:-gl}
rustfmt --check --edition 2024 src/sim/toy.rs src/sections/models/toy.rs src/ui/sections/s10_toy/mod.rs ||
  fail "the templates are not formatted"
pass "the four new files are formatted"

# The command line: `sim toy` and its help, the section count, the review's questions.
cargo build --bin locks-lesson
exe=$toy_target/debug/locks-lesson
# (Each output is kept whole before it is searched: `grep -q` would close the pipe early.)
says() {
  local out
  out=$("$exe" "${@:2}") || fail "locks-lesson ${*:2}"
  grep -Eq -- "$1" <<<"$out" || fail "locks-lesson ${*:2} does not say '$1'"
}
says 'Section 10: tries, each right by chance' sim toy --help
pass "sim toy --help names section 10 and its line"
says '^ +right +[0-9]+$' sim toy --seed 3 --tries 200 --chance 0.5
pass "sim toy runs and reports"
says '1-11, or 12 for the lab' --help
pass "--section counts the toy"
says '^\[toy · predict-toy-share' review --questions --count 2
pass "review --questions asks the toy's prediction"

# The lesson, its words and the list: the library's own checks that walk the registry.
lib_tests=(sections::tests ui::sections::tests predict::tests lesson::catalogue
  lesson::refs review::questions scenario::check)
cargo test --lib -- "${lib_tests[@]}" 2>&1 | tee "$toy_target/lib.log"
grep -Eq '^test result: ok\. [1-9][0-9]* passed' "$toy_target/lib.log" || fail "the library's checks ran none"
pass "the list, its pages, predictions, catalogue, references, review and codes take the toy"

# The lecture (its builds in the speaker notes' order) and the snapshot walk.
rm -rf "$toy_target/rehearsal"
UPDATE_SNAPSHOTS=1 cargo test --test ui -- --exact \
  lecture_layout::page_down_walks_the_whole_lecture_in_build_order \
  snapshots::every_section_at_a_laptop_and_on_a_projector 2>&1 | tee "$toy_target/ui.log"
grep -q '^test result: ok\. 2 passed' "$toy_target/ui.log" || fail "the lecture and snapshot walks"
plan=$toy_target/rehearsal/plan-1024x768.tsv
grep -q $'^10\t1\tA toy section\t.*\tAsk how many of the tries' "$plan" || fail "the toy's first build"
grep -q $'^10\t2\tA toy section\t.*\tRead the share of right tries' "$plan" || fail "its second"
pass "the lecture walks the toy's two builds with their notes"
for name in stage_toy_1280x720 stage_toy_lecture_1280x800; do
  [[ -s tests/snapshots/$name.png ]] || fail "no picture $name"
done
pass "the snapshot walk pictures the toy"

count "after every check"
((checks == 10)) || fail "$checks checks ran, not 10"
echo "the toy section: every check passed"

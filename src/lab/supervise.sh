trap '' INT HUP PIPE
dir=$(mktemp -d "${TMPDIR:-/tmp}/locks-lesson-lab-XXXXXXXX") || exit 1
cd "$dir" || exit 1
"$@" </dev/null >server.log 2>&1 &
pid=$!
echo "$dir $pid"
while read -r cmd; do
  case $cmd in
    kill) kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; echo killed ;;
    status) jobs >/dev/null 2>&1; if kill -0 "$pid" 2>/dev/null; then echo up; else echo down; fi ;;
  esac
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
cd / && rm -rf "$dir"

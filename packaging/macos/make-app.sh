#!/usr/bin/env bash
# Builds "Locks Lesson.app" and a compressed .dmg around a release binary (macOS only: it uses
# PlistBuddy, codesign and hdiutil, which ship with macOS).
#
# Usage: packaging/macos/make-app.sh BINARY OUT_DIR
#   BINARY   a release build of locks-lesson (e.g. a universal binary made with lipo)
#   OUT_DIR  where "Locks Lesson.app" and locks-lesson-VERSION-macos.dmg are written
#
# The bundle is signed ad hoc (no Apple developer identity), so on first start macOS asks the user
# to confirm: see the README's install section.
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 BINARY OUT_DIR" >&2
    exit 2
fi
bin=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
version=$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' "$root/Cargo.toml" | head -n 1)
[[ -n $version ]] || { echo "could not read the version from Cargo.toml" >&2; exit 1; }

mkdir -p "$out"
app="$out/Locks Lesson.app"
rm -rf "$app"
mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
install -m 755 "$bin" "$app/Contents/MacOS/locks-lesson"
cp "$here/Info.plist" "$app/Contents/Info.plist"
/usr/libexec/PlistBuddy \
    -c "Set :CFBundleShortVersionString $version" \
    -c "Set :CFBundleVersion $version" \
    "$app/Contents/Info.plist"
plutil -lint "$app/Contents/Info.plist"
cp "$here/AppIcon.icns" "$app/Contents/Resources/AppIcon.icns"
printf 'APPL????' > "$app/Contents/PkgInfo"

# Ad-hoc signature over the whole bundle (binary + Info.plist + resources): Apple-silicon Macs
# refuse to run unsigned code, and a consistent bundle signature avoids a "damaged app" message.
codesign --force --deep --sign - "$app"
codesign --verify --deep --strict "$app"

# Disk image: the app and a link to /Applications to drag it onto.
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
cp -R "$app" "$staging/"
ln -s /Applications "$staging/Applications"
dmg="$out/locks-lesson-$version-macos.dmg"
rm -f "$dmg"
hdiutil create -volname "Locks Lesson" -srcfolder "$staging" -fs HFS+ -format UDZO -ov "$dmg"
hdiutil verify "$dmg"
echo "$dmg"

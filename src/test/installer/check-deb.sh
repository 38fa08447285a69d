#!/usr/bin/env bash
# The installer's check (mvn -Pinstaller verify): unpack the .deb into a fresh folder, as dpkg would install it but
# without root, and run what it carries with no Java on the PATH and no JAVA_HOME: `tmeval --version`, a command on
# the bundled sample data, and a headless screenshot of the workbench.
set -euo pipefail
deb="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
dpkg-deb -x "$deb" "$work/root"
app="$work/root/opt/tmeval"
mkdir -p "$work/empty-path" "$work/home" "$work/cwd"
# from an empty folder, as a user's: no sample-data folder in the working directory to find instead of the jar's
run() { (cd "$work/cwd" && env -i PATH="$work/empty-path" HOME="$work/home" "$app/bin/tmeval" "$@"); }

test -x "$app/bin/tmeval" || { echo "check-deb: no launcher at opt/tmeval/bin/tmeval in $deb" >&2; exit 1; }
test -x "$app/lib/runtime/bin/java" || { echo "check-deb: no Java runtime inside $deb" >&2; exit 1; }
dpkg-deb -e "$deb" "$work/control"
grep -qx 'link=/usr/bin/tmeval' "$work/control/postinst" && grep -qx 'launcher=/opt/tmeval/bin/tmeval' "$work/control/postinst" \
    && grep -q '^ *put_on_path$' "$work/control/postinst" || { echo "check-deb: postinst does not put tmeval on the PATH" >&2; exit 1; }
! grep -q 'ln -sf' "$work/control/postinst" || { echo "check-deb: postinst replaces what is at its link's path (ln -sf)" >&2; exit 1; }
desktop="$(find "$work/root" -type f -name '*.desktop' | head -1)"
[ -n "$desktop" ] && grep -q '^Exec=/opt/tmeval/bin/tmeval' "$desktop" \
    || { echo "check-deb: no desktop menu entry that starts /opt/tmeval/bin/tmeval" >&2; exit 1; }
grep -q "xdg-desktop-menu install $(echo "$desktop" | sed "s|^$work/root||")" "$work/control/postinst" \
    || { echo "check-deb: postinst does not install the menu entry" >&2; exit 1; }

version="$(run --version)"
echo "check-deb: tmeval --version: $version"
[[ "$version" == tmeval* ]] || { echo "check-deb: unexpected --version output: $version" >&2; exit 1; }

# the workbench opens on the sample data the jar carries (extracted into ~/.tmeval on first use)
run --screenshot "$work/table.png" --view table --size 1280x800
size=$(stat -c %s "$work/table.png")
[ "$size" -gt 20000 ] || { echo "check-deb: the screenshot is only $size bytes" >&2; exit 1; }
model="$(find "$work/home/.tmeval/sample-data" -name model-asymmetric.tsv.gz | head -1)"
[ -n "$model" ] || { echo "check-deb: the workbench did not open on the sample data the jar carries" >&2; exit 1; }
run info --model "$model" > "$work/info.txt"
grep -q 'K = 20 topics' "$work/info.txt" || { cat "$work/info.txt" >&2; echo "check-deb: info on the sample model failed" >&2; exit 1; }
echo "check-deb: the .deb's runtime ran the command line and a headless screenshot ($size bytes) with no Java on the PATH"

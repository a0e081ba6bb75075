#!/usr/bin/env bash
# build.sh does the work behind the README's commands.
#
#   ./build.sh test     set up what the tests need, then run every test
#   ./build.sh serve    build the playground and serve it (PORT, default 8080)
#
# Run it from anywhere; it works in the repository it lives in.
set -euo pipefail
cd "$(dirname "$0")"

export GOFLAGS="${GOFLAGS:-} -mod=readonly"
wasm_path="$(go env GOROOT)/lib/wasm"

log() { printf '==> %s\n' "$*" >&2; }

# need_chromium installs Debian's chromium when it is missing. The browser
# tests need it; a test tool's own browser download cannot work offline.
need_chromium() {
	if command -v chromium >/dev/null 2>&1; then return; fi
	log "installing Debian's chromium"
	local sudo=""
	[ "$(id -u)" -eq 0 ] || sudo="sudo"
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
}

# need_node makes sure node runs the js/wasm tests.
need_node() {
	command -v node >/dev/null 2>&1 && return
	log "installing Debian's nodejs"
	local sudo=""
	[ "$(id -u)" -eq 0 ] || sudo="sudo"
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nodejs >/dev/null
}

# Packages that are pure Go and must pass their tests in the browser's
# runtime too (under Node, GOOS=js GOARCH=wasm).
wasm_packages() {
	for p in ./replay ./diagram ./lesson ./agents ./capture; do
		[ -d "$p" ] && echo "$p"
	done
}

cmd_test() {
	log "go modules"
	go mod download
	need_chromium
	need_node
	log "go vet"
	go vet ./...
	log "go test (native)"
	go test -count=1 ./...
	log "go test (GOOS=js GOARCH=wasm, under Node)"
	PATH="$wasm_path:$PATH" GOOS=js GOARCH=wasm go test -count=1 $(wasm_packages)
}

case "${1:-}" in
test) cmd_test ;;
*)
	echo "usage: ./build.sh test | serve" >&2
	exit 2
	;;
esac

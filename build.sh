#!/usr/bin/env bash
# build.sh does the work behind the README's commands.
#
#   ./build.sh test     set up what the tests need, then run every test
#   ./build.sh serve    build the playground and serve it (PORT or -port, default 8080)
#   ./build.sh site     build the playground into ./site
#   ./build.sh offline  build dist/a2aplay-offline.html, which works opened from disk
#   ./build.sh bench    measure the playground in headless Chromium (and Mermaid 12)
#   ./build.sh fuzz     run every fuzz target for FUZZTIME each (default 2s), one after another
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

# need_npm makes sure npm runs, for the JavaScript SDK the interop tests use.
need_npm() {
	need_node
	command -v npm >/dev/null 2>&1 && return
	log "installing Debian's npm"
	local sudo=""
	[ "$(id -u)" -eq 0 ] || sudo="sudo"
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq npm >/dev/null
}

# need_jssdk installs the exact, locked @a2a-js/sdk (and express) that the
# interop tests in test/ run: clients and agents nobody here wrote.
need_jssdk() {
	need_npm
	if [ -f test/jssdk/node_modules/.package-lock.json ] &&
		cmp -s test/jssdk/package-lock.json test/jssdk/.installed-lock 2>/dev/null; then
		return
	fi
	log "@a2a-js/sdk from npm (test/jssdk, locked)"
	npm ci --silent --no-audit --no-fund --prefix test/jssdk >/dev/null
	cp test/jssdk/package-lock.json test/jssdk/.installed-lock
}

# Packages that are pure Go and must pass their tests in the browser's
# runtime too (under Node, GOOS=js GOARCH=wasm), and wasm/checker, whose
# tests run only there.
wasm_packages() {
	for p in ./spec ./replay ./replay/har ./replay/open ./diagram ./lesson ./exercise ./check ./jsonread ./binding ./agents ./capture ./live ./view ./view/msg ./live/panel ./internal/jsonvalue ./internal/golden ./wasm/checker; do
		[ -d "$p" ] && echo "$p"
	done
}

cmd_test() {
	log "go modules"
	go mod download
	need_chromium
	need_node
	need_jssdk
	log "go mod tidy -diff (go.mod and go.sum must need no change)"
	go mod tidy -diff
	log "go vet"
	go vet ./...
	log "staticcheck (a tool of go.mod), native and for the browser's modules"
	go build -o bin/staticcheck honnef.co/go/tools/cmd/staticcheck
	bin/staticcheck ./...
	GOOS=js GOARCH=wasm bin/staticcheck ./wasm/... ./cmd/viewer ./cmd/check ./cmd/live
	# live03: the live module built with a2a-go's 0.3 package (tag a2a03).
	GOOS=js GOARCH=wasm go vet -tags a2a03 ./cmd/live ./live ./agents ./capture
	GOOS=js GOARCH=wasm bin/staticcheck -tags a2a03 ./cmd/live ./live ./agents ./capture
	log "go test (native)"
	go test -count=1 -timeout 30m ./...
	log "go test (GOOS=js GOARCH=wasm, under Node)"
	PATH="$wasm_path:$PATH" GOOS=js GOARCH=wasm go test -count=1 $(wasm_packages)
	cmd_fuzz
}

# cmd_fuzz runs every fuzz target the packages declare, found with
# "go test -list", for FUZZTIME each (2s unless set), one at a time so
# that each has both cores. A target that fails leaves its input in the
# package's testdata/fuzz/FuzzName/, where go test replays it from then
# on: commit it with the fix.
# fuzz_one runs one fuzz target into file $4. Minimising a new input is
# bounded (-fuzzminimizetime), or a target seeded with large inputs (the
# Chromium HARs) spends its whole budget shrinking one. Go's engine can
# also stop with "context deadline exceeded" when the time runs out in
# the middle of a worker's call, having found nothing: that run, and only
# that, is tried again, up to three times in all (a clean clone saw
# lesson FuzzBlockHeader stop so twice in a row). A real failure writes its input to
# testdata/fuzz/ and says so.
fuzz_one() {
	local i
	for i in 1 2 3; do
		go test "$1" -run '^$' -fuzz "^$2\$" -fuzztime "$3" -fuzzminimizetime 10x >"$4" 2>&1 && return 0
		grep -q 'context deadline exceeded' "$4" && ! grep -q 'Failing input written' "$4" || return 1
	done
	return 1
}

cmd_fuzz() {
	local fuzztime="${FUZZTIME:-2s}" dir pkg target n=0 failed=() out
	out="$(mktemp)"
	log "fuzz targets, $fuzztime each"
	# Only packages whose tests declare a fuzz target are listed: listing
	# runs a package's TestMain, and test/'s starts a browser.
	while read -r dir pkg; do
		grep -qs '^func Fuzz' "$dir"/*_test.go || continue
		for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz'); do
			n=$((n + 1))
			printf '    %s %s\n' "${pkg#github.com/a2aplay/a2aplay/}" "$target" >&2
			if ! fuzz_one "$pkg" "$target" "$fuzztime" "$out"; then
				cat "$out" >&2
				failed+=("$pkg $target")
			fi
		done
	done < <(go list -f '{{.Dir}} {{.ImportPath}}' ./...)
	rm -f "$out"
	if [ ${#failed[@]} -gt 0 ]; then
		log "fuzzing failed: ${failed[*]}; each failing input is in its package's testdata/fuzz/ (commit it with the fix)"
		return 1
	fi
	log "$n fuzz targets passed"
}

# build_cli builds the a2aplay command into bin/. The WebAssembly
# modules are built by "a2aplay build" and "a2aplay site -build", with
# the flags internal/build gives each.
build_cli() {
	log "a2aplay"
	mkdir -p bin
	go build -o bin/a2aplay ./cmd/a2aplay
}

# cmd_site builds the modules into bin/, then the site and its lessons.
# The site ships both live modules: live.wasm, and live03.wasm, which
# speaks A2A 0.3 too and which the page loads only for a 0.3 session (the
# offline file does not carry it). Compressed files are kept in bin/cache
# between builds: brotli 11 of the live module takes most of a minute,
# of live03 about two.
cmd_site() {
	build_cli
	log "site"
	rm -rf site
	bin/a2aplay site -build bin -out site -cache bin/cache
}

cmd_serve() {
	local port="${PORT:-8080}"
	while [ $# -gt 0 ]; do
		case "$1" in
		-port | --port) port="$2"; shift 2 ;;
		-port=* | --port=*) port="${1#*=}"; shift ;;
		*) echo "usage: ./build.sh serve [-port N]" >&2; exit 2 ;;
		esac
	done
	cmd_site
	log "serving on http://localhost:$port/"
	exec bin/a2aplay serve -dir site -addr "localhost:$port"
}

cmd_offline() {
	build_cli
	log "offline page"
	bin/a2aplay site -build bin -offline dist/a2aplay-offline.html -cache bin/cache
}

# cmd_bench measures the page in one headless Chromium run, against
# Mermaid 12 from npm, installed into bin/npm for the benchmark only.
cmd_bench() {
	need_chromium
	build_cli
	log "viewer wasm"
	bin/a2aplay build -out bin viewer check live
	if [ ! -f bin/npm/node_modules/mermaid/dist/mermaid.min.js ]; then
		need_npm
		log "mermaid 12 from npm (for the benchmark only)"
		mkdir -p bin/npm
		npm install --silent --no-audit --no-fund --prefix bin/npm mermaid@12.3.0 >/dev/null
	fi
	log "benchmark"
	go run ./test/bench -wasm bin/viewer.wasm -check bin/check.wasm -live bin/live.wasm -wasm-exec bin/wasm_exec.js \
		-mermaid bin/npm/node_modules/mermaid/dist/mermaid.min.js "$@"
}

case "${1:-}" in
test) cmd_test ;;
serve) shift; cmd_serve "$@" ;;
site) cmd_site ;;
offline) cmd_offline ;;
bench) shift; cmd_bench "$@" ;;
fuzz) cmd_fuzz ;;
*)
	echo "usage: ./build.sh test | serve [-port N] | site | offline | bench | fuzz" >&2
	exit 2
	;;
esac

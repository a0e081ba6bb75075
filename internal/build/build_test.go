//go:build !js

package build

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestArgs(t *testing.T) {
	for _, tc := range []struct {
		m    Module
		want string
	}{
		{Viewer, "build -trimpath -buildvcs=false -ldflags=-s -w -gcflags=encoding/json=-l -gcflags=reflect=-l -gcflags=internal/reflectlite=-l -gcflags=fmt=-l -gcflags=internal/fmtsort=-l -gcflags=time=-l -gcflags=net/url=-l -gcflags=net/netip=-l -gcflags=unique=-l -gcflags=encoding/base64=-l -gcflags=internal/godebug=-l -gcflags=os=-l -gcflags=syscall=-l -gcflags=github.com/a2aplay/a2aplay/wasm/viewer=-l -gcflags=github.com/a2aplay/a2aplay/wasm/dom=-l -gcflags=github.com/a2aplay/a2aplay/live/panel=-l -gcflags=github.com/a2aplay/a2aplay/jsonread=-l -gcflags=github.com/a2aplay/a2aplay/replay=-l -gcflags=github.com/a2aplay/a2aplay/replay/har=-l -gcflags=github.com/a2aplay/a2aplay/replay/open=-l -gcflags=github.com/a2aplay/a2aplay/binding=-l -gcflags=github.com/a2aplay/a2aplay/view=-l -gcflags=github.com/a2aplay/a2aplay/view/msg=-l -gcflags=github.com/a2aplay/a2aplay/internal/wire=-l -gcflags=syscall/js=-l -gcflags=strings=-l -gcflags=strconv=-l -gcflags=internal/strconv=-l -gcflags=slices=-l -o out/viewer.wasm ./cmd/viewer"},
		{Check, "build -trimpath -buildvcs=false -ldflags=-s -w -gcflags=all=-l -gcflags=github.com/a2aplay/a2aplay/diagram= -gcflags=github.com/a2aplay/a2aplay/replay= -gcflags=github.com/a2aplay/a2aplay/view= -gcflags=strings= -gcflags=strconv= -gcflags=internal/strconv= -gcflags=slices= -gcflags=unicode/utf8= -gcflags=bytes= -gcflags=sort= -o out/check.wasm ./cmd/check"},
		{Live, "build -trimpath -buildvcs=false -ldflags=-s -w -gcflags=all=-l -o out/live.wasm ./cmd/live"},
	} {
		if got := strings.Join(tc.m.Args("out/"+tc.m.File()), " "); got != tc.want {
			t.Errorf("%s: go %s\nwant go %s", tc.m.Name, got, tc.want)
		}
	}
	if got, want := strings.Join(Live.ArgsWithNames("x.wasm"), " "), "build -trimpath -buildvcs=false -gcflags=all=-l -o x.wasm ./cmd/live"; got != want {
		t.Errorf("with names: go %s\nwant go %s", got, want)
	}
}

// TestRecipesDocumented: the table in doc.go is the recipes, flag for
// flag, so that what a reader is told is what is built. A row may go on
// over the lines below it, indented to its flags.
func TestRecipesDocumented(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range Modules() {
		args := m.Args(m.File())
		flags := strings.Join(args[1:len(args)-3], " ") // between "build" and "-o out pkg"
		row := strings.Join([]string{"//\t" + m.Name, m.Package, flags, m.File()}, " ")
		if !bytes.Contains(squeeze(joinRows(doc)), []byte(row)) {
			t.Errorf("doc.go has no row %q", row)
		}
	}
}

// joinRows joins to a table row of doc.go the lines that go on with its
// flags: a comment line of a tab, spaces and a flag.
func joinRows(b []byte) []byte {
	return regexp.MustCompile(`\n//\t {8,}-`).ReplaceAll(b, []byte(" -"))
}

// squeeze turns each run of spaces into one.
func squeeze(b []byte) []byte {
	return []byte(strings.Join(strings.FieldsFunc(string(b), func(r rune) bool { return r == ' ' }), " "))
}

func TestLookup(t *testing.T) {
	for _, name := range []string{"live", "./cmd/live", "cmd/live", "cmd/live/"} {
		if m, ok := Lookup(name); !ok || !cmp.Equal(m, Live) {
			t.Errorf("Lookup(%q) = %+v, %v; want the live module", name, m, ok)
		}
	}
	for _, name := range []string{"", "./cmd/a2aplay", "cmd", "wasm"} {
		if m, ok := Lookup(name); ok {
			t.Errorf("Lookup(%q) = %+v, want none", name, m)
		}
	}
}

func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	hello := Module{Name: "hello", Package: "./testdata/hello", GCFlags: []string{"all=-l"}}
	dir := filepath.Join(t.TempDir(), "bin")
	b, err := Build(t.Context(), ".", dir, hello)
	if err != nil {
		t.Fatal(err)
	}
	want := &Built{Dir: dir, Modules: map[string]string{"hello": filepath.Join(dir, "hello.wasm")}, WasmExec: filepath.Join(dir, "wasm_exec.js")}
	if diff := cmp.Diff(want, b); diff != "" {
		t.Errorf("Build (-want +got):\n%s", diff)
	}
	mod, err := os.ReadFile(b.Path(hello))
	if err != nil || !bytes.HasPrefix(mod, []byte("\x00asm")) {
		t.Errorf("%s: %.4q, %v; want a WebAssembly module", b.Path(hello), mod, err)
	}
	js, err := os.ReadFile(b.WasmExec)
	if err != nil || !bytes.Contains(js, []byte("globalThis.Go = class")) {
		t.Errorf("%s: %v; want Go's wasm_exec.js", b.WasmExec, err)
	}
}

func TestBuildError(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	_, err := Build(t.Context(), ".", t.TempDir(), Module{Name: "none", Package: "./testdata/none"})
	if err == nil || !strings.Contains(err.Error(), "building the none module: GOOS=js GOARCH=wasm go build -trimpath -buildvcs=false -ldflags=-s -w -o ") {
		t.Errorf("err = %v, want the failing command named", err)
	}
}

func TestRoot(t *testing.T) {
	root, err := Root(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "cmd", "viewer")); err != nil {
		t.Errorf("Root = %s, which holds no cmd/viewer: %v", root, err)
	}
}

package build

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// A Module is one of the playground's WebAssembly modules and its
// build recipe.
type Module struct {
	Name    string // "viewer"; the module is written to Name+".wasm"
	Package string // its main package, from the module's root: "./cmd/viewer"
	// GCFlags are go build's -gcflags, one flag each, in order (for
	// one package, a later pattern overrides an earlier one); none for
	// the compiler's defaults.
	GCFlags []string
	// Tags are go build's -tags, for a module built from the same
	// package as another with something turned on (live03).
	Tags []string
	// Budget is the module's size budget in bytes, brotli at quality 11
	// (4 MiB window) as the site ships it; 0 for none.
	Budget int
}

// mod is the main module's path, for the -gcflags patterns of its own
// packages.
const mod = "github.com/a2aplay/a2aplay/"

// ViewerBudget is the viewer module's budget, brotli at quality 11 as
// the site ships it (DESIGN's performance budgets; issue 26): the test
// TestViewerSize and ./build.sh bench judge it by this one number.
const ViewerBudget = 970_000

// LiveBudget and Live03Budget are the live modules' budgets, brotli at
// quality 11 as the site ships them: BenchmarkModuleSize in cmd/live
// reports each against its own and fails over it. live03 is loaded
// only for a session that speaks A2A 0.3, so its budget is its own:
// 3,588,465 B when it was made (29.7 MB raw), 90% of it.
const (
	LiveBudget   = 2_500_000
	Live03Budget = 4_000_000
)

// The playground's modules.
var (
	// Viewer is the replay page's module, loaded by every page. It
	// keeps inlining, which layout and SVG in the page need, but not in
	// the packages it only runs now and then (coldPackages): that makes
	// it about 55 KB smaller after brotli, room for the Live panel under
	// its 1.0 MB budget.
	Viewer = Module{Name: "viewer", Package: "./cmd/viewer", GCFlags: notInlined(coldPackages...)}
	// Check is the spec checker the page loads into a worker on demand,
	// which also opens large files: it inlines in the packages that
	// parse, step and draw them, as the viewer does.
	Check = Module{Name: "check", Package: "./cmd/check", GCFlags: drawing}
	// Live is the kit's agents, run in a worker by the Live panel.
	Live = Module{Name: "live", Package: "./cmd/live", GCFlags: []string{"all=-l"}, Budget: LiveBudget}
	// Live03 is the live module that speaks A2A v0.3 too: the same
	// package built with the tag a2a03, which links a2a-go's
	// a2acompat/a2av0 (and through it gRPC and protobuf) into the kit
	// and the session's client. The page loads it instead of Live only
	// when a session speaks 0.3.
	Live03 = Module{Name: "live03", Package: "./cmd/live", GCFlags: []string{"all=-l"}, Tags: []string{"a2a03"}, Budget: Live03Budget}
)

// drawing are the flags of the modules that parse, step and draw
// transcripts: inlining off, but in the packages that do that work and
// the standard ones their loops call.
var drawing = append([]string{"all=-l"}, inlined(
	mod+"diagram", mod+"replay", mod+"view",
	"strings", "strconv", "internal/strconv", "slices", "unicode/utf8", "bytes", "sort",
)...)

// coldPackages are the viewer's packages that neither lay out nor draw:
// decoding the page's data and the check worker's answers, formatting,
// time, links, the page's DOM glue, the Live panel, files opened. And
// replay: the viewer reads only transcripts small enough for the page's
// thread (a large file goes to the check module, which inlines it), and
// since replay reads bodies without reflection it does so in a few
// milliseconds even so. And binding, which replay asks once an exchange.
// And the page's own decisions (view: what a step change shows, folds,
// the inspector's rows, which take microseconds), the messages with its
// workers (view/msg, internal/wire), the DOM calls' glue (syscall/js) and
// the standard packages of text and slices, which diagram and replay
// call but which need no inlining of their own: those cost 19,211 B of
// brotli (980,698 B with them inlined, 961,487 B without; go test ./test
// -run 'TestViewerSize$' -v), and no step change time a benchmark could
// tell apart (./build.sh bench -steps-only -big 0: median 4.3 ms against
// 5.6 ms, p95 under the noise of a loaded machine).
var coldPackages = []string{
	"encoding/json", "reflect", "internal/reflectlite", "fmt", "internal/fmtsort",
	"time", "net/url", "net/netip", "unique", "encoding/base64", "internal/godebug", "os", "syscall",
	mod + "wasm/viewer", mod + "wasm/dom", mod + "live/panel", mod + "jsonread",
	mod + "replay", mod + "replay/har", mod + "replay/open", mod + "binding",
	mod + "view", mod + "view/msg", mod + "internal/wire", "syscall/js", "strings", "strconv", "internal/strconv", "slices",
}

// notInlined returns the -gcflags patterns that turn inlining off in
// packages, the others keeping the compiler's defaults.
func notInlined(pkgs ...string) []string {
	var fs []string
	for _, p := range pkgs {
		fs = append(fs, p+"=-l")
	}
	return fs
}

// inlined returns the -gcflags patterns that give packages the
// compiler's default flags, inlining on, over an earlier all=-l.
func inlined(pkgs ...string) []string {
	var fs []string
	for _, p := range pkgs {
		fs = append(fs, p+"=")
	}
	return fs
}

// Modules lists every module: viewer, check, live, live03.
func Modules() []Module { return []Module{Viewer, Check, Live, Live03} }

// Lookup returns the module named name ("live") or built from the
// package name ("./cmd/live", "cmd/live").
func Lookup(name string) (Module, bool) {
	clean := "./" + strings.TrimPrefix(filepath.ToSlash(filepath.Clean(name)), "./")
	for _, m := range Modules() {
		if name == m.Name || clean == m.Package {
			return m, true
		}
	}
	return Module{}, false
}

// File is the module's file name: viewer.wasm.
func (m Module) File() string { return m.Name + ".wasm" }

// WasmExec is the file name of the JavaScript support that every module
// needs beside it.
const WasmExec = "wasm_exec.js"

// Args returns the arguments of the go command that build the module
// into out as the site ships it: without its name section and debug
// information (-ldflags=-s -w).
func (m Module) Args(out string) []string {
	return m.args(out, "-ldflags=-s -w")
}

// ArgsWithNames returns the arguments of Args but keeps the name
// section, which names every function: what a size profile reads.
func (m Module) ArgsWithNames(out string) []string {
	return m.args(out)
}

func (m Module) args(out string, extra ...string) []string {
	// -buildvcs=false: the module's bytes depend on its source alone,
	// not on the commit it was built at. With the commit stamped in, its
	// brotli size moved by up to 1.6 KB from one commit to the next
	// however little changed (and with GOFLAGS, which build.sh sets).
	args := append([]string{"build", "-trimpath", "-buildvcs=false"}, extra...)
	for _, f := range m.GCFlags {
		args = append(args, "-gcflags="+f)
	}
	if len(m.Tags) > 0 {
		args = append(args, "-tags="+strings.Join(m.Tags, ","))
	}
	return append(args, "-o", out, m.Package)
}

// Env is the environment the go command builds a module in: this
// process's, for GOOS=js GOARCH=wasm.
func Env() []string { return append(os.Environ(), "GOOS=js", "GOARCH=wasm") }

// Run runs the go command with args (from Args or ArgsWithNames) in
// root, the main module's root folder, for js/wasm. Its error quotes
// the command and what it printed.
func Run(ctx context.Context, root string, args []string) error {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = root
	cmd.Env = Env()
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("GOOS=js GOARCH=wasm go %s: %w\n%s", strings.Join(args, " "), err, bytes.TrimSpace(out))
	}
	return nil
}

// Build builds the module into out (a file), from root.
func (m Module) Build(ctx context.Context, root, out string) error {
	return Run(ctx, root, m.Args(out))
}

// Built is what Build wrote.
type Built struct {
	Dir      string
	Modules  map[string]string // a module's Name -> the path of its .wasm
	WasmExec string            // the path of wasm_exec.js
}

// Path returns the path m was built to, or "" if it was not built.
func (b *Built) Path(m Module) string { return b.Modules[m.Name] }

// Build builds each of mods from root, the main module's root folder,
// into dir (created if needed) under its File name, and copies beside
// them the wasm_exec.js of the Go that built them.
func Build(ctx context.Context, root, dir string, mods ...Module) (*Built, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	b := &Built{Dir: dir, Modules: map[string]string{}}
	for _, m := range mods {
		path := filepath.Join(dir, m.File())
		// The go command runs in root: give it a path that does not
		// depend on the folder it runs in.
		if err := m.Build(ctx, root, filepath.Join(abs, m.File())); err != nil {
			return nil, fmt.Errorf("building the %s module: %w", m.Name, err)
		}
		b.Modules[m.Name] = path
	}
	src, err := WasmExecPath(ctx)
	if err != nil {
		return nil, err
	}
	js, err := os.ReadFile(src)
	if err != nil {
		return nil, err
	}
	b.WasmExec = filepath.Join(dir, WasmExec)
	if err := os.WriteFile(b.WasmExec, js, 0o644); err != nil {
		return nil, err
	}
	return b, nil
}

// WasmExecPath returns the path of the wasm_exec.js of the go command's
// toolchain ($GOROOT/lib/wasm), which a module must run with.
func WasmExecPath(ctx context.Context) (string, error) {
	goroot, err := goEnv(ctx, "GOROOT")
	if err != nil {
		return "", err
	}
	return filepath.Join(goroot, "lib", "wasm", WasmExec), nil
}

// Root returns the root folder of the main module that the current
// folder is in, where the modules' packages are found.
func Root(ctx context.Context) (string, error) {
	mod, err := goEnv(ctx, "GOMOD")
	if err != nil {
		return "", err
	}
	if mod == "" || mod == os.DevNull {
		return "", errors.New("not inside the a2aplay module (go env GOMOD names no go.mod)")
	}
	return filepath.Dir(mod), nil
}

func goEnv(ctx context.Context, name string) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

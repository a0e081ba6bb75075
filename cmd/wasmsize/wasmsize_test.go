package main

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/a2aplay/a2aplay/internal/wasmbin"
)

var small struct {
	once sync.Once
	bin  []byte
	err  error
}

// smallModule builds testdata/small for js/wasm once per test run.
func smallModule(t *testing.T) []byte {
	t.Helper()
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("builds with the go command")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command:", err)
	}
	small.once.Do(func() {
		dir, err := os.MkdirTemp("", "wasmsize-test")
		if err != nil {
			small.err = err
			return
		}
		defer os.RemoveAll(dir)
		out := filepath.Join(dir, "small.wasm")
		var log bytes.Buffer
		if err := buildWasm("./testdata/small", nil, out, &log); err != nil {
			small.err = &buildError{err, log.String()}
			return
		}
		small.bin, small.err = os.ReadFile(out)
	})
	if small.err != nil {
		t.Fatal(small.err)
	}
	return small.bin
}

type buildError struct {
	err error
	log string
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + e.log }

func TestProfileSmall(t *testing.T) {
	bin := smallModule(t)
	p, err := newProfile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if p.tablesOK != nil {
		t.Fatalf("the Go tables were not read: %v", p.tablesOK)
	}

	// Every function has its real name, and the name section agrees.
	pkgs := map[string]*group{}
	for _, g := range p.packages {
		pkgs[g.name] = g
	}
	funcs := map[string]*symbol{}
	for _, s := range p.symbols {
		funcs[s.name] = s
		if s.fn.Name != "" && mangle(s.name) != s.fn.Name {
			t.Errorf("function %d: pclntab %q, name section %q", s.fn.Index, s.name, s.fn.Name)
		}
	}
	for _, name := range []string{"main.main", "main.tableOfSquares", "fmt.Fprintf", "fmt.(*pp).doPrintf"} {
		if funcs[name] == nil {
			t.Errorf("no function %s", name)
		}
	}
	for _, name := range []string{"main", "fmt", "runtime", "strings", "internal/strconv"} {
		if pkgs[name] == nil {
			t.Errorf("no package %s", name)
		}
	}
	if s := funcs["main.tableOfSquares"]; s != nil && (s.pkg.name != "main" || s.meta == 0 || s.fn.Size < 50) {
		t.Errorf("main.tableOfSquares: package %q, %d code bytes, %d pclntab bytes", s.pkg.name, s.fn.Size, s.meta)
	}
	var generic bool
	for name, s := range funcs {
		if strings.HasPrefix(name, "main.same[") {
			generic = true
			if s.pkg.name != "main" {
				t.Errorf("%s is in package %q, want main", name, s.pkg.name)
			}
		}
	}
	if !generic {
		t.Error("no instance of main.same")
	}

	// Every byte is counted once.
	m, _ := wasmbin.Parse(bin)
	code, meta := 0, 0
	for _, g := range p.packages {
		code += g.code
		meta += g.meta
	}
	bodies := 0
	for _, f := range m.Funcs {
		bodies += f.Size
	}
	if code != bodies {
		t.Errorf("packages hold %d code bytes, the bodies are %d", code, bodies)
	}
	data, perFunc := 0, 0
	for i, d := range p.data {
		data += d.bytes
		if i < len(p.regions) && p.regions[i].perFunc {
			perFunc += d.bytes
		}
	}
	sections := 0
	for _, s := range p.sections {
		sections += s.bytes
		if s.name == "data" && data != s.bytes {
			t.Errorf("the data rows add up to %d bytes, the data section is %d", data, s.bytes)
		}
	}
	if sections+8 != len(bin) {
		t.Errorf("the sections add up to %d bytes, the module is %d", sections+8, len(bin))
	}
	if meta == 0 || meta > perFunc {
		t.Errorf("the functions bring %d pclntab bytes; the pclntab's per-function regions hold %d", meta, perFunc)
	}
}

func TestEstimateSmall(t *testing.T) {
	p, err := newProfile(smallModule(t))
	if err != nil {
		t.Fatal(err)
	}
	e := p.estimate(5, 2)
	if e.total <= 0 || e.total >= p.shipped || e.scale <= 0.5 || e.scale > 1.2 {
		t.Fatalf("brotli %d of %d bytes, scale %.3f", e.total, p.shipped, e.scale)
	}
	sum := 0.0
	for _, s := range p.sections {
		sum += s.est
	}
	if math.Abs(sum-float64(e.total)) > 0.001*float64(e.total) {
		t.Errorf("the sections' estimates add up to %.1f, the module's brotli is %d", sum, e.total)
	}
	measured := 0
	for _, g := range p.packages {
		if g.exact < 0 {
			continue
		}
		measured++
		if g.exact <= 0 || g.exact > e.total || float64(g.exact) > 2*g.est {
			t.Errorf("%s: removing its code saves %d of %d bytes, estimated share %.0f", g.name, g.exact, e.total, g.est)
		}
	}
	if measured != 2 {
		t.Errorf("%d packages measured exactly, want 2", measured)
	}
}

// smallPath writes the small module to a file.
func smallPath(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "small.wasm")
	if err := os.WriteFile(path, smallModule(t), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCLI(t *testing.T) {
	path := smallPath(t)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-quality", "1", "-top", "0", path}, []string{"small.wasm: ", "function names from the pclntab", "  runtime\n", "  main\n", "  code\n"}},
		{[]string{"-quality", "1", "-by", "symbol", "-pkg", "main", "-top", "2", path}, []string{"  main.main\n", "  main.tableOfSquares\n"}},
		{[]string{"-quality", "1", "-top", "1", "-without", "fmt,strconv", "-merge", path}, []string{"\nwithout fmt, strconv: ", " bytes of code, ", "\nwith its data segments merged: "}},
		{[]string{"-quality", "1", "-by", "data", path}, []string{"pclntab: function names", "segment and section headers"}},
	} {
		var out, errs bytes.Buffer
		if err := cli(tc.args, &out, &errs); err != nil {
			t.Errorf("%v: %v\n%s", tc.args, err, errs.String())
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: output lacks %q:\n%s", tc.args, w, out.String())
			}
		}
	}
}

func TestCLIErrors(t *testing.T) {
	notWasm := filepath.Join(t.TempDir(), "x.wasm")
	if err := os.WriteFile(notWasm, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "name one FILE.wasm or -build PACKAGE"},
		{[]string{"-by", "size", "x.wasm"}, `-by "size"`},
		{[]string{"-quality", "12", "x.wasm"}, "-quality 12"},
		{[]string{notWasm}, notWasm + ": wasm: not a WebAssembly binary"},
		{[]string{"-without", "fmt,nope", "PATH"}, `-without: no package "nope" in `},
		{[]string{"-build", "./testdata/nothere"}, "GOOS=js GOARCH=wasm go build"},
	} {
		for i, a := range tc.args {
			if a == "PATH" {
				tc.args[i] = smallPath(t)
			}
		}
		var out, errs bytes.Buffer
		err := cli(tc.args, &out, &errs)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one containing %q", tc.args, err, tc.want)
		}
	}
}

func TestPackageOf(t *testing.T) {
	for name, want := range map[string]string{
		"main.main":          "main",
		"fmt.(*pp).printArg": "fmt",
		"github.com/a2aplay/a2aplay/replay.Parse.func1":                        "github.com/a2aplay/a2aplay/replay",
		"gopkg.in/yaml%2ev3.Unmarshal":                                         "gopkg.in/yaml.v3",
		"slices.SortFunc[go.shape.[]github.com/x/y.T,go.shape.struct {}]":      "slices",
		"type:.eq.net/url.URL":                                                 "net/url",
		"type:.eq.go.shape.struct { unique.node = unique.node[go.shape.int] }": "(type equality and hash)",
		"type:.eq.struct { Text string \"json:\\\"text\\\"\" }":                "(type equality and hash)",
		"type:.eq.go.shape.net/netip.addrDetail":                               "net/netip",
		"type:.eq.[2]interface {}":                                             "(type equality and hash)",
		"type:.hash.[4]runtime.Frame":                                          "runtime",
		"type_.eq.net_url.URL":                                                 "net_url",
		"go:buildid":                                                           "(compiler-generated)",
		"_rt0_wasm_js":                                                         "(no package: assembly and linker stubs)",
		"wasm_export_run":                                                      "(no package: assembly and linker stubs)",
	} {
		if got := packageOf(name); got != want {
			t.Errorf("packageOf(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestMangle(t *testing.T) {
	if got, want := mangle("type:.eq.github.com/x/y.T[go.shape.int]·é"), "type_.eq.github.com_x_y.T_go.shape.int___"; got != want {
		t.Errorf("mangle = %q, want %q", got, want)
	}
}

// FuzzProfile feeds modules to the profile, Go tables included: none may
// panic. (The estimates only cut what the profile found; brotli on every
// input would slow the fuzzer a hundredfold.)
func FuzzProfile(f *testing.F) {
	f.Add(tablesModule())
	f.Add([]byte("\x00asm\x01\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, bin []byte) {
		p, err := newProfile(bin)
		if err != nil {
			return
		}
		for _, by := range []string{"package", "symbol", "data"} {
			p.write(&bytes.Buffer{}, "fuzz.wasm", estimation{}, options{by: by})
		}
	})
}

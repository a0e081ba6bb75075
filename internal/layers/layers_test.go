//go:build !js

package layers

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const module = "github.com/a2aplay/a2aplay/"

// layers are the project's packages, lowest first: a package imports
// only from layers below its own. The README's "Layers" table says the
// same, with what each layer is.
var layers = [][]string{
	0: {"backoff", "binding", "exercise/onpage", "jsonread", "spec"},
	1: {"agents", "internal/build", "internal/cputime", "internal/golden", "internal/jsonvalue", "internal/layers", "internal/logbuf", "internal/replaytest", "internal/wasmbin", "internal/wasmbin/wasmbintest", "replay"},
	2: {"capture", "check", "diagram", "exercise", "internal/growtest", "internal/kittest", "internal/wire", "replay/har", "test/bench/gen"},
	3: {"lesson", "live/panel", "record", "replay/open", "view"},
	4: {"live", "view/msg", "wasm/dom", "web"},
	5: {"test/browser", "wasm/checker", "wasm/livedriver", "wasm/viewer", "wasm/worker"},
	6: {"cmd/a2aplay", "cmd/check", "cmd/live", "cmd/viewer", "cmd/wasmsize", "conformance", "test", "test/bench"},
}

// testOnly are the helpers only tests import.
var testOnly = []string{"internal/golden", "internal/growtest", "internal/logbuf", "internal/replaytest"}

// pureBelow: layers up to this one hold pure Go (and the helpers under
// internal/): no DOM, no site, no command.
const pureBelow = 3

// A pkg is what the tests read of go list's answer for one package.
type pkg struct {
	ImportPath   string
	Imports      []string
	Deps         []string
	TestImports  []string
	XTestImports []string
	Error        *struct{ Err string }
}

// name is the package's path inside the module: "replay", "wasm/dom".
func name(path string) (string, bool) {
	if path == strings.TrimSuffix(module, "/") {
		return ".", true
	}
	n, ok := strings.CutPrefix(path, module)
	return n, ok
}

// list runs go list for every package of the module in one build
// environment ("" natively, or "js/wasm").
func list(t *testing.T, goosArch string) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-e", "-json=ImportPath,Imports,Deps,TestImports,XTestImports,Error", "../../...")
	cmd.Env = os.Environ()
	if goos, goarch, ok := strings.Cut(goosArch, "/"); ok {
		cmd.Env = append(cmd.Env, "GOOS="+goos, "GOARCH="+goarch)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list (%s): %v\n%s", goosArch, err, stderr.Bytes())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if p.Error != nil {
			t.Errorf("go list (%s): %s: %s", goosArch, p.ImportPath, p.Error.Err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// packages lists the module's packages, native and js/wasm together
// (wasm/ builds only for js/wasm), by name.
func packages(t *testing.T) map[string][]pkg {
	consultSources(t)
	all := map[string][]pkg{}
	for _, env := range []string{"", "js/wasm"} {
		for _, p := range list(t, env) {
			if n, ok := name(p.ImportPath); ok {
				all[n] = append(all[n], p)
			}
		}
	}
	if len(all) == 0 {
		t.Fatal("go list found no package")
	}
	return all
}

// consultSources looks at every folder and Go file of the module, so
// that go test, which cannot see what go list read, reruns this test
// when one of them changes instead of answering from its cache.
func consultSources(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", "testdata", "bin", "site", "dist":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") || d.Name() == "go.mod" {
			_, err = os.Stat(path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// once returns an Errorf that reports each message once: a package is
// listed twice, natively and for js/wasm.
func once(t *testing.T) func(format string, args ...any) {
	seen := map[string]bool{}
	return func(format string, args ...any) {
		t.Helper()
		msg := fmt.Sprintf(format, args...)
		if !seen[msg] {
			seen[msg] = true
			t.Error(msg)
		}
	}
}

// short names a package of the module by its path inside it.
func short(path string) string {
	if n, ok := name(path); ok {
		return n
	}
	return path
}

func layerOf() map[string]int {
	m := map[string]int{}
	for l, names := range layers {
		for _, n := range names {
			m[n] = l
		}
	}
	return m
}

func TestLayers(t *testing.T) {
	errorf := once(t)
	pkgs := packages(t)
	layer := layerOf()
	for n := range pkgs {
		if _, ok := layer[n]; !ok {
			t.Errorf("%s is in no layer: give it one in internal/layers and in the README's Layers table", n)
		}
	}
	for n := range layer {
		if pkgs[n] == nil {
			t.Errorf("layer %d lists %s, which go list does not find", layer[n], n)
		}
	}
	for n, variants := range pkgs {
		for _, p := range variants {
			for _, imp := range p.Imports {
				in, ok := name(imp)
				_, placed := layer[n]
				_, inPlaced := layer[in]
				if !ok || !placed || !inPlaced {
					continue
				}
				if layer[in] >= layer[n] {
					errorf("%s (layer %d) imports %s (layer %d): a package imports only from layers below its own", n, layer[n], in, layer[in])
				}
			}
		}
	}
}

// forbiddenBelow reports whether dep (an import path) is one that pure
// code must not depend on. (The standard library reaches syscall/js
// under js/wasm; that only wasm/ imports it is TestImportRules'.)
func forbiddenBelow(dep string) bool {
	n, ok := name(dep)
	return ok && (n == "web" || hasPrefix(n, "wasm") || hasPrefix(n, "cmd") || hasPrefix(n, "test"))
}

// hasPrefix reports whether the package n is dir or under it.
func hasPrefix(n, dir string) bool { return n == dir || strings.HasPrefix(n, dir+"/") }

func TestPureCodeStaysPure(t *testing.T) {
	errorf := once(t)
	pkgs := packages(t)
	layer := layerOf()
	for n, variants := range pkgs {
		if l, ok := layer[n]; !ok || l > pureBelow {
			continue
		}
		for _, p := range variants {
			for _, dep := range p.Deps {
				if forbiddenBelow(dep) {
					errorf("%s (layer %d) depends on %s: pure code uses no DOM, site, command or test package", n, layer[n], short(dep))
				}
			}
		}
	}
}

func TestImportRules(t *testing.T) {
	errorf := once(t)
	for n, variants := range packages(t) {
		for _, p := range variants {
			tests := slices.Concat(p.TestImports, p.XTestImports)
			for _, imp := range slices.Concat(p.Imports, tests) {
				in, local := name(imp)
				switch {
				case imp == "syscall/js" && !hasPrefix(n, "wasm"):
					errorf("%s imports syscall/js: only packages under wasm/ touch the DOM", n)
				case local && hasPrefix(in, "cmd") && in != n:
					errorf("%s imports %s: nothing imports a command", n, in)
				case local && hasPrefix(in, "test") && !hasPrefix(n, "test"):
					errorf("%s imports %s: only the tests under test/ use it", n, in)
				}
			}
			for _, helper := range testOnly {
				if slices.Contains(p.Imports, module+helper) {
					errorf("%s imports %s outside its tests", n, helper)
				}
			}
		}
	}
}

// TestReadmeTable: the README's Layers table lists the same packages in
// the same layers as this test.
func TestReadmeTable(t *testing.T) {
	f, err := os.Open("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	row := regexp.MustCompile(`^\| ([0-9]+) \| ([^|]*) \|`)
	code := regexp.MustCompile("`([^`]+)`")
	readme := make([][]string, len(layers))
	inSection := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			inSection = line == "### Layers"
			continue
		}
		m := row.FindStringSubmatch(line)
		if !inSection || m == nil {
			continue
		}
		l, _ := strconv.Atoi(m[1])
		if l < 0 || l >= len(layers) {
			t.Errorf("README: layer %d: the layers are 0 to %d", l, len(layers)-1)
			continue
		}
		for _, c := range code.FindAllStringSubmatch(m[2], -1) {
			readme[l] = append(readme[l], strings.TrimSuffix(c[1], "/"))
		}
	}
	for l := range readme {
		slices.Sort(readme[l])
	}
	want := make([][]string, len(layers))
	for l := range layers {
		want[l] = slices.Sorted(slices.Values(layers[l]))
	}
	if diff := cmp.Diff(want, readme); diff != "" {
		t.Errorf("README.md's Layers table differs from the layers of internal/layers (-test +README):\n%s", diff)
	}
}

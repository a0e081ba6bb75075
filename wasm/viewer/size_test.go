//go:build !js

package viewer

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The sizes a part of the page keeps to (issue 26, "a page in parts"): a
// struct small enough to hold in mind, a file small enough to read in one
// go, a function short enough to see whole.
const (
	maxFields    = 25
	maxFileLines = 500
	maxFuncLines = 80
)

// oversize names what may be over its size, with how big it may be and
// (in a comment) why; it is empty since the page was split (issue 26).
// An entry that is no longer needed fails the test, so the list only
// shrinks.
var oversize = map[string]int{}

// TestSizes parses the package's files (they build only for js/wasm; the
// parser does not mind) and fails on a struct of more than maxFields
// fields, a file of more than maxFileLines lines or a function of more
// than maxFuncLines lines, unless oversize allows it. With -v it lists
// every measure, largest first.
func TestSizes(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	type measure struct {
		what  string
		n, at int
	}
	var all []measure
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, measure{"file " + name, fset.Position(f.End()).Line, maxFileLines})
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				lines := fset.Position(n.End()).Line - fset.Position(n.Pos()).Line + 1
				all = append(all, measure{"func " + funcName(n), lines, maxFuncLines})
			case *ast.TypeSpec:
				if s, ok := n.Type.(*ast.StructType); ok {
					all = append(all, measure{"struct " + n.Name.Name, fields(s), maxFields})
				}
			case *ast.Field:
				// A struct-typed field (page.el): its fields count apart.
				if s, ok := n.Type.(*ast.StructType); ok && len(n.Names) > 0 {
					all = append(all, measure{"struct field " + n.Names[0].Name + " in " + fset.Position(n.Pos()).Filename, fields(s), maxFields})
				}
			}
			return true
		})
	}
	sort.Slice(all, func(i, j int) bool {
		return float64(all[i].n)/float64(all[i].at) > float64(all[j].n)/float64(all[j].at)
	})
	used := map[string]bool{}
	for _, m := range all {
		limit := m.at
		if allowed, ok := oversize[m.what]; ok {
			used[m.what] = true
			if m.n <= m.at {
				t.Errorf("%s: %d, within %d now: take it off oversize", m.what, m.n, m.at)
			}
			limit = allowed
		}
		if m.n > limit {
			t.Errorf("%s: %d, over %d", m.what, m.n, limit)
		}
		if testing.Verbose() && m.n*2 > m.at {
			t.Logf("%-50s %4d (of %d)", m.what, m.n, m.at)
		}
	}
	for what := range oversize {
		if !used[what] {
			t.Errorf("oversize names %s, which is gone", what)
		}
	}
}

// fields counts a struct's fields, a line "a, b int" as two.
func fields(s *ast.StructType) int {
	n := 0
	for _, f := range s.Fields.List {
		if len(f.Names) == 0 {
			n++
		}
		n += len(f.Names)
	}
	return n
}

// funcName names a function as "page.draw" or "newPage".
func funcName(f *ast.FuncDecl) string {
	if f.Recv == nil || len(f.Recv.List) == 0 {
		return f.Name.Name
	}
	t := f.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + f.Name.Name
	}
	return f.Name.Name
}

//go:build !js

package binding_test

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/internal/kittest"
)

// a2aGo is the a2a-go module the kit is built on.
const a2aGo = "github.com/a2aproject/a2a-go/v2"

// moduleDir is where the go command keeps a2a-go's source.
func moduleDir(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", a2aGo).Output()
	if err != nil {
		t.Fatalf("go list -m %s: %v", a2aGo, err)
	}
	return strings.TrimSpace(string(out))
}

// TestA2AGoRoutes reads the routes a2a-go's REST handler registers from
// its source (a2asrv/rest.go, with the paths internal/rest builds) and
// the JSON-RPC methods it knows (internal/jsonrpc), and holds the table
// to them both ways: every route of the table is served by one of
// a2a-go's patterns, every pattern serves a route of the table, and the
// method names are the same set.
func TestA2AGoRoutes(t *testing.T) {
	dir := moduleDir(t)
	patterns := restPatterns(t, dir)
	if len(patterns) < 10 {
		t.Fatalf("read %d patterns from a2a-go's REST handler: %q", len(patterns), patterns)
	}
	mux := http.NewServeMux()
	for _, p := range patterns {
		mux.HandleFunc(p, func(http.ResponseWriter, *http.Request) {})
	}
	hit := map[string]bool{}
	for _, op := range binding.Ops() {
		for _, m := range []string{op.HTTP, op.AlsoHTTP} {
			if m == "" {
				continue
			}
			req, _ := http.NewRequest(m, "http://agent"+sample(op.Path), nil)
			_, p := mux.Handler(req)
			if p == "" {
				t.Errorf("%s %s (%s): no route of a2a-go serves it", m, op.Path, op.Method)
			}
			hit[p] = true
		}
	}
	for _, p := range patterns {
		if !hit[p] {
			t.Errorf("a2a-go registers %q, which serves no route of the table", p)
		}
	}

	var methods []string
	for _, op := range binding.Ops() {
		methods = append(methods, op.Method)
	}
	theirs := rpcMethods(t, dir)
	slices.Sort(methods)
	slices.Sort(theirs)
	if !slices.Equal(methods, theirs) {
		t.Errorf("JSON-RPC methods: the table has %q, a2a-go %q", methods, theirs)
	}
}

// sample fills a pattern's variables.
func sample(pattern string) string {
	return strings.NewReplacer("{id}", "t-1", "{configId}", "c-1").Replace(pattern)
}

// restPatterns evaluates the first argument of every HandleFunc call in
// a2a-go's NewRESTHandler: string literals joined with +, and calls of
// internal/rest's path functions, which return such joins.
func restPatterns(t *testing.T, dir string) []string {
	t.Helper()
	fset := token.NewFileSet()
	funcs := map[string]*ast.FuncDecl{} // internal/rest's functions and PathBuilder's methods
	files, _ := filepath.Glob(filepath.Join(dir, "internal", "rest", "*.go"))
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				funcs[fd.Name.Name] = fd
			}
		}
	}
	f, err := parser.ParseFile(fset, filepath.Join(dir, "a2asrv", "rest.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var eval func(e ast.Expr, env map[string]string) (string, error)
	eval = func(e ast.Expr, env map[string]string) (string, error) {
		switch e := e.(type) {
		case *ast.BasicLit:
			return strconv.Unquote(e.Value)
		case *ast.ParenExpr:
			return eval(e.X, env)
		case *ast.BinaryExpr:
			x, err := eval(e.X, env)
			if err != nil {
				return "", err
			}
			y, err := eval(e.Y, env)
			return x + y, err
		case *ast.Ident:
			if v, ok := env[e.Name]; ok {
				return v, nil
			}
		case *ast.SelectorExpr:
			if e.Sel.Name == "prefix" {
				return "", nil // the v1.0 builder has none
			}
		case *ast.CallExpr:
			sel, ok := e.Fun.(*ast.SelectorExpr)
			if !ok {
				break
			}
			fd := funcs[sel.Sel.Name]
			if fd == nil || len(fd.Body.List) != 1 {
				break
			}
			ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				break
			}
			inner := map[string]string{}
			var params []string
			for _, field := range fd.Type.Params.List {
				for _, n := range field.Names {
					params = append(params, n.Name)
				}
			}
			if len(params) != len(e.Args) {
				break
			}
			for i, a := range e.Args {
				v, err := eval(a, env)
				if err != nil {
					return "", err
				}
				inner[params[i]] = v
			}
			return eval(ret.Results[0], inner)
		}
		return "", fmt.Errorf("cannot evaluate %T at %s", e, fset.Position(e.Pos()))
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if fd, ok := n.(*ast.FuncDecl); ok {
			return fd.Name.Name == "NewRESTHandler"
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "HandleFunc" && len(call.Args) == 2 {
			p, err := eval(call.Args[0], nil)
			if err != nil {
				t.Errorf("a2a-go's REST handler: %v", err)
			}
			out = append(out, p)
		}
		return true
	})
	return out
}

// rpcMethods reads the Method* constants of a2a-go's internal/jsonrpc.
func rpcMethods(t *testing.T, dir string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, "internal", "jsonrpc", "jsonrpc.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if strings.HasPrefix(n.Name, "Method") && i < len(vs.Values) {
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok {
						v, _ := strconv.Unquote(lit.Value)
						out = append(out, v)
					}
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no Method constants in a2a-go's internal/jsonrpc")
	}
	return out
}

// TestKitServesTheTable requests every operation of the table from a
// running kit agent in both bindings: each is routed to its operation
// (the bodies are empty, so a2a-go refuses them before any work starts,
// and no stream stays open). A JSON-RPC method is routed when the answer
// is not -32601 (method not found); an HTTP+JSON route when the answer
// is not the mux's own 404 or 405, which are plain text where a2a-go's
// errors are JSON.
func TestKitServesTheTable(t *testing.T) {
	kit := kittest.Serve(t, "127.0.0.1")
	base := kit.Reviewer.BaseURL()
	hc := &http.Client{Timeout: 20 * time.Second}
	do := func(method, url string, body []byte) (int, string, string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		var rd io.Reader
		if body != nil {
			rd = bytes.NewReader(body)
		}
		req, err := http.NewRequestWithContext(ctx, method, url, rd)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("A2A-Version", "1.0")
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, url, err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
	}
	muxAnswer := func(code int, ct string) bool {
		return (code == 404 || code == 405) && !binding.IsJSON(ct)
	}
	for _, op := range binding.Ops() {
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":%q,"params":{}}`, op.Method)
		code, _, text := do("POST", base+"/", []byte(body))
		// Routed: a result (ListTasks of nothing lists nothing) or an
		// error about the empty params, never -32601 method not found.
		if code != 200 || strings.Contains(text, "-32601") || !strings.Contains(text, `"error"`) && !strings.Contains(text, `"result"`) {
			t.Errorf("JSON-RPC %s: %d %s", op.Method, code, text)
		}
		for _, m := range []string{op.HTTP, op.AlsoHTTP} {
			if m == "" {
				continue
			}
			var b []byte
			if m == "POST" {
				b = []byte("{}")
			}
			url := base + "/rest" + sample(op.Path)
			code, ct, text := do(m, url, b)
			if muxAnswer(code, ct) {
				t.Errorf("HTTP+JSON %s %s (%s): not routed: %d %s %q", m, url, op.Method, code, ct, text)
			}
			if r, ok := binding.Match(m, strings.TrimPrefix(url, base)); !ok || r.Op.Method != op.Method || r.Prefix != "/rest" {
				t.Errorf("Match(%s %s) = %+v, %v", m, url, r, ok)
			}
		}
	}
	// What the table does not route, a2a-go does not serve either, but
	// for its two catch-alls of /tasks/{idAndAction}: a POST of a bare
	// task is its 400 "invalid request", and a GET of any other verb
	// its GetTask of the whole segment (a JSON 404).
	lenient := map[string]bool{"POST /tasks/{id}": true, "GET /tasks/{id}:cancel": true}
	for _, op := range binding.Ops() {
		for _, m := range []string{"GET", "POST", "PUT", "PATCH", "DELETE"} {
			path := "/rest" + sample(op.Path)
			if _, ok := binding.Match(m, path); ok {
				continue
			}
			var b []byte
			if m != "GET" && m != "DELETE" {
				b = []byte("{}")
			}
			code, ct, text := do(m, base+path, b)
			switch served := !muxAnswer(code, ct); {
			case served && !lenient[m+" "+op.Path]:
				t.Errorf("HTTP+JSON %s %s: not in the table, but a2a-go serves it: %d %s %q", m, path, code, ct, text)
			case !served && lenient[m+" "+op.Path]:
				t.Errorf("HTTP+JSON %s %s: a2a-go no longer serves it (%d %s): drop it from lenient", m, path, code, ct)
			}
		}
	}
	// The mux's answers are told apart from a2a-go's: an unknown route
	// is the mux's, an unknown task a2a-go's.
	if code, ct, _ := do("GET", base+"/rest/nope", nil); !muxAnswer(code, ct) {
		t.Errorf("GET /rest/nope: %d %s, not the mux's 404", code, ct)
	}
	if code, ct, _ := do("DELETE", base+"/rest/message:send", nil); !muxAnswer(code, ct) {
		t.Errorf("DELETE /rest/message:send: %d %s, not the mux's 405", code, ct)
	}
	// Where a2a-go is more lenient than the spec: a GET of a task id
	// ending in an unknown verb is its GetTask of that id (a JSON
	// 404); the table has no such route.
	if code, ct, _ := do("GET", base+"/rest/tasks/t-1:other", nil); muxAnswer(code, ct) {
		t.Errorf("GET /rest/tasks/t-1:other: a2a-go no longer serves it (%d %s): the table's documentation can drop the difference", code, ct)
	}
	if _, ok := binding.Match("GET", "/rest/tasks/t-1:other"); ok {
		t.Error("the table routes GET /tasks/t-1:other")
	}
}

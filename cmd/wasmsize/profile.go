package main

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/internal/wasmbin"
)

// A profile says where a Go wasm module's bytes are.
type profile struct {
	bin      []byte
	mod      *wasmbin.Module
	size     int // the binary's size
	shipped  int // the size without the name section, as -ldflags=-s ships it
	names    string
	tablesOK error // why the Go runtime tables could not be read, if so

	sections []item   // by section kind
	packages []*group // by package, largest first
	symbols  []*symbol
	data     []item // data section by region, then the rest, then segment headers
	regions  []region
}

// An item is a named number of bytes.
type item struct {
	name  string
	bytes int
	est   float64 // estimated brotli share
}

// A group is a package: its functions and their bytes.
type group struct {
	name  string
	funcs []*symbol
	code  int // function bodies
	meta  int // pclntab bytes of its functions
	est   float64
	// codeEst is the part of est that is its code, the estimate that
	// exact measures: brotli saved by removing its code; -1 if not measured.
	codeEst float64
	exact   int
}

func (g *group) raw() int { return g.code + g.meta }

// A symbol is one function.
type symbol struct {
	name string
	pkg  *group
	fn   wasmbin.Func
	meta int
	est  float64
}

// newProfile parses bin and attributes its bytes. Brotli estimates are
// filled in later by estimate.
func newProfile(bin []byte) (*profile, error) {
	m, err := wasmbin.Parse(bin)
	if err != nil {
		return nil, err
	}
	p := &profile{bin: bin, mod: m, size: len(bin), shipped: len(bin)}
	mem := newMemory(bin, m)
	tabs, err := readGoTables(mem, len(m.Funcs))
	if err != nil {
		p.tablesOK = err
		tabs = &goTables{funcs: make([]funcInfo, len(m.Funcs))}
		p.names = mangledNames
	} else {
		p.names = "the pclntab"
	}

	// The ftab's function order must be the code section's: where the name
	// section names a function, its mangled real name must be that name.
	if p.tablesOK == nil {
		for i, fn := range m.Funcs {
			if real := tabs.funcs[i].name; fn.Name != "" && mangle(real) != fn.Name {
				p.tablesOK = fmt.Errorf("the pclntab names function %d %q, the name section %q", fn.Index, real, fn.Name)
				tabs = &goTables{funcs: make([]funcInfo, len(m.Funcs))}
				p.names = mangledNames
				break
			}
		}
	}

	byPkg := map[string]*group{}
	for i, fn := range m.Funcs {
		name := tabs.funcs[i].name
		if name == "" {
			name = fn.Name
		}
		if name == "" {
			name = fmt.Sprintf("func[%d]", fn.Index)
		}
		pkg := packageOf(name)
		g := byPkg[pkg]
		if g == nil {
			g = &group{name: pkg, exact: -1}
			byPkg[pkg] = g
		}
		s := &symbol{name: name, pkg: g, fn: fn, meta: tabs.funcs[i].meta}
		g.funcs = append(g.funcs, s)
		g.code += fn.Size
		g.meta += s.meta
		p.symbols = append(p.symbols, s)
	}
	for _, g := range byPkg {
		p.packages = append(p.packages, g)
	}
	sort.Slice(p.packages, func(i, j int) bool {
		a, b := p.packages[i], p.packages[j]
		return a.raw() > b.raw() || a.raw() == b.raw() && a.name < b.name
	})
	sort.SliceStable(p.symbols, func(i, j int) bool { return p.symbols[i].fn.Size > p.symbols[j].fn.Size })

	kinds := map[string]int{}
	var order []string
	for _, s := range m.Sections {
		k := sectionKind(s)
		if _, ok := kinds[k]; !ok {
			order = append(order, k)
		}
		kinds[k] += s.Size
		if s.ID == wasmbin.SectionCustom && s.Name == "name" {
			p.shipped -= s.Size
		}
	}
	for _, k := range order {
		p.sections = append(p.sections, item{name: k, bytes: kinds[k]})
	}

	p.regions = tabs.regions
	for i, b := range mem.assign(p.regions) {
		name := "other data (type and itab links)"
		if i < len(p.regions) {
			name = p.regions[i].name
		}
		p.data = append(p.data, item{name: name, bytes: len(b)})
	}
	// The rest of the data section: its header and each segment's.
	headers := kinds["data"]
	for _, d := range p.data {
		headers -= d.bytes
	}
	p.data = append(p.data, item{name: "segment and section headers", bytes: headers})
	return p, nil
}

// sectionKind names a section for the summary.
func sectionKind(s wasmbin.Section) string {
	switch s.ID {
	case wasmbin.SectionCode:
		return "code"
	case wasmbin.SectionData:
		return "data"
	case wasmbin.SectionCustom:
		if s.Name == "name" {
			return namesKind
		}
		return "other custom sections"
	}
	return "types, imports, tables, globals, exports, elements"
}

const mangledNames = "the name section (the linker's mangled names: / and other characters as _)"

// mangle spells a symbol as the Go linker writes it in the name section:
// every character but letters, digits, _ and . becomes _.
func mangle(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '.' || r == '_' || r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return r
		}
		return '_'
	}, name)
}

const namesKind = "names (custom section \"name\", not shipped)"

func isNames(kind string) bool { return kind == namesKind }

// packageOf returns the Go package of a function symbol: the import path
// before the first dot after the last slash, ignoring type arguments.
// Compiler-generated equality and hash functions (type:.eq.T) count for
// the package of T; other names without a package are grouped as such.
func packageOf(name string) string {
	for _, prefix := range []string{"type:.eq.", "type:.hash.", "type_.eq.", "type_.hash."} {
		if rest, ok := strings.CutPrefix(name, prefix); ok {
			rest = strings.TrimLeft(rest, "[]0123456789*_")
			rest = strings.TrimPrefix(rest, "go.shape.")
			named := !strings.ContainsAny(strings.Split(rest, ".")[0], " {(")
			if pkg := packageOf(rest); named && !strings.HasPrefix(pkg, "(") {
				return pkg
			}
			return "(type equality and hash)"
		}
	}
	if strings.HasPrefix(name, "go:") || strings.HasPrefix(name, "type:") {
		return "(compiler-generated)"
	}
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	slash := strings.LastIndexByte(name, '/') + 1
	if dot := strings.IndexByte(name[slash:], '.'); dot > 0 {
		// The linker writes a dot in the path's last element as %2e.
		return strings.ReplaceAll(name[:slash+dot], "%2e", ".")
	}
	return "(no package: assembly and linker stubs)"
}

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/a2aplay/a2aplay/internal/build"
	"github.com/a2aplay/a2aplay/internal/wasmbin"
)

const usage = `usage: wasmsize [flags] FILE.wasm
       wasmsize [flags] -build PACKAGE

wasmsize profiles the size of a Go WebAssembly module: its bytes by
package, by function or by kind of data, raw and as an estimate of their
share of the module's brotli size.

`

func main() {
	if err := cli(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "wasmsize:", err)
		}
		os.Exit(2)
	}
}

type options struct {
	top     int
	by      string
	pkg     string
	quality int
	exact   int
}

func cli(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("wasmsize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	var o options
	fs.IntVar(&o.top, "top", 25, "list the `N` largest rows (0: all)")
	fs.StringVar(&o.by, "by", "package", "rows by `package`, symbol or data")
	fs.StringVar(&o.pkg, "pkg", "", "with -by symbol, only the functions of this `package`")
	fs.IntVar(&o.quality, "quality", 9, "brotli `quality` of the estimates, 0 to 11 (the site ships 11; 9 is about 6 times faster)")
	fs.IntVar(&o.exact, "exact", 0, "also measure what removing the code of the `N` largest packages saves, compressing the module once more for each")
	without := fs.String("without", "", "measure what removing the code of these comma-separated `packages` together saves")
	merge := fs.Bool("merge", false, "also measure the module with its data segments merged (internal/wasmbin.MergeData)")
	build := fs.String("build", "", "build this `package` with GOOS=js GOARCH=wasm go build -trimpath and profile it")
	var gcflags []string
	fs.Func("gcflags", "with -build, pass this `pattern=flags` to go build -gcflags; repeat it for several, later patterns overriding earlier ones (default: for a module of the playground, its recipe's, see internal/build; all= for the compiler's defaults)", func(v string) error {
		gcflags = append(gcflags, v)
		return nil
	})
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch o.by {
	case "package", "symbol", "data":
	default:
		return fmt.Errorf("-by %q: want package, symbol or data", o.by)
	}
	if o.quality < 0 || o.quality > 11 {
		return fmt.Errorf("-quality %d: want 0 to 11", o.quality)
	}
	var path string
	switch {
	case *build != "" && fs.NArg() == 0:
		dir, err := os.MkdirTemp("", "wasmsize")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		path = filepath.Join(dir, filepath.Base(filepath.Clean(*build))+".wasm")
		if err := buildWasm(*build, gcflags, path, stderr); err != nil {
			return err
		}
	case *build == "" && fs.NArg() == 1:
		path = fs.Arg(0)
	default:
		fs.Usage()
		return errors.New("name one FILE.wasm or -build PACKAGE")
	}
	bin, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	p, err := newProfile(bin)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	var cutNames []string
	if *without != "" {
		cutNames = strings.Split(*without, ",")
		for _, name := range cutNames {
			if p.pkg(name) == nil {
				return fmt.Errorf("-without: no package %q in %s (see -by package)", name, path)
			}
		}
	}
	e := p.estimate(o.quality, o.exact)
	if err := p.write(stdout, filepath.Base(path), e, o); err != nil {
		return err
	}
	if *merge {
		merged, err := wasmbin.MergeData(p.shippedBytes(), 1<<16)
		if err != nil {
			return fmt.Errorf("%s: -merge: %w", path, err)
		}
		m, _ := wasmbin.Parse(merged)
		after := brotliLen(merged, e.quality)
		fmt.Fprintf(stdout, "\nwith its data segments merged: %s segments become %s; %s bytes, brotli %d: %s bytes (%s)\n",
			num(len(p.mod.Data)), num(len(m.Data)), num(len(merged)), e.quality, num(after), num(after-e.total))
	}
	if cutNames == nil {
		return nil
	}
	c, err := p.measureCut(cutNames, e)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nwithout %s: %s bytes of code, %s of pclntab; brotli %d saves %s measured for the code, about %s more for the pclntab (estimated), %.1f%% of the module\n",
		strings.Join(c.packages, ", "), num(c.code), num(c.meta), e.quality, num(c.saved), num(int(c.metaEst)),
		100*(float64(c.saved)+c.metaEst)/float64(max(e.total, 1)))
	return nil
}

// buildWasm builds pkg for js/wasm, keeping the name section (no -s): a
// module of the playground (./cmd/viewer or viewer, check, live) with
// its recipe's flags (internal/build), any other package with the
// compiler's; gcflags, when given, replace the recipe's -gcflags.
func buildWasm(pkg string, gcflags []string, out string, stderr io.Writer) error {
	m, ok := build.Lookup(pkg)
	if !ok {
		m = build.Module{Package: pkg}
	}
	if len(gcflags) > 0 {
		m.GCFlags = gcflags
	}
	cmd := exec.Command("go", m.ArgsWithNames(out)...)
	cmd.Env = build.Env()
	cmd.Stdout, cmd.Stderr = stderr, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("GOOS=js GOARCH=wasm go %s: %w", strings.Join(cmd.Args[1:], " "), err)
	}
	return nil
}

func (p *profile) write(w io.Writer, name string, e estimation, o options) error {
	fmt.Fprintf(w, "%s: %s bytes; as shipped (no name section) %s bytes, brotli %d: %s bytes\n",
		name, num(p.size), num(p.shipped), e.quality, num(e.total))
	fmt.Fprintf(w, "function names from %s.\n", p.names)
	if p.tablesOK != nil {
		fmt.Fprintf(w, "no data regions or pclntab shares: %v\n", p.tablesOK)
	}
	fmt.Fprintf(w, "brotli est: each part compressed alone at quality %d, scaled by %.3f so the parts add up to the module's brotli.\n\n",
		e.quality, e.scale)

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "bytes\t%\tbrotli est\t%\t  section")
	for _, s := range p.sections {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t  %s\n", num(s.bytes), pct(s.bytes, p.size), num(int(s.est)), pct(int(s.est), e.total), s.name)
	}
	fmt.Fprintln(tw)

	switch o.by {
	case "package":
		fmt.Fprint(tw, "code\tpclntab\tbytes\t%\tbrotli est\t%\t")
		pad := strings.Repeat("\t", 7) // to the last column
		if o.exact > 0 {
			pad += "\t\t"
			fmt.Fprint(tw, "code est\tsaved\t")
		}
		fmt.Fprintln(tw, "funcs\t  package")
		rows := p.packages
		for i, g := range rows {
			if o.top > 0 && i == o.top {
				break
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t", num(g.code), num(g.meta), num(g.raw()), pct(g.raw(), p.size),
				num(int(g.est)), pct(int(g.est), e.total))
			if o.exact > 0 {
				saved := ""
				if g.exact >= 0 {
					saved = num(g.exact)
				}
				fmt.Fprintf(tw, "%s\t%s\t", num(int(g.codeEst)), saved)
			}
			fmt.Fprintf(tw, "%d\t  %s\n", len(g.funcs), g.name)
		}
		if o.top > 0 && len(rows) > o.top {
			fmt.Fprintf(tw, "%s  (%d more packages)\n", pad, len(rows)-o.top)
		}
		if o.exact > 0 {
			fmt.Fprintf(tw, "%s  code est: the part of the brotli est that is the package's code; saved: brotli of the module less brotli of the module without that code\n", pad)
		}
	case "symbol":
		fmt.Fprintln(tw, "code\tpclntab\tbrotli est\t  function")
		n := 0
		for _, s := range p.symbols {
			if o.pkg != "" && s.pkg.name != o.pkg {
				continue
			}
			if o.top > 0 && n == o.top {
				break
			}
			n++
			fmt.Fprintf(tw, "%s\t%s\t%s\t  %s\n", num(s.fn.Size), num(s.meta), num(int(s.est)), s.name)
		}
		if n == 0 && o.pkg != "" {
			return fmt.Errorf("-pkg %q: no function of that package (see -by package)", o.pkg)
		}
	case "data":
		fmt.Fprintln(tw, "bytes\t%\tbrotli est\t%\t  data")
		for _, d := range p.data {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t  %s\n", num(d.bytes), pct(d.bytes, p.size), num(int(d.est)), pct(int(d.est), e.total), d.name)
		}
	}
	return tw.Flush()
}

// num writes n with thousands separators.
func num(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

func pct(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", 100*float64(n)/float64(of))
}

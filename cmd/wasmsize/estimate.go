package main

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"sync"

	"github.com/a2aplay/a2aplay/internal/wasmbin"
	"github.com/andybalholm/brotli"
)

// brotliLen is the length of data compressed with brotli at quality q and
// the library's default window, as the site compresses the module.
func brotliLen(data []byte, q int) int {
	var n countWriter
	w := brotli.NewWriterLevel(&n, q)
	w.Write(data) // a countWriter never fails
	w.Close()
	return int(n)
}

type countWriter int

func (c *countWriter) Write(b []byte) (int, error) { *c += countWriter(len(b)); return len(b), nil }

var _ io.Writer = (*countWriter)(nil)

// A chunk is a set of the shipped module's bytes compressed on its own.
type chunk struct {
	data  []byte
	alone int     // brotli of data alone
	est   float64 // its share of the module's brotli
}

// estimation holds the brotli figures of a profile.
type estimation struct {
	quality int
	total   int // brotli of the shipped module (without the name section)
	scale   float64
}

// estimate compresses the shipped module once and each part of it alone,
// then gives each part the share of the module's brotli size that its
// own compressed size is of the sum of all parts' compressed sizes. For
// the exact largest packages it also measures what removing their code
// saves: the module's brotli minus the brotli of the module without their
// function bodies.
func (p *profile) estimate(quality, exact int) estimation {
	shipped := p.shippedBytes()
	mem := newMemory(p.bin, p.mod)

	code := map[*group]*chunk{}
	inCode := make([]bool, len(p.bin))
	for _, g := range p.packages {
		c := &chunk{}
		for _, s := range g.funcs {
			c.data = append(c.data, p.bin[s.fn.Offset:s.fn.Offset+s.fn.Size]...)
			for i := s.fn.Offset; i < s.fn.Offset+s.fn.Size; i++ {
				inCode[i] = true
			}
		}
		code[g] = c
	}
	// The data regions, in p.data's order, the rest last.
	regions := p.regions
	var data []*chunk
	for _, b := range mem.assign(regions) {
		data = append(data, &chunk{data: b})
	}
	inData := make([]bool, len(p.bin))
	for _, s := range mem.segs {
		for i := s.Offset; i < s.Offset+s.Size; i++ {
			inData[i] = true
		}
	}
	other := &chunk{}
	names := p.nameSection()
	for i, b := range p.bin {
		if !inCode[i] && !inData[i] && !(i >= names.Offset && i < names.Offset+names.Size) {
			other.data = append(other.data, b)
		}
	}

	all := []*chunk{other}
	for _, g := range p.packages {
		all = append(all, code[g])
	}
	all = append(all, data...)
	e := estimation{quality: quality}
	jobs := []func(){func() { e.total = brotliLen(shipped, quality) }}
	for _, c := range all {
		jobs = append(jobs, func() { c.alone = brotliLen(c.data, quality) })
	}
	run(jobs)
	sum := 0
	for _, c := range all {
		sum += c.alone
	}
	if sum > 0 {
		e.scale = float64(e.total) / float64(sum)
	}
	for _, c := range all {
		c.est = e.scale * float64(c.alone)
	}

	// pclntab bytes are estimated at the pclntab's own ratio.
	metaEst, metaRaw := 0.0, 0
	for i, r := range regions {
		if r.perFunc {
			metaEst += data[i].est
			metaRaw += len(data[i].data)
		}
	}
	metaRatio := metaEst / float64(max(metaRaw, 1))
	for _, g := range p.packages {
		c := code[g]
		g.codeEst = c.est
		g.est = c.est + metaRatio*float64(g.meta)
		for _, s := range g.funcs {
			s.est = c.est*float64(s.fn.Size)/float64(max(g.code, 1)) + metaRatio*float64(s.meta)
		}
	}
	for i := range p.data {
		switch {
		case i < len(data):
			p.data[i].est = data[i].est
		default: // segment headers, at the ratio of the rest of the module
			p.data[i].est = other.est * float64(p.data[i].bytes) / float64(max(len(other.data), 1))
		}
	}
	for i := range p.sections {
		s := &p.sections[i]
		switch s.name {
		case "code":
			for _, g := range p.packages {
				s.est += code[g].est
			}
		case "data":
			for _, c := range data {
				s.est += c.est
			}
			s.est += p.data[len(p.data)-1].est
		default:
			if !isNames(s.name) {
				s.est = other.est * float64(s.bytes) / float64(max(len(other.data), 1))
			}
		}
	}

	if exact > 0 {
		top := append([]*group(nil), p.packages...)
		sort.SliceStable(top, func(i, j int) bool { return top[i].est > top[j].est })
		top = top[:min(exact, len(top))]
		jobs = jobs[:0]
		for _, g := range top {
			jobs = append(jobs, func() {
				g.exact = e.total - brotliLen(p.without(shipped, g.funcs), quality)
			})
		}
		run(jobs)
	}
	return e
}

// A cut is a set of packages whose removal is measured together.
type cut struct {
	packages []string
	code     int     // their function bodies
	meta     int     // their pclntab bytes
	saved    int     // brotli saved by removing their function bodies
	metaEst  float64 // estimated brotli of their pclntab bytes
}

// measureCut measures what removing the code of the named packages
// saves, compressing the shipped module without it.
func (p *profile) measureCut(names []string, e estimation) (cut, error) {
	c := cut{packages: names}
	var funcs []*symbol
	for _, name := range names {
		g := p.pkg(name)
		if g == nil {
			return c, fmt.Errorf("no package %q in the module", name)
		}
		funcs = append(funcs, g.funcs...)
		c.code += g.code
		c.meta += g.meta
		c.metaEst += g.est - g.codeEst
	}
	c.saved = e.total - brotliLen(p.without(p.shippedBytes(), funcs), e.quality)
	return c, nil
}

func (p *profile) pkg(name string) *group {
	for _, g := range p.packages {
		if g.name == name {
			return g
		}
	}
	return nil
}

// shippedBytes is the binary without its name section.
func (p *profile) shippedBytes() []byte {
	n := p.nameSection()
	out := append([]byte(nil), p.bin[:n.Offset]...)
	return append(out, p.bin[n.Offset+n.Size:]...)
}

func (p *profile) nameSection() wasmbin.Section {
	for _, s := range p.mod.Sections {
		if s.ID == wasmbin.SectionCustom && s.Name == "name" {
			return s
		}
	}
	return wasmbin.Section{Offset: len(p.bin)}
}

// without returns shipped less the bodies of funcs. The result is no
// longer a valid module; it only stands for the bytes that would be left.
func (p *profile) without(shipped []byte, funcs []*symbol) []byte {
	names := p.nameSection()
	cut := make([]bool, len(shipped))
	for _, s := range funcs {
		off := s.fn.Offset
		if off > names.Offset {
			off -= names.Size
		}
		for i := off; i < off+s.fn.Size; i++ {
			cut[i] = true
		}
	}
	out := make([]byte, 0, len(shipped))
	for i, b := range shipped {
		if !cut[i] {
			out = append(out, b)
		}
	}
	return out
}

// run runs the jobs, as many at a time as there are CPUs.
func run(jobs []func()) {
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, j := range jobs {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			j()
		})
	}
	wg.Wait()
}

package lesson

import (
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// htmlRenderer writes the dialect's nodes. Everything it takes from a
// lesson or a transcript is escaped; the only markup it passes through
// unescaped is the SVG that package diagram drew.
type htmlRenderer struct{ c *Config }

func (r *htmlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindListing, r.listing)
	reg.Register(KindFigure, r.figure)
	reg.Register(KindRule, r.rule)
	reg.Register(KindTakeaways, r.takeaways)
	reg.Register(KindExercise, r.exercise)
	reg.Register(KindMeasures, r.measures)
	reg.Register(KindCite, r.cite)
	reg.Register(ast.KindImage, r.image)
}

// image shows an image by a relative path (or, with
// Config.RemoteImages, an http(s) URL); any other image is shown as its
// alt text, and checkImages reported it.
func (r *htmlRenderer) image(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Image)
	dest := string(n.Destination)
	alt := plainText(n, src)
	k := imageKind(dest)
	if k == imageLocal || k == imageRemote && r.c.RemoteImages {
		w.WriteString(`<img src="` + esc(dest) + `" alt="` + esc(alt) + `"`)
		if len(n.Title) > 0 {
			w.WriteString(` title="` + esc(string(n.Title)) + `"`)
		}
		w.WriteString(">")
		return ast.WalkSkipChildren, nil
	}
	if alt == "" {
		alt = "image not shown"
	}
	w.WriteString(`<span class="lesson-image-refused">[` + escText(alt) + "]</span>")
	return ast.WalkSkipChildren, nil
}

var (
	attrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")
	textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
)

// esc escapes text for an attribute value or element content.
func esc(s string) string { return attrEscaper.Replace(s) }

// escText escapes element content, leaving quotes readable.
func escText(s string) string { return textEscaper.Replace(s) }

// idAttr writes ` id="ID"` when id is set, with the configured prefix.
func (r *htmlRenderer) idAttr(w util.BufWriter, id string) {
	if id != "" {
		w.WriteString(` id="` + esc(r.c.IDPrefix+id) + `"`)
	}
}

// writeErrors shows a block's errors where the block would be, so a
// preview of a broken lesson still reads; `a2aplay docs` fails on them.
func writeErrors(w util.BufWriter, f *fence) bool {
	if len(f.errs) == 0 {
		return false
	}
	w.WriteString(`<div class="lesson-error" role="alert">`)
	for _, e := range f.errs {
		w.WriteString("<p>" + esc(e.msg) + "</p>")
	}
	w.WriteString("</div>\n")
	return true
}

func (r *htmlRenderer) listing(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*Listing)
	if writeErrors(w, &n.fence) {
		return ast.WalkSkipChildren, nil
	}
	w.WriteString(`<figure class="listing"`)
	r.idAttr(w, n.ID)
	w.WriteString(` data-transcript="` + esc(n.transcript) + `"`)
	if n.Step > 0 {
		w.WriteString(` data-step="` + strconv.Itoa(n.Step) + `"`)
	}
	w.WriteString(">\n<figcaption>")
	if n.Title != "" {
		w.WriteString(`<span class="listing-title">`)
		writeInline(w, n.Title)
		w.WriteString("</span> ")
	}
	w.WriteString(`<a class="listing-source" href="` + esc(r.c.ReplayLink(n.transcript, n.Step)) + `">`)
	w.WriteString(esc(n.transcript + ", " + n.Where))
	w.WriteString("</a>")
	if n.Verified {
		w.WriteString(` <span class="listing-verified">· quoted as written, checked against the capture</span>`)
	}
	w.WriteString("</figcaption>\n")
	w.WriteString(`<pre class="listing-text"><code class="language-` + esc(n.Lang) + `">`)
	w.WriteString(escText(n.Quote))
	w.WriteString("</code></pre>\n")
	if n.Note != "" || len(n.Cuts) > 0 {
		w.WriteString(`<p class="listing-note">`)
		if n.Note != "" {
			writeInline(w, n.Note)
		}
		if len(n.Cuts) > 0 {
			if n.Note != "" {
				w.WriteString(" ")
			}
			w.WriteString(`<span class="listing-cuts">Cut and shown as …: `)
			for i, c := range n.Cuts {
				if i > 0 {
					w.WriteString(", ")
				}
				w.WriteString("<code>" + esc(c) + "</code>")
			}
			w.WriteString(".</span>")
		}
		w.WriteString("</p>\n")
	}
	w.WriteString("</figure>\n")
	return ast.WalkSkipChildren, nil
}

func (r *htmlRenderer) figure(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*Figure)
	if entering {
		if n.Row != "" && !rowMate(n.PreviousSibling(), n.Row) {
			w.WriteString(`<div class="lesson-figrow" data-row="` + esc(n.Row) + `">` + "\n")
		}
		if writeErrors(w, &n.fence) {
			return ast.WalkSkipChildren, nil
		}
		w.WriteString(`<figure class="lesson-figure"`)
		r.idAttr(w, n.ID)
		w.WriteString(` data-transcript="` + esc(n.transcript) + `"`)
		if rg := n.Range(); rg != "" {
			w.WriteString(` data-steps="` + esc(rg) + `"`)
		}
		w.WriteString(">\n")
		w.WriteString(`<div class="figure-drawing">`)
		w.Write(n.SVG) // drawn by package diagram, which escapes all text
		w.WriteString("</div>\n<figcaption>")
		for _, p := range [...]struct{ class, text string }{
			{"figure-title", n.Title}, {"figure-claim", n.Claim}, {"figure-caption", n.Caption},
		} {
			if p.text != "" {
				w.WriteString(`<span class="` + p.class + `">`)
				writeInline(w, p.text)
				w.WriteString("</span>\n")
			}
		}
		for _, e := range n.finds {
			w.WriteString(`<span class="figure-finding" role="note">Not borne out by the drawing: ` + esc(strings.TrimPrefix(e.msg, "figure: ")) + "</span>\n")
		}
		return ast.WalkContinue, nil
	}
	if n.Row != "" && !rowMate(n.NextSibling(), n.Row) {
		defer w.WriteString("</div>\n")
	}
	if len(n.errs) > 0 {
		return ast.WalkContinue, nil
	}
	step := n.From
	w.WriteString(`<a class="figure-replay" href="` + esc(r.c.ReplayLink(n.transcript, step)) + `">`)
	if n.From > 0 {
		w.WriteString(esc("Step through " + n.transcript + " from step " + strconv.Itoa(n.From) + " in the replayer"))
	} else {
		w.WriteString(esc("Step through " + n.transcript + " in the replayer"))
	}
	w.WriteString("</a></figcaption>\n</figure>\n")
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) rule(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*Rule)
	if entering {
		if writeErrors(w, &n.fence) {
			return ast.WalkSkipChildren, nil
		}
		w.WriteString(`<aside class="rule"`)
		r.idAttr(w, n.ID)
		w.WriteString(">\n<p class=\"rule-label\">")
		writeInline(w, n.Label)
		if n.Source != nil {
			w.WriteString(" ")
			writeCite(w, n.Source)
		}
		w.WriteString("</p>\n")
		return ast.WalkContinue, nil
	}
	if len(n.errs) == 0 {
		w.WriteString("</aside>\n")
	}
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) takeaways(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*Takeaways)
	if entering {
		if writeErrors(w, &n.fence) {
			return ast.WalkSkipChildren, nil
		}
		w.WriteString(`<section class="takeaways"`)
		r.idAttr(w, n.ID)
		w.WriteString(">\n<p class=\"takeaways-title\">")
		writeInline(w, n.Title)
		w.WriteString("</p>\n")
		return ast.WalkContinue, nil
	}
	if len(n.errs) == 0 {
		w.WriteString("</section>\n")
	}
	return ast.WalkContinue, nil
}

func (r *htmlRenderer) cite(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		writeCite(w, node.(*Cite))
	}
	return ast.WalkSkipChildren, nil
}

// writeCite writes a citation in parentheses: a link for the spec, cited
// text for the rest.
func writeCite(w util.BufWriter, c *Cite) {
	class := "cite cite-" + strings.SplitN(c.Source, "-", 2)[0]
	w.WriteString(`(<cite class="` + esc(class) + `">`)
	if u := c.URL(); u != "" {
		w.WriteString(`<a href="` + esc(u) + `">` + esc(c.Label()) + "</a>")
	} else {
		w.WriteString(esc(c.Label()))
	}
	w.WriteString("</cite>)")
}

// measures writes a measures block as a table: the header, then a row
// per measure with the figures measured from the transcripts.
func (r *htmlRenderer) measures(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*Measures)
	if writeErrors(w, &n.fence) {
		return ast.WalkSkipChildren, nil
	}
	w.WriteString(`<figure class="measures"`)
	r.idAttr(w, n.ID)
	w.WriteString(">\n<figcaption>")
	if n.Title != "" {
		w.WriteString(`<span class="measures-title">`)
		writeInline(w, n.Title)
		w.WriteString("</span> ")
	}
	w.WriteString(`<span class="measures-verified">· every figure measured from the captures: `)
	for i, s := range n.Sources {
		if i > 0 {
			w.WriteString(", ")
		}
		name := TranscriptName(s)
		w.WriteString(`<a href="` + esc(r.c.ReplayLink(name, 0)) + `">` + esc(name) + "</a>")
	}
	w.WriteString("</span></figcaption>\n<table>\n<thead><tr>")
	for i, h := range n.Head {
		if i == 0 {
			w.WriteString(`<th scope="col">`)
		} else {
			w.WriteString(`<th scope="col" class="measures-figure">`)
		}
		writeInline(w, h)
		w.WriteString("</th>")
	}
	w.WriteString("</tr></thead>\n<tbody>\n")
	for i, label := range n.Labels {
		w.WriteString(`<tr><th scope="row">`)
		writeInline(w, label)
		w.WriteString("</th>")
		for _, c := range n.Cells[i] {
			w.WriteString(`<td class="measures-figure">` + escText(c) + "</td>")
		}
		w.WriteString("</tr>\n")
	}
	w.WriteString("</tbody>\n</table>\n")
	if n.Caption != "" {
		w.WriteString(`<p class="measures-caption">`)
		writeInline(w, n.Caption)
		w.WriteString("</p>\n")
	}
	w.WriteString("</figure>\n")
	return ast.WalkSkipChildren, nil
}

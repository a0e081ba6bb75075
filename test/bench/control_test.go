package main

import (
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/diagram"
)

// page is a built index.html as far as figurePage reads it.
func page(style, body string) string {
	return "<!doctype html>\n<html><head><style>" + style + "</style>\n</head>\n<body>\n" + body + "\n</body></html>"
}

const fig = `<div class="diagram" id="diagram" data-transcript="t" tabindex="-1"><svg class="a2s" width="5" height="5"><text>a</text></svg>
</div>`

func TestFigurePage(t *testing.T) {
	css := diagram.StyleSheet()
	got, err := figurePage([]byte(page("body{margin:0}\n"+css, `<header>x</header><section><div class="lane" id="lane"></div>`+fig+`<p>after</p></section>`)))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<style>" + css + "</style>", fig, `<script src="ready.js"></script>`} {
		if !strings.Contains(got, want) {
			t.Errorf("the control page lacks %q:\n%s", want, got)
		}
	}
	for _, not := range []string{"header", "after", "body{margin:0}", `id="lane"`} {
		if strings.Contains(got, not) {
			t.Errorf("the control page carries %q, which is not the figure's:\n%s", not, got)
		}
	}
}

func TestFigurePageErrors(t *testing.T) {
	css := diagram.StyleSheet()
	for _, c := range []struct{ name, page, want string }{
		{"no figure", page(css, `<p>x</p>`), `no element with id="diagram"`},
		{"not a div", page(css, `<span id="diagram"><svg></svg></span>`), "is not a <div>"},
		{"no svg", page(css, `<div id="diagram"><p>x</p></div>`), "does not start with the figure's <svg>"},
		{"open svg", page(css, `<div id="diagram"><svg><text>x</text>`), "does not end with the figure's </svg>"},
		{"no diagram style", page("body{margin:0}", fig), "does not carry the diagram's"},
		{"style in the body", "<html><head></head><body><style>" + css + "</style>" + fig, "does not carry the diagram's"},
	} {
		_, err := figurePage([]byte(c.page))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// FuzzFigurePage: any page gives a control or an error, never a panic,
// and a control holds the figure whole.
func FuzzFigurePage(f *testing.F) {
	f.Add([]byte(page(diagram.StyleSheet(), fig)))
	f.Add([]byte(`<div id="diagram"><svg></div>`))
	f.Add([]byte(` id="diagram">`))
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := figurePage(b)
		if err != nil {
			return
		}
		el, err := figureElement(b)
		if err != nil || !strings.Contains(got, el) || !strings.HasSuffix(el, "</div>") {
			t.Fatalf("control %q without its figure %q (%v)", got, el, err)
		}
	})
}

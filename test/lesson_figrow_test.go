package test

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLessonFigureRow: the three roads lesson's figures of 07, 13 and
// 14 stand side by side at 1366×768, three columns within the window,
// each drawing scrollable in its own column, its caption under it; at
// 390 px wide they stack, each as wide as the page allows; in the
// lesson page `a2aplay docs` writes (the offline file's lessons take the
// same style sheet, lesson.StyleSheet).
func TestLessonFigureRow(t *testing.T) {
	_, srv := lessonPages(t)

	type box struct {
		Left, Right, Top, Bottom, Width float64
		Scroll                          bool // the drawing scrolls: wider or taller than its box
		Overflow                        string
		Caption                         bool // its caption is under the drawing
	}
	type layout struct {
		Figures []box
		Window  float64
		Row     bool
	}
	measure := func(tb *tab) layout {
		return eval[layout](tb, `(() => {
			const row = document.querySelector('.lesson-figrow[data-row="roads"]');
			const figs = row ? [...row.querySelectorAll(":scope > figure.lesson-figure")] : [];
			return {Row: !!row, Window: document.documentElement.clientWidth, Figures: figs.map(f => {
				const r = f.getBoundingClientRect(), d = f.querySelector(".figure-drawing"), c = f.querySelector("figcaption");
				const cs = getComputedStyle(d);
				return {Left: r.left, Right: r.right, Top: r.top, Bottom: r.bottom, Width: r.width,
					Scroll: d.scrollWidth > d.clientWidth + 1 || d.scrollHeight > d.clientHeight + 1,
					Overflow: cs.overflowX + " " + cs.overflowY,
					Caption: c.getBoundingClientRect().top >= d.getBoundingClientRect().bottom - 1};
			})};
		})()`)
	}
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(1366, 768))
	tb.do(chromedp.Navigate(srv.URL + "/lessons/05-three-roads.html"))
	tb.wait(`document.readyState === "complete" && !!document.querySelector(".lesson-figrow")`)

	l := measure(tb)
	if !l.Row || len(l.Figures) != 3 {
		t.Fatalf("the roads' row: %+v, want three figures in it", l)
	}
	for i, f := range l.Figures {
		if f.Left < 0 || f.Right > l.Window+0.5 {
			t.Errorf("desktop: figure %d spans %.0f to %.0f, outside the window's %.0f", i+1, f.Left, f.Right, l.Window)
		}
		if f.Width < 300 {
			t.Errorf("desktop: figure %d is %.0f px wide, too narrow to read", i+1, f.Width)
		}
		if f.Overflow != "auto auto" || !f.Caption {
			t.Errorf("desktop: figure %d: overflow %q, caption under the drawing %v", i+1, f.Overflow, f.Caption)
		}
		if i > 0 {
			if p := l.Figures[i-1]; f.Left < p.Right || f.Top != p.Top {
				t.Errorf("desktop: figure %d (%.0f,%.0f) is not beside figure %d (right %.0f, top %.0f)", i+1, f.Left, f.Top, i, p.Right, p.Top)
			}
		}
	}
	if !l.Figures[1].Scroll {
		t.Errorf("desktop: the webhook's drawing fits its column: %+v; the test means to see a scrolled one", l.Figures[1])
	}
	eval[bool](tb, `(document.querySelector(".lesson-figrow").scrollIntoView({block: "start"}), true)`)
	tb.keepScreenshot("lesson-figrow-desktop")

	tb.do(chromedp.EmulateViewport(390, 844))
	tb.wait(`document.documentElement.clientWidth <= 390`)
	l = measure(tb)
	for i, f := range l.Figures {
		if f.Left < 0 || f.Right > l.Window+0.5 || f.Width < l.Window-60 {
			t.Errorf("phone: figure %d spans %.0f to %.0f of %.0f", i+1, f.Left, f.Right, l.Window)
		}
		if i > 0 && f.Top < l.Figures[i-1].Bottom {
			t.Errorf("phone: figure %d (top %.0f) is not under figure %d (bottom %.0f)", i+1, f.Top, i, l.Figures[i-1].Bottom)
		}
	}
	eval[bool](tb, `(document.querySelector(".lesson-figrow").scrollIntoView({block: "start"}), true)`)
	tb.keepScreenshot("lesson-figrow-phone")
	if w := eval[float64](tb, `document.documentElement.scrollWidth`); w > l.Window+0.5 {
		t.Errorf("phone: the page is %.0f px wide in a %.0f px window", w, l.Window)
	}
	tb.checkClean()
}

package lesson

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func rowFigure(row string) string {
	return "```figure\nsource: transcripts/review.http\nrow: " + row + "\n```\n\n"
}

// TestFigureRow: figures that follow one another in one row are drawn
// in one lesson-figrow, in their order; a figure without a row, or of
// another row, stays out of it.
func TestFigureRow(t *testing.T) {
	src := "# Rows\n\n" + rowFigure("roads") + rowFigure("roads") + rowFigure("roads") + "Between.\n\n" +
		"```figure\nsource: transcripts/deploy.http\n```\n\n" + rowFigure("two") + rowFigure("two")
	var html bytes.Buffer
	if _, err := Convert([]byte(src), "rows.md", Config{Resolver: testResolver}, &html); err != nil {
		t.Fatal(err)
	}
	out := html.String()
	if n := strings.Count(out, `<div class="lesson-figrow"`); n != 2 {
		t.Fatalf("%d rows, want 2:\n%s", n, out)
	}
	first := out[strings.Index(out, `data-row="roads"`):strings.Index(out, "Between.")]
	if n := strings.Count(first, `<figure class="lesson-figure"`); n != 3 || !strings.HasSuffix(strings.TrimSpace(first[:strings.LastIndex(first, "</div>")+6]), "</figure>\n</div>") {
		t.Errorf("the row of three holds %d figures, or is not closed after the third:\n%s", n, first)
	}
	alone := out[strings.Index(out, "Between."):strings.Index(out, `<div class="lesson-figrow" data-row="two"`)]
	if strings.Count(alone, `<figure class="lesson-figure"`) != 1 || strings.Contains(alone, "lesson-figrow") {
		t.Errorf("the figure without a row:\n%s", alone)
	}
	if strings.Count(out, "<div") != strings.Count(out, "</div>") {
		t.Errorf("%d <div> and %d </div>", strings.Count(out, "<div"), strings.Count(out, "</div>"))
	}
}

// TestFigureRowErrors: a row of one figure, a row named again after
// other blocks, and a row name that is not a word are errors at the
// row key's line.
func TestFigureRowErrors(t *testing.T) {
	src := "# Rows\n\n" + rowFigure("a") + "Text.\n\n" + rowFigure("b") + rowFigure("b") + "Text.\n\n" + rowFigure("b") + rowFigure("b") + rowFigure("x y")
	var html bytes.Buffer
	_, err := Convert([]byte(src), "rows.md", Config{Resolver: testResolver}, &html)
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("err = %v, want an ErrorList", err)
	}
	var got []string
	for _, e := range list {
		got = append(got, e.Error())
	}
	want := []string{
		`rows.md:5: figure: row "a" has this figure only: a row puts two figures or more side by side, one after the other`,
		`rows.md:24: figure: row "b" was drawn above already: the figures of a row follow one another, with nothing between them`,
		`rows.md:34: figure: row "x y": use letters, digits, "-" and "_"`,
		`rows.md:34: figure: row "x y" has this figure only: a row puts two figures or more side by side, one after the other`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if strings.Count(html.String(), "<div") != strings.Count(html.String(), "</div>") {
		t.Errorf("unbalanced divs with broken rows:\n%s", html.String())
	}
}

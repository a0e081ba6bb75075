package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/a2aplay/a2aplay/diagram"
)

// figurePage is the control issue 26 names for the first paint: a page
// that paints the same inline figure as the site and nothing else. It
// takes the figure from the built site's own index.html (the diagram's
// element as the builder wrote it, SVG and all), so that the control
// cannot drift from the page it is compared with, and gives it the
// style it needs to look the same, the diagram's style sheet, which the
// page's inline sheet must carry too. The page ends with the floor's
// ready script (the CSP allows no inline script).
func figurePage(index []byte) (string, error) {
	fig, err := figureElement(index)
	if err != nil {
		return "", err
	}
	css := diagram.StyleSheet()
	if style, ok := headStyle(index); !ok || !strings.Contains(style, css) {
		return "", errors.New("the built index.html: its inline style sheet does not carry the diagram's (diagram.StyleSheet), which the control copies")
	}
	return `<!doctype html>
<meta charset="utf-8">
<title>control</title>
<style>` + css + `</style>
` + fig + `
<script src="ready.js"></script>`, nil
}

// figureElement returns the element of index that holds the pre-rendered
// figure, <div ... id="diagram" ...><svg ...>...</svg> </div>, as it is
// written there.
func figureElement(index []byte) (string, error) {
	const id = ` id="diagram"`
	at := bytes.Index(index, []byte(id))
	if at < 0 {
		return "", errors.New(`the built index.html has no element with id="diagram"`)
	}
	start := bytes.LastIndexByte(index[:at], '<')
	if start < 0 || !bytes.HasPrefix(index[start:], []byte("<div ")) {
		return "", errors.New(`the built index.html: the element with id="diagram" is not a <div>`)
	}
	open := bytes.IndexByte(index[at:], '>')
	if open < 0 {
		return "", errors.New(`the built index.html: the element with id="diagram" does not end its start tag`)
	}
	body := at + open + 1
	if !bytes.HasPrefix(index[body:], []byte("<svg")) {
		return "", fmt.Errorf(`the built index.html, byte %d: the element with id="diagram" does not start with the figure's <svg>`, body)
	}
	// The figure is SVG: no </div> comes before the element's own.
	end := bytes.Index(index[body:], []byte("</div>"))
	if end < 0 || !bytes.HasSuffix(bytes.TrimRight(index[body:body+end], " \t\r\n"), []byte("</svg>")) {
		return "", fmt.Errorf(`the built index.html, byte %d: the element with id="diagram" does not end with the figure's </svg>`, body)
	}
	return string(index[start : body+end+len("</div>")]), nil
}

// headStyle returns the text of the first <style> element of page's
// head, and whether there is one.
func headStyle(page []byte) (string, bool) {
	head, _, _ := bytes.Cut(page, []byte("<body"))
	_, after, ok := bytes.Cut(head, []byte("<style>"))
	if !ok {
		return "", false
	}
	style, _, ok := bytes.Cut(after, []byte("</style>"))
	return string(style), ok
}

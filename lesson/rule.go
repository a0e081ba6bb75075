package lesson

import (
	"github.com/yuin/goldmark/ast"
)

// KindRule is the node kind of a rule.
var KindRule = ast.NewNodeKind("Rule")

// A Rule states one rule of the specification in the lesson's words,
// with where it comes from:
//
//	```rule
//	label: where the credential travels
//	source: spec §7.6.1
//	---
//	The credential reaches the agent outside A2A ...
//	```
//
// Keys: label (required), source (a citation as inside {{ }}: "spec
// §7.6.1"), id. The body is Markdown and must not be empty.
type Rule struct {
	ast.BaseBlock
	fence

	ID, Label string
	Source    *Cite // nil when the rule names no source
}

// Kind implements ast.Node.
func (n *Rule) Kind() ast.NodeKind { return KindRule }

// Dump implements ast.Node.
func (n *Rule) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Label": n.Label}, nil)
}

var ruleKeys = map[string]bool{"label": true, "source": false, "id": false}

func (n *Rule) check() {
	f := &n.fence
	f.checkHeader(ruleKeys)
	if fl, ok := f.get("label"); ok {
		f.checkInline(fl)
		n.Label = fl.Value
	}
	if fl, ok := f.get("id"); ok {
		n.ID = fl.Value
		if !isID(n.ID) {
			f.errorf(fl.Offset, "rule: id %q: use letters, digits, \"-\" and \"_\"", n.ID)
		}
	}
	if fl, ok := f.get("source"); ok && fl.Value != "" {
		src, ref, problem := parseCite(fl.Value)
		if problem != "" {
			f.errorf(fl.Offset, "rule: source: %s", problem)
		} else {
			n.Source = &Cite{Source: src, Ref: ref}
		}
	}
	if !n.HasChildren() {
		f.errorf(f.offset, "rule: the body is empty; say the rule after the %q line", "---")
	}
}

// KindTakeaways is the node kind of a takeaways block.
var KindTakeaways = ast.NewNodeKind("Takeaways")

// Takeaways close a lesson with what to remember, usually a list:
//
//	```takeaways
//	- Answer INPUT_REQUIRED on the same task.
//	```
//
// Keys (optional, before a "---" line): title, id. The body is Markdown
// and must not be empty.
type Takeaways struct {
	ast.BaseBlock
	fence

	ID, Title string
}

// Kind implements ast.Node.
func (n *Takeaways) Kind() ast.NodeKind { return KindTakeaways }

// Dump implements ast.Node.
func (n *Takeaways) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Title": n.Title}, nil)
}

var takeawaysKeys = map[string]bool{"title": false, "id": false}

func (n *Takeaways) check() {
	f := &n.fence
	f.checkHeader(takeawaysKeys)
	n.Title = "Takeaways"
	if fl, ok := f.get("title"); ok {
		f.checkInline(fl)
		n.Title = fl.Value
	}
	if fl, ok := f.get("id"); ok {
		n.ID = fl.Value
		if !isID(n.ID) {
			f.errorf(fl.Offset, "takeaways: id %q: use letters, digits, \"-\" and \"_\"", n.ID)
		}
	}
	if !n.HasChildren() {
		f.errorf(f.offset, "takeaways: the body is empty")
	}
}

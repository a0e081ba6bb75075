package jsonread

import (
	"fmt"
	"strings"
)

// Ellipsis stands in a formatted value for the members or elements that
// were cut.
const Ellipsis = "…"

// FormatOptions say how [Format] lays a value out.
type FormatOptions struct {
	// Key, when not empty, is written before the value as `"Key": `, so a
	// quoted member reads as it does in its object.
	Key string
	// Cut lists paths, relative to the formatted value and dotted as in
	// [Value.Path], to leave out. Each run of cut members or elements is
	// shown as one line holding [Ellipsis].
	Cut []string
	// Width is the line length under which an array or object without
	// cuts is kept on one line. Zero means 80; a negative width never
	// joins lines.
	Width int
}

// Format lays v out with two-space indentation, keeping member order and
// every scalar as written. It fails when a cut path does not exist.
func Format(v *Value, o FormatOptions) (string, error) {
	if v == nil {
		return "", fmt.Errorf("format: no value")
	}
	cuts := map[*Value]bool{}
	for _, c := range o.Cut {
		c = strings.TrimSpace(c)
		t, err := v.Path(c)
		if err != nil {
			return "", fmt.Errorf("cut: %w", err)
		}
		cuts[t] = true
	}
	f := &formatter{cuts: cuts, width: o.Width}
	if f.width == 0 {
		f.width = 80
	}
	f.holdsCut = map[*Value]bool{}
	f.markCuts(v)
	prefix := ""
	if o.Key != "" {
		prefix = quoteJSON(o.Key) + ": "
	}
	f.b.WriteString(prefix)
	f.value(v, 0, len(prefix))
	return f.b.String(), nil
}

type formatter struct {
	b        strings.Builder
	cuts     map[*Value]bool
	holdsCut map[*Value]bool // values with a cut somewhere inside
	width    int
}

func (f *formatter) markCuts(v *Value) bool {
	held := false
	for _, fl := range v.Fields {
		if f.cuts[fl.Value] || f.markCuts(fl.Value) {
			held = true
		}
	}
	for _, e := range v.Items {
		if f.cuts[e] || f.markCuts(e) {
			held = true
		}
	}
	if held {
		f.holdsCut[v] = true
	}
	return held
}

// value writes v whose first line already holds col columns.
func (f *formatter) value(v *Value, indent, col int) {
	if f.cuts[v] {
		f.b.WriteString(Ellipsis)
		return
	}
	switch v.Kind {
	case Object, Array:
	default:
		f.b.WriteString(v.Raw)
		return
	}
	if len(v.Fields) == 0 && len(v.Items) == 0 {
		if v.Kind == Object {
			f.b.WriteString("{}")
		} else {
			f.b.WriteString("[]")
		}
		return
	}
	if !f.holdsCut[v] && f.width > 0 {
		if s, ok := compact(v, f.width-col); ok {
			f.b.WriteString(s)
			return
		}
	}
	open, close := "{", "}"
	if v.Kind == Array {
		open, close = "[", "]"
	}
	pad := strings.Repeat("  ", indent+1)
	f.b.WriteString(open)
	n := len(v.Items)
	if v.Kind == Object {
		n = len(v.Fields)
	}
	first := true
	for i := 0; i < n; i++ {
		var e *Value
		key := ""
		if v.Kind == Object {
			e, key = v.Fields[i].Value, quoteJSON(v.Fields[i].Key)+": "
		} else {
			e = v.Items[i]
		}
		if f.cuts[e] {
			// One ellipsis line for a run of cut members.
			if i > 0 && f.cutAt(v, i-1) {
				continue
			}
			if !first {
				f.b.WriteString(",")
			}
			f.b.WriteString("\n" + pad + Ellipsis)
			first = false
			continue
		}
		if !first {
			f.b.WriteString(",")
		}
		f.b.WriteString("\n" + pad + key)
		f.value(e, indent+1, len(pad)+len(key))
		first = false
	}
	f.b.WriteString("\n" + strings.Repeat("  ", indent) + close)
}

func (f *formatter) cutAt(v *Value, i int) bool {
	if v.Kind == Object {
		return f.cuts[v.Fields[i].Value]
	}
	return f.cuts[v.Items[i]]
}

// compact renders v on one line when it fits in room columns.
func compact(v *Value, room int) (string, bool) {
	var b strings.Builder
	ok := compactTo(&b, v, room)
	return b.String(), ok && b.Len() <= room
}

func compactTo(b *strings.Builder, v *Value, room int) bool {
	if b.Len() > room {
		return false
	}
	switch v.Kind {
	case Object:
		if len(v.Fields) == 0 {
			b.WriteString("{}")
			return true
		}
		b.WriteString("{ ")
		for i, fl := range v.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quoteJSON(fl.Key) + ": ")
			if !compactTo(b, fl.Value, room) {
				return false
			}
		}
		b.WriteString(" }")
	case Array:
		if len(v.Items) == 0 {
			b.WriteString("[]")
			return true
		}
		b.WriteString("[ ")
		for i, e := range v.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			if !compactTo(b, e, room) {
				return false
			}
		}
		b.WriteString(" ]")
	default:
		b.WriteString(v.Raw)
	}
	return b.Len() <= room
}

func needsNoEscape(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == '"' || r == '\\' || r > 0x7e {
			return false
		}
	}
	return true
}

// quoteJSON quotes s as a JSON string, leaving non-ASCII text readable.
func quoteJSON(s string) string {
	if needsNoEscape(s) {
		return `"` + s + `"`
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

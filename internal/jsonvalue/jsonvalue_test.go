package jsonvalue

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestReader reads the same text as encoding/json reads it into a
// struct, and says where a member has the wrong kind.
func TestReader(t *testing.T) {
	type item struct {
		N int    `json:"n"`
		S string `json:"s"`
	}
	type doc struct {
		S     string   `json:"s"`
		N     int      `json:"n"`
		B     bool     `json:"b"`
		Strs  []string `json:"strs"`
		Items []item   `json:"items"`
		Obj   *item    `json:"obj"`
	}
	read := func(text string) (doc, error) {
		var v any
		if err := json.Unmarshal([]byte(text), &v); err != nil {
			t.Fatal(err)
		}
		o := Of(v)
		r := &Reader{What: "the doc"}
		d := doc{S: r.Str(o, "", "s"), N: r.Int(o, "", "n"), B: r.Bool(o, "", "b"), Strs: r.Strs(o, "", "strs")}
		r.Objects(o, "", "items", func(_ int, e Value, at string) {
			d.Items = append(d.Items, item{N: r.Int(e, at, "n"), S: r.Str(e, at, "s")})
		})
		if e, at, ok := r.Object(o, "", "obj"); ok {
			d.Obj = &item{N: r.Int(e, at, "n"), S: r.Str(e, at, "s")}
		}
		return d, r.Err()
	}
	for _, text := range []string{
		`{}`, `{"s":"a","n":-3,"b":true,"strs":["x",null,""],"items":[{"n":1},null,{"s":"z"}],"obj":{"n":2}}`,
		`{"s":null,"n":null,"b":null,"strs":null,"items":null,"obj":null}`, `{"strs":[],"items":[]}`,
	} {
		got, err := read(text)
		var want doc
		if jerr := json.Unmarshal([]byte(text), &want); err != nil || jerr != nil {
			t.Fatalf("%s: %v, %v", text, err, jerr)
		}
		if len(want.Items) == 0 && want.Items != nil {
			want.Items = nil // Objects appends: an empty list reads as nil
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read %+v, encoding/json %+v", text, got, want)
		}
	}
	for text, msg := range map[string]string{
		`{"s":1}`:                 "the doc: s is not a string",
		`{"n":1.5}`:               "the doc: n is not a whole number",
		`{"b":"yes"}`:             "the doc: b is not true or false",
		`{"strs":["a",2]}`:        "the doc: strs[1] is not a string",
		`{"items":[{"n":1},3]}`:   "the doc: items[1] is not an object",
		`{"items":[{"s":[]}]}`:    "the doc: items[0].s is not a string",
		`{"obj":{"n":"1"},"s":2}`: "the doc: s is not a string",
		`{"obj":[],"items":{}}`:   "the doc: items is not a list",
	} {
		if _, err := read(text); err == nil || err.Error() != msg {
			t.Errorf("%s: %v, want %q", text, err, msg)
		}
	}
}

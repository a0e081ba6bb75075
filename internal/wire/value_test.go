package wire

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

type inner struct {
	Name string
	At   time.Time
}

type kinds struct {
	S       string
	B       bool
	I       int
	I8      int8
	P       *inner
	Nil     *inner
	L       []inner
	Empty   []string
	NilList []string
	hidden  int
}

func TestValueRoundTrip(t *testing.T) {
	in := kinds{S: "é", B: true, I: -7, I8: 100, P: &inner{"x", time.Date(2026, 10, 6, 9, 0, 0, 5, time.UTC)},
		L: []inner{{Name: "a"}, {Name: "b"}}, Empty: []string{}, hidden: 3}
	var e Encoder
	e.Value(&in)
	d := &Decoder{S: string(e.B)}
	var out kinds
	d.ReadValue(&out)
	if err := d.End(); err != nil {
		t.Fatal(err)
	}
	in.hidden = 0 // not written
	if diff := cmp.Diff(in, out, cmp.AllowUnexported(kinds{})); diff != "" {
		t.Errorf("read back differs (-written +read):\n%s", diff)
	}
	// Cut short anywhere: an error, never a panic.
	for n := range len(e.B) {
		d := &Decoder{S: string(e.B[:n])}
		var k kinds
		d.ReadValue(&k)
		if d.End() == nil {
			t.Errorf("cut to %d of %d bytes was read", n, len(e.B))
		}
	}
}

func TestValueLimits(t *testing.T) {
	var e Encoder
	e.Int(300)
	d := &Decoder{S: string(e.B)}
	var v struct{ N int8 }
	d.ReadValue(&v)
	if d.Err == nil || !strings.Contains(d.Err.Error(), "300 does not fit a int8") {
		t.Errorf("300 into an int8: %v", d.Err)
	}
	d = &Decoder{S: "x"}
	d.ReadValue(struct{}{})
	if d.Err == nil {
		t.Error("ReadValue into a value, not a pointer, was no error")
	}
	defer func() {
		if recover() == nil {
			t.Error("a float was written")
		}
	}()
	e.Value(struct{ F float64 }{1})
}

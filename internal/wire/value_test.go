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
	U8      uint8
	U       uint64
	F       float64
	Bytes   []byte
	NoBytes []byte
	Tree    *tree
	hidden  int
}

// tree holds itself: its plan calls its own.
type tree struct {
	Name string
	Kids []tree
	Up   *tree
}

func TestValueRoundTrip(t *testing.T) {
	in := kinds{S: "é", B: true, I: -7, I8: 100, P: &inner{"x", time.Date(2026, 10, 6, 9, 0, 0, 5, time.UTC)},
		L: []inner{{Name: "a"}, {Name: "b"}}, Empty: []string{}, U8: 255, U: 1 << 63, F: -0.25,
		Bytes: []byte{0, 1, 0xff}, Tree: &tree{Name: "root", Kids: []tree{{Name: "a", Up: &tree{Name: "up"}}, {Kids: []tree{}}}}, hidden: 3}
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
	e = Encoder{}
	e.Uint(256)
	d = &Decoder{S: string(e.B)}
	var u struct{ N uint8 }
	d.ReadValue(&u)
	if d.Err == nil || !strings.Contains(d.Err.Error(), "256 does not fit a uint8") {
		t.Errorf("256 into a uint8: %v", d.Err)
	}
	d = &Decoder{S: "x"}
	d.ReadValue(&struct{ M map[string]int }{})
	if d.Err == nil || !strings.Contains(d.Err.Error(), "cannot hold a map[string]int") {
		t.Errorf("a map read: %v", d.Err)
	}
	d = &Decoder{S: "x"}
	d.ReadValue(struct{}{})
	if d.Err == nil {
		t.Error("ReadValue into a value, not a pointer, was no error")
	}
	defer func() {
		if recover() == nil {
			t.Error("a float32 was written")
		}
	}()
	e.Value(struct{ F float32 }{1})
}

// FuzzReadValue reads any bytes as a value of every kind Value writes:
// an error or a value, never a panic; and a value read writes what
// reads back as the same bytes.
func FuzzReadValue(f *testing.F) {
	var e Encoder
	e.Value(&kinds{S: "x", P: &inner{Name: "y"}, L: []inner{{}}, Bytes: []byte{1}, F: 1.5, Tree: &tree{Kids: []tree{{}}}})
	f.Add(e.B)
	f.Add([]byte{0x80, 0x80, 0x80})
	f.Fuzz(func(t *testing.T, b []byte) {
		d := &Decoder{S: string(b)}
		var k kinds
		d.ReadValue(&k)
		if d.End() != nil {
			return
		}
		var e Encoder
		e.Value(&k)
		d = &Decoder{S: string(e.B)}
		var again kinds
		d.ReadValue(&again)
		if err := d.End(); err != nil {
			t.Fatalf("what was read does not read back: %v", err)
		}
		var e2 Encoder
		e2.Value(&again)
		if string(e2.B) != string(e.B) {
			t.Fatalf("read back, it writes %x, not %x", e2.B, e.B)
		}
	})
}

// TestReadValueIntoUsed: a list read into a value that held one is a
// list of its own; the one it held is left as it was.
func TestReadValueIntoUsed(t *testing.T) {
	var e Encoder
	e.Value(&kinds{L: []inner{{Name: "new"}}})
	old := make([]inner, 2, 10) // room to grow into, where a read could write
	old[0].Name, old[1].Name = "old", "older"
	k := kinds{L: old}
	d := &Decoder{S: string(e.B)}
	d.ReadValue(&k)
	if err := d.End(); err != nil {
		t.Fatal(err)
	}
	if len(k.L) != 1 || k.L[0].Name != "new" || old[0].Name != "old" {
		t.Errorf("read %v into a value that held %v", k.L, old)
	}
}

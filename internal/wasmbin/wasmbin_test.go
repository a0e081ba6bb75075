package wasmbin

import (
	"errors"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/internal/wasmbin/wasmbintest"
	"github.com/google/go-cmp/cmp"
)

var (
	uleb    = wasmbintest.ULEB
	str     = wasmbintest.Str
	section = wasmbintest.Section
	module  = wasmbintest.Module
)

// sample is a module with one imported and two defined functions, a
// passive and an active data segment, and a name section.
func sample() []byte {
	return module(
		section(1, uleb(1), []byte{0x60, 0, 0}), // one type: () -> ()
		section(SectionImport, uleb(2),
			str("env"), str("log"), []byte{0x00, 0x00}, // function
			str("env"), str("mem"), []byte{0x02, 0x01, 0x01, 0x02}), // memory, min 1 max 2
		section(SectionFunction, uleb(2), uleb(0), uleb(0)),
		section(SectionCode, uleb(2),
			uleb(2), []byte{0x00, 0x0b}, // no locals, end
			uleb(4), []byte{0x00, 0x01, 0x01, 0x0b}), // no locals, nop, nop, end
		section(SectionData, uleb(2),
			uleb(1), str("hello"),
			uleb(0), []byte{0x41}, uleb(1024), []byte{0x0b}, str("world!")),
		section(SectionCustom, str("name"), section(1, uleb(3),
			uleb(0), str("env.log"), uleb(1), str("a.b"), uleb(2), str("a.(*T).c"))),
	)
}

func TestParseSample(t *testing.T) {
	bin := sample()
	m, err := Parse(bin)
	if err != nil {
		t.Fatal(err)
	}
	if m.Imports != 1 {
		t.Errorf("Imports = %d, want 1", m.Imports)
	}
	total := 8
	for _, s := range m.Sections {
		total += s.Size
	}
	if total != len(bin) {
		t.Errorf("sections add up to %d bytes, the binary is %d", total, len(bin))
	}
	code := m.Sections[3]
	wantFuncs := []Func{
		{Index: 1, Name: "a.b", Offset: code.Offset + 3, Size: 3},
		{Index: 2, Name: "a.(*T).c", Offset: code.Offset + 6, Size: 5},
	}
	if d := cmp.Diff(wantFuncs, m.Funcs); d != "" {
		t.Errorf("Funcs (-want +got):\n%s", d)
	}
	if len(m.Data) != 2 {
		t.Fatalf("%d data segments, want 2", len(m.Data))
	}
	if got := string(m.Data[0].Bytes(bin)); got != "hello" || m.Data[0].Active {
		t.Errorf("segment 0 = %q active %v, want passive \"hello\"", got, m.Data[0].Active)
	}
	if got := string(m.Data[1].Bytes(bin)); got != "world!" || !m.Data[1].Active || m.Data[1].Addr != 1024 {
		t.Errorf("segment 1 = %q active %v at %d, want \"world!\" at 1024", got, m.Data[1].Active, m.Data[1].Addr)
	}
	if m.Data[1].Overhead != 6 { // flags, i32.const 1024 (3 bytes), end, length
		t.Errorf("segment 1 overhead = %d, want 6", m.Data[1].Overhead)
	}
}

func TestParseErrors(t *testing.T) {
	good := sample()
	for _, tc := range []struct {
		name string
		bin  []byte
		want string
	}{
		{"empty", nil, ErrNotWasm.Error()},
		{"version 2", []byte("\x00asm\x02\x00\x00\x00"), ErrNotWasm.Error()},
		{"truncated", good[:len(good)-3], "past the end of the binary"},
		{"section length overflow", module([]byte{SectionCode, 0xff, 0xff, 0xff, 0xff, 0x7f}), "does not fit in 32 bits"},
		{"body past section", module(section(SectionFunction, uleb(1), uleb(0)), section(SectionCode, uleb(1), uleb(9), []byte{0})), "function body 0 of 9 bytes runs past"},
		{"bodies vs declared", module(section(SectionFunction, uleb(2), uleb(0), uleb(0)), section(SectionCode, uleb(1), uleb(2), []byte{0, 0x0b})), "1 bodies for 2 declared"},
		{"huge count", module(section(SectionCode, uleb(1<<30))), "cannot fit"},
		{"import kind", module(section(SectionImport, uleb(1), str("m"), str("f"), []byte{0x09})), "unknown kind 0x9"},
		{"data flags", module(section(SectionData, uleb(1), uleb(7), str("x"))), "unknown flags 7"},
		{"data offset", module(section(SectionData, uleb(1), uleb(0), []byte{0x41, 0x01, 0x41})), "not a single constant"},
		{"name not utf-8", module(section(SectionCustom, str("\xff"))), "not UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse(tc.bin)
			if err == nil {
				t.Fatalf("Parse = %+v, want an error containing %q", m, tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to contain %q", err, tc.want)
			}
			if tc.want == ErrNotWasm.Error() && !errors.Is(err, ErrNotWasm) {
				t.Errorf("error %v is not ErrNotWasm", err)
			}
		})
	}
}

// A malformed name section loses names, not the profile.
func TestParseBadNames(t *testing.T) {
	bin := module(
		section(SectionFunction, uleb(1), uleb(0)),
		section(SectionCode, uleb(1), uleb(2), []byte{0, 0x0b}),
		section(SectionCustom, str("name"), []byte{0x01, 0x05, 0x01, 0x00, 0x09}),
	)
	m, err := Parse(bin)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Funcs) != 1 || m.Funcs[0].Name != "" {
		t.Errorf("Funcs = %+v, want one without a name", m.Funcs)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(sample())
	f.Add(module(section(SectionData, uleb(1), uleb(2), uleb(0), []byte{0x42, 0x7f, 0x0b}, str("x"))))
	f.Add(module(section(SectionImport, uleb(1), str("m"), str("t"), []byte{0x01, 0x70, 0x00, 0x01})))
	f.Fuzz(func(t *testing.T, bin []byte) {
		m, err := Parse(bin)
		if err != nil {
			return
		}
		total := 8
		for _, s := range m.Sections {
			if s.Offset < 8 || s.Offset+s.Size > len(bin) {
				t.Fatalf("section %+v outside the binary", s)
			}
			total += s.Size
		}
		if total != len(bin) {
			t.Fatalf("sections add up to %d bytes, the binary is %d", total, len(bin))
		}
		for _, fn := range m.Funcs {
			if fn.Offset < 8 || fn.Size < 1 || fn.Offset+fn.Size > len(bin) {
				t.Fatalf("function %+v outside the binary", fn)
			}
		}
		for _, s := range m.Data {
			_ = s.Bytes(bin) // must not panic
		}
	})
}

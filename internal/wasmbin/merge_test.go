package wasmbin

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// image is the memory a module's active segments set, byte by byte.
func image(t *testing.T, bin []byte) map[int64]byte {
	t.Helper()
	m, err := Parse(bin)
	if err != nil {
		t.Fatal(err)
	}
	img := map[int64]byte{}
	for _, s := range m.Data {
		for i, c := range s.Bytes(bin) {
			if c != 0 {
				img[s.Addr+int64(i)] = c
			}
		}
	}
	return img
}

func TestMergeData(t *testing.T) {
	bin := module(
		section(SectionFunction, uleb(1), uleb(0)),
		section(SectionCode, uleb(1), uleb(2), []byte{0x00, 0x0b}),
		section(SectionData, uleb(3),
			uleb(0), []byte{0x41}, uleb(50), []byte{0x0b}, str("ef"),
			uleb(0), []byte{0x41}, uleb(0), []byte{0x0b}, str("ab"),
			uleb(0), []byte{0x41}, uleb(4), []byte{0x0b}, str("cd")),
		section(SectionDataCount, uleb(3)),
	)
	got, err := MergeData(bin, 8)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(got)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Data) != 2 || string(m.Data[0].Bytes(got)) != "ab\x00\x00cd" || m.Data[0].Addr != 0 ||
		string(m.Data[1].Bytes(got)) != "ef" || m.Data[1].Addr != 50 {
		t.Errorf("segments %+v", m.Data)
	}
	if len(m.Funcs) != 1 {
		t.Errorf("functions %+v, want the one of the input", m.Funcs)
	}
	if last := m.Sections[len(m.Sections)-1]; last.ID != SectionDataCount || got[last.Offset+2] != 2 {
		t.Errorf("data count section %+v: %x, want a count of 2", last, got[last.Offset:])
	}
}

func TestMergeDataErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		bin  []byte
		want string
	}{
		{"passive", module(section(SectionData, uleb(1), uleb(1), str("x"))), "data segment 0 is not active"},
		{"global offset", module(section(SectionData, uleb(1), uleb(0), []byte{0x23, 0x00, 0x0b}, str("x"))), "data segment 0 is not active"},
		{"overlap", module(section(SectionData, uleb(2),
			uleb(0), []byte{0x41}, uleb(0), []byte{0x0b}, str("abc"),
			uleb(0), []byte{0x41}, uleb(2), []byte{0x0b}, str("x"))), "overlaps"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := MergeData(tc.bin, 8); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// A Go program runs the same from the rewritten module, which has far
// fewer segments.
func TestMergeDataGo(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("runs the go command and node")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node")
	}
	goroot, err := exec.Command(goCmd, "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	execJS := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec_node.js")
	dir := t.TempDir()
	orig := filepath.Join(dir, "hello.wasm")
	build := exec.Command(goCmd, "build", "-o", orig, "./testdata/hello")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	bin, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	merged, err := MergeData(bin, 1<<16)
	if err != nil {
		t.Fatal(err)
	}
	mergedPath := filepath.Join(dir, "merged.wasm")
	if err := os.WriteFile(mergedPath, merged, 0o644); err != nil {
		t.Fatal(err)
	}
	before, after := image(t, bin), image(t, merged)
	if len(before) != len(after) {
		t.Errorf("memory images of %d and %d nonzero bytes", len(before), len(after))
	}
	for a, c := range before {
		if after[a] != c {
			t.Fatalf("byte at %#x: %#x, was %#x", a, after[a], c)
		}
	}
	m1, _ := Parse(bin)
	m2, _ := Parse(merged)
	if len(m2.Data) >= len(m1.Data)/10 {
		t.Errorf("%d segments became %d", len(m1.Data), len(m2.Data))
	}
	run := func(path string) []byte {
		out, err := exec.Command(node, execJS, path).CombinedOutput()
		if err != nil {
			t.Fatalf("node %s: %v\n%s", filepath.Base(path), err, out)
		}
		return out
	}
	want, got := run(orig), run(mergedPath)
	if !bytes.Equal(want, got) || !bytes.Contains(want, []byte("gamma=3")) {
		t.Errorf("the merged module prints\n%s\nthe original\n%s", got, want)
	}
}

// FuzzMergeData: a rewritten module parses and sets the same memory.
func FuzzMergeData(f *testing.F) {
	f.Add(module(section(SectionData, uleb(2),
		uleb(0), []byte{0x41}, uleb(8), []byte{0x0b}, str("ab"),
		uleb(0), []byte{0x41}, uleb(0), []byte{0x0b}, str("\x00x\x00")),
		section(SectionDataCount, uleb(2))), 4)
	f.Add(sample(), 16)
	f.Fuzz(func(t *testing.T, bin []byte, gap int) {
		got, err := MergeData(bin, gap%(1<<20))
		if err != nil {
			return
		}
		before, after := image(t, bin), image(t, got)
		if len(before) != len(after) {
			t.Fatalf("memory images of %d and %d nonzero bytes", len(before), len(after))
		}
		for a, c := range before {
			if after[a] != c {
				t.Fatalf("byte at %#x: %#x, was %#x", a, after[a], c)
			}
		}
	})
}

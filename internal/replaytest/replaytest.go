package replaytest

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TranscriptFiles lists the transcript files that tests read: the
// hand-written ones of replay's tests (replay/testdata/*.http) and the
// captured ones (transcripts/*.http). root is the module's root seen
// from the test's folder: ".." for replay, "../.." for replay/har. It
// fails tb when there are none.
func TranscriptFiles(tb testing.TB, root string) []string {
	tb.Helper()
	var files []string
	for _, pattern := range []string{"replay/testdata/*.http", "transcripts/*.http"} {
		files = append(files, Glob(tb, filepath.Join(root, pattern))...)
	}
	if len(files) == 0 {
		tb.Fatalf("no transcripts under %s", root)
	}
	return files
}

// Glob returns the files that match pattern, as [filepath.Glob] does,
// and fails tb when the pattern is malformed.
func Glob(tb testing.TB, pattern string) []string {
	tb.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil {
		tb.Fatal(err)
	}
	return files
}

// Seed adds the bytes of every file that matches one of patterns to
// f's seed corpus.
func Seed(f *testing.F, patterns ...string) {
	f.Helper()
	for _, p := range patterns {
		for _, file := range Glob(f, p) {
			f.Add(ReadFile(f, file))
		}
	}
}

// ReadFile returns the file's bytes, and fails tb when it cannot read
// it.
func ReadFile(tb testing.TB, file string) []byte {
	tb.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// ParseFile reads file and parses it with parse (replay.Parse, har.Read,
// ...), and fails tb when either fails.
func ParseFile[T any](tb testing.TB, file string, parse func(data []byte, name string) (T, error)) T {
	tb.Helper()
	v, err := parse(ReadFile(tb, file), file)
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// ParseInto parses each file with parse into all, named after the
// file's base name without its extension. A file that does not parse
// is left out: some are meant not to. Two files of one name, or a name
// all already has, fail tb.
func ParseInto[T any](tb testing.TB, all map[string]T, files []string, parse func(data []byte, name string) (T, error)) {
	tb.Helper()
	for _, f := range files {
		v, err := parse(ReadFile(tb, f), f)
		if err != nil {
			continue
		}
		name := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		if _, dup := all[name]; dup {
			tb.Fatalf("%s: two transcripts named %s", f, name)
		}
		all[name] = v
	}
}

// IgnoreLines compares transcripts without the Line fields, which only
// a parser sets (the line a part of the transcript starts on), and with
// empty and missing slices and maps equal.
var IgnoreLines = cmp.Options{
	cmp.FilterPath(func(p cmp.Path) bool {
		sf, ok := p.Last().(cmp.StructField)
		if !ok || sf.Name() != "Line" {
			return false
		}
		t := p.Index(-2).Type()
		return t.Kind() == reflect.Struct && t.PkgPath() == replayPath && parsedLines[t.Name()]
	}, cmp.Ignore()),
	cmpopts.EquateEmpty(),
}

// parsedLines are the types of package replay whose Line a parser sets.
var parsedLines = map[string]bool{"Exchange": true, "Request": true, "Response": true, "Frame": true, "StreamEnd": true}

// replayPath is package replay's import path. This package does not
// import it, so that replay's own tests can import this one.
const replayPath = "github.com/a2aplay/a2aplay/replay"

// Fill sets every field of the struct v points to, and of the structs,
// pointers and slices in it (two elements each), to a value that is
// not zero and differs from field to field: strings (some not ASCII),
// ints (some negative), unsigned ints, floats, true, and times in UTC
// and at offsets. A round
// trip of a value so filled fails when a field added to its type is
// left out of an encoding.
func Fill(v any) {
	n := 0
	fill(reflect.ValueOf(v).Elem(), &n)
}

func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString("s" + strings.Repeat("é", *n%3) + string(rune('a'+*n%26)))
	case reflect.Int:
		v.SetInt(int64(*n * 37 % 1000))
		if *n%2 == 0 {
			v.SetInt(-v.Int() - 1)
		}
	case reflect.Uint8, reflect.Uint64:
		v.SetUint(uint64(*n*13 + 1))
	case reflect.Float64:
		v.SetFloat(float64(*n) + 0.25)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), n)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), n)
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			loc := time.UTC
			if *n%2 == 0 {
				loc = time.FixedZone("", -(*n%12)*1800)
			}
			v.Set(reflect.ValueOf(time.Date(2026, 10, 6, 9, *n%60, 1, *n*1000+7, loc)))
			return
		}
		for i := range v.NumField() {
			fill(v.Field(i), n)
		}
	default:
		panic(fmt.Sprintf("replaytest.Fill: no value for a %s", v.Kind()))
	}
}

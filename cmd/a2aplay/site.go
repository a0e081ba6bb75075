package main

import (
	"context"
	"flag"
	"fmt"
	"html/template"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/a2aplay/a2aplay/lesson"
	"github.com/a2aplay/a2aplay/web"
)

func init() {
	register(&command{
		name:    "site",
		summary: "build the playground into a folder, or as one offline HTML file",
		run:     runSite,
	})
}

func runSite(ctx context.Context, fs *flag.FlagSet, args []string) error {
	out := fs.String("out", "site", "folder to write the site into")
	offline := fs.String("offline", "", "write one self-contained HTML file here instead of a folder")
	viewer := fs.String("wasm", "bin/viewer.wasm", "the viewer module (GOOS=js GOARCH=wasm go build ./cmd/viewer)")
	wasmExec := fs.String("wasm-exec", "", "wasm_exec.js of the Go that built the module (default: $GOROOT/lib/wasm/wasm_exec.js)")
	dir := fs.String("transcripts", "transcripts", "folder of the .http transcripts to ship")
	quality := fs.Int("brotli", 11, "brotli quality for precompressed files, 1 to 11")
	liveMod := fs.String("live", "", "the live module (GOOS=js GOARCH=wasm go build -gcflags=all=-l ./cmd/live); without it the page has no Live mode")
	checkMod := fs.String("check", "", "the check module (GOOS=js GOARCH=wasm go build -gcflags=all=-l ./cmd/check); without it, and always with -offline, opened files and live sessions get no spec findings")
	cache := fs.String("cache", "", "a folder to keep compressed files in between builds (brotli 11 of the live module takes most of a minute)")
	lessonsDir := fs.String("lessons", "web/lessons", "with -offline: folder of the lessons the page carries (\"\" for none); the served site gets them from a2aplay docs")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: a2aplay site [-out site | -offline file.html] [-wasm bin/viewer.wasm] [-live bin/live.wasm] [-transcripts dir] [extra.http...]")
		fmt.Fprintln(fs.Output(), "\nTranscripts are offered in name order; the first is drawn into the page.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	o := web.Options{BrotliQuality: *quality, Cache: *cache}
	var err error
	if o.Viewer, err = os.ReadFile(*viewer); err != nil {
		return err
	}
	if *liveMod != "" {
		if o.Live, err = os.ReadFile(*liveMod); err != nil {
			return err
		}
	}
	if *checkMod != "" {
		if o.Check, err = os.ReadFile(*checkMod); err != nil {
			return err
		}
	}
	if *wasmExec == "" {
		*wasmExec = filepath.Join(goroot(), "lib", "wasm", "wasm_exec.js")
	}
	if o.WasmExec, err = os.ReadFile(*wasmExec); err != nil {
		return err
	}
	paths, err := filepath.Glob(filepath.Join(*dir, "*.http"))
	if err != nil {
		return err
	}
	sort.Strings(paths)
	paths = append(paths, fs.Args()...)
	if len(paths) == 0 {
		return fmt.Errorf("no transcripts in %s", *dir)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		o.Transcripts = append(o.Transcripts, web.Transcript{Name: strings.TrimSuffix(filepath.Base(p), ".http"), Text: b})
	}

	if *offline != "" {
		if *lessonsDir != "" {
			built, figureCSS, findings, err := buildLessons(ctx, *lessonsDir, *dir, os.Stderr, lesson.InPage)
			if err != nil {
				return err
			}
			printFindings(os.Stderr, findings)
			for _, b := range built {
				o.Lessons = append(o.Lessons, web.Lesson{Name: b.name, Title: b.info.Title, Summary: b.info.Summary, HTML: template.HTML(b.body)})
			}
			o.LessonsCSS = lesson.StyleSheet + "\n" + figureCSS
		}
		if err := os.MkdirAll(filepath.Dir(*offline), 0o755); err != nil {
			return err
		}
		f, err := os.Create(*offline)
		if err != nil {
			return err
		}
		if err := web.BuildOffline(f, o); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		st, err := os.Stat(*offline)
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "wrote %s (%d bytes, %d transcripts, %d lessons)\n", *offline, st.Size(), len(o.Transcripts), len(o.Lessons))
		return nil
	}
	r, err := web.Build(*out, o)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %d files to %s; viewer.wasm %d bytes, %d brotli, %d gzip\n",
		len(r.Files), *out, r.ViewerRaw, r.ViewerBr, r.ViewerGzip)
	if r.LiveRaw > 0 {
		fmt.Fprintf(os.Stderr, "live.wasm %d bytes, %d brotli\n", r.LiveRaw, r.LiveBr)
	} else {
		fmt.Fprintln(os.Stderr, "no -live module: the page's Live tab says how to get one")
	}
	return nil
}

// goroot asks the go command where its toolchain is; wasm_exec.js must
// come from the Go that built the module.
func goroot() string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

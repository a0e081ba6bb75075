package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/a2aplay/a2aplay/internal/build"
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
	buildDir := fs.String("build", "", "build the modules the site needs into this `folder` first (as a2aplay build does) and use them, in place of -wasm, -check, -live, -live03 and -wasm-exec")
	viewer := fs.String("wasm", "bin/viewer.wasm", "the viewer module (a2aplay build writes it)")
	wasmExec := fs.String("wasm-exec", "", "wasm_exec.js of the Go that built the module (default: $GOROOT/lib/wasm/wasm_exec.js)")
	dir := fs.String("transcripts", "transcripts", "folder of the .http transcripts to ship")
	quality := fs.Int("brotli", 11, "brotli quality for precompressed files, 1 to 11")
	liveMod := fs.String("live", "", "the live module (a2aplay build writes it); without it the page has no Live mode")
	live03Mod := fs.String("live03", "", "the live module that speaks A2A 0.3 too (a2aplay build live03 writes it); the served page loads it for a 0.3 session; without it, and in the offline file, Live speaks 1.0 only")
	checkMod := fs.String("check", "", "the check module (a2aplay build writes it); without it opened files and live sessions get no spec findings, on the site and in the offline file")
	cache := fs.String("cache", "", "a folder to keep compressed files in between builds (brotli 11 of the live module takes most of a minute)")
	lessonsDir := fs.String("lessons", "web/lessons", "folder of the lessons (\"\" for none): the site gets their pages in OUT/lessons, as a2aplay docs writes them; the offline file carries them")
	style := fs.String("style", "web/style.css", "the playground's style sheet, which the lesson pages' sheet starts from")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: a2aplay site [-out site | -offline file.html] [-build bin | -wasm bin/viewer.wasm -live bin/live.wasm -check bin/check.wasm] [-transcripts dir] [extra.http...]")
		fmt.Fprintln(fs.Output(), "\nTranscripts are offered in name order; the first is drawn into the page.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *buildDir != "" {
		var given []string
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "wasm", "wasm-exec", "live", "live03", "check":
				given = append(given, "-"+f.Name)
			}
		})
		if len(given) > 0 {
			return &usageError{"-build builds the modules: leave out " + strings.Join(given, ", ")}
		}
		// The offline file carries the first three too: without the
		// check module, files opened in it would get no spec findings.
		// It does not carry live03 (about 7 MB more, base64): 0.3 needs
		// the served page.
		mods := []build.Module{build.Viewer, build.Check, build.Live}
		if *offline == "" {
			mods = append(mods, build.Live03)
		}
		b, err := buildModules(ctx, *buildDir, mods, fs.Output())
		if err != nil {
			return err
		}
		*viewer, *wasmExec = b.Path(build.Viewer), b.WasmExec
		*liveMod, *checkMod, *live03Mod = b.Path(build.Live), b.Path(build.Check), b.Path(build.Live03)
	}
	o := web.Options{BrotliQuality: *quality, Cache: *cache}
	var err error
	if o.Viewer, err = os.ReadFile(*viewer); err != nil {
		if errors.Is(err, os.ErrNotExist) && *buildDir == "" {
			return fmt.Errorf("%w (a2aplay build writes the modules into bin/; or give -build bin)", err)
		}
		return err
	}
	if *liveMod != "" {
		if o.Live, err = os.ReadFile(*liveMod); err != nil {
			return err
		}
	}
	if *live03Mod != "" && *offline == "" {
		if o.Live03, err = os.ReadFile(*live03Mod); err != nil {
			return err
		}
	}
	if *checkMod != "" {
		if o.Check, err = os.ReadFile(*checkMod); err != nil {
			return err
		}
	}
	if *wasmExec == "" {
		if *wasmExec, err = build.WasmExecPath(ctx); err != nil {
			return err
		}
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
			if o.Exercises, err = lesson.PageExercises(*lessonsDir); err != nil {
				return err
			}
			o.LessonsCSS = lesson.StyleSheet + "\n" + figureCSS
		}
		if err := web.WriteOffline(*offline, o); err != nil {
			return err
		}
		st, err := os.Stat(*offline)
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "wrote %s (%d bytes, %d transcripts, %d lessons)\n", *offline, st.Size(), len(o.Transcripts), len(o.Lessons))
		return nil
	}
	if *lessonsDir != "" {
		// The Live panel's exercises; the lessons' pages are written
		// after the site, below.
		if o.Exercises, err = lesson.PageExercises(*lessonsDir); err != nil {
			return err
		}
	}
	r, err := web.Build(*out, o)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %d files to %s; viewer.wasm %d bytes, %d brotli, %d gzip\n",
		len(r.Files), *out, r.ViewerRaw, r.ViewerBr, r.ViewerGzip)
	if r.LiveRaw > 0 {
		fmt.Fprintf(os.Stderr, "live.wasm %d bytes, %d brotli\n", r.LiveRaw, r.LiveBr)
		if len(o.Live03) == 0 {
			fmt.Fprintln(os.Stderr, "no -live03 module: Live speaks A2A 1.0 only")
		}
	} else {
		fmt.Fprintln(os.Stderr, "no -live module: the page's Live tab says how to get one")
	}
	if *lessonsDir == "" {
		return nil
	}
	return writeLessons(ctx, lessonPages{Out: filepath.Join(*out, "lessons"), Lessons: *lessonsDir, Transcripts: *dir, Style: *style}, os.Stderr)
}

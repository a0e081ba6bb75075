package browser

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/internal/build"
	"github.com/a2aplay/a2aplay/web"
)

// ErrNoChromium says that no Chromium was found.
var ErrNoChromium = errors.New("chromium not found: install Debian's (apt-get install -y chromium) or run ./build.sh test")

// Find returns the path of Chromium: $CHROMIUM if set, else chromium or
// chromium-browser on $PATH, else /usr/bin/chromium.
func Find() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium", nil
	}
	return "", ErrNoChromium
}

// InCI reports whether the CI variable is set.
func InCI() bool { return os.Getenv("CI") != "" }

// Start launches headless Chromium with a fresh profile in userDataDir
// and returns a context for its first tab. Cancel it to close the
// browser. Each chromedp.NewContext(ctx) on it opens another tab.
func Start(ctx context.Context, exe, userDataDir string) (context.Context, context.CancelFunc, error) {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
		// Headless Chromium 156 runs its address bar's popup, a page of
		// its own with many scripts, beside the tabs and keeps it busy: a
		// trace of one navigation found it using more of the processor
		// than the page it loaded (./build.sh bench -nav-trace).
		chromedp.Flag("disable-features", "WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup"),
		chromedp.Flag("force-color-profile", "srgb"),
		// Playback and timers must not be slowed in a background tab.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.UserDataDir(userDataDir),
		chromedp.WindowSize(1400, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	if err := chromedp.Do(bctx); err != nil {
		cancelBrowser()
		cancelAlloc()
		return nil, nil, fmt.Errorf("starting %s: %w", exe, err)
	}
	return bctx, func() { cancelBrowser(); cancelAlloc() }, nil
}

// RepoRoot returns the module's root folder.
func RepoRoot() (string, error) { return build.Root(context.Background()) }

// BuildViewer builds the viewer module into dir with its recipe
// (internal/build) and returns its bytes and the matching wasm_exec.js.
func BuildViewer(root, dir string) (wasm, wasmExec []byte, err error) {
	b, err := build.Build(context.Background(), root, dir, build.Viewer)
	if err != nil {
		return nil, nil, err
	}
	if wasm, err = os.ReadFile(b.Path(build.Viewer)); err != nil {
		return nil, nil, err
	}
	wasmExec, err = os.ReadFile(b.WasmExec)
	return wasm, wasmExec, err
}

// BuildCheck builds the check module, which the page loads into a
// worker on demand, into dir with its recipe.
func BuildCheck(root, dir string) ([]byte, error) {
	out := filepath.Join(dir, build.Check.File())
	if err := build.Check.Build(context.Background(), root, out); err != nil {
		return nil, err
	}
	return os.ReadFile(out)
}

// Transcripts reads the .http files of the given folders, each folder's
// in name order, for web.Options.
func Transcripts(dirs ...string) ([]web.Transcript, error) {
	var out []web.Transcript
	for _, d := range dirs {
		paths, err := filepath.Glob(filepath.Join(d, "*.http"))
		if err != nil {
			return nil, err
		}
		sort.Strings(paths)
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				return nil, err
			}
			out = append(out, web.Transcript{Name: strings.TrimSuffix(filepath.Base(p), ".http"), Text: b})
		}
	}
	return out, nil
}

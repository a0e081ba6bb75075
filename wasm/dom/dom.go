//go:build js && wasm

package dom

import (
	"errors"
	"runtime/debug"
	"strconv"
	"syscall/js"
	"unsafe"
)

var (
	global   = js.Global()
	document = global.Get("document")
)

// Report shows an error to the learner. The page replaces it with its
// banner; until then errors go to the console.
var Report = func(msg string) { Console("error", msg) }

// Console writes msg to the browser's console at level ("error",
// "warn", "log"): what the learner need not see, for whoever debugs.
func Console(level, msg string) { global.Get("console").Call(level, msg) }

// Func wraps fn as a JavaScript function. A panic in fn is recovered and
// reported; the function then returns undefined.
func Func(fn func(this js.Value, args []js.Value) any) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) (ret any) {
		defer Recover("a callback")
		return fn(this, args)
	})
}

// Go runs fn in a new goroutine that recovers a panic and reports it.
// Use it for any work that waits.
func Go(fn func()) {
	go func() {
		defer Recover("background work")
		fn()
	}()
}

// Later runs fn in a task of its own once the current one has ended
// (a timeout of 0): the browser may render and take input between them.
// A goroutine's short time.Sleep does not promise that: a runtime that
// finds the time past before it gives the thread back runs the sleeper
// in the same task.
func Later(fn func()) {
	global.Call("setTimeout", once(fn), 0)
}

// Idle runs fn when the page is idle (requestIdleCallback), or after
// timeoutMs at the latest; where there is no such callback, in a task of
// its own a frame's time from now.
func Idle(fn func(), timeoutMs int) {
	f := once(fn)
	if ric := global.Get("requestIdleCallback"); ric.Type() == js.TypeFunction {
		global.Call("requestIdleCallback", f, map[string]any{"timeout": timeoutMs})
		return
	}
	global.Call("setTimeout", f, 16)
}

// NextFrame runs fn at the page's next animation frame
// (requestAnimationFrame), before it renders; a hidden page has none
// until it shows again.
func NextFrame(fn func()) {
	global.Call("requestAnimationFrame", once(fn))
}

// once returns fn as a callback for one call: it releases itself.
func once(fn func()) js.Func {
	var f js.Func
	f = Func(func(js.Value, []js.Value) any {
		f.Release()
		fn()
		return nil
	})
	return f
}

// Recover reports a panic, if any, naming where it happened. Use it
// deferred: defer dom.Recover("starting the viewer").
func Recover(where string) {
	r := recover()
	if r == nil {
		return
	}
	msg := "internal error in " + where + ": " + describe(r)
	Console("error", msg+"\n"+string(debug.Stack()))
	Report(msg)
}

func describe(r any) string {
	switch v := r.(type) {
	case error:
		return v.Error()
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	default:
		return "unexpected panic"
	}
}

// On listens to event on target and returns a function that stops it.
// fn runs through [Func]: it may not block, and its panics are reported.
func On(target js.Value, event string, fn func(ev js.Value)) (stop func()) {
	f := Func(func(_ js.Value, args []js.Value) any {
		ev := js.Undefined()
		if len(args) > 0 {
			ev = args[0]
		}
		fn(ev)
		return nil
	})
	target.Call("addEventListener", event, f)
	return func() {
		target.Call("removeEventListener", event, f)
		f.Release()
	}
}

// Global is the window object.
func Global() js.Value { return global }

// Document is the document object.
func Document() js.Value { return document }

// ByID returns the element with the given id; it panics when there is
// none, since every id the page uses is in index.html.
func ByID(id string) js.Value {
	el := document.Call("getElementById", id)
	if el.IsNull() {
		panic("page has no element #" + id)
	}
	return el
}

// El creates an element with an optional class and children.
func El(tag, class string, children ...js.Value) js.Value {
	el := document.Call("createElement", tag)
	if class != "" {
		el.Set("className", class)
	}
	for _, c := range children {
		el.Call("append", c)
	}
	return el
}

// TextEl creates an element holding text (as text, never markup).
func TextEl(tag, class, text string) js.Value {
	el := El(tag, class)
	el.Set("textContent", text)
	return el
}

// Text creates a text node.
func Text(s string) js.Value { return document.Call("createTextNode", s) }

// SetText replaces the content of el with the text s.
func SetText(el js.Value, s string) { el.Set("textContent", s) }

// Clear removes every child of el.
func Clear(el js.Value) { el.Call("replaceChildren") }

// Append adds children to el.
func Append(el js.Value, children ...js.Value) {
	for _, c := range children {
		el.Call("append", c)
	}
}

// AddClass adds class c to el.
func AddClass(el js.Value, c string) { el.Get("classList").Call("add", c) }

// RemoveClass removes class c from el.
func RemoveClass(el js.Value, c string) { el.Get("classList").Call("remove", c) }

// SetClass adds class c to el when on is true and removes it otherwise.
func SetClass(el js.Value, c string, on bool) { el.Get("classList").Call("toggle", c, on) }

// SetAttr sets an attribute.
func SetAttr(el js.Value, name, value string) { el.Call("setAttribute", name, value) }

// Attr returns an attribute, or "" when it is missing.
func Attr(el js.Value, name string) string {
	v := el.Call("getAttribute", name)
	if v.IsNull() {
		return ""
	}
	return v.String()
}

// SetHidden shows or hides el.
func SetHidden(el js.Value, hidden bool) { el.Set("hidden", hidden) }

// All returns the elements under root matching a CSS selector.
func All(root js.Value, selector string) []js.Value {
	list := root.Call("querySelectorAll", selector)
	n := list.Length()
	out := make([]js.Value, n)
	for i := range n {
		out[i] = list.Index(i)
	}
	return out
}

// Await waits for a promise and returns its value, or its rejection as
// an error. It blocks, so it must run in a goroutine ([Go]), never in a
// callback.
func Await(promise js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	ok := Func(func(_ js.Value, args []js.Value) any {
		ch <- result{v: arg0(args)}
		return nil
	})
	fail := Func(func(_ js.Value, args []js.Value) any {
		ch <- result{err: jsError(arg0(args))}
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	promise.Call("then", ok, fail)
	r := <-ch
	return r.v, r.err
}

func arg0(args []js.Value) js.Value {
	if len(args) == 0 {
		return js.Undefined()
	}
	return args[0]
}

// jsError turns a JavaScript error value into a Go error.
func jsError(v js.Value) error {
	if v.Type() == js.TypeObject {
		if m := v.Get("message"); m.Type() == js.TypeString {
			return errors.New(m.String())
		}
	}
	if v.Type() == js.TypeString {
		return errors.New(v.String())
	}
	return errors.New("promise rejected")
}

// Fetch gets a URL with the browser's fetch and returns the body as
// text. It blocks: call it from [Go].
func Fetch(url string) (string, error) {
	resp, err := Await(global.Call("fetch", url))
	if err != nil {
		return "", errors.New(url + ": " + err.Error())
	}
	if !resp.Get("ok").Bool() {
		return "", errors.New(url + ": " + strconv.Itoa(resp.Get("status").Int()) + " " + resp.Get("statusText").String())
	}
	body, err := Await(resp.Call("text"))
	if err != nil {
		return "", errors.New(url + ": " + err.Error())
	}
	return body.String(), nil
}

// ReadFileBytes reads a File (from a file input or a drop) as bytes, as
// they are: not decoded as text. It blocks: call it from [Go].
func ReadFileBytes(file js.Value) ([]byte, error) {
	v, err := Await(file.Call("arrayBuffer"))
	if err != nil {
		return nil, err
	}
	u := global.Get("Uint8Array").New(v)
	b := make([]byte, u.Get("length").Int())
	js.CopyBytesToGo(b, u)
	return b, nil
}

// Download offers text as a file download through a Blob URL.
func Download(name, mime, text string) {
	blob := global.Get("Blob").New([]any{text}, map[string]any{"type": mime})
	urlAPI := global.Get("URL")
	href := urlAPI.Call("createObjectURL", blob)
	a := El("a", "")
	a.Set("href", href)
	a.Set("download", name)
	document.Get("body").Call("append", a)
	a.Call("click")
	a.Call("remove")
	// Give the browser time to start the download before the URL goes.
	var revoke js.Func
	revoke = Func(func(js.Value, []js.Value) any {
		urlAPI.Call("revokeObjectURL", href)
		revoke.Release()
		return nil
	})
	global.Call("setTimeout", revoke, 60_000)
}

// SetOwnMarkup replaces the content of el with markup that this program
// generated, such as the diagram package's SVG, in which every text is
// escaped. Never pass it text from a transcript, or anything built from
// one without escaping: use [SetText] for that.
func SetOwnMarkup(el js.Value, markup string) { el.Set("innerHTML", markup) }

// SetOwnMarkupBytes is [SetOwnMarkup] with the markup in bytes, which the
// caller may write over once it returns: syscall/js decodes a string into
// a JavaScript string of its own as it passes it, so the string made
// here without a copy lives no longer than the call.
func SetOwnMarkupBytes(el js.Value, markup []byte) {
	SetOwnMarkup(el, unsafe.String(unsafe.SliceData(markup), len(markup)))
}

// InsertOwnMarkupBytes puts markup this program generated, as for
// [SetOwnMarkup], into the page where el's insertAdjacentHTML puts it
// ("beforebegin", "beforeend", ...).
func InsertOwnMarkupBytes(el js.Value, where string, markup []byte) {
	el.Call("insertAdjacentHTML", where, unsafe.String(unsafe.SliceData(markup), len(markup)))
}

// Now is the page's high-resolution time in milliseconds.
func Now() float64 { return global.Get("performance").Call("now").Float() }

// Bytes copies a Uint8Array into Go; anything else is nil.
func Bytes(a js.Value) []byte {
	if !a.InstanceOf(global.Get("Uint8Array")) {
		return nil
	}
	b := make([]byte, a.Length())
	js.CopyBytesToGo(b, a)
	return b
}

// Uint8Array copies b into a new Uint8Array.
func Uint8Array(b []byte) js.Value {
	a := global.Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return a
}

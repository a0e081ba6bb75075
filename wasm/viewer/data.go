//go:build js && wasm

package viewer

import (
	"errors"
	"syscall/js"

	"github.com/a2aplay/a2aplay/internal/jsonvalue"
	"github.com/a2aplay/a2aplay/view"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// readPageData reads the page's data block (view.PageData) from its
// text: parsed by the browser's JSON.parse, then read field by field.
func readPageData(text string) (d view.PageData, err error) {
	defer func() {
		if r := recover(); r != nil { // JSON.parse throws on bad JSON
			d, err = view.PageData{}, errors.New("the page's data block does not parse")
		}
	}()
	return view.ReadPageData(jsValue{dom.Global().Get("JSON").Call("parse", text)})
}

// jsValue is a jsonvalue.Value over what JSON.parse returns.
type jsValue struct{ v js.Value }

func (j jsValue) Kind() jsonvalue.Kind {
	switch j.v.Type() {
	case js.TypeBoolean:
		return jsonvalue.Bool
	case js.TypeNumber:
		return jsonvalue.Number
	case js.TypeString:
		return jsonvalue.String
	case js.TypeObject:
		if dom.Global().Get("Array").Call("isArray", j.v).Bool() {
			return jsonvalue.Array
		}
		return jsonvalue.Object
	}
	return jsonvalue.Null
}

func (j jsValue) Bool() bool { return j.Kind() == jsonvalue.Bool && j.v.Bool() }
func (j jsValue) Num() float64 {
	if j.Kind() != jsonvalue.Number {
		return 0
	}
	return j.v.Float()
}
func (j jsValue) Str() string {
	if j.Kind() != jsonvalue.String {
		return ""
	}
	return j.v.String()
}

func (j jsValue) Len() int {
	if j.Kind() != jsonvalue.Array {
		return 0
	}
	return j.v.Length()
}

func (j jsValue) Index(i int) jsonvalue.Value {
	if i < 0 || i >= j.Len() {
		return jsValue{js.Undefined()}
	}
	return jsValue{j.v.Index(i)}
}

func (j jsValue) Get(key string) jsonvalue.Value {
	if j.Kind() != jsonvalue.Object || !j.v.Call("hasOwnProperty", key).Bool() {
		return jsValue{js.Undefined()}
	}
	return jsValue{j.v.Get(key)}
}

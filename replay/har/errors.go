package har

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// harDecodeError turns an encoding/json error into a *replay.SyntaxError or a
// *Error. value is the JSON being decoded, a part of data, and prefix
// its path.
func harDecodeError(name string, data, value []byte, prefix string, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off := min(max(se.Offset, 0), int64(len(data)))
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		return &replay.SyntaxError{Name: name, Line: line, Msg: "expected JSON, found an error: " + se.Error()}
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		path := prefix
		if te.Field != "" {
			// encoding/json names the field without array indices
			// ("request.headers.value"): find the element at fault.
			field := te.Field
			if where, ok := locateType(value, strings.Split(te.Field, "."), te.Type); ok {
				field = strings.TrimPrefix(where, ".")
			}
			field = strings.TrimPrefix(field, "log.")
			if path == "" {
				path = field
			} else {
				path += "." + field
			}
		}
		if path == "" {
			path = "log"
		}
		return &Error{name, path, fmt.Sprintf("expected %s, found %s", jsonKind(te.Type), te.Value)}
	}
	if prefix == "" {
		prefix = "log"
	}
	return &Error{name, prefix, err.Error()}
}

// locateType finds, in the JSON data, the first value on the path of
// field names that does not decode into want, and returns its path with
// array indices (".request.headers[3].value").
func locateType(data []byte, fields []string, want reflect.Type) (string, bool) {
	var v any
	// Unmarshal into an any recurses once a level, up to encoding/json's
	// 10,000: past a2aplay's limit, the type's path is not looked for.
	if jsonread.CheckDepth(string(data)) != nil || json.Unmarshal(data, &v) != nil {
		return "", false
	}
	return locate(v, fields, want)
}

func locate(v any, fields []string, want reflect.Type) (string, bool) {
	if arr, ok := v.([]any); ok && (len(fields) > 0 || want.Kind() != reflect.Slice) {
		for i, el := range arr {
			if p, ok := locate(el, fields, want); ok {
				return fmt.Sprintf("[%d]%s", i, p), true
			}
		}
		// At the end of the path, the array itself is at fault: an
		// array where a string or an object belongs.
		return "", len(fields) == 0
	}
	if len(fields) == 0 {
		return "", !decodesInto(v, want)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return "", false
	}
	child, ok := obj[fields[0]]
	if !ok {
		// encoding/json matches keys without regard to case.
		for k, c := range obj {
			if strings.EqualFold(k, fields[0]) {
				child, ok = c, true
				break
			}
		}
	}
	if !ok {
		return "", false
	}
	p, ok := locate(child, fields[1:], want)
	return "." + fields[0] + p, ok
}

// decodesInto reports whether the JSON value v decodes into type t.
func decodesInto(v any, t reflect.Type) bool {
	if v == nil {
		return true
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch v.(type) {
	case string:
		return t.Kind() == reflect.String || t.Kind() == reflect.Interface
	case float64:
		return t.Kind() == reflect.Float64 || t.Kind() == reflect.Int || t.Kind() == reflect.Interface
	case bool:
		return t.Kind() == reflect.Bool || t.Kind() == reflect.Interface
	case []any:
		return t.Kind() == reflect.Slice || t.Kind() == reflect.Interface
	case map[string]any:
		return t.Kind() == reflect.Struct || t.Kind() == reflect.Map || t.Kind() == reflect.Interface
	}
	return false
}

// jsonKind names the JSON kind a Go type is decoded from.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "another kind of value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Float64, reflect.Int:
		return "a number"
	case reflect.Slice:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "another kind of value"
}

package wasmbintest

// ULEB encodes v as an unsigned LEB128 number.
func ULEB(v int) []byte {
	var b []byte
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v != 0 {
			b = append(b, c|0x80)
			continue
		}
		return append(b, c)
	}
}

// Str encodes a name: its length, then its bytes.
func Str(s string) []byte { return append(ULEB(len(s)), s...) }

// Section encodes a section (or a name subsection) with id and the
// concatenated parts as its contents.
func Section(id byte, parts ...[]byte) []byte {
	var body []byte
	for _, p := range parts {
		body = append(body, p...)
	}
	return append(append([]byte{id}, ULEB(len(body))...), body...)
}

// Module puts the WebAssembly header before the sections.
func Module(sections ...[]byte) []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	for _, s := range sections {
		b = append(b, s...)
	}
	return b
}

// Package wasmbin reads the layout of a WebAssembly binary module: its
// sections, the size of every function body and its name from the
// "name" custom section, and the data segments with the memory address
// each one is loaded at. [MergeData] rewrites the data segments of a Go
// module into a few, which makes it smaller after brotli.
//
// It reads only what a size profile needs and skips the instructions
// themselves. [Parse] never panics on bad input: an error names the byte
// offset and what is wrong there.
//
//	m, err := wasmbin.Parse(data)
//	for _, f := range m.Funcs {
//		fmt.Println(f.Name, f.Size)
//	}
package wasmbin

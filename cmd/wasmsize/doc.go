// Command wasmsize says where the bytes of a Go WebAssembly module go: by
// package, by function, and by kind of data, raw and as an estimate of
// each part's share of the module's brotli size, the size a browser
// downloads.
//
//	go run ./cmd/wasmsize -build ./cmd/viewer
//	go run ./cmd/wasmsize -build ./cmd/live -by symbol -top 40
//	go run ./cmd/wasmsize -build ./cmd/viewer -gcflags all= -merge -quality 11
//	go run ./cmd/wasmsize -by data bin/viewer.wasm
//	go run ./cmd/wasmsize -by symbol -pkg encoding/json -build ./cmd/viewer
//	go run ./cmd/wasmsize -without encoding/json,reflect -merge -build ./cmd/viewer
//
// Function bodies come from the code section (internal/wasmbin reads the
// binary). Their real names, and the pclntab bytes each function brings
// (its name, its record, the pc tables it is first to use), come from the
// Go runtime's own tables, found in the data section: the pclntab header
// by its magic number and runtime.moduledata by its pointer to it. The
// moduledata also bounds the data regions (type descriptors and strings,
// pclntab, stack maps, variables). A module whose tables cannot be read
// (another Go version, another language) is still profiled, with the
// linker's mangled names from the "name" section.
//
// # Brotli estimates
//
// Brotli compresses a module as a whole, so no part has a size of its
// own. wasmsize compresses the module once as shipped (without the name
// section, which -ldflags=-s drops) and each part alone: every package's
// function bodies, every data region, and the rest of the module. A
// part's estimate is its compressed size alone, scaled so that all the
// parts add up to the module's brotli size. A package's pclntab bytes are
// estimated at the pclntab's own ratio, a function's at its package's.
//
// The estimate of a part is its share, not what removing it saves:
// code that looks like other code compresses better inside the module
// than alone. -exact N measures the saving for the N largest packages:
// the module's brotli size less that of the module without their function
// bodies (the pclntab, types and strings they bring are not removed, so
// this undercounts a real removal). -without a,b measures a set of
// packages the same way, together.
//
// -merge measures the module with its data segments merged by
// [wasmbin.MergeData]: the Go linker writes one segment per stretch of
// data between runs of 8 zeros, tens of thousands of headers that
// compress poorly.
//
// Quality 9 is the default. The site ships quality 11, which takes
// about six times as long and comes out about 12% smaller; the shares
// hardly move (for the viewer, no package's share by more than 0.7 of a
// point).
package main

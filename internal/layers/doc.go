// Package layers holds one test, which keeps the project's architecture
// readable: it lists every package with the go command (natively and
// for GOOS=js GOARCH=wasm) and checks the layering that the README's
// "Layers" table declares:
//
//   - every package is in exactly one layer, and imports only packages
//     of lower layers;
//   - packages of layers 0 to 3 (the pure code, and the helpers under
//     internal/) depend, even indirectly, on no package under wasm/,
//     web, cmd/ or test/;
//   - only packages under wasm/ import syscall/js;
//   - nothing imports a package under cmd/, nothing outside test/ one
//     under test/, and internal/golden, internal/growtest and internal/replaytest are
//     imported by tests only;
//   - the README's table is the test's, row for row.
//
// A new package gets its row in both places:
//
//	go test ./internal/layers
package layers

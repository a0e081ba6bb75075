package diagram

import "io"

// WriteRows writes the groups that draw rows of g, as [WriteSVG] writes
// them into the diagram's steps group (<g class="steps">): for a page
// that puts a long diagram in a little at a time, the SVG of g with
// only its first rows (WriteSVG of a copy whose Rows are cut short)
// first, then the others, a few rows at a time, into that group.
func WriteRows(w io.Writer, g *Geometry, rows []Row) error {
	x := &svgWriter{w: w, b: make([]byte, 0, 20<<10), id: g.IDPrefix}
	b := svgBuf(x.b)
	for i := range rows {
		b = x.endGroup(x.row(b, g, &rows[i]))
	}
	x.b = b
	x.flush()
	return x.err
}

// AppendRows appends the groups of rows, the bytes [WriteRows] writes,
// to b and returns the extended buffer.
func AppendRows(b []byte, g *Geometry, rows []Row) []byte {
	x := &svgWriter{b: b, id: g.IDPrefix}
	sb := svgBuf(x.b)
	for i := range rows {
		sb = x.endGroup(x.row(sb, g, &rows[i]))
	}
	return sb
}

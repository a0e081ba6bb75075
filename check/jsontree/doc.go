// Package jsontree parses JSON into a tree that keeps what encoding/json
// throws away: the order of object members, the literal text of every
// scalar, and the byte offset of every value. The checker uses the
// offsets to name the line of a finding; lessons use the order and the
// literals to quote a transcript's JSON faithfully, cut to a path.
//
// Parse accepts exactly RFC 8259 JSON (one value, optional surrounding
// white space) and never panics; nesting deeper than [MaxDepth] is an
// error rather than a stack overflow.
package jsontree

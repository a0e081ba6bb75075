package agents

import "testing"

// FuzzPageToken: any string either decodes to a key that encodes back
// to a token decoding to the same key, or is refused; never a panic.
func FuzzPageToken(f *testing.F) {
	f.Add(encodePageToken(listKey{stamp: 1791277200000000000, seq: 7}))
	f.Add(encodePageToken(listKey{seq: 1}))
	f.Add("not-a-token")
	f.Add("djEueC55")
	f.Add("")
	f.Fuzz(func(t *testing.T, tok string) {
		k, ok := decodePageToken(tok)
		if !ok {
			return
		}
		if k.seq == 0 {
			t.Fatalf("%q decoded to a key with no write count", tok)
		}
		if k2, ok := decodePageToken(encodePageToken(k)); !ok || k2 != k {
			t.Fatalf("%q: key %+v does not survive a round trip (%+v, %v)", tok, k, k2, ok)
		}
	})
}

package diagram

// Text is measured here, from advance widths built into the code, never
// by a browser: the layout is then the same natively and in the page.
//
// The sans widths are those of the Arial metrics, which Liberation Sans,
// Arimo and Helvetica share closely; they are in thousandths of an em,
// rounded up. The style sheet names those fonts first. Monospace text
// uses 0.602 em per character (Liberation Mono, DejaVu Sans Mono, Menlo).
// Characters outside the tables get a generous width, so that text set in
// a fallback font still fits.

// A font is one of the faces the diagram sets text in.
type font int

const (
	sans     font = iota // labels
	sansBold             // names, badges, numbers
	mono                 // times and ids
)

var sansRegularASCII = [...]uint16{
	278, 278, 355, 557, 557, 890, 667, 191, 334, 334, 390, 584, 278, 334, 278, 278, // 0x20
	557, 557, 557, 557, 557, 557, 557, 557, 557, 557, 278, 278, 584, 584, 584, 557, // 0x30
	1016, 667, 667, 723, 723, 667, 611, 778, 723, 278, 500, 667, 557, 834, 723, 778, // 0x40
	667, 778, 723, 667, 611, 723, 667, 944, 667, 667, 611, 278, 278, 278, 470, 557, // 0x50
	334, 557, 557, 500, 557, 557, 278, 557, 557, 223, 223, 500, 223, 834, 557, 557, // 0x60
	557, 557, 334, 500, 278, 557, 500, 723, 500, 500, 500, 334, 260, 334, 584, // 0x70
}

var sansRegularLatin1 = [...]uint16{
	278, 334, 557, 557, 557, 557, 260, 557, 334, 737, 371, 557, 584, 334, 737, 553, // 0xa0
	400, 549, 334, 334, 334, 577, 538, 278, 334, 334, 366, 557, 834, 834, 834, 611, // 0xb0
	667, 667, 667, 667, 667, 667, 1000, 723, 667, 667, 667, 667, 278, 278, 278, 278, // 0xc0
	723, 723, 778, 778, 778, 778, 778, 584, 778, 723, 723, 723, 723, 667, 667, 611, // 0xd0
	557, 557, 557, 557, 557, 557, 890, 500, 557, 557, 557, 557, 278, 278, 278, 278, // 0xe0
	557, 557, 557, 557, 557, 557, 557, 549, 611, 557, 557, 557, 557, 500, 557, 500, // 0xf0
}

var sansBoldASCII = [...]uint16{
	278, 334, 475, 557, 557, 890, 723, 238, 334, 334, 390, 584, 278, 334, 278, 278, // 0x20
	557, 557, 557, 557, 557, 557, 557, 557, 557, 557, 334, 334, 584, 584, 584, 611, // 0x30
	976, 723, 723, 723, 723, 667, 611, 778, 723, 278, 557, 723, 611, 834, 723, 778, // 0x40
	667, 778, 723, 667, 611, 723, 667, 944, 667, 667, 611, 334, 278, 334, 584, 557, // 0x50
	334, 557, 611, 557, 611, 557, 334, 611, 611, 278, 278, 557, 278, 890, 611, 611, // 0x60
	611, 611, 390, 557, 334, 611, 557, 778, 557, 557, 500, 390, 280, 390, 584, // 0x70
}

var sansBoldLatin1 = [...]uint16{
	278, 334, 557, 557, 557, 557, 280, 557, 334, 737, 371, 557, 584, 334, 737, 553, // 0xa0
	400, 549, 334, 334, 334, 577, 557, 278, 334, 334, 366, 557, 834, 834, 834, 611, // 0xb0
	723, 723, 723, 723, 723, 723, 1000, 723, 667, 667, 667, 667, 278, 278, 278, 278, // 0xc0
	723, 723, 778, 778, 778, 778, 778, 584, 778, 723, 723, 723, 723, 667, 667, 611, // 0xd0
	557, 557, 557, 557, 557, 557, 890, 557, 557, 557, 557, 557, 278, 278, 278, 278, // 0xe0
	611, 611, 611, 611, 611, 611, 611, 549, 611, 611, 611, 611, 611, 557, 611, 557, // 0xf0
}

// advance returns the advance width of r in thousandths of an em.
func (f font) advance(r rune) int {
	if f == mono {
		if zeroWidth(r) {
			return 0
		}
		if wide(r) {
			return 1204
		}
		return 602
	}
	ascii, latin1 := &sansRegularASCII, &sansRegularLatin1
	if f == sansBold {
		ascii, latin1 = &sansBoldASCII, &sansBoldLatin1
	}
	switch {
	case r >= 0x20 && r < 0x7f:
		return int(ascii[r-0x20])
	case r >= 0xa0 && r <= 0xff:
		return int(latin1[r-0xa0])
	case r == '\u2026', r == '\u2014', r == '\u2192', r == '\u2190':
		return 1000 // … — → ←
	case r == '\u2013':
		return 557 // –
	case r >= '\u2018' && r <= '\u201f':
		if f == sansBold {
			return 500 // quotation marks
		}
		return 334
	case r == '\u00b7', r == '\u2022':
		return 351 // · •
	case zeroWidth(r):
		return 0
	case wide(r):
		return 1000
	}
	return 720 // wider than most Latin, Greek and Cyrillic letters
}

// zeroWidth reports combining marks and invisible formatting characters.
func zeroWidth(r rune) bool {
	return r >= 0x300 && r <= 0x36f || r >= 0x200b && r <= 0x200f ||
		r >= 0x202a && r <= 0x202e || r >= 0x2060 && r <= 0x2064 ||
		r >= 0xfe00 && r <= 0xfe0f || r == 0xfeff
}

// wide reports characters that take a full em: CJK, Hangul, full-width
// forms and emoji.
func wide(r rune) bool {
	return r >= 0x1100 && r <= 0x115f || r >= 0x2e80 && r <= 0xa4cf ||
		r >= 0xac00 && r <= 0xd7a3 || r >= 0xf900 && r <= 0xfaff ||
		r >= 0xfe30 && r <= 0xfe4f || r >= 0xff00 && r <= 0xff60 ||
		r >= 0xffe0 && r <= 0xffe6 || r >= 0x1f300 && r <= 0x1faff ||
		r >= 0x20000 && r <= 0x3fffd
}

// units returns the width of s in thousandths of an em.
func (f font) units(s string) int {
	tab := &asciiAdvance[f]
	u := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			for _, r := range s[i:] {
				u += f.advance(r)
			}
			break
		}
		u += int(tab[c])
	}
	return u
}

// asciiAdvance holds [font.advance] of each ASCII character, per font,
// for the common case of [font.units].
var asciiAdvance = func() (t [mono + 1][0x80]uint16) {
	for f := range t {
		for c := range t[f] {
			t[f][c] = uint16(font(f).advance(rune(c)))
		}
	}
	return t
}()

// width returns the width of s set in f at size px, in whole pixels,
// rounded up.
func (f font) width(s string, size int) int { return (f.units(s)*size + 999) / 1000 }

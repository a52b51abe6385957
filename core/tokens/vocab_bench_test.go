package tokens

import "testing"

// BenchmarkLoadVocabulary is what the first count under an encoding waits
// for: its vocabulary read from the binary into a table ready for lookups.
// With -benchmem it also tells how much the load allocates, which the
// garbage collector then scans.
func BenchmarkLoadVocabulary(b *testing.B) {
	for _, name := range bpeNames {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := loadVocabulary(name); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package tokens

import (
	"runtime"
	"testing"
)

// BenchmarkLoadVocabulary is what the first count under an encoding waits
// for: its vocabulary read from the binary into a table ready for lookups.
// It runs on one locked thread and reports that thread's processor time
// too, which other work on the machine does not inflate as it does the
// clock; with -benchmem it tells how much the load allocates, which the
// garbage collector then scans.
func BenchmarkLoadVocabulary(b *testing.B) {
	for _, name := range bpeNames {
		b.Run(name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ReportAllocs()
			start := threadCPU(b)
			for b.Loop() {
				if _, err := loadVocabulary(name); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((threadCPU(b)-start).Microseconds())/1e3/float64(b.N), "cpu-ms/op")
		})
	}
}

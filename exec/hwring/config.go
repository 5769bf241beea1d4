package hwring

import (
	"io/fs"
	"os"
	"time"

	"zincc/exec/kmd"
)

// Default device nodes and timing.
const (
	DefaultRenderNode = "/dev/dri/renderD128"
	DefaultKFDNode    = "/dev/kfd"
	// DefaultTimeout bounds one decode step on the GPU: a submission not
	// retired by then ends the step with ErrTimeout.
	DefaultTimeout = 10 * time.Second
	// DefaultSpin is how long the kfd and umq rings poll the fence before
	// they start sleeping between polls (kfd: sleeping in KFD_WAIT_EVENTS).
	DefaultSpin = time.Millisecond
	// DefaultPoll is the sleep between fence polls after the spin.
	DefaultPoll = 100 * time.Microsecond
)

// Config says how a ring reaches the GPU. The zero value means the real
// kernel at the default nodes with the default timeouts.
type Config struct {
	// Opener opens device nodes; nil means kmd.OSOpener{} (the kernel).
	Opener kmd.Opener
	// RenderNode is the DRM render node of the GPU ("" = DefaultRenderNode).
	RenderNode string
	// KFDNode is the amdkfd node ("" = DefaultKFDNode).
	KFDNode string
	// Sysfs is the file system the KFD topology is read from, rooted at
	// "/" (nil = os.DirFS("/")).
	Sysfs fs.FS
	// Timeout bounds the GPU time of one step (0 = DefaultTimeout).
	Timeout time.Duration
	// Spin is how long to busy-poll for completion before sleeping
	// (0 = DefaultSpin, negative = never spin).
	Spin time.Duration
	// Poll is the sleep between polls once spinning is over (0 =
	// DefaultPoll).
	Poll time.Duration

	// Upload chooses how the weights reach VRAM: UploadAuto (the zero
	// value) writes them through the CPU-visible window when everything
	// fits there and stages them through GTT otherwise (see PlanUpload);
	// UploadDirect and UploadStaged force one path.
	Upload UploadPath
	// StagingBytes is the size of the GTT staging buffer, the most one
	// upload chunk copies (0 = DefaultStagingBytes; rounded to pages).
	StagingBytes uint64
	// Progress, when set, hears how a staged upload proceeds: once when
	// it starts (Chunk 0) and after every chunk.
	Progress func(UploadProgress)
	// Timestamps makes every submission write the GPU clock before and
	// after its IB, so that the ring can say how long the last step took
	// on the GPU (see GPUTime).
	Timestamps bool
}

// WithDefaults returns c with every unset field set to its default.
func (c Config) WithDefaults() Config {
	if c.Opener == nil {
		c.Opener = kmd.OSOpener{}
	}
	if c.RenderNode == "" {
		c.RenderNode = DefaultRenderNode
	}
	if c.KFDNode == "" {
		c.KFDNode = DefaultKFDNode
	}
	if c.Sysfs == nil {
		c.Sysfs = os.DirFS("/")
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	switch {
	case c.Spin == 0:
		c.Spin = DefaultSpin
	case c.Spin < 0:
		c.Spin = 0
	}
	if c.Poll <= 0 {
		c.Poll = DefaultPoll
	}
	if c.StagingBytes == 0 {
		c.StagingBytes = DefaultStagingBytes
	}
	c.StagingBytes = RoundPage(c.StagingBytes)
	return c
}

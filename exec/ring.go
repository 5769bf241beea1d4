package exec

import "zincc/ir"

// Ring is one way of executing a compiled decode step: on the CPU, on the
// emulated GPU or on a real GPU through a kernel interface. A Ring owns the
// step's buffers (weights, state, activations) from creation to Close; state
// persists between steps.
type Ring interface {
	// Tier names the tier ("cpu", "sim", "cs", "kfd", "umq").
	Tier() string
	// Step runs one decode step. inputs holds one 32-bit word per input
	// declaration of the module, in declaration order (u32 and i32 as
	// integers, f32 as its bits). It returns the outputs in module order.
	Step(inputs []uint32) ([]Tensor, error)
	// State returns the current contents of a state declaration.
	State(v *ir.Value) (Tensor, error)
	// Close releases everything the ring holds. It is safe to call twice.
	Close() error
}

// Package exec runs lowered decode graphs. It defines the Ring surface every
// execution tier implements (exec/cpu, exec/sim, exec/cs, exec/kfd,
// exec/umq), binds weights to their data, and drives decode steps: feeding
// each step's argmax back as the next token and advancing the position.
package exec

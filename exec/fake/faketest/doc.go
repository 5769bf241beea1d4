// Package faketest holds the test set-ups that the tests of the real-GPU
// rings (exec/cs, exec/kfd, exec/umq) share on the fake driver of
// exec/fake: the ring configuration they use, a run of steps that checks
// outputs and state, the probe and refusal checks, the fault-injection
// sweep of a ring, and checks on what the driver saw. It is for tests
// only.
package faketest

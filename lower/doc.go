// Package lower holds zincc's back ends, one subpackage per target:
// lower/cpu turns a module into a flat program of CPU kernel calls, and
// lower/gfx1201 into a PM4 indirect buffer with gfx1201 kernel code.
package lower

package cpu

import "fmt"

// sizeError reports a kernel whose operand lengths disagree.
func sizeError(op string, format string, args ...any) error {
	return fmt.Errorf("cpu: %s: %s", op, fmt.Sprintf(format, args...))
}

// sameLen checks that every slice length in ls equals n.
func sameLen(op string, n int, names string, ls ...int) error {
	for _, l := range ls {
		if l != n {
			// A copy, so that ls does not escape: a call that passes
			// allocates nothing (a decode step makes dozens).
			return sizeError(op, "operand lengths %v differ (%s)", append([]int(nil), ls...), names)
		}
	}
	return nil
}

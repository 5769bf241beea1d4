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
			return sizeError(op, "operand lengths %v differ (%s)", ls, names)
		}
	}
	return nil
}

package ir

import "fmt"

// A value whose type is invalid was reported by whoever made it (the
// frontend for an unknown name or element type, the checker for a node that
// failed), so the checks below pass over it instead of reporting again.

// Check type-checks m and completes it: every result gets its inferred type
// and every node its defaulted attributes. It reports every error found, not
// only the first, sorted by position. Frontends call it after building a
// module.
func Check(m *Module) ErrorList { return check(m, true) }

// Verify checks that m is well formed without changing it: the same rules as
// Check, plus that every recorded result type and attribute list is the one
// the op infers. The pass manager runs it between passes.
func Verify(m *Module) ErrorList { return check(m, false) }

func check(m *Module, fill bool) ErrorList {
	var errs ErrorList
	where := map[string]Pos{} // first definition of each name
	defined := map[*Value]bool{}
	inModule := map[*Value]bool{}
	for _, v := range m.Decls {
		inModule[v] = true
	}
	for _, n := range m.Nodes {
		if n.Result != nil {
			inModule[n.Result] = true
		}
	}

	for _, v := range m.Decls {
		if first, dup := where[v.Name]; dup {
			errs.Add(v.Pos, "redefinition of %s (first declared at %v)", v.Ref(), first)
			continue
		}
		where[v.Name] = v.Pos
		defined[v] = true
		checkDecl(v, &errs)
	}

	for _, n := range m.Nodes {
		if n.Op == nil {
			errs.Add(n.Pos, "node has no op")
			continue
		}
		for i, a := range n.Args {
			switch {
			case a == nil:
				errs.Add(n.argPos(i), "%s operand %d is missing", n.Op.Name, i+1)
			case !inModule[a] && !a.Type.Valid():
				// A placeholder for a name its maker already reported.
			case !inModule[a]:
				errs.Add(n.argPos(i), "%s is not defined in graph @%s", a.Ref(), m.Name)
			case !defined[a]:
				errs.Add(n.argPos(i), "%s is used before its definition at %v", a.Ref(), a.Pos)
			}
		}
		if n.Op.HasResult() != (n.Result != nil) {
			if n.Result == nil {
				errs.Add(n.Pos, "%s computes a value; write %%name = %s ...", n.Op.Name, n.Op.Name)
			} else {
				errs.Add(n.Pos, "%s changes state and has no result; write it without %s =", n.Op.Name, n.Result.Ref())
			}
		}
		t := checkNode(n, fill, &errs)
		r := n.Result
		if r == nil {
			continue
		}
		if first, dup := where[r.Name]; dup {
			if d := m.Lookup(r.Name); d != nil && d.Kind == State {
				errs.Add(r.Pos, "state %s is written by the pure op %s; only effectful ops such as kv_store change state",
					r.Ref(), n.Op.Name)
			} else {
				errs.Add(r.Pos, "redefinition of %s (first defined at %v)", r.Ref(), first)
			}
		} else {
			where[r.Name] = r.Pos
		}
		if r.Kind != Result || r.Def != n {
			errs.Add(r.Pos, "%s is recorded as %s, not as the result of this %s", r.Ref(), r.Kind, n.Op.Name)
		}
		if fill {
			r.Type = t
		} else if t.Valid() && !t.Equal(r.Type) {
			errs.Add(r.Pos, "%s is recorded as %v but %s gives %v", r.Ref(), r.Type, n.Op.Name, t)
		}
		defined[r] = true
	}

	if len(m.Outputs) == 0 {
		errs.Add(m.Pos, "graph @%s has no outputs (add an 'output %%name' line)", m.Name)
	}
	seen := map[*Value]bool{}
	for _, o := range m.Outputs {
		switch {
		case o.Value == nil:
			errs.Add(o.Pos, "output of an undefined value")
		case !inModule[o.Value] && !o.Value.Type.Valid():
		case !inModule[o.Value]:
			errs.Add(o.Pos, "output %s is not defined in graph @%s", o.Value.Ref(), m.Name)
		case seen[o.Value]:
			errs.Add(o.Pos, "%s is output twice", o.Value.Ref())
		case o.Value.Kind == Weight:
			errs.Add(o.Pos, "output %s is a weight; outputs are computed values, inputs or states", o.Value.Ref())
		}
		seen[o.Value] = true
	}
	errs.Sort()
	return errs
}

// checkDecl checks the type and initialiser of a declaration.
func checkDecl(v *Value, errs *ErrorList) {
	if !v.Type.DType.Valid() {
		return // an unknown element type, reported by the frontend
	}
	if err := v.Type.CheckShape(); err != nil {
		errs.Add(v.Pos, "%s %s: %v", v.Kind, v.Ref(), err)
		return
	}
	bad := func(format string, args ...any) {
		errs.Add(v.Pos, "%s %s: %s", v.Kind, v.Ref(), fmt.Sprintf(format, args...))
	}
	if v.Type.DType.ActivationOnly() {
		bad("%v is an activation format (the result of quantize), not a declaration's", v.Type.DType)
		return
	}
	switch v.Kind {
	case Input:
		if !v.Type.IsScalar() || !containsDType([]DType{U32, I32, F32}, v.Type.DType) {
			bad("inputs are u32, i32 or f32 scalars patched between steps, not %v", v.Type)
		}
		if v.Init.Kind != NoInit {
			errs.Add(orPos(v.Init.Pos, v.Pos), "input %s cannot have an initialiser; set it per step (zincc run -set)", v.Ref())
		}
	case Weight:
		if v.Type.IsScalar() {
			bad("weights are tensors; give a shape such as %v[64]", v.Type.DType)
		}
		switch v.Init.Kind {
		case NoInit:
			bad("needs an initialiser: = gguf(\"name\"), file(\"path\"), random(seed = N) or zeros")
		case InitRandom:
			if !(v.Init.Scale > 0) || v.Init.Scale > 1e30 {
				errs.Add(orPos(v.Init.Pos, v.Pos), "weight %s: random scale must be positive and finite, got %v", v.Ref(), v.Init.Scale)
			}
			if v.Type.DType == U32 || v.Type.DType == I32 {
				errs.Add(orPos(v.Init.Pos, v.Pos), "weight %s: random data is defined for float types, not %v", v.Ref(), v.Type.DType)
			}
		case InitGGUF, InitFile:
			if v.Init.Name == "" {
				errs.Add(orPos(v.Init.Pos, v.Pos), "weight %s: empty tensor name or path", v.Ref())
			}
		}
	case State:
		if !containsDType(cacheTypes, v.Type.DType) {
			bad("states hold f32 or f16, not %v", v.Type.DType)
		}
		if v.Type.IsScalar() {
			bad("states are tensors; give a shape such as f16[128, 64]")
		}
		if v.Init.Kind != NoInit && v.Init.Kind != InitZeros {
			errs.Add(orPos(v.Init.Pos, v.Pos), "state %s starts as zeros; it cannot be initialised from data", v.Ref())
		}
	default:
		bad("is declared with kind %v", v.Kind)
	}
}

func orPos(p, q Pos) Pos {
	if p.IsKnown() {
		return p
	}
	return q
}

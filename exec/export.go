package exec

import (
	"fmt"
	"io"

	"zincc/frontend/gguf"
	"zincc/ir"
)

// ExportGGUF writes every weight of m, as bound in w, to a GGUF file at
// path (atomically). A weight bound with gguf("name") keeps that tensor
// name; any other is stored under its value name. It returns the tensor
// name chosen for each weight, so a caller can rewrite the graph to read
// the file back.
func ExportGGUF(m *ir.Module, w *Weights, path string) (map[*ir.Value]string, error) {
	gw, names, err := exportWriter(m, w)
	if err != nil {
		return nil, err
	}
	if err := gw.WriteFile(path); err != nil {
		return nil, err
	}
	return names, nil
}

// ExportGGUFTo is ExportGGUF writing the file to out (standard output, say)
// instead of a path.
func ExportGGUFTo(m *ir.Module, w *Weights, out io.Writer) (map[*ir.Value]string, error) {
	gw, names, err := exportWriter(m, w)
	if err != nil {
		return nil, err
	}
	if _, err := gw.WriteTo(out); err != nil {
		return nil, err
	}
	return names, nil
}

func exportWriter(m *ir.Module, w *Weights) (*gguf.Writer, map[*ir.Value]string, error) {
	gw := gguf.NewWriter()
	gw.Set("general.architecture", gguf.String("zincc"))
	gw.Set("general.name", gguf.String(m.Name))
	names := map[*ir.Value]string{}
	used := map[string]*ir.Value{}
	for _, v := range m.DeclsOf(ir.Weight) {
		name := v.Name
		if v.Init.Kind == ir.InitGGUF {
			name = v.Init.Name
		}
		if prev, dup := used[name]; dup {
			return nil, nil, fmt.Errorf("weights %s and %s would both be stored as %q", prev.Ref(), v.Ref(), name)
		}
		used[name] = v
		typ, err := gguf.TypeOf(v.Type.DType)
		if err != nil {
			return nil, nil, fmt.Errorf("weight %s: %w", v.Ref(), err)
		}
		if err := gw.AddTensor(name, typ, gguf.DimsFromShape(v.Type.Shape), w.Data(v)); err != nil {
			return nil, nil, fmt.Errorf("weight %s: %w", v.Ref(), err)
		}
		names[v] = name
	}
	return gw, names, nil
}

package frontend

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The .zir syntax tree as participle builds it. Statements end at a newline,
// so a missing comma is reported where it is missing rather than as a
// confusing new statement.

var zirLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `//[^\n]*`},
	{Name: "Whitespace", Pattern: `[ \t\r]+`},
	{Name: "Newline", Pattern: `\n`},
	{Name: "String", Pattern: `"(\\.|[^"\\\n])*"`},
	{Name: "GraphName", Pattern: `@[A-Za-z0-9_.]+`},
	{Name: "ValueName", Pattern: `%[A-Za-z0-9_.]+`},
	{Name: "Float", Pattern: `[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?|[0-9]+[eE][-+]?[0-9]+`},
	{Name: "Int", Pattern: `[0-9]+`},
	{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_]*`},
	{Name: "Punct", Pattern: `[-:=,{}\[\]()]`},
})

var zirParser = participle.MustBuild[astFile](
	participle.Lexer(zirLexer),
	participle.Elide("Comment", "Whitespace"),
	participle.UseLookahead(2),
)

type astFile struct {
	Pos   lexer.Position
	Graph *astGraph `parser:"Newline* @@ Newline* EOF"`
}

type astGraph struct {
	Pos   lexer.Position
	Name  string     `parser:"'graph' @GraphName '{' Newline+"`
	Items []*astItem `parser:"( @@ Newline+ )* '}'"`
}

type astItem struct {
	Decl   *astDecl   `parser:"@@"`
	Output *astOutput `parser:"| @@"`
	Stmt   *astStmt   `parser:"| @@"`
}

type astDecl struct {
	Pos  lexer.Position
	Kind string   `parser:"@('input' | 'weight' | 'state')"`
	Name astRef   `parser:"@@ ':'"`
	Type astType  `parser:"@@"`
	Init *astInit `parser:"( '=' @@ )?"`
}

type astRef struct {
	Pos  lexer.Position
	Name string `parser:"@ValueName"`
}

type astType struct {
	Pos   lexer.Position
	DType string    `parser:"@Ident"`
	Shape *astShape `parser:"@@?"`
}

// astShape accepts more than the language (an empty list, a trailing
// comma, a dimension that is not an integer, a missing ']') so the builder
// can say what is wrong instead of the parser reporting the '[' as
// unexpected.
type astShape struct {
	Pos      lexer.Position
	Dims     []astInt `parser:"'[' ( @@ ( ',' @@ )* )?"`
	Trailing bool     `parser:"@','?"`
	Closed   bool     `parser:"@']'?"`
	EndPos   lexer.Position
}

type astInt struct {
	Pos  lexer.Position
	Text string `parser:"@'-'? @(Int | Float | Ident | String)"`
}

type astInit struct {
	Pos   lexer.Position
	Name  string        `parser:"@Ident"`
	Paren bool          `parser:"( @'('"`
	Args  []*astInitArg `parser:"( @@ ( ',' @@ )* )? ')' )?"`
}

type astInitArg struct {
	Pos lexer.Position
	Str *string  `parser:"@String"`
	KV  *astAttr `parser:"| @@"`
}

type astOutput struct {
	Pos    lexer.Position
	Values []astRef `parser:"'output' @@ ( ',' @@ )*"`
}

type astStmt struct {
	Pos    lexer.Position
	Result *astRef    `parser:"( @@ '=' )?"`
	Op     astOpName  `parser:"@@"`
	Args   []astRef   `parser:"( @@ ( ',' @@ )* )?"`
	Attrs  []*astAttr `parser:"( '{' ( @@ ( ',' @@ )* )? '}' )?"`
}

type astOpName struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
}

type astAttr struct {
	Pos   lexer.Position
	Name  string     `parser:"@Ident '='"`
	Value astLiteral `parser:"@@"`
}

type astLiteral struct {
	Pos   lexer.Position
	Neg   bool    `parser:"@'-'?"`
	Float *string `parser:"(  @Float"`
	Int   *string `parser:"| @Int"`
	Ident *string `parser:"| @Ident"`
	Str   *string `parser:"| @String )"` // not a value; parsed to be reported
}

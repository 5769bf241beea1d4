module zincc

go 1.26.0

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/vmihailenco/msgpack/v5 v5.4.1
	golang.org/x/sys v0.50.0
)

require github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect

package generate

import _ "zincc/internal/golden" // registers -update, so `go test ./... -update` works here too

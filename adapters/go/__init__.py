"""the Go formats: OpenGotha, EGD, FFG: one module per job."""

"""the native XML format: one module per job."""

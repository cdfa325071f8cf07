"""Swiss Perfect 98: one module per job."""

"""Swiss Perfect 98: its tables, trios and zips, text export and writer, one module per job."""

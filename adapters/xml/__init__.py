"""The native XML format and its schema."""

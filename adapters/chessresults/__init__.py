"""Swiss-Manager's chess-results.com upload XML: events and games (``format``), teams (``teams``)."""

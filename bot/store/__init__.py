"""SQLite storage: connection, numbered migrations and one repository per aggregate."""

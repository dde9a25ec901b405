"""The protocol every game implements, records, the seeded generator and bots."""

"""One sub-package per game: data apart from rules, bots, walkthroughs."""

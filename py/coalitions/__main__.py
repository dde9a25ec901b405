import sys

try:
    from .cli import main
except KeyboardInterrupt:  # Ctrl-C while the package loads (main handles it from then on)
    print("interrupted", file=sys.stderr)
    sys.exit(130)

sys.exit(main())

"""`python -m bellica`: the same as the `bellica` command."""

from bellica.cli import main

if __name__ == "__main__":
    main()

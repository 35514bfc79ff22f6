# Prints line 1 of a generated header, then how many of its lines exceed 100 columns, then those
# lines with their numbers (columns.test).
import sys

with open(sys.argv[1], encoding="utf-8") as header:
    lines = header.read().splitlines()
print("line 1: " + lines[0])
long_lines = [(number, line) for number, line in enumerate(lines, 1) if len(line) > 100]
print("lines over 100 columns: %d" % len(long_lines))
for number, line in long_lines:
    print("%d: %s" % (number, line))

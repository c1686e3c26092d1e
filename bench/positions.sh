# Positions shared by bench/search.sh and bench/db.sh (sourced, not run).
xo() { printf 'XO%.0s' $(seq "$1"); }
# 8×8 boards with 30 or more empty squares (`#` filled), fixed.
B8A='..#.....|.#...#..|...#....|#.....#.|....#...|.#....#.|...#...#|#.....#.'
B8B='........|..##....|.....#..|.#......|....##..|......#.|.##.....|.....#..'
# Twelve Domineering rectangles and ten Clobber strips of 4 to 14 stones.
TWELVE='domineering(4,4)+domineering(3,5)+domineering(4,5)+domineering(3,4)+domineering(2,7)+domineering(5,3)+domineering(4,4)+domineering(3,6)+domineering(2,6)+domineering(4,3)+domineering(3,3)+domineering(5,4)'
TEN="clobber(\"$(xo 5)\")+clobber(\"XXOXO\")+clobber(\"$(xo 6)\")+clobber(\"XOOXOX\")+clobber(\"XXOXXO\")+clobber(\"$(xo 7)\")+clobber(\"OXOXXO\")+clobber(\"XOXOXOO\")+clobber(\"XXOOXXO\")+clobber(\"$(xo 4)\")"

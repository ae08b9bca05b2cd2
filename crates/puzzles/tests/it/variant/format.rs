//! The formats (`variant::format`): Tessera JSON, f-puzzles JSON and share links on a puzzle
//! using every constraint kind (round trips, and the details that decide answers); links made by
//! the real JavaScript lz-string and real links from the web; ISS's text form on ISS's own
//! puzzles, each checked against its published solution with the independent verifier (which
//! catches a diagonal read the wrong way, a little killer's direction, an arrow's circle); and
//! the errors, each naming its field or position.

use tessera::variant::{self, Cell, Constraint, Direction, Grid, Negative, Variant};

/// f-puzzles JSON using every kind read (made for these tests, in f-puzzles' own style).
const RICH: &str = r##"{"size":9,"title":"Every kind","author":"Tessera tests","ruleset":"Normal sudoku rules apply.","grid":[[{"value":5,"given":true},{"value":3},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{"value":7,"given":true,"centerPencilMarks":[1,2],"c":"#FF0000"},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{"parity":"Odd"},{"parity":"Even"}]],"diagonal+":true,"diagonal-":true,"antiknight":true,"antiking":true,"disjointgroups":true,"nonconsecutive":true,"killercage":[{"cells":["R1C1","R1C2"],"value":"9"},{"cells":["R2C1","R2C2"]}],"cage":[{"cells":["R3C1","R3C2"],"value":"10"}],"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"45"},{"cell":"R10C5","direction":"UR","value":"20"}],"sandwichsum":[{"cell":"R0C3","value":"15"},{"cell":"R4C0","value":0}],"thermometer":[{"lines":[["R9C4","R8C3","R7C2"],["R6C6","R6C7"]]}],"slowthermometer":[{"lines":[["R5C1","R5C2","R5C3"]]}],"arrow":[{"cells":["R2C5"],"lines":[["R2C5","R3C5","R4C5"]]},{"cells":["R7C7","R7C8"],"lines":[["R7C8","R8C8","R9C8","R9C9"]]}],"difference":[{"cells":["R1C5","R1C6"]},{"cells":["R1C7","R1C8"],"value":"3"}],"ratio":[{"cells":["R2C7","R2C8"]},{"cells":["R3C7","R3C8"],"value":"3"}],"xv":[{"cells":["R4C7","R4C8"],"value":"X"},{"cells":["R5C7","R5C8"],"value":"V"}],"negative":["ratio","xv"],"odd":[{"cell":"R6C1"}],"even":[{"cell":"R6C2"}],"minimum":[{"cell":"R7C1"}],"maximum":[{"cell":"R7C3"}],"clone":[{"cells":["R1C9","R2C9"],"cloneCells":["R8C1","R9C1"]}],"quadruple":[{"cells":["R3C3","R3C4","R4C3","R4C4"],"values":[1,2]}],"palindrome":[{"lines":[["R8C4","R8C5","R8C6"]]}],"renban":[{"lines":[["R9C5","R9C6","R9C7"]]}],"whispers":[{"lines":[["R4C1","R4C2"]]},{"lines":[["R6C8","R6C9"]],"value":"4"}],"betweenline":[{"lines":[["R5C4","R5C5","R5C6"]]}],"regionsumline":[{"lines":[["R3C6","R4C6","R4C7"]]}],"extraregion":[{"cells":["R2C2","R2C3","R3C3"]}],"line":[{"lines":[["R1C1","R2C2"]],"outlineC":"#C0C0C0","width":0.5,"isNewConstraint":true}],"circle":[{"cells":["R5C5"],"baseC":"#FFFFFF","outlineC":"#000000","fontC":"#000000","width":0.7,"height":0.7,"value":""}],"rectangle":[{"cells":["R6C6","R6C7"],"baseC":"#EEEEEE","outlineC":"#000000","fontC":"#000000","width":1,"height":0.5,"angle":0,"value":"A"}],"text":[{"cells":["R0C9"],"value":"Hi","fontC":"#000000","size":0.5,"angle":0}],"entropicline":[],"highlightConflicts":true}"##;

/// `RICH` compressed by the JavaScript lz-string 1.5.0 (`compressToBase64`, npm `lz-string`).
const RICH_PAYLOAD: &str = "N4IgzglgXgpiBcBOANCALhNAbO8QFEA3GAJwE8ACAawgDsATEVAQwFc0ALAexIRABUYYMKWYU0QtGCYgSrHCLR8AcjwC2zLBTCt6XKqwpyFFZgAczWMgDoZAcxIRG8ANovQhTa1wBWVHYhiWgQ0ORgAX2QPL1wAZkjgBKSo5MSUgF1kd1SclLy0xMzs/NyCnKKykqrKwqya1JBPLG8EAHZ/QJhg+FDvVABjLokSAAUu/ogsAFlmEippVwBGZAAmTJB+vgBiADEdgAZD/ZBSpIrT6vK6i/qS88uHsvvbl5AzWcwyPgB5ekYEt4fNBfPBELondLregQZh2Li0TQAahCYVQ0Nh8M0AFoUX0QMxaBgqLQIHYOEoeqj8YSIDRaHZcTA0RAwAArLh0NAOLisMwLXpMkC0eH9eEifrsTqM1A0LA4Ej9WG4dwbGByhYuEAAJUWAGFFjIdbqViB1k0WnhECcoqr1QhNVqVvrDU6TelwutFXZlaBBnbXNrYs7UFqg27UObcCBFscPagsJhsDBZfKdGp7b61Vg+Fr9sGQNCSDB+hh4XwACJamSRvgAFh81szcpzMd1DeZRZLEDLeAAqlWIzE+CtY+swAT6AB3CD9DhpjO27N4XO62LVod4RYNgF+pfa2u646D5q4fZx9AcUhqLhqGDDBcJ2hCe0OxC62uGgAcq8NrWNpqybUADZdSAw0QNaU13THLAuEnTgrxvO9SAfOhn1cB0fHzLUsJNEMsLXSFz1mEg4IXXcNW1J0G3WR90LcKi20NIN233JiiJtCj7W1P9IJDP9PwAkA6I1B0BK/XVBJDN8pO1N8rSIqEIAAM2U0hxh9RdKKNVijTA91OKzbS9T47U9UEs0NxANdzxIZhS3IozuMdXVTJciydycgNQ1c5jJKEms8Bs9YAA9CEc/0HQPNyDws48LRAAANRstOcrC3KwuLGisgA1CFUCfOx7KlAM7Ic1AwqErg/givctRAg1zxgIJapzECTXPNQ6AgNRWHTVwmzqv9GvWDQQp6vrWuXP9goGWCn1q4zdStEMnQUub4RgXUvIdb8DWk51oNQABHVhmHoORLE0rjvKDNcQyDD8QwPe62I/SyTw1ZY1nPd5HwupDUKfUTtW/J7QaYkNv30o7ZC6AAjAkgfo19Ibk0DDTfSDFNQScOBZMxSA1UARJfNj9rYt0DJJtCQfq/yQxAhSPoSj9z3hu9JxgLo6ORumsPBnC0aFmHbJgAIxT63mBuE2myZ8sDnoxpXsdhmAQtCWZxe7boVRuh1XRdH8Hp/WHpZVUmMLM7DDchVAeWwNDdW2Q9XaPEBp3oTgEH2aw/BAFllBgSddTFTXOUZc8JgVHBFrS9jUERkRnbwXY9nTmQHbolOQC2I4jhkZT4TQHO8/z93Pe9+BffaEBL1JckfesWvApAfK4ZLAk7FjmX9eA5X++xxPmGT7Z8HHifM/YbPtnL92i8JUu55kSuOAQZY65gBuKV9/2u57/Z4qjABBduJA1uPvLzdbspPPgAAkIEL4ul/LmRIFgJu9/pA+msJUizAznNusfGZIExkhLvCZSCYSz8jCOEIAA";

/// A 6x6 with a thermometer and an X-sum (not in the catalogue), by the JavaScript lz-string.
const XSUM_PAYLOAD: &str = "N4IgzglgXgpiBcA2ANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyEBdZISGDJAvqPFSJ0rrMXz5yhRsHrVK4uSoIATPUYt2nGEtEg2ACxgYAtgHtHMNg/ygyEZjDD4eCAASjQAwoYgqKFhAMxRIeEALCDCwkqoAB5gFI5eIADGMGRkCCEADGE0CaSU1CCIIEpcQA=";

/// Real share links found on the web: a given in R1C1 (the `sudoku-formats` package's README),
/// two givens (lisudoku's import dialog), and two killer cages with an `activeConstraints` field
/// (Rangsk's SudokuSolver tests).
const WEB_LINKS: [&str; 3] = [
    "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A",
    "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1kANwEMAbAK5x4ARlRoI3GADsEAFwzCmK1kQ5tVmug216VGrUbWG1ZyjwHCEAJglTZCpTAO7j+nZw/7atIkA=",
    "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA=",
];

/// ISS puzzles with their published solutions (sigh/Interactive-Sudoku-Solver, data/example_puzzles.js
/// and data/collections.js): every one whose rules are all in the catalogue. `name|input|solution`.
const ISS: &str = r##"
Givens & pencilmarks|.~R1C1_5~R1C2_3~R1C5_7~R2C1_6~R2C4_1~R2C5_9~R2C6_5~R3C2_9~R3C3_8~R3C8_6~R4C1_8~R4C5_6~R4C9_3~R5C1_4~R5C4_8~R5C6_3~R5C9_1~R6C1_7~R6C5_2~R6C9_6~R7C2_6~R7C7_2~R7C8_8~R8C4_4~R8C5_1~R8C6_9~R8C9_5~R9C5_8~R9C8_7~R9C9_9|534678912672195348198342567859761423426853791713924856961537284287419635345286179
Odd & even|.~R1C6_7~R1C7_2~R1C8_1~R1C9_6~R2C9_5~R2C8_7~R2C7_9~R2C6_4~R8C1_2~R8C2_7~R8C3_4~R8C4_5~R9C1_9~R9C2_5~R9C3_8~R9C4_2~R4C7_2_4_6_8~R4C8_2_4_6_8~R5C6_2_4_6_8~R6C6_2_4_6_8~R6C7_2_4_6_8~R6C8_2_4_6_8~R7C6_2_4_6_8~R8C7_2_4_6_8~R8C8_2_4_6_8~R2C3_1_3_5_7_9~R3C2_1_3_5_7_9~R4C4_1_3_5_7_9~R4C2_1_3_5_7_9~R5C4_1_3_5_7_9~R5C2_1_3_5_7_9~R3C4_1_3_5_7_9~R6C3_1_3_5_7_9|549837216823614975716925348635149827492786153187352469361478592274593681958261734
Lines|.~R1C2_4~R1C8_1~R2C1_2~R2C9_6~R8C1_9~R8C9_2~R9C2_1~R9C8_9.Thermo~R9C4~R8C3~R7C2~R6C1~R5C2~R4C3.Thermo~R4C1~R3C2~R2C3~R1C4~R2C5~R3C6.Thermo~R1C6~R2C7~R3C8~R4C9~R5C8~R6C7.Thermo~R6C9~R7C8~R8C7~R9C6~R8C5~R7C4|847632519295471386631598247129743865486259173753816924368924751974185632512367498
German Whispers|.Whisper~R8C1~R7C1~R7C2~R8C3~R9C3~R9C2.Whisper~R9C6~R8C7~R7C7~R7C8~R6C9~R5C8.Whisper~R6C3~R5C2~R4C3~R3C4~R2C5~R1C6~R1C7~R2C8~R3C8~R4C7~R5C6~R6C6~R7C6~R8C5~R7C4.Whisper~R4C5~R4C6~R3C7.~R1C5_1~R2C2_5~R5C1_6~R5C9_9~R7C3_3~R8C8_3~R9C1_5~R9C5_3|796413852352689417184275693247591386615348279839762541923857164478126935561934728
Elementary|.WhiteDot~R8C9~R9C9.WhiteDot~R7C9~R7C8.WhiteDot~R8C4~R8C5.WhiteDot~R5C2~R5C1.WhiteDot~R5C2~R6C2.WhiteDot~R6C6~R6C5.WhiteDot~R5C8~R5C7.WhiteDot~R2C4~R2C5.WhiteDot~R2C2~R2C1.Whisper~6~R1C2~R2C2~R3C2.Whisper~6~R2C1~R3C2~R4C3.Whisper~6~R2C3~R3C2~R4C1.Whisper~4~R7C2~R8C2~R9C2.Whisper~4~R8C1~R8C2~R8C3.Whisper~4~R9C1~R9C2~R9C3.Whisper~2~R9C7~R9C8~R8C8~R7C8~R6C8.Whisper~2~R7C7~R7C8~R8C9.Whisper~2~R8C7~R7C8~R6C9.Whisper~4~R4C7~R3C8~R4C9.Whisper~4~R3C8~R2C8~R1C8.Whisper~4~R1C7~R1C8~R1C9.Whisper~4~R2C7~R2C8~R2C9.Whisper~3~R4C5~R5C5~R6C5~R7C5.Whisper~3~R5C4~R5C5~R5C6.Whisper~3~R6C4~R5C5~R6C6.~R1C3_6~R4C4_3~R7C1_4~R9C9_2~R4C8_4|536971284897234516214856793768392145342518679951467328485123967629785431173649852
\'Leven|.Renban~R4C8~R4C9~R5C9~R6C9.Renban~R7C9~R8C9~R9C9~R9C8.Renban~R6C7~R7C7~R8C7~R8C6.Renban~R2C6~R1C6~R1C5~R1C4.Renban~R2C1~R1C1~R1C2~R1C3.Renban~R2C3~R2C4~R3C4~R4C4.Renban~R5C5~R5C6~R6C6~R7C6.Renban~R5C4~R5C3~R6C3~R7C3.Renban~R3C1~R4C1~R5C1~R5C2.Renban~R7C1~R8C1~R9C1~R9C2.Renban~R7C4~R8C4~R9C4~R9C3.~R3C7_1.BlackDot~R2C9~R3C9.BlackDot~R1C7~R1C8.BlackDot~R3C6~R3C5.BlackDot~R4C7~R5C7|132769845496518723758342196815473269963285417274196358521937684389624571647851932
Sudoku Variants Series (173) - Between Lines Sudoku|.Between~R9C5~R8C6~R7C7~R6C8~R5C9.Between~R9C3~R8C4~R7C5~R6C6~R5C7~R4C8~R3C9.Between~R1C9~R2C8~R3C7~R4C6~R5C5~R6C4~R7C3~R8C2~R9C1.Between~R5C1~R4C2~R3C3~R2C4~R1C5.Between~R7C1~R6C2~R5C3~R4C4~R3C5~R2C6~R1C7.~R1C2_9~R2C1_2~R2C7_1~R4C3_6~R4C5_7~R4C8_5~R5C2_3~R5C8_8~R6C5_5~R6C7_2~R8C3_9~R8C9_8~R9C8_1|697531842258497163314862579846273951532149786971658234125386497469715328783924615
Sudoku Variants Series (013) - Palindrome Sudoku|.Palindrome~R7C1~R6C2~R5C1~R4C2~R3C3~R2C4~R1C5~R2C6~R1C7.Palindrome~R9C3~R8C4~R9C5~R8C6~R7C7~R6C8~R5C9~R4C8~R3C9.Palindrome~R7C4~R7C5~R7C6~R6C7~R5C7~R4C7.Palindrome~R3C6~R3C5~R3C4~R4C3~R5C3~R6C3.~R1C1_6~R1C9_5~R2C3_8~R2C5_5~R2C7_9~R4C1_8~R4C5_1~R4C9_3~R5C5_4~R6C5_2~R8C1_9~R8C3_7~R8C7_8~R8C9_2~R9C2_5~R9C8_6|694178235128453976375296481842619753719345628536827149283761594967534812451982367
Raw Spaghetti|.RegionSumLine~R1C2~R2C2~R3C2~R4C2~R5C2.RegionSumLine~R1C3~R2C4~R3C5.RegionSumLine~R6C1~R7C1~R8C1.RegionSumLine~R7C2~R6C3~R5C4~R4C5~R3C6~R2C7~R1C8.RegionSumLine~R2C8~R3C7~R4C6~R5C5~R6C4~R7C3~R8C2.RegionSumLine~R3C8~R4C7~R5C6~R6C5~R7C4~R8C3~R9C2.RegionSumLine~R3C9~R4C8~R5C7~R6C6~R7C5~R8C4~R9C3.RegionSumLine~R5C9~R6C8~R7C7~R8C6~R9C5.|847925163965137284312468579693854712421376895758219346586743921274591638139682457
Cages & sums|.Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~25~R2C1~R2C2~R3C1~R3C2.Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7.Cage~8~R3C6~R4C6~R5C6.Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1.Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9|215647398368952174794381652586274931142593867973816425821739546659428713437165289
Arrow|.Arrow~R1C5~R2C4~R3C3~R4C2~R5C1.Arrow~R3C7~R2C6~R3C5~R4C4~R5C3.Arrow~R6C2~R7C3~R6C4~R5C5~R4C6.Arrow~R7C4~R7C5~R7C6.Arrow~R6C7~R5C7~R4C7.Arrow~R5C9~R6C8~R7C7~R8C6~R9C5.~R1C2_6~R1C9_9~R2C1_9~R8C9_3~R9C1_4~R9C8_7|167584329985362417342719856718293645253647198694158732571936284829471563436825971
Quadruple X|.Diagonal~1.Diagonal~-1..Quad~R1C1~1~4~6~7.Quad~R5C1~2~3.Quad~R6C1~1~2.Quad~R3C3~1~2~4~8.Quad~R6C3~3~5~8~9.Quad~R2C4~6~7.Quad~R7C5~3~6.Quad~R3C6~4~5~8~9.Quad~R6C6~2~3~6~7.Quad~R3C8~1~2.Quad~R4C8~1~5.Quad~R8C8~2~3~4~5|762384591415729368398165427654278913837691245129543786543812679971436852286957134
Dots & pairs|.X~R2C1~R2C2.X~R3C1~R3C2.X~R1C8~R1C7.X~R2C7~R2C8.X~R7C8~R8C8.X~R7C9~R8C9.X~R8C3~R9C3.X~R8C2~R9C2.X~R5C4~R5C5.V~R8C2~R8C3.V~R8C8~R8C9.V~R2C1~R3C1.V~R1C7~R2C7.BlackDot~R2C5~R2C6.BlackDot~R4C6~R5C6.BlackDot~R5C6~R6C6.BlackDot~R3C1~R4C1.WhiteDot~R3C3~R3C2.WhiteDot~R4C3~R5C3.WhiteDot~R8C4~R8C5.WhiteDot~R8C6~R8C7.WhiteDot~R5C2~R6C2|195287463284536197376149825657912384918374256423658719532461978741895632869723541
Outside clues|.~R3C2_5~R3C7_2~R5C4_3~R5C5_7.LittleKiller~22~R1C1.LittleKiller~28~R2C1.LittleKiller~26~R3C1.LittleKiller~23~R1C5.LittleKiller~34~R1C7.LittleKiller~40~R1C8.LittleKiller~42~R1C9|198235764427968531653714289732186945541379826986542173865421397279653418314897652
The Barbed Cross|.DisjointSets.LittleKiller~62~R1C9.LittleKiller~33~R1C1.LittleKiller~12~R1C3.LittleKiller~14~R3C9.LittleKiller~21~R9C7.LittleKiller~36~R9C5.LittleKiller~8~R7C1.LittleKiller~9~R1C2.|325784169719625483684319725843297651592861347167543298478932516236158974951476832
Between 1 and 9 Sudoku|.Sandwich~8~C1.Sandwich~4~C2.Sandwich~17~C3.Sandwich~35~C4.Sandwich~14~C5.Sandwich~13~C6.Sandwich~3~C7.Sandwich~10~C8.Sandwich~25~C9.Sandwich~4~R1.Sandwich~33~R2.Sandwich~20~R3.Sandwich~17~R4.Sandwich~26~R5.Sandwich~10~R6.Sandwich~16~R7.Sandwich~24~R8.Sandwich~0~R9.~R3C3_1~R5C5_5~R7C7_9|236941875954378612871625439182439756397856124645217398413562987569783241728194563
Global & layout|.Diagonal~1.Diagonal~-1.~R1C3_1~R1C7_2~R2C3_2~R2C4_3~R2C9_4~R3C1_4~R4C1_5~R4C3_3~R4C8_6~R5C2_1~R5C9_5~R6C3_6~R7C5_7~R7C6_8~R8C5_9~R9C2_7~R9C6_1~R9C8_9|681945237792316584435827619523784961817639425946152873369478152158293746274561398
X-Windoku|.Diagonal~1.Diagonal~-1.Windoku.~R1C8_1~R2C5_2~R2C9_3~R4C1_4~R4C6_3~R5C5_5~R5C9_6~R6C5_1~R7C6_7~R7C7_8~R8C5_6~R9C5_3~R9C6_2|932674518678521943541398267469283751217459386853716429326147895794865132185932674
I just like colours|.AntiKing .AntiKnight .AntiConsecutive .BlackDot~R2C2~R2C3 .BlackDot~R3C5~R3C6 .BlackDot~R1C8~R1C9 .BlackDot~R2C7~R3C7 .BlackDot~R4C5~R5C5 .BlackDot~R5C3~R5C4 .BlackDot~R1C4~R2C4 .BlackDot~R6C1~R7C1 .BlackDot~R7C1~R7C2 .BlackDot~R8C4~R8C5 .BlackDot~R7C6~R8C6 .BlackDot~R6C6~R6C7 .BlackDot~R5C8~R6C8 .BlackDot~R3C9~R4C9 .BlackDot~R8C9~R9C9 .BlackDot~R9C7~R9C8 .StrictKropki|372615948948372615615948372837261594594837261261594837483726159159483726726159483
Regions & chaos|.NoBoxes.Jigsaw~000000021453303021453333221453322221455566121445666111445566667488887777888887777.~R1C1_3~R1C9_7~R2C1_1~R2C9_5~R3C5_6~R3C6_8~R4C3_5~R4C5_1~R4C6_9~R5C4_9~R6C9_2~R7C1_8~R7C6_3~R8C4_2~R8C5_3~R8C6_5~R8C9_1~R9C8_9|364891527189374265542168739625719843213987456937456182876523914498235671751642398
Other shapes|.Shape~16x16 .~R1C4_5~R1C6_9~R1C7_10~R1Cb_2~R1Ce_15~R2C7_16~R2C8_3~R2C9_9~R2Cc_15~R2Cf_1~R2Cg_10~R3C2_13~R3C5_2~R3Ca_14~R3Cd_3~R3Ce_5~R3Cf_12~R3Cg_9~R4C1_12~R4C2_15~R4C7_4~R4C8_7~R4Cd_8~R4Cf_6~R5C1_1~R5C5_3~R5C7_2~R5C8_15~R5Cb_14~R5Cd_10~R5Ce_8~R6C5_1~R6Ca_10~R6Cf_7~R6Cg_16~R7C1_2~R7C4_3~R7C6_16~R7C7_12~R7Cb_8~R7Cc_4~R8C1_7~R8C3_5~R8C4_13~R8C6_10~R8C9_12~R8Ca_15~R9C1_10~R9C2_11~R9C5_9~R9C8_8~R9Ca_2~R9Cb_6~R9Cd_16~R9Ce_13~R9Cg_14~RaC2_7~RaC6_1~RaCb_9~RaCc_13~RbC4_9~RbC5_16~RbC6_13~RbCa_7~RbCd_2~RbCe_11~RbCg_1~RcC3_13~RcC4_6~RcC5_14~RcC9_10~RcCa_11~RcCb_3~RcCg_5~RdC1_5~RdC2_2~RdC4_16~RdCc_12~RdCf_11~RdCg_15~ReC2_4~ReC3_7~ReC9_6~ReCb_1~ReCd_14~RfC2_9~RfC5_12~RfC6_11~RfC8_14~RfCb_13~RfCc_2~RgC4_12~RgC7_7~RgC8_5~RgCd_6~RgCe_2~RgCf_3|FCPEMIJLAHBGKONDNHKBEFPCILDOMGAJDMJGBOHAKNPFCELILOIAKNDGCMJEHPFBAPDKCEBOGFNIJHMLILNHADKMBJECOFGPBJOCGPLFMAHDENIKGFEMHJNILOKPADBCJKLDIGCHEBFAPMONOGBNJAEKDPIMLCHFHECIPMFDOGLNBKJAPAMFNLOBJKCHGIDEEBHPFCMJNDGLIAKOMDGJOBIPFCAKNLEHCIFOLKANHEMBDJPGKNALDHGEPIOJFBCM
6x6|.~R1C5_4~R2C2_1~R2C4_3~R2C6_5~R3C4_2~R4C3_3~R5C1_6~R5C3_2~R5C5_5~R6C2_5.Shape~6x6|325146416325541263263514632451154632
Classic sudoku, hard|.~R1C1_8~R2C3_3~R2C4_6~R3C2_7~R3C5_9~R3C7_2~R4C2_5~R4C6_7~R5C5_4~R5C6_5~R5C7_7~R6C4_1~R6C8_3~R7C3_1~R7C8_6~R7C9_8~R8C3_8~R8C4_5~R8C8_1~R9C2_9~R9C7_4|812753649943682175675491283154237896369845721287169534521974368438526917796318452
Anti-knights move|.AntiKnight.~R1C2_3~R1C5_4~R1C6_1~R1C9_7~R2C4_5~R3C4_8~R3C6_9~R4C1_6~R4C8_7~R5C9_4~R6C2_4~R7C1_3~R8C5_6~R8C8_5~R9C2_6~R9C3_4~R9C4_3|536241897978536241421879635613485972789623514245917368357198426892764153164352789
Killer sudoku [overlap]|.Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~25~R2C1~R2C2~R3C1~R3C2.Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7.Cage~8~R3C6~R4C6~R5C6.Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1.Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9.Cage~9~R1C5~R2C5.|215647398368952174794381652586274931142593867973816425821739546659428713437165289
Killer sudoku [gaps]|.Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7.Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1.Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9.|215647398368952174794381652586274931142593867973816425821739546659428713437165289
Anti-knight Anti-king|.AntiKnight.AntiKing.~R1C1_1~R1C7_5~R1C8_6~R1C9_7~R2C1_2~R2C2_3~R2C3_4~R2C9_8|198234567234567198567198234982345671345671982671982345823456719456719823719823456
CTC Tribute|.Cage~35~R1C3~R1C2~R1C1~R2C1~R3C1~R3C2~R3C3.Cage~31~R4C3~R4C2~R4C1~R5C2~R6C2.Cage~36~R7C4~R7C3~R7C2~R8C2~R9C2~R9C3~R9C4.Cage~14~R5C4~R5C5.Cage~10~R9C8~R9C9.Thermo~R1C3~R1C2.Thermo~R8C8~R7C9~R8C9.Arrow~R2C2~R2C3~R2C4~R2C5.Arrow~R3C4~R4C4~R5C3~R6C4.Arrow~R9C6~R8C7~R8C8.Arrow~R7C6~R6C7~R5C7.Arrow~R4C6~R3C7~R2C7~R1C7.Arrow~R4C9~R5C9~R6C9.Arrow~R4C9~R3C8~R2C9.Arrow~R8C6~R8C5~R8C4|364792158982154673751863249618349527273685491495271386546917832839426715127538964
Kropki sudoku|.WhiteDot~R1C2~R1C3.WhiteDot~R1C4~R1C5.WhiteDot~R2C5~R3C5.WhiteDot~R2C1~R2C2.WhiteDot~R3C2~R2C2.WhiteDot~R4C4~R4C3.WhiteDot~R5C3~R4C3.WhiteDot~R4C1~R4C2.WhiteDot~R5C1~R6C1.WhiteDot~R5C2~R6C2.WhiteDot~R7C2~R7C3.WhiteDot~R8C1~R8C2.WhiteDot~R8C3~R8C4.WhiteDot~R7C5~R7C6.WhiteDot~R8C6~R9C6.WhiteDot~R9C6~R9C7.WhiteDot~R7C8~R8C8.WhiteDot~R6C7~R6C8.WhiteDot~R4C7~R5C7.WhiteDot~R4C8~R5C8.WhiteDot~R3C9~R4C9.WhiteDot~R2C9~R3C9.WhiteDot~R5C9~R6C9.BlackDot~R1C5~R1C6.BlackDot~R2C2~R2C3.BlackDot~R4C1~R5C1.BlackDot~R9C4~R9C5.BlackDot~R6C6~R7C6.BlackDot~R5C4~R5C5.BlackDot~R8C7~R9C7.BlackDot~R5C8~R6C8.BlackDot~R4C9~R5C9.BlackDot~R2C8~R3C8.BlackDot~R3C7~R4C7|167324958542869731839175462674518293395247186281693547723956814458731629916482375
Little killer 2|.LittleKiller~12~R9C8.LittleKiller~21~R9C7.LittleKiller~16~R9C6.LittleKiller~38~R9C5.LittleKiller~3~R2C9.LittleKiller~20~R3C9.LittleKiller~38~R5C9.LittleKiller~14~R1C2.LittleKiller~6~R1C3.LittleKiller~19~R1C4.LittleKiller~38~R1C5.LittleKiller~6~R8C1.LittleKiller~17~R7C1.LittleKiller~38~R5C1.~R1C1_4~R1C9_6~R2C8_7~R4C4_1~R5C5_2~R6C6_3~R8C2_4~R9C1_3~R9C9_2|483571926625948371179362854257189463834627519961453287798214635542736198316895742
Region sum lines, hard|.RegionSumLine~R1C5~R1C6~R1C7~R2C7~R3C7~R2C8~R2C9.RegionSumLine~R1C4~R2C4~R3C4~R3C5~R4C5~R4C6~R3C6~R2C6~R2C5.RegionSumLine~R3C3~R4C4~R5C5~R6C6~R7C7.RegionSumLine~R6C7~R7C8~R7C9.RegionSumLine~R7C5~R7C6~R8C7.RegionSumLine~R9C2~R8C2~R7C3~R7C2~R7C1~R6C1~R5C1.RegionSumLine~R5C2~R6C2~R6C3~R6C4~R5C4~R5C3~R4C3~R4C2~R4C1.~R1C1_1~R6C9_4~R9C9_3~R9C6_5|163598247298417635547236198482159376671843529935762814354981762826374951719625483
Septa|.RegionSumLine~R4C1~R3C1~R2C1~R3C2~R4C2~R5C2~R6C3~R5C4~R4C4~R4C3~R3C4~R2C3~R2C4~R1C4~R1C5~R2C6~R3C6~R4C6~R5C6~R6C7~R5C7.Jigsaw~1112222111122233334443334444556667755666775556777.~R1C1_4~R3C5_4~R4C7_6~R6C4_4.Shape~7x7|4532167726154363754211427356375621456147322143675
XV-sudoku|.V~R2C3~R2C4.V~R3C4~R3C5.V~R3C4~R4C4.V~R6C4~R6C5.V~R7C5~R7C6.V~R8C1~R9C1.X~R5C3~R5C4.X~R9C8~R9C9.X~R6C7~R6C8.~R1C2_3~R6C1_1~R6C2_8~R4C3_6~R7C3_8~R9C3_9~R9C1_2~R8C5_2~R7C5_1~R7C4_9~R9C8_6~R6C7_6~R4C8_3~R4C9_8~R3C5_4~R3C6_5~R2C5_8~R1C7_8~R3C7_2~R1C9_5|431692875592387416867145293726451938943768521185239647678914352314526789259873164
Strict XV|.~R2C5_1~R8C5_2.X~R1C3~R2C3~R2C1~R3C1~R1C8~R1C9~R3C9~R3C8~R5C6~R5C5~R6C3~R6C4~R8C4~R9C4~R7C8~R8C8.X~R6C2~R7C2~R7C4~R7C5~R7C9~R8C9~R3C7~R3C6.X~R7C3~R8C3.V~R7C3~R7C4~R4C1~R5C1~R2C8~R2C9~R5C7~R5C8.StrictXV|683472519947516832152983764361849275295637148478251396834195627516724983729368451
Hailstone - little killer|..Cage~14~R5C3~R5C4~R6C4.Cage~19~R6C6~R6C5~R7C5.Cage~14~R4C4~R4C5~R3C5.Cage~14~R4C6~R5C6~R5C7.Diagonal~1.Diagonal~-1.LittleKiller~47~R3C1.LittleKiller~49~R2C1.LittleKiller~30~R8C9.LittleKiller~45~R7C9.LittleKiller~43~R1C7.LittleKiller~44~R1C8.LittleKiller~34~R9C2.LittleKiller~52~R9C3|815432976763918245942567318278351694154896732396274581437685129681729453529143867
Hailstone - little killer [easier]|..Cage~14~R5C3~R5C4~R6C4.Cage~19~R6C6~R6C5~R7C5.Cage~14~R4C4~R4C5~R3C5.Cage~14~R4C6~R5C6~R5C7.Diagonal~1.Diagonal~-1.LittleKiller~47~R3C1.LittleKiller~49~R2C1.LittleKiller~30~R8C9.LittleKiller~45~R7C9.LittleKiller~43~R1C7.LittleKiller~44~R1C8.LittleKiller~34~R9C2.LittleKiller~52~R9C3.~R1C5_3~R9C5_4~R5C1_1~R5C9_2|815432976763918245942567318278351694154896732396274581437685129681729453529143867
Quadruple - repeated values|.Quad~R1C1~1~2~3~4.Quad~R1C8~6~7~8~9.Quad~R2C2~4~5~6~7.Quad~R2C7~3~4~5~6.Quad~R3C3~1~3~5~6.Quad~R3C6~4~7~7~8.Quad~R6C1~4~5~5~9.Quad~R6C8~2~4~7~8.Quad~R7C3~3~4~6~8.Quad~R7C6~2~2~5~6|239456187147283569865197432926348715378521946451769328593812674784635291612974853
Jigsaw boxes, disconnected|.Jigsaw~001122222000103332100143332111143332504444462577748888577748668577768666555558866.~R1C1_4~R1C9_7~R3C1_1~R3C2_5~R3C9_4~R4C3_3~R4C7_7~R5C1_9~R5C3_1~R5C7_8~R5C9_6~R6C3_8~R6C7_4~R7C1_2~R7C9_8~R9C1_7~R9C9_9|432659187869714253157823964543968712921475836678231495216397548394582671785146329
Windoku|.Windoku.~R2C6_5~R2C8_1~R3C5_2~R3C9_6~R4C7_4~R5C3_5~R5C7_6~R6C2_8~R6C6_7~R6C7_3~R7C4_2~R7C5_1~R7C6_4~R8C2_7~R8C9_2~R9C3_6~R9C8_4|792861534463975218158423796327196485945382671681547329539214867874639152216758943
Killer sudoku [0 cage]|.Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~17~R2C3~R2C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~8~R3C6~R4C6~R5C6.Cage~6~R4C1~R5C1.Cage~6~R6C3~R7C2~R7C3.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9.Cage~0~R5C4~R5C3~R5C2~R6C2.Cage~0~R3C7~R3C8~R4C8.|215647398368952174794381652586274931142593867973816425821739546659428713437165289
Killer sudoku [alldiff]|.Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~17~R2C3~R2C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~8~R3C6~R4C6~R5C6.Cage~6~R4C1~R5C1.Cage~6~R6C3~R7C2~R7C3.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9.AllDifferent~R5C4~R5C3~R5C2~R6C2.Cage~0~R3C7~R3C8~R4C8.|215647398368952174794381652586274931142593867973816425821739546659428713437165289
Anti-knight Anti-consecutive|.AntiKnight.AntiConsecutive.~R3C4_4~R3C6_7~R4C3_6~R4C7_5~R6C3_4~R6C7_3~R7C4_2~R7C6_5|973518264425963718861427953316842597758396142294751386649275831182639475537184629
Sandwich snipe 18|.Sandwich~18~C1.Sandwich~18~C2.Sandwich~18~C3.Sandwich~18~R1.Sandwich~18~R2.Sandwich~18~R3.Sandwich~18~R4.Sandwich~18~R5.Sandwich~18~R6.Sandwich~18~C4.Sandwich~18~C5.Sandwich~18~C7.Sandwich~18~C9.|584137269239684157167592843396751428845923671721846935952478316673219584418365792
Hard renban 1|.Renban~R2C1~R1C2.Renban~R3C2~R2C3~R1C4.Renban~R3C4~R2C5~R1C6.Renban~R3C6~R2C7~R1C8.Renban~R2C8~R3C9.Renban~R3C7~R4C8~R5C9.Renban~R3C5~R4C6~R5C7.Renban~R3C3~R4C4~R5C5.Renban~R3C1~R4C2~R5C3.Renban~R6C1~R5C2.Renban~R7C1~R8C2~R9C3.Renban~R7C2~R6C3~R5C4.Renban~R7C3~R8C4~R9C5.Renban~R7C5~R8C6~R9C7.Renban~R7C7~R8C8~R9C9.Renban~R6C8~R7C9.Renban~R7C6~R6C7~R5C8.Renban~R5C6~R6C5~R7C4.~R6C4_1~R4C5_2|521863974387941625469275381953726148176384592842159763215698437638417259794532816
Hard renban 2|.Renban~R2C1~R1C2.Renban~R3C2~R2C3~R1C4.Renban~R3C4~R2C5~R1C6.Renban~R3C6~R2C7~R1C8.Renban~R2C8~R3C9.Renban~R3C7~R4C8~R5C9.Renban~R3C5~R4C6~R5C7.Renban~R3C3~R4C4~R5C5.Renban~R3C1~R4C2~R5C3.Renban~R6C1~R5C2.Renban~R7C1~R8C2~R9C3.Renban~R7C2~R6C3~R5C4.Renban~R7C3~R8C4~R9C5.Renban~R7C5~R8C6~R9C7.Renban~R7C7~R8C8~R9C9.Renban~R6C8~R7C9.Renban~R7C6~R6C7~R5C8.Renban~R5C6~R6C5~R7C4.Thermo~R9C1~R8C1.AntiKing.|827519346396274581145836729531492867982367415764158293259643178618725934473981652
Hard renban 3|.Renban~R2C1~R2C2~R2C3~R3C4~R3C5~R3C6.Renban~R4C1~R3C2~R4C3~R4C4~R5C3~R6C4.Renban~R4C2~R5C2~R6C2~R7C3~R8C3~R9C3~R9C4.Renban~R1C4~R2C4~R1C5.Renban~R1C6~R1C7~R2C7~R3C7~R4C8~R5C8~R6C8.Renban~R6C9~R7C8~R6C7~R6C6~R5C7~R4C6.Renban~R8C9~R8C8~R8C7~R7C6~R7C5~R7C4.Renban~R9C6~R8C6~R9C5.Thermo~R9C2~R8C2.|123564897654789312978231546586412973249357168731896425465978231897123654312645789
6x6: Between Odd and Even|.Between~R6C3~R5C2~R4C2.Between~R3C1~R2C2~R3C3~R3C4.Between~R1C3~R2C4~R3C3~R4C3.Between~R4C6~R4C5~R5C4~R5C3~R6C4.~R4C3_2_4_6~R1C3_2_4_6~R6C4_2_4_6~R4C6_2_4_6~R2C2_2_4_6~R2C3_2_4_6~R3C1_1_3_5~R3C4_1_3_5~R2C4_1_3_5~R2C5_1_3_5~R4C2_1_3_5~R6C3_1_3_5.Shape~6x6|314625526314163542452136235461641253
6x6: Little Killer|.LittleKiller~8~R1C4.LittleKiller~9~R3C1.LittleKiller~26~R5C6.LittleKiller~17~R6C2..Shape~6x6|462135513624236541145362321456654213
"##;

fn c(row: i16, col: i16) -> Cell {
    Cell::new(row - 1, col - 1)
}

fn rich() -> Variant {
    variant::from_fpuzzles(RICH).expect("the every-kind puzzle reads")
}

fn message(err: tessera::Error) -> String {
    err.to_string()
}

#[test]
fn fpuzzles_reads_every_kind_as_f_puzzles_means_it() {
    let v = rich();
    assert_eq!(v.size, 9);
    // Only `given: true` is a given.
    assert_eq!((v.givens[0], v.givens[1], v.givens[40]), (5, 0, 7));
    assert_eq!(v.meta.title.as_deref(), Some("Every kind"));
    assert_eq!(v.meta.rules.as_deref(), Some("Normal sudoku rules apply."));
    let has = |k: &Constraint| v.constraints.contains(k);
    for global in [
        Constraint::DiagonalPositive,
        Constraint::DiagonalNegative,
        Constraint::AntiKnight,
        Constraint::AntiKing,
        Constraint::DisjointGroups,
        Constraint::NonConsecutive,
    ] {
        assert!(has(&global), "{global:?}");
    }
    // The older parity field on grid cells.
    assert!(has(&Constraint::Even { cell: c(9, 9) }) && has(&Constraint::Odd { cell: c(9, 8) }));
    assert!(has(&Constraint::Cage { cells: vec![c(1, 1), c(1, 2)], sum: Some(9) }));
    assert!(has(&Constraint::Cage { cells: vec![c(2, 1), c(2, 2)], sum: None }));
    // f-puzzles' `cage` is its cosmetic cage: drawn and written back, not a rule.
    assert!(!has(&Constraint::Cage { cells: vec![c(3, 1), c(3, 2)], sum: Some(10) }));
    assert!(v.cosmetics.iter().any(|m| m.kind == "cage" && m.text.as_deref() == Some("10")));
    assert!(has(&Constraint::LittleKiller { clue: c(0, 1), direction: Direction::DR, sum: 45 }));
    assert!(has(&Constraint::LittleKiller { clue: c(10, 5), direction: Direction::UR, sum: 20 }));
    assert!(has(&Constraint::Sandwich { clue: c(0, 3), sum: 15 }));
    assert!(has(&Constraint::Sandwich { clue: c(4, 0), sum: 0 }));
    // One thermometer per line of an item.
    assert!(has(&Constraint::Thermometer { cells: vec![c(9, 4), c(8, 3), c(7, 2)], slow: false }));
    assert!(has(&Constraint::Thermometer { cells: vec![c(6, 6), c(6, 7)], slow: false }));
    assert!(has(&Constraint::Thermometer { cells: vec![c(5, 1), c(5, 2), c(5, 3)], slow: true }));
    // Arrow lines lose their circle cells.
    assert!(has(&Constraint::Arrow { circle: vec![c(2, 5)], lines: vec![vec![c(3, 5), c(4, 5)]] }));
    assert!(has(&Constraint::Arrow {
        circle: vec![c(7, 7), c(7, 8)],
        lines: vec![vec![c(8, 8), c(9, 8), c(9, 9)]]
    }));
    assert!(has(&Constraint::Difference { cells: [c(1, 5), c(1, 6)], value: 1 }));
    assert!(has(&Constraint::Difference { cells: [c(1, 7), c(1, 8)], value: 3 }));
    assert!(has(&Constraint::Ratio { cells: [c(2, 7), c(2, 8)], value: 2 }));
    assert!(has(&Constraint::Ratio { cells: [c(3, 7), c(3, 8)], value: 3 }));
    assert!(has(&Constraint::Xv { cells: [c(4, 7), c(4, 8)], sum: 10 }));
    assert!(has(&Constraint::Xv { cells: [c(5, 7), c(5, 8)], sum: 5 }));
    assert!(has(&Constraint::Negative { of: vec![Negative::Ratio, Negative::Xv] }));
    assert!(has(&Constraint::Odd { cell: c(6, 1) }) && has(&Constraint::Even { cell: c(6, 2) }));
    assert!(has(&Constraint::Minimum { cell: c(7, 1) }) && has(&Constraint::Maximum { cell: c(7, 3) }));
    assert!(has(&Constraint::Clone { cells: vec![c(1, 9), c(2, 9)], clones: vec![c(8, 1), c(9, 1)] }));
    assert!(has(&Constraint::Quadruple {
        cells: vec![c(3, 3), c(3, 4), c(4, 3), c(4, 4)],
        values: vec![1, 2]
    }));
    assert!(has(&Constraint::Palindrome { cells: vec![c(8, 4), c(8, 5), c(8, 6)] }));
    assert!(has(&Constraint::Renban { cells: vec![c(9, 5), c(9, 6), c(9, 7)] }));
    assert!(has(&Constraint::Whispers { cells: vec![c(4, 1), c(4, 2)], difference: 5 }));
    assert!(has(&Constraint::Whispers { cells: vec![c(6, 8), c(6, 9)], difference: 4 }));
    assert!(has(&Constraint::Between { cells: vec![c(5, 4), c(5, 5), c(5, 6)] }));
    assert!(has(&Constraint::RegionSumLine { cells: vec![c(3, 6), c(4, 6), c(4, 7)] }));
    assert!(has(&Constraint::ExtraRegion { cells: vec![c(2, 2), c(2, 3), c(3, 3)] }));
    let kinds: Vec<&str> = v.cosmetics.iter().map(|k| k.kind.as_str()).collect();
    assert_eq!(kinds, ["line", "circle", "rectangle", "text", "cage"]);
    assert_eq!(v.cosmetics[0].cells, [c(1, 1), c(2, 2)]);
    assert_eq!(v.cosmetics[0].color.as_deref(), Some("#C0C0C0"));
    assert_eq!(v.cosmetics[3].text.as_deref(), Some("Hi"));
}

#[test]
fn fpuzzles_regions_jigsaw_null_and_default() {
    let mut grid: Vec<Vec<serde_json::Value>> = vec![vec![serde_json::json!({}); 4]; 4];
    grid[0][0] = serde_json::json!({ "region": 1 });
    grid[0][2] = serde_json::json!({ "region": 0 });
    grid[3][3] = serde_json::json!({ "region": null });
    let json = serde_json::json!({ "size": 4, "grid": grid }).to_string();
    let v = variant::from_fpuzzles(&json).unwrap();
    assert_eq!(v.regions[0], Some(1));
    assert_eq!(v.regions[2], Some(0));
    assert_eq!(v.regions[15], None);
    assert_eq!(v.regions[5], Some(0), "absent: the default 2x2 box");
    assert_eq!(variant::from_fpuzzles(&variant::to_fpuzzles(&v)).unwrap(), v);
    // 6x6 boxes are 2 rows of 3.
    assert_eq!(Variant::classic(6).regions[3], Some(1));
}

#[test]
fn round_trips_tessera_json_fpuzzles_and_links() {
    let v = rich();
    assert_eq!(variant::parse(&variant::to_json(&v)).unwrap(), v);
    assert_eq!(variant::parse(&variant::to_text(&v)).unwrap(), v);
    // Tessera's JSON is not f-puzzles JSON: read as such, it is refused with the field named.
    assert!(variant::from_fpuzzles(&variant::to_json(&v)).is_err());
    let written = variant::to_fpuzzles(&v);
    assert_eq!(variant::from_fpuzzles(&written).unwrap(), v);
    assert_eq!(variant::parse(&written).unwrap(), v);
    let link = variant::to_link(&v);
    assert!(link.starts_with("https://f-puzzles.com/?load=N4Ig"), "{link}");
    assert_eq!(variant::from_link(&link).unwrap(), v);
    assert_eq!(variant::parse(&link).unwrap(), v);
    // Cosmetics go back as the file had them.
    let original: serde_json::Value = serde_json::from_str(RICH).unwrap();
    let back: serde_json::Value = serde_json::from_str(&written).unwrap();
    for kind in ["line", "circle", "rectangle", "text", "cage"] {
        assert_eq!(back[kind], original[kind], "{kind}");
    }
    // A puzzle built in code, with a solution, jigsaw regions and meta, round trips too.
    let mut built = Variant::classic(4);
    built.regions = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3].into_iter().map(Some).collect();
    built.givens[5] = 3;
    built.solution = Some(vec![1, 2, 3, 4, 4, 3, 2, 1, 2, 1, 4, 3, 3, 4, 1, 2]);
    built.meta.author = Some("me".into());
    built.constraints.push(Constraint::Xv { cells: [c(1, 1), c(1, 2)], sum: 3 });
    for text in [variant::to_fpuzzles(&built), variant::to_link(&built), variant::to_json(&built)] {
        assert_eq!(variant::parse(&text).unwrap(), built, "{text}");
    }
}

#[test]
fn links_made_by_the_javascript_lz_string() {
    let v = rich();
    for link in [
        format!("https://f-puzzles.com/?load={RICH_PAYLOAD}"),
        format!("https://www.f-puzzles.com/?id=abc&load={RICH_PAYLOAD}&x=1"),
        format!("https://sudokupad.app/fpuzzles{RICH_PAYLOAD}"),
        format!("https://sudokupad.app/?puzzle=fpuzzles{RICH_PAYLOAD}"),
        format!("https://app.crackingthecryptic.com/sudoku/fpuzzles{RICH_PAYLOAD}"),
        RICH_PAYLOAD.to_string(),
        format!("  {RICH_PAYLOAD}\n"),
        RICH_PAYLOAD.replace('+', "%2B").replace('/', "%2F").replace('=', "%3D"),
        RICH_PAYLOAD.replace('+', " "),
    ] {
        assert_eq!(variant::from_link(&link).unwrap(), v, "{link}");
    }
}

#[test]
fn lz_str_compresses_like_javascript() {
    // The crate's output is byte for byte the JavaScript library's, so links made here open there.
    let json = RICH;
    let ours = lz_str::compress_to_base64(json);
    assert_eq!(ours, RICH_PAYLOAD);
}

#[test]
fn real_links_from_the_web() {
    let one = variant::from_link(WEB_LINKS[0]).unwrap();
    assert_eq!(one.givens.iter().filter(|&&g| g != 0).count(), 1);
    assert_eq!(one.givens[0], 1);
    let two = variant::from_link(WEB_LINKS[1]).unwrap();
    assert_eq!((two.givens[2 * 9 + 2], two.givens[6 * 9 + 6]), (1, 2));
    let cages = variant::from_link(WEB_LINKS[2]).unwrap();
    assert_eq!(
        cages.constraints,
        [
            Constraint::Cage { cells: vec![c(1, 1), c(2, 1)], sum: Some(9) },
            Constraint::Cage { cells: vec![c(1, 2), c(1, 3), c(2, 2), c(2, 3), c(3, 2)], sum: Some(33) },
        ]
    );
}

/// The puzzle with its constraints in one order (f-puzzles groups them by kind).
fn by_kind(mut v: Variant) -> Variant {
    v.constraints.sort_by_key(|k| format!("{k:?}"));
    v
}

fn iss_solution(n: usize, text: &str) -> Grid {
    if n == 16 {
        // ISS writes 16x16 answers A..P for 1..16.
        let digits = text.bytes().map(|b| b - b'A' + 1).collect();
        Grid::new(n, digits).unwrap()
    } else {
        Grid::parse(text).unwrap()
    }
}

#[test]
fn iss_puzzles_match_their_published_solutions() {
    let mut kinds = std::collections::BTreeSet::new();
    let mut checked = 0;
    for line in ISS.lines().filter(|l| !l.is_empty()) {
        let mut parts = line.split('|');
        let (name, input, solution) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
        let v = variant::from_iss(input).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(variant::parse(input).unwrap(), v, "{name}: parse detects ISS");
        let answer = iss_solution(v.size, solution);
        let verdict = variant::verify(&v, &answer);
        assert!(verdict.is_valid(), "{name}: {verdict}");
        kinds.extend(v.constraints.iter().map(Constraint::name));
        // Every ISS puzzle survives the other formats.
        assert_eq!(
            by_kind(variant::from_fpuzzles(&variant::to_fpuzzles(&v)).unwrap()),
            by_kind(v.clone()),
            "{name}"
        );
        assert_eq!(by_kind(variant::from_link(&variant::to_link(&v)).unwrap()), by_kind(v), "{name}");
        checked += 1;
    }
    assert!(checked >= 40, "{checked}");
    for kind in [
        "little-killer",
        "sandwich",
        "arrow",
        "diagonal-positive",
        "diagonal-negative",
        "cage",
        "quadruple",
        "odd",
        "even",
        "negative",
        "xv",
    ] {
        assert!(kinds.contains(kind), "no ISS puzzle with {kind}: {kinds:?}");
    }
}

#[test]
fn iss_semantics_that_decide_answers() {
    // The notes' example: little killers named by their first cell.
    let v = variant::from_iss(
        ".Shape~4x4.LittleKiller~14~R1C4.LittleKiller~6~R1C1.LittleKiller~9~R2C1.V~R1C2~R1C1",
    )
    .unwrap();
    assert_eq!(v.size, 4);
    assert_eq!(
        v.constraints[..3],
        [
            Constraint::LittleKiller { clue: c(0, 5), direction: Direction::DL, sum: 14 },
            Constraint::LittleKiller { clue: c(0, 0), direction: Direction::DR, sum: 6 },
            Constraint::LittleKiller { clue: c(1, 0), direction: Direction::DR, sum: 9 },
        ]
    );
    let v =
        variant::from_iss(".LittleKiller~10~R5C9.LittleKiller~12~R9C5.Sandwich~8~C1.Sandwich~0~R3").unwrap();
    assert_eq!(
        v.constraints,
        [
            Constraint::LittleKiller { clue: c(6, 10), direction: Direction::UL, sum: 10 },
            Constraint::LittleKiller { clue: c(10, 4), direction: Direction::UR, sum: 12 },
            Constraint::Sandwich { clue: c(0, 1), sum: 8 },
            Constraint::Sandwich { clue: c(3, 0), sum: 0 },
        ]
    );
    let v = variant::from_iss(".Arrow~R1C1~R1C2~R1C3.Cage~~R2C1~R2C2.Diagonal~1.Diagonal~-1.Whisper~4~R9C1~R9C2.Whisper~R8C1~R8C2.Quad~R5C5~1~2.X~R3C1~R3C2~R4C1~R4C2.StrictKropki.StrictXV.~R7C7_1_3_5_7_9~R7C8_2_4_6_8").unwrap();
    assert_eq!(
        v.constraints,
        [
            Constraint::Arrow { circle: vec![c(1, 1)], lines: vec![vec![c(1, 2), c(1, 3)]] },
            Constraint::Cage { cells: vec![c(2, 1), c(2, 2)], sum: None },
            Constraint::DiagonalPositive,
            Constraint::DiagonalNegative,
            Constraint::Whispers { cells: vec![c(9, 1), c(9, 2)], difference: 4 },
            Constraint::Whispers { cells: vec![c(8, 1), c(8, 2)], difference: 5 },
            Constraint::Quadruple { cells: vec![c(5, 5), c(5, 6), c(6, 5), c(6, 6)], values: vec![1, 2] },
            Constraint::Xv { cells: [c(3, 1), c(3, 2)], sum: 10 },
            Constraint::Xv { cells: [c(4, 1), c(4, 2)], sum: 10 },
            Constraint::Negative { of: vec![Negative::Difference, Negative::Ratio] },
            Constraint::Negative { of: vec![Negative::Xv] },
            Constraint::Odd { cell: c(7, 7) },
            Constraint::Even { cell: c(7, 8) },
        ]
    );
    let jigsaw = variant::from_iss(".Shape~4x4.Jigsaw~0001011122332233").unwrap();
    assert_eq!(jigsaw.regions[..4], [Some(0), Some(0), Some(0), Some(1)]);
    let windoku = variant::from_iss(".Windoku").unwrap();
    assert!(windoku.constraints.contains(&Constraint::ExtraRegion {
        cells: vec![c(2, 2), c(2, 3), c(2, 4), c(3, 2), c(3, 3), c(3, 4), c(4, 2), c(4, 3), c(4, 4)]
    }));
}

#[test]
fn plain_lines_and_detection() {
    let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let v = variant::parse(line).unwrap();
    assert_eq!((v.size, v.givens[0], v.givens[2], v.givens[80]), (9, 5, 0, 9));
    assert_eq!(variant::parse(&line.replace('.', "0")).unwrap(), v);
    assert_eq!(variant::parse("1234000000000000").unwrap().size, 4);
    assert_eq!(variant::parse(".~R1C1_5").unwrap().givens[0], 5);
    let err = message(variant::parse("hello").unwrap_err());
    assert!(err.contains("not a puzzle in a known form"), "{err}");
}

#[test]
fn read_many_lines_and_one_document() {
    let v = rich();
    let text = format!(
        "# a set\n\n{}\n{}\n   \n.~R1C1_5.AntiKing\n{}\n.Bogus~1\n",
        variant::to_json(&v),
        variant::to_link(&v),
        "1234000000000000"
    );
    let results: Vec<_> = variant::read(&text).collect();
    assert_eq!(results.len(), 5);
    assert_eq!(results[0].as_ref().unwrap(), &v);
    assert_eq!(results[1].as_ref().unwrap(), &v);
    assert!(results[2].as_ref().unwrap().constraints.contains(&Constraint::AntiKing));
    assert_eq!(results[3].as_ref().unwrap().size, 4);
    let err = results[4].clone().unwrap_err();
    assert_eq!(err.position().map(|p| p.0), Some(8), "{err}");
    assert!(err.to_string().contains("\"Bogus\""), "{err}");
    // A pretty-printed JSON document is one puzzle.
    let pretty =
        serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(RICH).unwrap()).unwrap();
    let all: Vec<_> = variant::read(&format!("\n{pretty}\n")).collect();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap(), &v);
    // An error in a line-mode JSON line carries that line.
    let bad = format!("{}\n{{\"size\":4,\"grid\":[]}}\n", variant::to_json(&v));
    let results: Vec<_> = variant::read(&bad).collect();
    let err = results[1].clone().unwrap_err();
    assert_eq!(err.position().map(|p| p.0), Some(2), "{err}");
}

#[test]
fn fpuzzles_errors_name_the_field_and_the_value() {
    let mut doc: serde_json::Value = serde_json::from_str(RICH).unwrap();
    doc["thermometer"] =
        serde_json::json!([{ "lines": [["R1C1"]] }, {"lines": [["R2C2"]]}, { "lines": [["R1C2", "R10C1"]] }]);
    let err = message(variant::from_fpuzzles(&doc.to_string()).unwrap_err());
    assert!(
        err.contains(r#"f-puzzles: thermometer[2].lines[0][1]: "R10C1" is outside the 9x9 grid"#),
        "{err}"
    );

    let mut doc: serde_json::Value = serde_json::from_str(RICH).unwrap();
    doc["xsum"] = serde_json::json!([{ "cell": "R0C1", "value": "10" }]);
    let err = message(variant::from_fpuzzles(&doc.to_string()).unwrap_err());
    assert!(err.contains(r#"f-puzzles: "xsum" is a rule Tessera does not solve yet"#), "{err}");
    let err = message(variant::from_link(XSUM_PAYLOAD).unwrap_err());
    assert!(err.contains(r#""xsum" is a rule Tessera does not solve yet"#), "{err}");

    let mut doc: serde_json::Value = serde_json::from_str(RICH).unwrap();
    doc["entropicline"] = serde_json::json!([{ "lines": [["R1C1", "R1C2", "R1C3"]] }]);
    let err = message(variant::from_fpuzzles(&doc.to_string()).unwrap_err());
    assert!(err.contains(r#""entropicline" is a rule"#), "{err}");

    let cases: [(&str, serde_json::Value, &str); 5] = [
        (
            "littlekillersum",
            serde_json::json!([{ "cell": "R0C1", "direction": "DOWN", "value": "5" }]),
            "littlekillersum[0].direction: \"DOWN\" is not DR, DL, UR or UL",
        ),
        (
            "killercage",
            serde_json::json!([{ "cells": ["R1C1", "X"], "value": "5" }]),
            "killercage[0].cells[1]: \"X\" is not a cell",
        ),
        (
            "ratio",
            serde_json::json!([{ "cells": ["R1C1", "R1C2"], "value": "two" }]),
            "ratio[0].value: \"two\" is not a whole number",
        ),
        (
            "xv",
            serde_json::json!([{ "cells": ["R1C1"], "value": "X" }]),
            "xv[0].cells: 1 cells; a dot joins 2",
        ),
        ("negative", serde_json::json!(["kropki"]), "negative[0]: \"kropki\" is not ratio, difference or xv"),
    ];
    for (field, value, expected) in cases {
        let mut doc: serde_json::Value = serde_json::from_str(RICH).unwrap();
        doc[field] = value;
        let err = message(variant::from_fpuzzles(&doc.to_string()).unwrap_err());
        assert!(err.contains(expected), "{field}: {err}");
    }
    let mut doc: serde_json::Value = serde_json::from_str(RICH).unwrap();
    doc["grid"][2][3] = serde_json::json!({ "value": 12, "given": true });
    let err = message(variant::from_fpuzzles(&doc.to_string()).unwrap_err());
    assert!(err.contains("grid[2][3].value: 12 is over 9"), "{err}");
    // A rule the model rejects says which constraint.
    let mut doc: serde_json::Value = serde_json::from_str(RICH).unwrap();
    doc["difference"] = serde_json::json!([{ "cells": ["R1C1", "R5C5"] }]);
    let err = message(variant::from_fpuzzles(&doc.to_string()).unwrap_err());
    assert!(err.starts_with("f-puzzles: ") && err.contains("difference"), "{err}");
    let err = message(variant::from_fpuzzles("{\"size\": 9, \"grid\": [").unwrap_err());
    assert!(err.contains("line 1") && err.contains("f-puzzles"), "{err}");
}

#[test]
fn link_errors_say_what_is_wrong() {
    let truncated = format!("https://f-puzzles.com/?load={}", &RICH_PAYLOAD[..RICH_PAYLOAD.len() / 2]);
    let err = message(variant::from_link(&truncated).unwrap_err());
    assert!(err.contains("link:") && err.contains("cut short"), "{err}");
    let err = message(variant::from_link("https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA").unwrap_err());
    assert!(err.contains("SCL") && err.contains("not read"), "{err}");
    let err = message(variant::from_link("https://sudokupad.app/?puzzle=scl1234").unwrap_err());
    assert!(err.contains("SCL"), "{err}");
    let err = message(variant::from_link("https://sudokupad.app/8bNmDd4J9G").unwrap_err());
    assert!(err.contains("short id") && err.contains("8bNmDd4J9G"), "{err}");
    let err = message(variant::from_link("https://f-puzzles.com/?load=").unwrap_err());
    assert!(err.contains("no puzzle"), "{err}");
    // {"x":3}: decompresses, but is no f-puzzles puzzle.
    let err = message(variant::from_link("N4IgHiBcDMC+Q===").unwrap_err());
    assert!(err.contains("f-puzzles:"), "{err}");
}

#[test]
fn iss_errors_name_the_kind_and_position() {
    let err = variant::from_iss(".~R1C1_5.Lockout~4~R1C1~R1C2").unwrap_err();
    assert_eq!(err.position(), Some((1, 10)));
    assert!(err.to_string().contains(r#""Lockout" is a rule Tessera does not solve yet"#), "{err}");
    let err = message(variant::from_iss(".Thermo~R1C1~R0C2").unwrap_err());
    assert!(err.contains(r#""R0C2" is not a cell of the 9x9 grid"#), "{err}");
    let err = message(variant::from_iss(".Shape~9x9~0-8").unwrap_err());
    assert!(err.contains("Shape~9x9~0-8"), "{err}");
    let err = message(variant::from_iss(".~R1C1_1_2").unwrap_err());
    assert!(err.contains("pencilmarks"), "{err}");
    let err = message(variant::from_iss(".Cage~x~R1C1").unwrap_err());
    assert!(err.contains(r#"Cage: "x" is not a number"#), "{err}");
    let err = message(variant::from_iss(".LittleKiller~5~R5C5").unwrap_err());
    assert!(err.contains("does not start a diagonal"), "{err}");
    let err = message(variant::from_iss(".X~R1C1~R1C2~R1C3").unwrap_err());
    assert!(err.contains("X: 3 cells"), "{err}");
}

/// The example of the README and the Python tests goes through f-puzzles JSON and a share link:
/// the same rules (f-puzzles groups them by kind, so in its order), and written again the same.
#[test]
fn the_example_round_trips_through_f_puzzles() {
    let v = variant::parse(include_str!("../../../../../examples/data/variant/thermo-4x4.json")).unwrap();
    let once = variant::from_fpuzzles(&variant::to_fpuzzles(&v)).unwrap();
    assert_eq!(variant::from_fpuzzles(&variant::to_fpuzzles(&once)).unwrap(), once);
    assert_eq!(variant::from_link(&variant::to_link(&v)).unwrap(), once);
    let sorted = |p: &Variant| {
        let mut list: Vec<String> = p.constraints.iter().map(|c| format!("{c:?}")).collect();
        list.sort();
        list
    };
    assert_eq!(sorted(&once), sorted(&v));
    assert_eq!((&once.regions, &once.givens, &once.meta), (&v.regions, &v.givens, &v.meta));
}

/// Tessera's JSON may leave out the regions (the boxes) and the givens (none), as a person
/// writing one by hand would; a side out of range is still named.
#[test]
fn tessera_json_defaults_its_regions_and_givens() {
    let v = variant::parse(r#"{"size":4,"constraints":[{"kind":"anti-king"}]}"#).unwrap();
    assert_eq!(v.regions, Variant::classic(4).regions);
    assert_eq!(v.givens, vec![0; 16]);
    assert_eq!(variant::parse(&variant::to_json(&v)).unwrap(), v);
    let err = variant::parse(r#"{"size":40}"#).unwrap_err().to_string();
    assert!(err.contains("40"), "{err}");
}

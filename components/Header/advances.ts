/**
 * How wide Inter (the site's font, inter-ui) draws each printable ASCII
 * character, U+0020 to U+007E in order, in thousandths of an em rounded up: its advance widths,
 * which the header's estimate of its labels adds up (fit.ts). `medium` is weight 500, the links';
 * `strong` the wider of 600 and 700, the call to action's, the menu button's and the brand's.
 * tests/unit/header-fit.unit.test.ts reads them from the font again, and prints the new table
 * when the font changes.
 */
export const ADVANCES = {
  medium: [
    267, 305, 495, 639, 646, 994, 654, 313, 369, 369, 521, 668, 304, 463, 304, 370, 646, 416, 617, 627, 657, 604, 630, 572, 630, 630, 304,
    316, 668, 668, 668, 528, 983, 709, 657, 734, 722, 604, 590, 748, 745, 273, 576, 688, 566, 913, 757, 767, 642, 769, 648, 646, 653, 741,
    709, 1003, 701, 697, 641, 369, 370, 369, 477, 463, 337, 568, 619, 578, 619, 588, 380, 620, 602, 252, 252, 560, 252, 889, 602, 605, 619,
    619, 387, 539, 341, 602, 575, 830, 558, 576, 560, 441, 346, 441, 668,
  ],
  strong: [
    252, 338, 552, 649, 655, 1016, 672, 339, 377, 377, 560, 679, 334, 468, 334, 389, 675, 432, 630, 646, 677, 623, 650, 582, 651, 650, 334,
    343, 679, 679, 679, 560, 1017, 747, 662, 740, 723, 608, 588, 751, 748, 281, 585, 720, 566, 932, 763, 771, 648, 777, 657, 655, 668, 736,
    747, 1038, 739, 731, 665, 377, 389, 377, 487, 477, 366, 581, 631, 589, 631, 596, 398, 632, 623, 271, 271, 581, 271, 913, 623, 614, 631,
    631, 408, 561, 367, 623, 600, 851, 581, 603, 573, 469, 372, 469, 679,
  ],
} as const;

/** The character the tables start with: U+0020, the space. */
export const FIRST_ADVANCE = 0x20;

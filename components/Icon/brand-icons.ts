/** A glyph's shapes on a 24×24 grid, as lucide describes them: [tag, attributes]. */
export interface IconData {
  node: readonly (readonly [tag: string, attributes: Readonly<Record<string, string | number>>])[];
}

/**
 * Brand glyphs for the social links, drawn in the 24 px stroke style of the rest of the icon set
 * (which ships no brand marks), as icon data like lucide's.
 */
export const brandIcons = {
  linkedin: {
    node: [
      ['path', { d: 'M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z' }],
      ['rect', { width: 4, height: 12, x: 2, y: 9 }],
      ['circle', { cx: 4, cy: 4, r: 2 }],
    ],
  },
  x: {
    node: [
      ['path', { d: 'M4 4l11.7 16H20L8.3 4z' }],
      ['path', { d: 'M4 20l6.8-6.8M13.2 10.8L20 4' }],
    ],
  },
  youtube: {
    node: [
      [
        'path',
        {
          d: 'M2.5 17a24 24 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24 24 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17',
        },
      ],
      ['path', { d: 'm10 15 5-3-5-3z' }],
    ],
  },
} as const satisfies Record<string, IconData>;

/** What the terminal is shown of a name or a value an editor wrote: its control characters written out, never obeyed. */
import { describe, expect, it } from 'vitest';
import { escapeControls } from '../../generator/terminal';

describe('a message for the terminal', () => {
  it('writes out escapes, bells, carriage returns, C1 controls and the marks that reorder text', () => {
    expect(escapeControls('content/news/\u001b[2J\u0007x\ry\u0085\u009b31m\u202Egnp.md')).toBe(
      'content/news/\\x1b[2J\\x07x\\x0dy\\x85\\x9b31m\\u202egnp.md',
    );
  });

  it('keeps its own line breaks and tabs, and every other character', () => {
    const message = "3 problems in the site's content:\n\tStraße, Łódź, 東京, “quotes” — and an emoji 🦅";
    expect(escapeControls(message)).toBe(message);
  });
});

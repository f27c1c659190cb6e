/**
 * The layout rule a newcomer relies on: one folder per component, one name from file to class to
 * behaviour. components/<Name>/ holds <Name>.tsx, its partial _<name>.scss whose selectors style
 * the block .c-<name> (its elements and modifiers), and its behaviour <name>.client.ts, started by
 * data-module="<name>". Pages with a component of their own (pages/not-found/) follow it too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot as root } from '../../scripts/lib/project';

const read = (relative: string) => readFileSync(path.join(root, relative), 'utf8');
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** Every component folder, and the 404 page's: [folder, component name]. */
const folders: [string, string][] = [
  ...readdirSync(path.join(root, 'components'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[A-Z]/.test(entry.name))
    .map((entry): [string, string] => [`components/${entry.name}`, entry.name]),
  ['pages/not-found', 'NotFoundPage'],
];

const behaviourList = read('client/main.ts');
const componentIndex = read('components/_index.scss');

/** The selectors of a stylesheet, as written before each `{` (nested `&` rules joined to their parent). */
function selectorsOf(scss: string): string[] {
  // Interpolation (`#{$name}`) stands for part of a name; its braces are not blocks.
  const text = scss
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(/#\{[^}]*\}/g, 'x');
  const selectors: string[] = [];
  const stack: string[][] = [];
  let buffer = '';
  for (const char of text) {
    if (char === '{') {
      const head = buffer.trim();
      buffer = '';
      const parent = stack.at(-1) ?? [];
      if (head.startsWith('@') || head === '' || /^[a-z-]+:/.test(head) || /^(from|to|\d+%)/.test(head)) {
        stack.push(parent);
        continue;
      }
      const own = head.split(',').map((part) => part.trim());
      const full =
        parent.length === 0
          ? own
          : parent.flatMap((outer) => own.map((inner) => (inner.includes('&') ? inner.replace(/&/g, outer) : `${outer} ${inner}`)));
      selectors.push(...full);
      stack.push(full);
    } else if (char === '}') {
      stack.pop();
      buffer = '';
    } else if (char === ';') {
      buffer = '';
    } else {
      buffer += char;
    }
  }
  return selectors;
}

describe.each(folders)('%s', (folder, name) => {
  const block = `c-${kebab(name)}`;
  const tsx = read(`${folder}/${name}.tsx`);
  const partial = `${folder}/_${kebab(name)}.scss`;
  const behaviour = `${folder}/${kebab(name)}.client.ts`;
  const ownClass = new RegExp(`^${block}(?:__[a-z0-9-]+)?(?:--[a-z0-9-]*)?$`);

  it(`exports ${name} from ${name}.tsx`, () => {
    expect(tsx).toMatch(new RegExp(`export function ${name}\\(`));
  });

  it(`writes only the classes of its own block (.${block}), leaving other blocks to their components`, () => {
    const classes = [...tsx.matchAll(/\bc-[a-z0-9]+(?:-[a-z0-9]+)*(?:__[a-z0-9-]+)?(?:--[a-z0-9-]*)?/g)].map((match) => match[0]);
    expect(classes.filter((name) => !ownClass.test(name))).toEqual([]);
  });

  if (existsSync(path.join(root, partial))) {
    it(`styles .${block} in ${path.basename(partial)}: every selector starts with it or ends on it`, () => {
      const selectors = selectorsOf(read(partial));
      expect(selectors.length).toBeGreaterThan(0);
      const stray = selectors.filter((selector) => {
        const first = /\.(c-[a-z0-9_-]+)/.exec(selector)?.[1] ?? '';
        const subject =
          selector
            .split(/[\s>+~]+/)
            .filter(Boolean)
            .at(-1) ?? '';
        const subjectClasses = [...subject.matchAll(/\.(c-[a-z0-9_-]+)/g)].map((match) => match[1] ?? '');
        return !ownClass.test(first) && !subjectClasses.some((name) => ownClass.test(name));
      });
      expect(stray).toEqual([]);
    });

    if (folder.startsWith('components/')) {
      it('is listed in components/_index.scss', () => {
        expect(componentIndex).toContain(`@use '${name}/${kebab(name)}';`);
      });
    }
  }

  if (existsSync(path.join(root, behaviour))) {
    it(`starts its behaviour from data-module="${kebab(name)}", listed in client/main.ts`, () => {
      expect(read(behaviour)).toMatch(new RegExp(`export function init${name}\\(`));
      expect(tsx).toContain(`data-module="${kebab(name)}"`);
      expect(behaviourList).toMatch(new RegExp(`['"]?${kebab(name)}['"]?: init${name},`));
    });
  }

  it('starts no behaviour but its own and the shared scroll reveal', () => {
    const modules = [...tsx.matchAll(/data-module="([^"]+)"/g)].flatMap((match) => (match[1] ?? '').split(/\s+/));
    const allowed = existsSync(path.join(root, behaviour)) ? [kebab(name), 'reveal'] : ['reveal'];
    expect(modules.filter((module) => !allowed.includes(module))).toEqual([]);
  });
});

describe('the component index', () => {
  it('lists only partials that exist', () => {
    for (const [, folder, file] of componentIndex.matchAll(/@use '([A-Za-z]+)\/([a-z-]+)';/g)) {
      expect(existsSync(path.join(root, 'components', folder ?? '', `_${file}.scss`)), `${folder}/_${file}.scss`).toBe(true);
    }
  });

  it('is what the stylesheet uses for its components layer', () => {
    expect(read('styles/main.scss')).toContain("@use '../components';");
  });
});

describe('the scripts', () => {
  // Each page's stylesheet keeps the rules of the classes the scripts' text names (generator/prune-css.ts).
  const scripts = [
    ...readdirSync(path.join(root, 'client')).map((file) => `client/${file}`),
    ...folders.flatMap(([folder]) =>
      readdirSync(path.join(root, folder)).flatMap((file) => (file.endsWith('.client.ts') ? [`${folder}/${file}`] : [])),
    ),
  ];

  it.each(scripts)('%s names each class it adds or removes whole, in quotes', (file) => {
    const source = read(file);
    expect(source).not.toMatch(/\.className\s*[+]?=/);
    for (const [call, method = '', args = ''] of source.matchAll(/classList\.(add|remove|toggle|replace)\(([^)]*)\)/g)) {
      const names = method === 'toggle' ? args.split(',').slice(0, 1) : args.split(',');
      for (const name of names) expect(name.trim(), call).toMatch(/^'[\w-]+'$/);
    }
  });

  it('are found', () => {
    expect(scripts.filter((file) => /classList\.add/.test(read(file))).length).toBeGreaterThanOrEqual(3);
  });
});

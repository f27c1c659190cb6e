import type { LucideIcon } from 'lucide-react';
import { Menu, X } from 'lucide-react';

/** The icons the site uses, by name: a typo in a name fails the type check. Rendered to inline SVG at build time. */
export const icons = {
  menu: Menu,
  close: X,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof icons;

export interface IconProps {
  name: IconName;
  className?: string;
  /** Pixel size of the square viewbox; CSS may scale it. */
  size?: number;
}

/** A decorative icon: hidden from assistive technology, its meaning carried by nearby text or an accessible name. */
export function Icon({ name, className = 'c-icon', size = 24 }: IconProps) {
  const Glyph = icons[name];
  return <Glyph className={className} size={size} aria-hidden="true" focusable="false" />;
}

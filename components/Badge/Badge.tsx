import type { ReactNode } from 'react';
import * as v from 'valibot';
import { Icon, type IconName } from '../Icon/Icon';

export const badgeTone = v.picklist(['positive', 'warning', 'brand', 'neutral']);

export type BadgeTone = v.InferOutput<typeof badgeTone>;

export interface BadgeProps {
  tone?: BadgeTone;
  icon?: IconName;
  className?: string;
  children: ReactNode;
}

/** A short status label, e.g. "Risk Alert: Low". Colour is never the only carrier of meaning: the text says it. */
export function Badge({ tone = 'neutral', icon, className, children }: BadgeProps) {
  return (
    <span className={['c-badge', `c-badge--${tone}`, className ?? ''].filter(Boolean).join(' ')}>
      {icon ? <Icon name={icon} className="c-badge__icon" size={16} /> : null}
      <span>{children}</span>
    </span>
  );
}

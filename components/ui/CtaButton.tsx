import { useSite } from '../site/SiteContext';

export type CtaVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';

export interface CtaButtonProps {
  label: string;
  variant?: CtaVariant;
  size?: 'md' | 'lg';
  className?: string;
}

/**
 * A call to action. The spec gives calls to action no behaviour, so they are real buttons;
 * once `ctaHref` is set in site.config.ts every one of them becomes a link to that booking page.
 */
export function CtaButton({ label, variant = 'primary', size = 'md', className }: CtaButtonProps) {
  const { ctaHref } = useSite();
  const classes = ['c-button', `c-button--${variant}`, size === 'lg' ? 'c-button--lg' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  if (ctaHref) {
    return (
      <a className={classes} href={ctaHref} data-cta="">
        {label}
      </a>
    );
  }
  return (
    <button type="button" className={classes} data-cta="">
      {label}
    </button>
  );
}

import { useSite } from '../site/SiteContext';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';

export interface ButtonProps {
  label: string;
  variant?: ButtonVariant;
  size?: 'md' | 'lg';
  /**
   * Where the button goes. Without it the button is a call to action: the spec gives those no
   * behaviour, so they are real buttons until `ctaHref` in site.config.ts turns every one of them
   * into a link to the booking page.
   */
  href?: string;
  className?: string;
}

/** A call to action, or with `href` a link that looks like one. */
export function Button({ label, variant = 'primary', size = 'md', href, className }: ButtonProps) {
  const { ctaHref } = useSite();
  const classes = ['c-button', `c-button--${variant}`, size === 'lg' ? 'c-button--lg' : '', className ?? ''].filter(Boolean).join(' ');
  if (href) {
    return (
      <a className={classes} href={href}>
        {label}
      </a>
    );
  }
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

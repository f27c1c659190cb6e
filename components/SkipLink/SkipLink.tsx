export interface SkipLinkProps {
  targetId?: string;
  label?: string;
}

/** The first focusable element of every page: jumps past the navigation to the main content. */
export function SkipLink({ targetId = 'main', label = 'Skip to main content' }: SkipLinkProps) {
  return (
    <a className="c-skip-link" href={`#${targetId}`}>
      {label}
    </a>
  );
}

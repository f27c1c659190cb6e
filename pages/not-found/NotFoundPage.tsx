import { useKnownPaths } from '../../components/site/KnownPaths';
import { content } from './content';

/**
 * Served for any unknown path (dist/404.html). The `not-found` client module sends a request that
 * differs from a known route only in case or trailing slash to that route (`data-routes`, from
 * the route table), and otherwise reports the requested path in the console; it never writes the
 * path into the page.
 */
export function NotFoundPage() {
  const knownPaths = useKnownPaths();
  return (
    <section
      className="c-not-found"
      aria-labelledby="not-found-title"
      data-module="not-found"
      data-routes={knownPaths.join(' ')}
    >
      <div className="o-container c-not-found__inner">
        <h1 className="c-not-found__code" id="not-found-title">
          {content.heading}
        </h1>
        <p className="c-not-found__text">{content.text}</p>
        <a className="c-button c-button--primary" href="/">
          {content.homeLink}
        </a>
      </div>
    </section>
  );
}

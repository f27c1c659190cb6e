import { Button } from '../../components/Button/Button';
import { useKnownPaths } from '../../components/site/KnownPaths';
import { notFoundCopy } from './content';

/**
 * Served for any unknown path (dist/404.html). Its behaviour (not-found-page.client.ts) sends a request that
 * differs from a known route only in case or trailing slash to that route (`data-routes`, from
 * the route table), and otherwise reports the requested path in the console; it never writes the
 * path into the page.
 */
export function NotFoundPage() {
  const knownPaths = useKnownPaths();
  return (
    <section className="c-not-found-page" aria-labelledby="not-found-title" data-module="not-found-page" data-routes={knownPaths.join(' ')}>
      <div className="o-container c-not-found-page__inner">
        <h1 className="c-not-found-page__code" id="not-found-title">
          {notFoundCopy.heading}
        </h1>
        <p className="c-not-found-page__text">{notFoundCopy.text}</p>
        <Button label={notFoundCopy.homeLink} href="/" />
      </div>
    </section>
  );
}

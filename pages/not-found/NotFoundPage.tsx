import { Button } from '../../components/Button/Button';
import { useSitePaths } from '../../components/site/SitePaths';
import { notFoundCopy } from './content';

/**
 * Served for any unknown path (dist/404.html). Its behaviour (not-found-page.client.ts) sends a request that
 * differs from a known route only in case or trailing slash to that route (`data-routes`, from
 * the route table), a redirect's source in any case to its target (`data-redirects`, pairs
 * `from=to`), and otherwise reports the requested path in the console; it never writes the path
 * into the page.
 */
export function NotFoundPage() {
  const { home, routes, redirects } = useSitePaths();
  return (
    <section
      className="c-not-found-page"
      aria-labelledby="not-found-title"
      data-module="not-found-page"
      data-routes={routes.join(' ')}
      data-redirects={redirects.length > 0 ? redirects.map(([from, to]) => `${from}=${to}`).join(' ') : undefined}
    >
      <div className="o-container c-not-found-page__inner">
        <h1 className="c-not-found-page__code" id="not-found-title">
          {notFoundCopy.heading}
        </h1>
        <p className="c-not-found-page__text">{notFoundCopy.text}</p>
        <Button label={notFoundCopy.homeLink} href={home} />
      </div>
    </section>
  );
}

import { content } from './content';

/**
 * Served for any unknown path (dist/404.html). The `not-found` client module reports the
 * requested path in the console; it never writes the path into the page.
 */
export function NotFoundPage() {
  return (
    <section className="c-not-found" aria-labelledby="not-found-title" data-module="not-found">
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

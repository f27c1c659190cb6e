/**
 * On the 404 page (`data-module="not-found-page"`). The site's paths match case-insensitively but
 * static hosts do not: when the requested path is a known route (`data-routes`, written by the
 * build from the route table) in another case or without its trailing slash, the page replaces
 * itself with that route's canonical URL, keeping query and hash; a redirect's source
 * (`data-redirects`, `from=to` pairs) goes to its target the same way. Any other path is reported
 * in the console, on one line, quoted, as the visitor asked for it (base path included). The
 * path only ever goes to the console, never into the page, so a crafted URL cannot inject markup;
 * the redirect target is always one of the build's own paths.
 */
export function initNotFoundPage(element: HTMLElement): void {
  const { pathname, search, hash } = window.location;
  const requested = readablePath(pathname);
  const wanted = routeKey(requested);
  const known = [
    ...(element.dataset.routes ?? '').split(' ').map((route) => [route, route] as const),
    ...(element.dataset.redirects ?? '').split(' ').map((pair) => pair.split('=') as [string, string?]),
  ];
  const target = known.find(([path]) => path && routeKey(path) === wanted)?.[1];
  // A target equal to the request means the host lost a page it should have: report, never loop.
  if (target && target !== pathname) {
    window.location.replace(target + search + hash);
    return;
  }
  console.error(`404 Error: User attempted to access non-existent route: ${quoted(requested)}`);
}

/**
 * The path as a JSON string, so that a crafted URL cannot start a line of its own that reads like
 * another message (`/x%0A404%20Error:...`). JSON escapes only the first 32 control characters:
 * the others, the line and paragraph separators and the invisible format characters (such as
 * bidirectional overrides, which could disguise the text) are escaped the same way.
 */
function quoted(path: string): string {
  return JSON.stringify(path).replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (char) =>
    char
      .split('')
      .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join(''),
  );
}

function routeKey(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '');
}

function readablePath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

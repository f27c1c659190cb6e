/**
 * On the 404 page (`data-module="not-found"`): reports the path that matched no route. The path
 * only ever goes to the console, never into the page, so a crafted URL cannot inject markup.
 */
export function initNotFound(): void {
  console.error(`404 Error: User attempted to access non-existent route: ${readablePath(window.location.pathname)}`);
}

function readablePath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

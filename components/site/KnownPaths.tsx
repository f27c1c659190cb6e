import { createContext, useContext } from 'react';

/**
 * The canonical paths of every route ("/", "/about-us/", ...), provided by the build from the
 * route table. The 404 page embeds them so that its script can send a mis-cased or slash-less
 * request to the page it meant, on static hosts that match paths case-sensitively.
 */
export const KnownPathsContext = createContext<readonly string[]>([]);

export function useKnownPaths(): readonly string[] {
  return useContext(KnownPathsContext);
}

import { createContext } from 'react';
import type { EntryInfo } from '../../generator/site';

/** The newest entries of the collections a page's copy shows, by collection, as the build gives the page (`content.latest`). */
export const LatestContext = createContext<Readonly<Record<string, readonly EntryInfo<unknown>[]>>>({});

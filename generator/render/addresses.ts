/** Who answers at each address: two at one would overwrite each other without a word, so the second is a problem naming both. */
import { canonicalPath } from '../urls';
import { type Problem, placeOf } from './check';
import type { Located } from './protocol';

export interface Claim {
  /** "the route "/about-us"", "the entry content/news/x.md". */
  what: string;
  /** Found only when there is a problem to word: a table of a thousand redirects is not read a thousand times. */
  where: () => Promise<Located>;
}

export class Addresses {
  /** By address, lower case: hosts match paths case-insensitively, so "/News" and "/news" are one. */
  private readonly owners = new Map<string, Claim>();

  /** `address` is a path ("/news/page/2") or a file ("/news/feed.xml"); the problem, if another claimed it first. */
  async claim(address: string, claim: Claim): Promise<Problem | undefined> {
    const key = address.replace(/\/+$/, '').toLowerCase() || '/';
    const first = this.owners.get(key);
    if (first === undefined) return void this.owners.set(key, claim);
    const [here, there] = await Promise.all([claim.where(), first.where()]);
    return {
      ...here,
      text: `${claim.what} is at ${address}, and so is ${first.what} (${placeOf(there)}): an address has one owner. Give one of them another address`,
      // A feed's address is a file's.
      route: /\.\w+$/.test(address) ? address : canonicalPath(address),
    };
  }
}

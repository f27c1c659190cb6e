import type { TagInfo } from '../../generator/site';

export interface TagListProps {
  tags: readonly (TagInfo & { count?: number })[];
  /** On a tag's own list. */
  current?: string | undefined;
  className?: string;
}

/** Tags, each a link to its list (with how many entries it holds, where given). */
export function TagList({ tags, current, className }: TagListProps) {
  return (
    <ul className={className ? `c-tag-list ${className}` : 'c-tag-list'}>
      {tags.map((tag) => (
        <li key={tag.url}>
          <a className="c-tag-list__tag" href={tag.url} aria-current={tag.name === current ? 'page' : undefined}>
            {tag.name}
            {tag.count === undefined ? null : <span className="c-tag-list__count"> {tag.count}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}

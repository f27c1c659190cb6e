import * as v from 'valibot';
import { Icon, iconName } from '../Icon/Icon';
import { list, slug, text } from '../site/schema';

export const teamGridContent = v.strictObject({
  members: list(
    v.strictObject({
      /** Unique on the page: the anchor of the member's card, and the name an article's `author:` gives. */
      id: slug,
      role: text,
      icon: iconName,
      background: text,
      focus: list(text),
    }),
  ),
});

export type TeamGridProps = v.InferOutput<typeof teamGridContent>;

/** The founders, by role and background. */
export function TeamGrid({ members }: TeamGridProps) {
  return (
    <ul className="c-team-grid" data-module="reveal">
      {members.map((member) => (
        <li className="c-team-grid__member" key={member.id} id={member.id}>
          <span className="c-team-grid__avatar">
            <Icon name={member.icon} />
          </span>
          <h3 className="c-team-grid__role">{member.role}</h3>
          <p className="c-team-grid__background">{member.background}</p>
          <ul className="c-team-grid__focus">
            {member.focus.map((item) => (
              <li className="c-team-grid__focus-item" key={item}>
                {item}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

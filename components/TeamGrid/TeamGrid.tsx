import { Icon, type IconName } from '../Icon/Icon';

export interface TeamMember {
  role: string;
  icon: IconName;
  background: string;
  focus: readonly string[];
}

export interface TeamGridProps {
  members: readonly TeamMember[];
}

/** The founders, by role and background. */
export function TeamGrid({ members }: TeamGridProps) {
  return (
    <ul className="c-team-grid" data-module="reveal">
      {members.map((member) => (
        <li className="c-team-grid__member" key={member.role}>
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

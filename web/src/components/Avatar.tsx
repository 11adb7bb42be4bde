import { Avatar as PAvatar } from 'primereact/avatar';

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

export function UserAvatar(props: { name: string; image?: string | null; size?: 'normal' | 'large' | 'xlarge' }) {
  return props.image ? (
    <PAvatar image={props.image} shape="circle" size={props.size} aria-label={props.name} />
  ) : (
    <PAvatar label={initials(props.name) || '?'} shape="circle" size={props.size} aria-label={props.name} />
  );
}

/** Up to 3 avatars then '+N More' (docs/product/overview.md#formats-and-limits). */
export function AvatarStack(props: { people: Array<{ id: number; name: string; image?: string | null }>; moreLabel: (n: number) => string }) {
  const shown = props.people.slice(0, 3);
  const rest = props.people.length - shown.length;
  return (
    <span className="avatar-stack">
      {shown.map((p) => (
        <UserAvatar key={p.id} name={p.name} image={p.image} />
      ))}
      {rest > 0 && <span className="avatar-stack__more">{props.moreLabel(rest)}</span>}
    </span>
  );
}

import { Avatar } from 'antd';
import { useState } from 'react';
import { initials } from '../../domain/figures.ts';
import { avatarColor } from './avatarColor.ts';
import { InitialsAvatar } from './InitialsAvatar.tsx';
import { palette } from './palette.ts';

type Props = { name: string; avatar?: string | undefined; size?: number };

/**
 * The engineer's avatar; when there is none, or it fails to load, the initials (first letters of
 * up to the first two words of the name) on a colour of their own.
 */
export function EngineerAvatar({ name, avatar, size = 36 }: Props) {
  const [failed, setFailed] = useState(false);
  const fontSize = size * 0.38;
  if (!avatar || failed) return <InitialsAvatar text={initials(name)} size={size} background={avatarColor(name)} fontSize={fontSize} />;
  return (
    <Avatar
      size={size}
      src={avatar}
      alt={name}
      onError={() => {
        setFailed(true);
        return false;
      }}
      style={{ flex: 'none', fontWeight: 600, fontSize }}
    />
  );
}

/** Avatar, name and a line or two under it. */
export function PersonCell({ name, avatar, lines }: { name: string; avatar?: string | undefined; lines: (string | undefined)[] }) {
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', minWidth: 0 }}>
      <EngineerAvatar name={name} avatar={avatar} />
      {/* Capped, so a long e-mail does not push the table past the page: it ends in '…' and says itself on hover. */}
      <div style={{ minWidth: 0, maxWidth: 170, lineHeight: 1.35 }}>
        <div style={{ fontWeight: 600 }}>{name}</div>
        {lines
          .filter(Boolean)
          .map((line) => (
            <div key={line} title={line} style={{ fontSize: 12, color: palette.muted, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {line}
            </div>
          ))}
      </div>
    </div>
  );
}

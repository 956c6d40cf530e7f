import { Tag, Tooltip, Typography } from 'antd';
import type { User } from '../../../domain/entities.ts';
import { initials } from '../../../domain/figures.ts';
import { InitialsAvatar } from '../../components/InitialsAvatar.tsx';
import { capitalize } from '../../lib/format.ts';
import { palette } from '../theme.ts';
import { backgrounds } from '../../components/palette.ts';

type Props = { user: Pick<User, 'name' | 'email' | 'role'> | null; collapsed: boolean; tooltipDelay: number };

/** Name, capitalised role badge, email, and the person's initials ('DW' for Dana Whitfield), as every other avatar has them. */
export function UserCard({ user, collapsed, tooltipDelay }: Props) {
  const avatar = (
    <InitialsAvatar text={user ? initials(user.name) : ''} size={collapsed ? 32 : 40} background={palette.primary} fontSize={collapsed ? 12 : 14} />
  );
  if (collapsed) {
    return (
      <div style={{ display: 'flex', justifyContent: 'center', padding: '8px 0' }} data-testid="user-card">
        <Tooltip title={user ? `${user.name} · ${capitalize(user.role)}` : ''} placement="right" mouseEnterDelay={tooltipDelay}>
          {avatar}
        </Tooltip>
      </div>
    );
  }
  return (
    <div
      data-testid="user-card"
      style={{
        display: 'flex',
        gap: 12,
        alignItems: 'center',
        padding: 12,
        margin: '4px 8px 8px',
        borderRadius: 12,
        background: backgrounds.subtle,
        border: `1px solid ${palette.border}`,
        minWidth: 0,
      }}
    >
      {avatar}
      <div style={{ minWidth: 0, flex: 1 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
          <Typography.Text strong className="one-line" title={user?.name}>
            {user?.name ?? ' '}
          </Typography.Text>
        </div>
        <Tag color="blue" style={{ marginInlineEnd: 0, marginBlock: 2, fontSize: 11, lineHeight: '18px' }}>
          {capitalize(user?.role)}
        </Tag>
        <Typography.Text type="secondary" className="one-line" style={{ fontSize: 12 }} title={user?.email}>
          {user?.email ?? ''}
        </Typography.Text>
      </div>
    </div>
  );
}

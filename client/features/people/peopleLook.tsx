import { Tag, Typography } from 'antd';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import type { Role } from '../../../domain/entities.ts';
import { dateTime } from '../../lib/format.ts';

export const roleOptions: { value: Role; label: string }[] = [
  { value: 'manager', label: 'Manager' },
  { value: 'engineer', label: 'Engineer' },
  { value: 'auditor', label: 'Auditor' },
];

const statusLook: Record<AccountView['status'], { color: string; label: string }> = {
  active: { color: 'green', label: 'Active' },
  invited: { color: 'gold', label: 'Invited' },
  deactivated: { color: 'default', label: 'Deactivated' },
};

export function AccountStatusTag({ status }: { status: AccountView['status'] }) {
  const look = statusLook[status];
  return (
    <Tag color={look.color} style={{ marginInlineEnd: 0 }} data-status={status}>
      {look.label}
    </Tag>
  );
}

export function AdminTag({ admin }: { admin: boolean }) {
  return admin ? (
    <Tag color="purple" style={{ marginInlineEnd: 0 }} data-admin="true">
      Admin
    </Tag>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );
}

/** 'Mar 02, 2026 14:05:09', or 'never' for an account that has not signed in. */
export function lastSignInText(iso: string | null): string {
  return iso ? dateTime(iso) : 'never';
}

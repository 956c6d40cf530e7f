import { CloseOutlined, EyeOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, message as messageApi, Tooltip, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api.ts';
import { loadSavedViews, removeSavedView, resetSavedViews, useSavedViews } from '../../stores/savedViews.ts';
import { palette } from '../theme.ts';

type Props = { userId: string; collapsed: boolean; onNavigate?: () => void };

/** The saved views one may open (one's own and the shared ones), each a link to the address it keeps. */
export function SavedViewsNav({ userId, collapsed, onNavigate }: Props) {
  const views = useSavedViews();
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  useEffect(() => {
    // Another person signed in on this tab never sees the last one's private views.
    resetSavedViews();
    void loadSavedViews();
  }, [userId]);
  if (collapsed || views.data.length === 0) return messageHolder;
  return (
    <section aria-label="Saved views" data-testid="saved-views" style={{ padding: '8px 16px 4px', borderTop: `1px solid ${palette.border}` }}>
      {messageHolder}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>Saved views</Typography.Text>
      <ul style={{ listStyle: 'none', margin: '4px 0 0', padding: 0 }}>
        {views.data.map((view) => (
          <li key={view._id} style={{ display: 'flex', alignItems: 'center', gap: 6, minHeight: 28 }} data-testid="saved-view">
            <Tooltip title={view.shared ? 'Shared with everyone' : 'Only you'}>
              {view.shared ? <TeamOutlined aria-label="Shared" /> : <EyeOutlined aria-label="Private" />}
            </Tooltip>
            <Link to={view.path} onClick={() => onNavigate?.()} style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {view.name}
            </Link>
            {view.ownerId === userId && (
              <Button
                type="text"
                size="small"
                aria-label={`Remove saved view ${view.name}`}
                icon={<CloseOutlined />}
                onClick={() => removeSavedView(view._id).catch((error: unknown) => void message.error(errorMessage(error)))}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

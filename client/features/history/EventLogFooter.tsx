import { Button, Typography } from 'antd';

type Props = {
  loading: boolean;
  loadingMore: boolean;
  /** How many events are shown. */
  count: number;
  /** Whether older events remain to be loaded. */
  hasMore: boolean;
  /** Why the last further page failed, if it did. */
  moreError: string | null;
  onLoadMore: () => void;
};

/** Under the event log: how many events are shown, and the way to older ones (or that history begins here). */
export function EventLogFooter({ loading, loadingMore, count, hasMore, moreError, onLoadMore }: Props) {
  return (
    <div
      data-testid="log-footer"
      style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, flexWrap: 'wrap', fontSize: 13 }}
    >
      <Typography.Text type="secondary" data-testid="log-count">
        {loading ? 'Loading events…' : `${count} ${count === 1 ? 'event' : 'events'} shown${hasMore ? '' : ' (all)'}`}
      </Typography.Text>
      {moreError ? (
        <span>
          <Typography.Text type="danger">{moreError} </Typography.Text>
          <Button size="small" onClick={onLoadMore}>
            Try again
          </Button>
        </span>
      ) : loadingMore ? (
        <Typography.Text type="secondary">Loading older events…</Typography.Text>
      ) : hasMore ? (
        <Button size="small" onClick={onLoadMore} data-testid="load-more">
          Load older events
        </Button>
      ) : !loading && count > 0 ? (
        <Typography.Text type="secondary">The beginning of history</Typography.Text>
      ) : null}
    </div>
  );
}

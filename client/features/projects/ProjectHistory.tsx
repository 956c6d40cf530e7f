import { HistoryOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { HistoryEvent } from '../../../domain/history-contracts.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { errorMessage } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { onPlanEvent } from '../../stores/liveSync.ts';
import { projectHistory } from './projectApi.ts';
import { borderColors, textColors } from '../../components/palette.ts';

/** A live event that may belong in this project's history: the project's own, its assignments' and open roles'. */
const mayConcern = (event: { type: string } | null) => event === null || /^(Project|Assignment|Placeholder)/.test(event.type);

/**
 * The project's history, newest first (GET /api/history/events?projectId=): what happened to it, its
 * assignments and open roles, each in a sentence, undos said as such; older pages on demand. It is
 * read again when the live channel brings a change that may concern it.
 */
export function ProjectHistory({ projectId }: { projectId: string }) {
  const [events, setEvents] = useState<HistoryEvent[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef<AbortController | null>(null);

  const load = useCallback(async (before: string | null) => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    setLoading(true);
    try {
      const page = await projectHistory(projectId, before, controller.signal);
      if (controller.signal.aborted) return;
      setEvents((shown) => (before ? [...shown, ...page.events] : page.events));
      setNext(page.next);
      setError(null);
    } catch (caught) {
      if (!controller.signal.aborted) setError(errorMessage(caught));
    } finally {
      if (!controller.signal.aborted) setLoading(false);
    }
  }, [projectId]);

  useEffect(() => {
    void load(null);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onPlanEvent((event) => {
      if (!mayConcern(event)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void load(null), 300);
    });
    return () => {
      stop();
      clearTimeout(timer);
      latest.current?.abort();
    };
  }, [load]);

  return (
    <SectionCard title="History" subtitle="Every change to the project, its team and its open roles" icon={<HistoryOutlined />} testId="project-history">
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
      {loading && events.length === 0 ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {!loading && events.length === 0 && !error ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No changes yet" /> : null}
      <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {events.map((event) => (
          <li key={event.cursor} style={{ padding: '8px 0', borderBottom: `1px solid ${borderColors.faint}` }} data-testid="project-history-event">
            <div style={{ fontSize: 13, color: event.undid ? textColors.undone : undefined }}>{event.summary}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dateTime(event.recordedAt)}
            </Typography.Text>
          </li>
        ))}
      </ol>
      {next ? (
        <Button style={{ marginTop: 12 }} loading={loading} onClick={() => void load(next)} data-testid="project-history-more">
          Older changes
        </Button>
      ) : null}
    </SectionCard>
  );
}

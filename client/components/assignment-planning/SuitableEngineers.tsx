import { CheckCircleFilled, CheckOutlined, LoadingOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Skeleton, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { EngineerAvatar } from '../EngineerAvatar.tsx';
import { SeniorityTag } from '../tags.tsx';
import { monthDay, shortDate } from '../../lib/format.ts';
import type { SuitableEngineer } from '../../lib/planningApi.ts';
import { suitableShown } from '../../lib/suitableList.ts';
import type { RankingDates } from '../../machines/assignmentValues.ts';
import { freeText } from './actions.ts';

/**
 * What the list shows of an engineer; `onProject` marks one already on the project. `averageFree`,
 * `freeWeeks` and `weeks` say how free they are over the dates, fairly (GET /api/engineers/suitable):
 * one week away is one week without room, not the whole range full.
 */
export type SuitableCandidate = Pick<SuitableEngineer, '_id' | 'name' | 'avatar' | 'seniority' | 'skills' | 'maxCapacity' | 'matchingSkills' | 'availableCapacity'> & {
  onProject?: boolean;
  averageFree?: number;
  freeWeeks?: number;
  weeks?: number;
};

/** The figure on the right: free on average over the dates when known, else the weekly low. */
export const freeFigure = (e: SuitableCandidate) => (e.averageFree !== undefined ? `${freeText(e.averageFree)}` : freeText(e.availableCapacity));

/** Under it: in how many weeks there is room ('room 9 of 10 weeks'), else their capacity. */
export const freeWeeksText = (e: SuitableCandidate) =>
  e.weeks !== undefined && e.freeWeeks !== undefined && e.weeks > 0 ? `room ${e.freeWeeks === e.weeks ? 'every week' : `${e.freeWeeks} of ${e.weeks} weeks`}` : `of ${e.maxCapacity}%`;

type Props = {
  projectPicked: boolean;
  loading: boolean;
  error: string | null;
  engineers: readonly SuitableCandidate[];
  /** Over which dates the free capacity is measured; the project's by default. */
  caption?: string;
  selectedId: string | null;
  disabled: boolean;
  invalid: boolean;
  /** The dates the list was ranked for (null: the rest of the project). */
  rankedFor?: RankingDates | null;
  /** The search box shows only where the caller keeps the text (the new-assignment form). */
  search?: string;
  onSearch?: (text: string) => void;
  onPick: (engineerId: string) => void;
  onRetry: () => void;
};

const box: CSSProperties = {
  border: '1px dashed #d9dee5',
  borderRadius: 10,
  padding: '14px 16px',
  color: '#64748b',
  fontSize: 13,
  background: '#fafbfc',
};

const capacityColor = (available: number) => (available <= 0 ? '#dc2626' : available < 30 ? '#b45309' : '#15803d');

const rankedText = (dates: RankingDates | null) =>
  `Best match first: the project's skills, then the most free on average ${dates ? `from ${monthDay(dates.from)} to ${shortDate(dates.to)}` : "over the project's dates"} (a week away counts as that week full, not the whole range), then the most matching skills. Anyone can be found by name.`;

/**
 * Every engineer for the picked project, best first (GET /api/engineers/suitable): those with a required
 * skill first, their matching skills, how free they are over the dates typed, and whether they are on
 * the project already. The best 20 show; a search by name or skill finds anyone else. One is picked like a radio.
 */
export function SuitableEngineers({ projectPicked, loading, error, engineers, caption, selectedId, disabled, invalid, rankedFor = null, search = '', onSearch, onPick, onRetry }: Props) {
  if (!projectPicked) return <div style={box}>Pick a project to see everyone, best match for it first.</div>;
  // New dates rank the list again: the old ranking stays in view meanwhile.
  if (loading && engineers.length === 0) {
    return (
      <div style={{ ...box, borderStyle: 'solid' }} aria-busy="true" data-testid="suitable-loading">
        <Skeleton active avatar paragraph={{ rows: 1 }} title={false} />
        <Skeleton active avatar paragraph={{ rows: 1 }} title={false} />
      </div>
    );
  }
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        title={`The suitable engineers could not be loaded: ${error}`}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
            Retry
          </Button>
        }
      />
    );
  }
  if (engineers.length === 0) return <div style={box}>There are no engineers yet.</div>;
  const { shown, matching, total } = suitableShown(engineers, search, selectedId);

  return (
    <div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 6, flexWrap: 'wrap' }}>
        {onSearch && <Input
          allowClear
          size="small"
          prefix={<SearchOutlined style={{ color: '#94a3b8' }} />}
          placeholder="Search by name or skill"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          aria-label="Search suitable engineers"
          style={{ maxWidth: 240 }}
          data-testid="suitable-search"
        />}
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="suitable-count">
          {loading ? <LoadingOutlined style={{ marginRight: 6 }} /> : null}
          {search.trim() ? `${matching} of ${total} match` : total > shown.length ? `Best ${Math.min(total, shown.length)} of ${total}: search to find anyone else` : `${total} engineers`}
        </Typography.Text>
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 6 }} data-testid="suitable-ranked-for">
        {caption ?? rankedText(rankedFor)}
      </Typography.Text>
      <div
        role="radiogroup"
        aria-label="Suitable engineers"
        aria-invalid={invalid || undefined}
        style={{
          display: 'grid',
          gap: 6,
          maxHeight: 264,
          overflowY: 'auto',
          padding: 2,
          borderRadius: 10,
          outline: invalid ? '1px solid #ff4d4f' : undefined,
        }}
        data-testid="suitable-engineers"
      >
        {shown.length === 0 ? <div style={box}>Nobody's name or skills match "{search.trim()}".</div> : null}
        {shown.map((e) => {
          const selected = e._id === selectedId;
          return (
            <button
              key={e._id}
              type="button"
              role="radio"
              aria-checked={selected}
              disabled={disabled}
              onClick={() => onPick(e._id)}
              data-testid="suitable-engineer"
              data-name={e.name}
              data-on-project={e.onProject ? 'true' : undefined}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 12,
                width: '100%',
                textAlign: 'left',
                padding: '10px 12px',
                borderRadius: 10,
                border: `1px solid ${selected ? '#2563eb' : '#e5e7eb'}`,
                background: selected ? '#eff6ff' : '#fff',
                boxShadow: selected ? '0 0 0 1px #2563eb inset' : undefined,
                cursor: disabled ? 'not-allowed' : 'pointer',
                font: 'inherit',
                color: 'inherit',
              }}
            >
              <EngineerAvatar name={e.name} avatar={e.avatar} size={34} />
              <span style={{ flex: 1, minWidth: 0 }}>
                <span style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                  <strong>{e.name}</strong>
                  <SeniorityTag seniority={e.seniority} />
                  {e.onProject ? (
                    <Tag color="purple" style={{ marginInlineEnd: 0, fontSize: 11 }} data-testid="on-project">
                      On this project
                    </Tag>
                  ) : null}
                </span>
                <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 4 }}>
                  {e.matchingSkills.length === 0 ? <span style={{ fontSize: 11, color: '#94a3b8' }}>None of the skills needed</span> : null}
                  {e.matchingSkills.map((skill) => (
                    <Tag key={skill} color="green" icon={<CheckOutlined />} style={{ marginInlineEnd: 0, fontSize: 11 }}>
                      {skill}
                    </Tag>
                  ))}
                </span>
              </span>
              <span style={{ textAlign: 'right', flex: 'none', lineHeight: 1.3 }}>
                <span className="tabular" style={{ display: 'block', fontWeight: 600, fontSize: 13, color: capacityColor(e.averageFree ?? e.availableCapacity) }} data-testid="suitable-free">
                  {freeFigure(e)}
                </span>
                <span style={{ fontSize: 11, color: '#64748b' }} data-testid="suitable-weeks">{freeWeeksText(e)}</span>
              </span>
              {selected ? <CheckCircleFilled style={{ color: '#2563eb', fontSize: 16 }} aria-hidden="true" /> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}

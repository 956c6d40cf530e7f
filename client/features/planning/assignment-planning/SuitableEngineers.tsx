import { CheckCircleFilled, CheckOutlined, LoadingOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Skeleton, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { EngineerAvatar } from '../../../components/EngineerAvatar.tsx';
import { SeniorityTag } from '../../../components/tags.tsx';
import { loadPercent, monthDay, shortDate } from '../../../lib/format.ts';
import type { Fit } from '../../../../domain/capacity/fit.ts';
import { fitText } from '../../../lib/overloads.ts';
import type { SuitableEngineer } from '../planningApi.ts';
import { suitableShown } from './suitableList.ts';
import type { RankingDates } from '../../../machines/assignmentValues.ts';
import { freeText } from './actions.ts';
import { namesakeHints } from '../../../lib/namesakes.ts';
import { backgrounds, borderColors, fitColors, palette, textColors } from '../../../components/palette.ts';

/**
 * What the list shows of an engineer; `onProject` marks one already on the project. `averageFree`,
 * `freeWeeks` and `weeks` say how free they are over the dates, fairly (GET /api/engineers/suitable):
 * one week away is one week without room, not the whole range full.
 */
export type SuitableCandidate = Pick<SuitableEngineer, '_id' | 'name' | 'avatar' | 'seniority' | 'skills' | 'maxCapacity' | 'matchingSkills' | 'availableCapacity'> & {
  /** Said beside the name when another candidate has the same name (lib/namesakes.ts). */
  email?: string;
  onProject?: boolean;
  averageFree?: number;
  /** Their load over the dates (booked against their own capacity), when the list knows it. */
  load?: number | null;
  freeWeeks?: number;
  weeks?: number;
  /** Room for the allocation on every working day of the dates (the list is ranked by it). */
  fit?: Pick<Fit, 'kind' | 'short'>;
};

/**
 * The figure on the right: free on average over the dates when known, else the weekly low. Someone
 * over capacity is named so by their load ('120% load'), the figure every screen shows for them, not
 * by the share of a day they are over ('10% over' for a part-timer of 50 % at 60 %).
 */
export function freeFigure(e: SuitableCandidate): string {
  const free = e.averageFree ?? e.availableCapacity;
  if (free < 0 && e.load !== undefined && e.load !== null) return `${loadPercent(e.load)} load`;
  return freeText(free);
}

/** Under it: whether the work fits, day by day ('fits except 2 days (Dec 07 - Dec 08)'), else their capacity. */
export const freeWeeksText = (e: SuitableCandidate) => (e.fit ? fitText(e.fit) : `of ${e.maxCapacity}%`);

const fitColor = { fits: fitColors.fits, fitsExcept: fitColors.tight, noRoom: fitColors.none } as const;

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
  border: `1px dashed ${borderColors.dashed}`,
  borderRadius: 10,
  padding: '14px 16px',
  color: palette.muted,
  fontSize: 13,
  background: backgrounds.empty,
};

const capacityColor = (available: number) => (available <= 0 ? fitColors.none : available < 30 ? fitColors.tight : fitColors.fits);

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
  const namesakes = namesakeHints(engineers);

  return (
    <div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 6, flexWrap: 'wrap' }}>
        {onSearch && <Input
          allowClear
          size="small"
          prefix={<SearchOutlined style={{ color: textColors.faint }} />}
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
          outline: invalid ? `1px solid ${borderColors.invalid}` : undefined,
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
              data-namesake={namesakes.get(e._id)}
              data-on-project={e.onProject ? 'true' : undefined}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 12,
                width: '100%',
                textAlign: 'left',
                padding: '10px 12px',
                borderRadius: 10,
                border: `1px solid ${selected ? palette.primary : palette.border}`,
                background: selected ? backgrounds.selected : palette.surface,
                boxShadow: selected ? `0 0 0 1px ${palette.primary} inset` : undefined,
                cursor: disabled ? 'not-allowed' : 'pointer',
                font: 'inherit',
                color: 'inherit',
              }}
            >
              <EngineerAvatar name={e.name} avatar={e.avatar} size={34} />
              <span style={{ flex: 1, minWidth: 0 }}>
                <span style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                  <strong>{e.name}</strong>
                  {namesakes.has(e._id) ? (
                    <span style={{ fontSize: 12, color: palette.muted }} data-testid="namesake-hint">
                      {namesakes.get(e._id)}
                    </span>
                  ) : null}
                  <SeniorityTag seniority={e.seniority} />
                  {e.onProject ? (
                    <Tag color="purple" style={{ marginInlineEnd: 0, fontSize: 11 }} data-testid="on-project">
                      On this project
                    </Tag>
                  ) : null}
                </span>
                <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 4 }}>
                  {e.matchingSkills.length === 0 ? <span style={{ fontSize: 11, color: palette.muted }}>None of the skills needed</span> : null}
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
                <span style={{ fontSize: 11, color: e.fit ? fitColor[e.fit.kind] : textColors.quiet }} data-testid="suitable-weeks" data-fit={e.fit?.kind}>
                  {freeWeeksText(e)}
                </span>
              </span>
              {selected ? <CheckCircleFilled style={{ color: palette.primary, fontSize: 16 }} aria-hidden="true" /> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}

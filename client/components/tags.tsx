import { CheckCircleOutlined, ClockCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { Progress, Tag } from 'antd';
import type { ProjectStatus, Seniority } from '../../domain/entities.ts';
import { type AssignmentStatus, barPercent, type UtilizationStatus } from '../../domain/figures.ts';
import { capitalize } from '../lib/format.ts';
import { palette } from './palette.ts';

/** Status colours shared by badges, bars and charts: red overloaded, blue underutilized, green optimal. */
export const utilizationColors: Record<UtilizationStatus, string> = {
  overloaded: palette.danger,
  underutilized: palette.primary,
  optimal: palette.success,
};

const utilizationTag: Record<UtilizationStatus, string> = { overloaded: 'red', underutilized: 'blue', optimal: 'green' };

/** Utilisation badge: overloaded destructive, underutilized secondary, optimal default. */
export function UtilizationTag({ status }: { status: UtilizationStatus }) {
  return (
    <Tag color={utilizationTag[status]} data-status={status} style={{ marginInlineEnd: 0 }}>
      {capitalize(status)}
    </Tag>
  );
}

/** Seniority badge: senior default, mid secondary, junior outline. */
export function SeniorityTag({ seniority }: { seniority: Seniority }) {
  const props =
    seniority === 'senior'
      ? { color: 'geekblue' as const }
      : seniority === 'mid'
        ? {}
        : { variant: 'outlined' as const, style: { background: 'transparent' } };
  return (
    <Tag {...props} style={{ marginInlineEnd: 0, ...('style' in props ? props.style : {}) }}>
      {capitalize(seniority)}
    </Tag>
  );
}

const projectStatusIcon: Record<ProjectStatus, React.ReactNode> = {
  active: <SyncOutlined />,
  planning: <ClockCircleOutlined />,
  completed: <CheckCircleOutlined />,
};

/** Project status badge with its icon: active default style, planning secondary, completed outline. */
export function ProjectStatusTag({ status }: { status: ProjectStatus }) {
  const props =
    status === 'active'
      ? { color: 'green' as const }
      : status === 'planning'
        ? { color: 'gold' as const }
        : { variant: 'outlined' as const };
  return (
    <Tag {...props} icon={projectStatusIcon[status]} style={{ marginInlineEnd: 0 }} data-status={status}>
      {capitalize(status)}
    </Tag>
  );
}

const assignmentTag: Record<AssignmentStatus, string> = { active: 'green', upcoming: 'blue', completed: 'default' };

export function AssignmentStatusTag({ status }: { status: AssignmentStatus }) {
  return (
    <Tag color={assignmentTag[status]} style={{ marginInlineEnd: 0 }} data-status={status}>
      {capitalize(status)}
    </Tag>
  );
}

/** The first `max` skills as badges, then '+N' for the rest. */
export function SkillTags({ skills, max = 3 }: { skills: readonly string[]; max?: number }) {
  const shown = skills.slice(0, max);
  const rest = skills.length - shown.length;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
      {shown.map((skill) => (
        <Tag key={skill} style={{ marginInlineEnd: 0 }}>
          {skill}
        </Tag>
      ))}
      {rest > 0 ? (
        <Tag style={{ marginInlineEnd: 0 }} variant="outlined" title={skills.slice(max).join(', ')}>
          +{rest}
        </Tag>
      ) : null}
    </div>
  );
}

/** A thin bar for a percentage, capped at 100. */
export function PercentBar({ value, color, width = 140 }: { value: number; color?: string; width?: number | string }) {
  return (
    <Progress
      percent={barPercent(value)}
      showInfo={false}
      size="small"
      strokeColor={color}
      style={{ width, margin: 0, display: 'block' }}
      aria-label={`${value}%`}
    />
  );
}

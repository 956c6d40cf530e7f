import { CalendarOutlined, ClockCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Col, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Assignment, Engineer } from '../../../domain/entities.ts';
import type { EngineerWithFigures } from '../../../domain/figures.ts';
import { ShowAllList } from '../../components/ShowAllList.tsx';
import { EngineerAvatar } from '../../components/EngineerAvatar.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { monthDay, percent } from '../../lib/format.ts';
import { borderColors, notices, palette } from '../../components/palette.ts';

type Person = EngineerWithFigures<Engineer, Assignment>;

type Props = {
  /** Everyone the counters count, in the helper's order (domain availabilityLists). */
  availableNow: Person[];
  availableSoon: Person[];
  /** Who is free enough over a chosen range, under the helper. */
  freeOverRange: ReactNode;
};

/** The helper lists show 3 each; the rest are one click away, so the counters never claim more than can be listed. */
const HELPER_SHOWN = 3;

function Counter({ label, value, tone, icon }: { label: string; value: number; tone: 'green' | 'amber'; icon: ReactNode }) {
  const colors = tone === 'green' ? notices.success : notices.warning;
  return (
    <div
      style={{ background: colors.bg, border: `1px solid ${colors.border}`, borderRadius: 12, padding: '14px 16px', height: '100%' }}
      data-testid={`counter-${label.toLowerCase().replace(/\s+/g, '-')}`}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, color: colors.fg, fontWeight: 500, fontSize: 13 }}>
        {icon}
        {label}
      </div>
      <div className="tabular" style={{ fontSize: 28, fontWeight: 650, color: colors.fg, lineHeight: 1.3 }} data-role="value">
        {value}
      </div>
    </div>
  );
}

export function PersonRow({ person, badge }: { person: Pick<Person, '_id' | 'name' | 'avatar' | 'skills'>; badge: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '8px 0', borderBottom: `1px solid ${borderColors.faint}` }} data-testid="person-row" data-name={person.name}>
      <EngineerAvatar name={person.name} avatar={person.avatar} size={30} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong ellipsis style={{ display: 'block' }}>
          {person.name}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
          {person.skills.slice(0, 3).join(', ')}
        </Typography.Text>
      </div>
      {badge}
    </div>
  );
}

function HelperList({ title, icon, people, empty, badge, testId }: {
  title: string;
  icon: ReactNode;
  people: Person[];
  empty: string;
  badge: (p: Person) => ReactNode;
  testId: string;
}) {
  return (
    <div style={{ border: `1px solid ${borderColors.subtle}`, borderRadius: 12, padding: '12px 14px', height: '100%' }} data-testid={testId}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, fontWeight: 600, marginBottom: 4 }}>
        <span style={{ color: palette.primary }}>{icon}</span>
        {title}
      </div>
      <ShowAllList
        items={people}
        limit={HELPER_SHOWN}
        render={(person) => <PersonRow key={person._id} person={person} badge={badge(person)} />}
        empty={
          <Typography.Text type="secondary" style={{ display: 'block', padding: '12px 0' }}>
            {empty}
          </Typography.Text>
        }
      />
    </div>
  );
}

/**
 * 'Availability Planning': who is free now, who soon, and the Project Planning Helper (3 each, the rest
 * behind "Show all"), then who is free enough over a chosen range.
 */
export function AvailabilityPlanning({ availableNow, availableSoon, freeOverRange }: Props) {
  return (
    <SectionCard
      title="Availability Planning"
      subtitle="Shows when engineers will be available for new projects"
      icon={<CalendarOutlined />}
      style={{ marginBottom: 20, height: 'auto' }}
      testId="availability-planning"
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={6}>
          <Row gutter={[12, 12]}>
            <Col xs={12} lg={24}>
              <Counter label="Available Now" value={availableNow.length} tone="green" icon={<ThunderboltOutlined />} />
            </Col>
            <Col xs={12} lg={24}>
              <Counter label="Available Soon" value={availableSoon.length} tone="amber" icon={<ClockCircleOutlined />} />
            </Col>
          </Row>
        </Col>
        <Col xs={24} lg={18}>
          <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
            Project Planning Helper
          </Typography.Text>
          <Row gutter={[12, 12]}>
            <Col xs={24} md={12}>
              <HelperList
                title="Available for Immediate Start"
                icon={<ThunderboltOutlined />}
                people={availableNow}
                empty="No engineers immediately available"
                testId="available-immediately"
                badge={(p) => (
                  <Tag color="green" className="tabular" style={{ marginInlineEnd: 0 }}>
                    {percent(p.availableCapacity)} available
                  </Tag>
                )}
              />
            </Col>
            <Col xs={24} md={12}>
              <HelperList
                title="Becoming Available Soon"
                icon={<ClockCircleOutlined />}
                people={availableSoon}
                // "All engineers have ongoing commitments" is false beside someone free now.
                empty={availableNow.length > 0 ? 'Nobody else becomes available soon' : 'All engineers have ongoing commitments'}
                testId="available-soon"
                badge={(p) => (
                  <Tag color="gold" style={{ marginInlineEnd: 0 }}>
                    {monthDay(p.nextFullAvailability)}
                  </Tag>
                )}
              />
            </Col>
          </Row>
        </Col>
      </Row>
      {freeOverRange}
    </SectionCard>
  );
}

import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Tag, Typography } from 'antd';
import { borderColors, palette } from '../../components/palette.ts';

type Props = {
  search: string;
  selected: readonly string[];
  skills: readonly string[];
  active: boolean;
  onSearch: (text: string) => void;
  onToggleSkill: (skill: string) => void;
  onClearAll: () => void;
};

/** 'Search & Filter Engineers': a search box and one chip per skill; Clear All while a filter is on. */
export function FilterPanel({ search, selected, skills, active, onSearch, onToggleSkill, onClearAll }: Props) {
  return (
    <Card style={{ marginBottom: 20 }} styles={{ body: { padding: 20 } }} data-testid="filter-panel">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            Search &amp; Filter Engineers
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            Find engineers by name, skills
          </Typography.Text>
        </div>
        {active ? (
          <Button type="link" onClick={onClearAll} style={{ paddingInline: 0 }}>
            Clear All
          </Button>
        ) : null}
      </div>
      <Input
        allowClear
        size="large"
        prefix={<SearchOutlined className="muted" />}
        placeholder="Search by name or skills..."
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        aria-label="Search engineers"
      />
      {skills.length > 0 ? (
        <div style={{ marginTop: 16 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 500, textTransform: 'uppercase', letterSpacing: 0.4 }}>
            Skills
          </Typography.Text>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }} data-testid="skill-chips">
            {skills.map((skill) => (
              <Tag.CheckableTag
                key={skill}
                checked={selected.includes(skill)}
                onChange={() => onToggleSkill(skill)}
                style={{
                  marginInlineEnd: 0,
                  border: `1px solid ${selected.includes(skill) ? palette.primary : borderColors.control}`,
                  padding: '2px 10px',
                  borderRadius: 999,
                }}
              >
                {skill}
              </Tag.CheckableTag>
            ))}
          </div>
        </div>
      ) : null}
    </Card>
  );
}

import { FieldTimeOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { dateTime } from '../../lib/format.ts';
import { travelTo, useTimeTravel } from '../../stores/timeTravel.ts';
import { palette } from '../../components/palette.ts';

const inFuture = (day: Dayjs) => day.isAfter(dayjs().endOf('day'));

/** Choose a date and time and see the whole app as the plan was then. */
export function TimeTravelControl({ mobile }: { mobile: boolean }) {
  const travel = useTimeTravel();
  const [moment, setMoment] = useState<Dayjs | null>(null);
  const go = (value: Dayjs | null = moment) => {
    if (value) travelTo({ at: value.toISOString() });
  };

  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { padding: mobile ? 16 : '16px 20px' } }} data-testid="time-travel-control">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <div style={{ display: 'flex', gap: 10, alignItems: 'flex-start', minWidth: 0, flex: '1 1 280px' }}>
          <span style={{ color: palette.primary, fontSize: 16, lineHeight: '24px' }}>
            <FieldTimeOutlined />
          </span>
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ display: 'block', lineHeight: '24px' }}>
              See the plan as it was
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {travel.status === 'viewingPast' && travel.asOf
                ? `Every screen now shows the plan as of ${dateTime(travel.asOf)}.`
                : mobile
                  ? 'Every screen, read-only, as of a moment.'
                  : 'Pick a date and time, or open an event below, to see every screen as of that moment (read-only).'}
            </Typography.Text>
          </div>
        </div>
        <div style={{ display: 'flex', gap: 8, flexWrap: mobile ? 'nowrap' : 'wrap', width: mobile ? '100%' : undefined }}>
          <DatePicker
            data-testid="travel-at"
            aria-label="Date and time to view"
            showTime={{ format: 'HH:mm:ss' }}
            format="YYYY-MM-DD HH:mm:ss"
            placeholder="Date and time"
            disabledDate={inFuture}
            value={moment}
            onChange={(value) => setMoment(value)}
            onOk={(value) => setMoment(value)}
            style={{ flex: mobile ? '1 1 120px' : undefined, minWidth: 0, width: mobile ? undefined : 210 }}
          />
          <Button
            type="primary"
            icon={<HistoryOutlined />}
            disabled={!moment}
            loading={travel.status === 'loadingPast'}
            onClick={() => go()}
            data-testid="travel-go"
          >
            {mobile ? 'View plan' : 'View the plan'}
          </Button>
        </div>
      </div>
    </Card>
  );
}

import { Col, DatePicker, Form, InputNumber, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { describeWorkWeek, WEEKDAY_NAMES } from '../../../../domain/capacity/engineer-days.ts';
import type { EditFormContext, EditFormEvent } from '../../../machines/editForm.machine.ts';
import type { EngineerDaysValues } from './engineerDaysForm.machine.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { FormAlerts } from '../../../components/formParts.tsx';

type Props = {
  open: boolean;
  saving: boolean;
  locked: boolean;
  context: EditFormContext<EngineerDaysValues>;
  calendars: readonly { _id: string; name: string }[];
  send: (event: EditFormEvent<EngineerDaysValues>) => void;
};

const asDay = (value: string) => (value ? dayjs(value) : null);
const dateOf = (value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : '');

/** Work days: the work week and holiday calendar from a date on, and the start and leave dates. */
export function EngineerDaysDialog({ open, saving, locked, context, calendars, send }: Props) {
  const { form, errors } = context;
  const change = <K extends keyof EngineerDaysValues>(field: K, value: EngineerDaysValues[K]) => send({ type: 'CHANGE', field, value });
  const status = (field: string) => (errors[field] ? ('error' as const) : undefined);
  const weekTotal = form.days.reduce((sum, value) => sum + (value || 0), 0);
  return (
    <FormDialog
      open={open}
      title={`Work days: ${form.engineerName}`}
      subtitle="The days they work, the holidays they get, and when they join or leave. Capacity everywhere follows."
      saving={saving}
      locked={locked}
      submitLabel="Save"
      onCancel={() => send({ type: 'CANCEL' })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      width={640}
      testId="engineer-days-form"
      submitTestId="engineer-days-submit"
    >
      <FormAlerts notice={context.notice} submitError={context.submitError} />
      <Form layout="vertical" disabled={saving || locked} onFinish={() => send({ type: 'SUBMIT' })} style={{ marginTop: 8 }}>
        <Form.Item label="From" required validateStatus={status('from')} help={errors.from} extra="The work week and the calendar change from this date; earlier weeks keep theirs.">
          <DatePicker value={asDay(form.from)} onChange={(value) => change('from', dateOf(value))} format="MMM DD, YYYY" allowClear={false} aria-label="From" data-testid="engineer-days-from" />
        </Form.Item>
        <Form.Item label="Work week (% of a day)" validateStatus={status('days')} help={errors.days} extra={`${describeWorkWeek(form.days)} · ${weekTotal}% a week`}>
          <Row gutter={8} wrap={false}>
            {WEEKDAY_NAMES.map((name, day) => (
              <Col key={name} flex="1">
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {name}
                </Typography.Text>
                <InputNumber
                  style={{ width: '100%' }}
                  min={0}
                  max={100}
                  precision={0}
                  value={form.days[day]}
                  onChange={(value) => change('days', form.days.map((v, i) => (i === day ? (typeof value === 'number' ? value : 0) : v)))}
                  aria-label={`${name} percent`}
                  data-testid={`work-day-${name.toLowerCase()}`}
                />
              </Col>
            ))}
          </Row>
        </Form.Item>
        <Form.Item label="Holiday calendar" validateStatus={status('calendarId')} help={errors.calendarId}>
          <Select
            value={form.calendarId}
            options={calendars.map((c) => ({ value: c._id, label: c.name }))}
            onChange={(value) => change('calendarId', value)}
            aria-label="Holiday calendar"
            data-testid="engineer-days-calendar"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Start date" validateStatus={status('startDate')} help={errors.startDate} extra="No capacity before it.">
              <DatePicker style={{ width: '100%' }} value={asDay(form.startDate)} onChange={(value) => change('startDate', dateOf(value))} format="MMM DD, YYYY" aria-label="Start date" data-testid="engineer-days-start" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Leave date" validateStatus={status('leaveDate')} help={errors.leaveDate} extra="Their first day away: no capacity from it; work after it is flagged.">
              <DatePicker style={{ width: '100%' }} value={asDay(form.leaveDate)} onChange={(value) => change('leaveDate', dateOf(value))} format="MMM DD, YYYY" aria-label="Leave date" data-testid="engineer-days-leave" />
            </Form.Item>
          </Col>
        </Row>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </FormDialog>
  );
}

import { DatePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import type { SnapshotFrom } from 'xstate';
import { Modal } from '../../../components/Modal.tsx';
import type { EndAssignmentEvent, endAssignmentMachine } from './endAssignment.machine.ts';

type Props = { ending: SnapshotFrom<typeof endAssignmentMachine>; send: (event: EndAssignmentEvent) => void };

/** "End this assignment": the end date to pick (today by default), and why a day cannot be. */
export function EndAssignmentDialog({ ending, send }: Props) {
  const { assignment, day, problem } = ending.context;
  return (
    <Modal
      open={ending.matches('choosing')}
      title="End this assignment"
      onCancel={() => send({ type: 'CANCEL' })}
      onOk={() => send({ type: 'CONFIRM' })}
      okText="End it"
      okButtonProps={{ disabled: problem !== null, ...({ 'data-testid': 'end-confirm' } as Record<string, string>) }}
      destroyOnHidden
      width={420}
      data-testid="end-assignment"
    >
      {assignment ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {assignment.engineerId.name} comes off {assignment.projectId.name} on the end date: today ends it now.
        </Typography.Paragraph>
      ) : null}
      <label style={{ display: 'block', fontWeight: 500, marginBottom: 4 }} htmlFor="end-date">
        End date
      </label>
      <DatePicker
        id="end-date"
        allowClear={false}
        format="MMM DD, YYYY"
        value={dayjs(day)}
        onChange={(picked) => picked && send({ type: 'PICK', day: picked.format('YYYY-MM-DD') })}
        status={problem ? 'error' : undefined}
        style={{ width: '100%' }}
        data-testid="end-date"
      />
      {problem ? (
        <Typography.Text type="danger" style={{ fontSize: 13 }} data-testid="end-problem">
          {problem}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}

import { Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { isIsoWeek } from '../../../../domain/actuals/weeks.ts';
import { Modal } from '../../../components/Modal.tsx';
import { ActualsWeekEditor } from './ActualsWeekEditor.tsx';

type Target = { engineerId: string; name: string; week: string };

/**
 * A manager fills (or corrects, with a reason when locked) anyone's week of actuals, from any screen
 * that lists people: `openFor` names the engineer and the week (another ISO week can be typed in).
 */
export function useActualsDialog(options: { onSaved?: () => void } = {}) {
  const [target, setTarget] = useState<Target | null>(null);
  const [typed, setTyped] = useState('');
  const openFor = (engineerId: string, name: string, week: string) => {
    setTarget({ engineerId, name, week });
    setTyped(week);
  };
  const dialog = (
    <Modal open={target !== null} title={target ? `Actuals: ${target.name}` : ''} footer={null} onCancel={() => setTarget(null)} width={720} destroyOnHidden>
      {target ? (
        <>
          <Space style={{ marginBottom: 12 }}>
            <Typography.Text>Week</Typography.Text>
            <Input style={{ width: 120 }} value={typed} aria-label="ISO week" data-testid="actuals-dialog-week"
              onChange={(e) => {
                setTyped(e.target.value);
                if (isIsoWeek(e.target.value)) setTarget({ ...target, week: e.target.value });
              }} />
          </Space>
          <ActualsWeekEditor key={`${target.engineerId} ${target.week}`} engineerId={target.engineerId} week={target.week} manager onSaved={options.onSaved} />
        </>
      ) : null}
    </Modal>
  );
  return { openFor, dialog };
}

import { SaveOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, message as messageApi } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from '../lib/api.ts';
import { saveView } from '../stores/savedViews.ts';
import { useSessionUser } from '../stores/session.ts';
import { FormDialog } from './FormDialog.tsx';
import { textColors } from './palette.ts';

/**
 * "Save view": the screen's address as it stands (its path and query hold its whole state) kept under a
 * name, for oneself or shared with everyone who plans. The saved view is listed in the sidebar.
 */
/** `compact`: the icon alone (a phone's header keeps one line), the name still read out. */
export function SaveViewButton({ compact = false }: { compact?: boolean } = {}) {
  const location = useLocation();
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const path = `${location.pathname}${location.search}`;
  const role = useSessionUser()?.role;
  // Views are for those who plan and read plans on these screens; an engineer has none to keep.
  if (role !== 'manager' && role !== 'auditor') return null;

  const submit = async () => {
    if (name.trim() === '') {
      setProblem('Name is required');
      return;
    }
    setSaving(true);
    try {
      const saved = await saveView({ name: name.trim(), path, shared });
      void message.success(`Saved "${saved.name}"${saved.shared ? ', shared with everyone' : ''}`);
      setOpen(false);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {messageHolder}
      <Button
        icon={<SaveOutlined />}
        data-testid="save-view"
        aria-label="Save view"
        onClick={() => {
          setName('');
          setShared(false);
          setProblem(null);
          setOpen(true);
        }}
      >
        {compact ? null : 'Save view'}
      </Button>
      <FormDialog
        open={open}
        title="Save view"
        subtitle="Keep this screen as it is now (its dates, filters and grouping) under a name, in the sidebar."
        saving={saving}
        submitLabel="Save view"
        onCancel={() => setOpen(false)}
        onSubmit={() => void submit()}
        width={480}
        testId="save-view-dialog"
        submitTestId="save-view-submit"
      >
        <label htmlFor="save-view-name" style={{ display: 'block', marginBottom: 4 }}>Name</label>
        <Input
          id="save-view-name"
          autoFocus
          maxLength={80}
          value={name}
          status={problem ? 'error' : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          onPressEnter={() => void submit()}
          data-testid="save-view-name"
        />
        {problem && <div role="alert" style={{ color: textColors.error, marginTop: 4 }}>{problem}</div>}
        <Checkbox style={{ marginTop: 12 }} checked={shared} onChange={(event) => setShared(event.target.checked)} data-testid="save-view-shared">
          Share with everyone who plans (managers and auditors)
        </Checkbox>
      </FormDialog>
    </>
  );
}

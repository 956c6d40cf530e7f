import { message as messageApi } from 'antd';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { commandIdOf } from '../../../lib/api.ts';
import { loadAssignments } from '../../../stores/assignments.ts';
import { saidOfWrite } from '../../../stores/viewMode.ts';
import type { assignmentForm, assignmentRowAction } from './assignmentPlanningMachines.ts';

/** What each one-click change says once saved. */
const doneMessages: Record<string, string> = {
  remove: 'Assignment removed',
  endToday: 'Assignment ends today',
  end: 'Assignment end date set',
  move: 'Assignment moved',
  resize: 'Assignment dates changed',
  reassign: 'Assignment handed over',
};

export type WriteNewsOptions = {
  /** Called once the assignments have reloaded after a write. */
  onWritten?: (() => void) | undefined;
  /** A live write that can be undone: the screen says it with an Undo button instead of the plain message. */
  onUndoable?: ((entry: { commandId: string; label: string; said: string }) => void) | undefined;
};

/**
 * After every write of the form or a one-click change: the assignments reload and the write is said
 * (with Undo when the screen offers it and the write was live). Heard from the machines' emitted events,
 * so the screen's latest callbacks are used without copying them into refs during render.
 */
export function useWriteNews(
  form: ActorRefFrom<typeof assignmentForm>,
  row: ActorRefFrom<typeof assignmentRowAction>,
  { onWritten, onUndoable }: WriteNewsOptions,
) {
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  useEffect(() => {
    const tell = (answer: unknown, label: string, said: string) => {
      const commandId = commandIdOf(answer);
      if (commandId && onUndoable) onUndoable({ commandId, label, said });
      else void message.success(saidOfWrite(said));
    };
    const reload = () => void loadAssignments().then(() => onWritten?.());
    const subscriptions = [
      form.on('saved', ({ mode, assignment }) => {
        reload();
        const said = mode === 'create' ? `${assignment.engineerId.name} is now on ${assignment.projectId.name}` : 'Assignment updated';
        tell(assignment, mode === 'create' ? `Put ${assignment.engineerId.name} on ${assignment.projectId.name}` : `Changed ${assignment.engineerId.name}'s assignment on ${assignment.projectId.name}`, said);
      }),
      form.on('conflicted', () => void loadAssignments()),
      row.on('done', ({ action, result }) => {
        reload();
        tell(result, action.label, doneMessages[action.kind] ?? 'Assignment updated');
      }),
      row.on('failed', ({ message: text }) => void message.error(text)),
      row.on('conflicted', () => void loadAssignments()),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [form, row, message, onWritten, onUndoable]);
  return messageHolder;
}

import { InfoCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, AutoComplete, Button, Checkbox, Col, Form, Row, Select, Tag, Typography } from 'antd';
import { dayOfInstant, todayOf } from '../../../../domain/capacity/plan-days.ts';
import type { Project } from '../../../../domain/entities.ts';
import { EngineerAvatar } from '../../../components/EngineerAvatar.tsx';
import { AllocationInput } from '../../../components/FormDialog.tsx';
import { WeekLoadCells } from '../../../components/WeekLoadCells.tsx';
import type { LoadPeriod } from '../../../components/weekCells.ts';
import { DayPicker, DialogTitle, FormAlerts } from '../../../components/formParts.tsx';
import { ProjectStatusTag } from '../../../components/tags.tsx';
import { dateRange, percent } from '../../../lib/format.ts';
import { orgTimeZone } from '../../../lib/orgTimeZone.ts';
import type { Impact } from '../../../lib/impact.ts';
import type { AssignmentFormContext, AssignmentFormEvent } from './assignmentForm.machine.ts';
import type { AssignmentValues } from '../../../machines/assignmentValues.ts';
import { SuitableEngineers } from './SuitableEngineers.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { OverloadConfirm } from '../../../components/OverloadConfirm.tsx';
import { backgrounds } from '../../../components/palette.ts';

type Props = {
  open: boolean;
  /** The sub-state: editing, loading engineers, confirming an overload, saving. */
  step: 'editing' | 'loadingEngineers' | 'confirmingOverload' | 'saving' | 'conflict';
  context: AssignmentFormContext;
  projects: readonly Project[];
  roles: readonly string[];
  /** What the form's change does to the engineer now (live, from the plan). */
  impact: Impact | null;
  /** The picked engineer's load per week over the form's dates (a new assignment only); null hides it. */
  weeklyLoad: WeeklyLoad | null;
  /** Correcting the past too would change a week locked for actuals: the server's refusal, said before saving. */
  lockedWeek?: string | null;
  send: (event: AssignmentFormEvent) => void;
};

export type WeeklyLoad = { periods: readonly LoadPeriod[] | null; loading: boolean; error: string | null; retry: () => void; addPoints: number };

/** The picked engineer's weeks over the form's dates, with this assignment added, before it is saved. */
function WeeklyLoadPreview({ name, load }: { name: string; load: WeeklyLoad }) {
  return (
    <div style={{ marginBottom: 12 }} data-testid="weekly-load">
      <Typography.Text strong style={{ display: 'block', fontSize: 13, marginBottom: 4 }}>
        {name}'s load per week with this assignment
      </Typography.Text>
      <WeekLoadCells periods={load.periods} loading={load.loading} error={load.error} onRetry={load.retry} addPoints={load.addPoints} testId="weekly-load-cells" />
    </div>
  );
}

/**
 * The preview of what the change does to the engineer, as it is typed: their peak load with it. Above
 * capacity, saving asks first when the change makes or worsens an overload (the shared question names
 * the days and the peak). Work on tentative projects counts, as in the week strip.
 */
export function ImpactPreview({ impact }: { impact: Impact | null }) {
  if (!impact) return null;
  const others = impact.before > 0 ? `Their other assignments already take up to ${percent(impact.before)} in this period (tentative work included).` : 'No other assignments in this period.';
  return (
    <Alert
      type={impact.overloaded ? 'warning' : 'info'}
      showIcon
      icon={impact.overloaded ? <WarningOutlined /> : <InfoCircleOutlined />}
      title={impact.text}
      description={impact.overloaded ? `${others} Above ${impact.name}'s capacity: saving asks first if this change makes it worse.` : others}
      data-testid="impact-preview"
      data-overloaded={String(impact.overloaded)}
    />
  );
}

/** Work that began before today: its edit asks whether the days before today change too. */
const hasStarted = (context: AssignmentFormContext) =>
  Boolean(context.base.startDate) && dayOfInstant(context.base.startDate, orgTimeZone()) < todayOf(context.now(), orgTimeZone());

/** New assignment / Edit assignment: every rule, message and step comes from the assignment form machine. */
export function AssignmentFormDialog({ open, step, context, projects, roles, impact, weeklyLoad, lockedWeek = null, send }: Props) {
  const { mode, form, errors, project, engineer } = context;
  const saving = step === 'saving';
  const confirming = step === 'confirmingOverload';
  const locked = saving || confirming || step === 'conflict';
  const status = (field: string) => (errors[field] ? ('error' as const) : undefined);
  const change = (field: keyof AssignmentValues, value: unknown) => send({ type: 'CHANGE', field, value });
  const shownImpact = confirming ? context.impact : impact;

  const footer = [
        <Button key="cancel" onClick={() => send({ type: 'CANCEL' })} disabled={saving}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" loading={saving} disabled={locked && !saving} onClick={() => send({ type: 'SUBMIT' })} data-testid="assignment-submit">
          {saving ? 'Saving...' : mode === 'create' ? 'Create assignment' : 'Save changes'}
        </Button>,
  ];

  return (
    <Modal
      open={open}
      title={
        <DialogTitle
          title={mode === 'create' ? 'New assignment' : 'Edit assignment'}
          subtitle={mode === 'create' ? 'Put an engineer on a project with a role, an allocation and dates.' : 'Change the person, the role, the allocation or the dates.'}
        />
      }
      onCancel={() => send(confirming ? { type: 'BACK' } : { type: 'CANCEL' })}
      mask={{ closable: false }}
      keyboard={!saving}
      closable={!saving}
      width={640}
      destroyOnHidden
      footer={footer}
      data-testid="assignment-form"
    >
      <FormAlerts notice={context.notice} submitError={context.submitError} />
      <Form layout="vertical" requiredMark disabled={locked} style={{ marginTop: 8 }} onFinish={() => send({ type: 'SUBMIT' })}>
        {mode === 'create' ? (
          <>
            <Form.Item label="Project" required validateStatus={status('projectId')} help={errors.projectId}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Pick a project"
                aria-label="Project"
                value={project?._id}
                onChange={(id: string) => {
                  const picked = projects.find((p) => p._id === id);
                  if (picked) send({ type: 'PICK_PROJECT', project: picked });
                }}
                options={projects.map((p) => ({ value: p._id, label: p.name }))}
                optionRender={(option) => {
                  const p = projects.find((candidate) => candidate._id === option.value);
                  return (
                    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
                      <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{option.label}</span>
                      {p ? <ProjectStatusTag status={p.status} /> : null}
                    </div>
                  );
                }}
                notFoundContent="No open projects"
                data-testid="assignment-project"
              />
            </Form.Item>
            {project?.requiredSkills ? (
              <div style={{ margin: '-12px 0 12px', display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'center' }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {project.startDate && project.endDate ? `${dateRange(project.startDate, project.endDate)} · needs` : 'Needs'}
                </Typography.Text>
                {project.requiredSkills.map((skill) => (
                  <Tag key={skill} style={{ marginInlineEnd: 0, fontSize: 11 }}>
                    {skill}
                  </Tag>
                ))}
              </div>
            ) : null}
            <Form.Item label="Engineer" required validateStatus={status('engineerId')} help={errors.engineerId}>
              {!project && engineer ? (
                // Opened from a person's row on the schedule: they are chosen, the project is next.
                <div style={{ display: 'flex', gap: 10, alignItems: 'center', padding: '8px 12px', background: backgrounds.subtle, borderRadius: 10, marginBottom: 6 }} data-testid="assignment-prefilled-engineer">
                  <EngineerAvatar name={engineer.name} size={28} />
                  <span style={{ minWidth: 0 }}>
                    <Typography.Text strong style={{ display: 'block', whiteSpace: 'nowrap' }}>
                      {engineer.name}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      Chosen on the schedule: pick the project (another person can be chosen then)
                    </Typography.Text>
                  </span>
                </div>
              ) : null}
              <SuitableEngineers
                projectPicked={project !== null}
                loading={step === 'loadingEngineers'}
                error={context.suitableError}
                engineers={context.suitable}
                selectedId={engineer?._id ?? null}
                disabled={locked}
                invalid={Boolean(errors.engineerId)}
                rankedFor={context.rankedFor}
                search={context.suitableSearch}
                onSearch={(text) => send({ type: 'SEARCH_SUITABLE', text })}
                onPick={(engineerId) => send({ type: 'PICK_ENGINEER', engineerId })}
                onRetry={() => send({ type: 'RETRY_ENGINEERS' })}
              />
            </Form.Item>
          </>
        ) : context.choosingEngineer ? (
          <Form.Item
            label={
              <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                Engineer on {project?.name}
                <Button size="small" type="link" onClick={() => send({ type: 'KEEP_ENGINEER' })} disabled={locked} data-testid="keep-engineer" style={{ paddingInline: 0 }}>
                  Keep it with the engineer it has
                </Button>
              </span>
            }
            required
          >
            <SuitableEngineers
              projectPicked
              loading={step === 'loadingEngineers'}
              error={context.suitableError}
              engineers={context.suitable}
              selectedId={engineer?._id ?? null}
              disabled={locked}
              invalid={false}
              rankedFor={context.rankedFor}
              search={context.suitableSearch}
              onSearch={(text) => send({ type: 'SEARCH_SUITABLE', text })}
              onPick={(engineerId) => send({ type: 'PICK_ENGINEER', engineerId })}
              onRetry={() => send({ type: 'RETRY_ENGINEERS' })}
            />
          </Form.Item>
        ) : (
          <div
            style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '10px 12px', background: backgrounds.subtle, borderRadius: 10, marginBottom: 16 }}
            data-testid="assignment-subject"
          >
            {engineer ? <EngineerAvatar name={engineer.name} size={36} /> : null}
            <div style={{ minWidth: 0, flex: 1 }}>
              <Typography.Text strong style={{ display: 'block' }}>
                {engineer?.name}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                on {project?.name}
              </Typography.Text>
            </div>
            <Button size="small" onClick={() => send({ type: 'CHANGE_ENGINEER' })} disabled={locked} data-testid="change-engineer">
              Change person
            </Button>
          </div>
        )}
        <Row gutter={16}>
          <Col xs={24} sm={14}>
            <Form.Item label="Role" required validateStatus={status('role')} help={errors.role}>
              <AutoComplete
                value={form.role}
                options={roles.map((role) => ({ value: role }))}
                onChange={(value: string) => change('role', value ?? '')}
                placeholder="e.g. Backend Engineer"
                showSearch={{
                  filterOption: (input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase()),
                }}
                aria-label="Role"
                data-testid="assignment-role"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item label="Allocation" required validateStatus={status('allocationPercentage')} help={errors.allocationPercentage}>
              <AllocationInput value={form.allocationPercentage} onChange={(value) => change('allocationPercentage', value)} testId="assignment-allocation" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Start Date" required validateStatus={status('startDate')} help={errors.startDate}>
              <DayPicker value={form.startDate} onChange={(iso) => change('startDate', iso)} aria-label="Start Date" data-testid="assignment-start" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="End Date"
              required
              validateStatus={status('endDate')}
              help={errors.endDate}
              extra={mode === 'create' && !errors.endDate && !context.datesTouched && project ? "The project's end" : undefined}
            >
              <DayPicker value={form.endDate} onChange={(iso) => change('endDate', iso)} aria-label="End Date" data-testid="assignment-end" />
            </Form.Item>
          </Col>
        </Row>
        {mode === 'edit' && hasStarted(context) ? (
          <Form.Item
            extra={
              context.correctPast && lockedWeek ? (
                <Typography.Text type="danger" data-testid="assignment-locked-week">
                  {lockedWeek}
                </Typography.Text>
              ) : context.correctPast
                ? 'The change rewrites the days before today as well: recorded as a correction.'
                : 'The change applies from today on: the days before today keep what they held.'
            }
          >
            <Checkbox checked={context.correctPast} onChange={(e) => send({ type: 'CORRECT_PAST', value: e.target.checked })} data-testid="assignment-correct-past">
              Correct the past too
            </Checkbox>
          </Form.Item>
        ) : null}
      </Form>
      {weeklyLoad && engineer ? <WeeklyLoadPreview name={engineer.name} load={weeklyLoad} /> : null}
      <ImpactPreview impact={shownImpact} />
      <OverloadConfirm
        overloads={confirming ? context.overloads : null}
        action={engineer && project ? `${mode === 'create' ? 'Put' : 'Save'} ${engineer.name} on ${project.name} at ${percent(form.allocationPercentage ?? 0)}, ${dateRange(form.startDate, form.endDate)}.` : undefined}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'BACK' })}
      />
    </Modal>
  );
}

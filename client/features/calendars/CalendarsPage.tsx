import { CalendarOutlined, DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Button, DatePicker, Form, Input, InputNumber, Popconfirm, Select, Tag, Typography, message as messageApi } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { Engineer, HolidayCalendar, HolidayRecord } from '../../../domain/entities.ts';
import { conflictProps, FormConflictDialog, RowConflictDialog } from '../../components/ConflictDialog.tsx';
import { CappedList } from '../../components/CappedList.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { DialogTitle, FormAlerts } from '../../components/formParts.tsx';
import { removeHolidayAction } from '../planning/index.ts';
import { Modal } from '../../components/Modal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { errorMessage } from '../../lib/api.ts';
import { capacityFactsApi } from '../planning/index.ts';
import type { FieldSpec } from '../../lib/conflict.ts';
import { holidayCalendarsApi, type CountryOption } from './holidayCalendarsApi.ts';
import type { EditFormContext, EditFormEvent } from '../../machines/editForm.machine.ts';
import {
  calendarHolidayFormMachine, newCalendarFormMachine, renameCalendarFormMachine, type CalendarHolidayValues, type NewCalendarValues,
  type RenameCalendarValues,
} from './holidayCalendarForms.machine.ts';
import { type RowAction, rowActionMachine } from '../../machines/rowAction.machine.ts';
import { calendarVersion, loadHolidayCalendars, loadHolidays, useHolidayCalendars, useHolidays } from '../../stores/capacityFacts.ts';
import { useEngineers } from '../../stores/engineers.ts';
import { useCanPlan } from '../../stores/permissions.ts';
import { useScreenData } from '../../stores/useScreenData.ts';
import { shortDate, weekdayDate } from '../../lib/format.ts';
import { borderColors, textColors } from '../../components/palette.ts';

const SCREEN_COLLECTIONS = ['profile', 'engineers', 'holidays', 'holidayCalendars'] as const;
const calendarFields: FieldSpec[] = [{ key: 'name', label: 'Name' }];
const holidayFields: FieldSpec[] = [
  { key: 'date', label: 'Date', format: (value) => shortDate(String(value)) },
  { key: 'name', label: 'Name' },
];

const removeCalendarAction = (c: HolidayCalendar): RowAction => ({
  kind: 'removeCalendar', id: c._id, version: c.version, label: `Remove the ${c.name} calendar`, before: { name: c.name }, changes: null,
});

/** Who follows a calendar (at any date), by name: the engineers whose calendars name it; the default one also everyone with none. */
export function followersOf(calendarId: string, engineers: readonly Engineer[]): Engineer[] {
  return engineers
    .filter((e) => e.calendars?.some((c) => c.calendarId === calendarId) || (calendarId === 'default' && !e.calendars?.length))
    .sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id));
}

/** '2,008 engineers': counts as the screens print them, thousands separated. */
const counted = (n: number, word: string) => `${n.toLocaleString('en-US')} ${n === 1 ? word : `${word}s`}`;

/** How many followers a card names before 'Show all': a calendar of a whole organisation must not bury its holidays. */
export const FOLLOWERS_SHOWN = 12;

/**
 * Holiday calendars (managers): each calendar with its holidays and the engineers who follow it; a new
 * one filled with a country's or region's public holidays of a year, renamed, removed (refused while
 * someone follows it), and holidays added to and removed from one. Everyone else reads.
 */
export default function CalendarsPage() {
  useScreenData(SCREEN_COLLECTIONS);
  const canEdit = useCanPlan();
  const calendars = useHolidayCalendars();
  const holidays = useHolidays();
  const engineers = useEngineers();
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  const messageRef = useRef(message);
  messageRef.current = message;
  const reload = () => {
    void loadHolidayCalendars();
    void loadHolidays();
  };

  const [newForm, sendNew] = useMachine(useMemo(() => newCalendarFormMachine.provide({
    actors: { save: fromPromise(({ input }) => holidayCalendarsApi.create(input.payload as Parameters<typeof holidayCalendarsApi.create>[0])) },
    actions: {
      saved: (_, { result }) => {
        reload();
        const created = result as { name: string; holidays: unknown[] };
        void messageRef.current.success(`${created.name} created with ${created.holidays.length} holiday${created.holidays.length === 1 ? '' : 's'}`);
      },
    },
  }), []));

  const [renameForm, sendRename] = useMachine(useMemo(() => renameCalendarFormMachine.provide({
    actors: {
      save: fromPromise(({ input }) => holidayCalendarsApi.rename(input.id!, String(input.payload.name), input.version!)),
      loadLatest: fromPromise(async ({ input }) => {
        const current = await holidayCalendarsApi.current(input.id);
        return current && { values: { name: current.item.name }, version: current.version };
      }),
    },
    actions: {
      saved: () => {
        reload();
        void messageRef.current.success('Calendar renamed');
      },
    },
  }), []));

  const [holidayForm, sendHoliday] = useMachine(useMemo(() => calendarHolidayFormMachine.provide({
    actors: { save: fromPromise(({ input }) => capacityFactsApi.addHoliday(input.payload as CalendarHolidayValues)) },
    actions: {
      saved: (_, { result }) => {
        reload();
        void messageRef.current.success(`${(result as HolidayRecord).name} added`);
      },
    },
  }), []));

  const [row, sendRow] = useMachine(useMemo(() => rowActionMachine.provide({
    actors: {
      run: fromPromise(({ input }) => (input.kind === 'removeCalendar' ? holidayCalendarsApi.remove(input.id, input.version) : capacityFactsApi.removeHoliday(input.id, input.version))),
      loadLatest: fromPromise(async ({ input }) => {
        if (input.kind === 'removeCalendar') {
          const current = await holidayCalendarsApi.current(input.id);
          return current && { values: { name: current.item.name }, version: current.version };
        }
        const current = await capacityFactsApi.currentHoliday(input.id);
        return current && { values: { date: current.item.date, name: current.item.name }, version: current.version };
      }),
    },
    actions: {
      done: (_, { action }) => {
        reload();
        void messageRef.current.success(action.kind === 'removeCalendar' ? 'Calendar removed' : 'Holiday removed');
      },
      failed: (_, { message: text }) => void messageRef.current.error(text),
      conflicted: () => reload(),
    },
  }), []));

  // A calendar made for one year, before calendars kept their country's rule: from now on it holds every year's.
  const everyYear = async (calendar: HolidayCalendar) => {
    try {
      const rule = { country: calendar.country!, ...(calendar.region ? { region: calendar.region } : {}) };
      await holidayCalendarsApi.everyYear(calendar._id, rule, calendarVersion(calendar._id));
      reload();
      void messageRef.current.success(`${calendar.name} now holds its public holidays for every year`);
    } catch (error) {
      reload();
      void messageRef.current.error(errorMessage(error));
    }
  };

  const byCalendar = useMemo(() => {
    const map = new Map<string, HolidayRecord[]>();
    for (const h of holidays.data) {
      const id = h.calendarId ?? 'default';
      map.set(id, [...(map.get(id) ?? []), h]);
    }
    for (const list of map.values()) list.sort((a, b) => a.date.localeCompare(b.date));
    return map;
  }, [holidays.data]);
  const named = calendars.data.filter((c) => c._id !== 'default');

  return (
    <div data-testid="calendars-page">
      {messageHolder}
      <PageHeader
        title="Holiday calendars"
        subtitle="Each engineer follows one calendar (the default one unless told otherwise): its holidays are their days off."
        extra={canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => sendNew({ type: 'OPEN_CREATE' })} data-testid="calendar-create">
            New calendar
          </Button>
        ) : null}
      />
      {calendars.loaded && named.length === 0 ? (
        <Typography.Paragraph type="secondary" data-testid="calendars-only-default">
          There is only the default calendar. Create one per country or office, filled with its public holidays, and choose it for the engineers there.
        </Typography.Paragraph>
      ) : null}
      <div style={{ display: 'grid', gap: 16 }}>
        {calendars.data.map((calendar) => (
          <CalendarCard
            key={calendar._id}
            calendar={calendar}
            holidays={byCalendar.get(calendar._id) ?? []}
            followers={followersOf(calendar._id, engineers.data)}
            canEdit={canEdit}
            busyId={row.matches('running') ? row.context.action?.id : undefined}
            onRename={() => sendRename({ type: 'OPEN_EDIT', id: calendar._id, version: calendar.version, values: { name: calendar.name } })}
            onRemove={() => sendRow({ type: 'RUN', action: removeCalendarAction(calendar) })}
            onAddHoliday={() => sendHoliday({ type: 'OPEN_CREATE', values: { calendarId: calendar._id } })}
            onRemoveHoliday={(h) => sendRow({ type: 'RUN', action: removeHolidayAction(h, calendarVersion(calendar._id)) })}
            onEveryYear={calendar.country && !calendar.rule ? () => void everyYear(calendar) : undefined}
          />
        ))}
      </div>
      <NewCalendarDialog open={!newForm.matches('closed')} saving={newForm.matches('saving')} context={newForm.context} send={sendNew} />
      <NameDialog open={!renameForm.matches('closed') && !renameForm.matches('conflict')} saving={renameForm.matches('saving')} context={renameForm.context} send={sendRename} />
      <HolidayDialog
        open={!holidayForm.matches('closed')}
        saving={holidayForm.matches('saving')}
        context={holidayForm.context}
        send={sendHoliday}
        calendarName={calendars.data.find((c) => c._id === holidayForm.context.form.calendarId)?.name ?? ''}
      />
      <FormConflictDialog
        thing="calendar"
        fields={calendarFields}
        {...conflictProps(renameForm)}
        send={sendRename}
      />
      <RowConflictDialog thing="calendar" fields={row.context.action?.kind === 'removeCalendar' ? calendarFields : holidayFields} {...conflictProps(row)} send={sendRow} />
    </div>
  );
}

type CardProps = {
  calendar: HolidayCalendar;
  holidays: readonly HolidayRecord[];
  followers: readonly Engineer[];
  canEdit: boolean;
  busyId?: string;
  onRename: () => void;
  onRemove: () => void;
  onAddHoliday: () => void;
  onRemoveHoliday: (holiday: HolidayRecord) => void;
  /** For a calendar made from a country for one year: it takes that country's holidays for every year. */
  onEveryYear?: () => void;
};

function CalendarCard({ calendar, holidays, followers, canEdit, busyId, onRename, onRemove, onAddHoliday, onRemoveHoliday, onEveryYear }: CardProps) {
  const isDefault = calendar._id === 'default';
  const where = calendar.country ? (calendar.region ? `${calendar.country}-${calendar.region}` : calendar.country) : null;
  return (
    <SectionCard
      testId={`calendar-${calendar._id}`}
      icon={<CalendarOutlined />}
      title={(
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <span data-testid="calendar-name">{calendar.name}</span>
          {isDefault ? <Tag>Default</Tag> : null}
          {where ? <Tag color="blue">{where}</Tag> : null}
        </span>
      )}
      subtitle={`${counted(holidays.length, 'holiday')} · ${counted(followers.length, 'follower')}`}
      extra={canEdit ? (
        <span style={{ display: 'inline-flex', gap: 4 }}>
          {onEveryYear ? <Button size="small" onClick={onEveryYear} data-testid="calendar-every-year">Every year</Button> : null}
          <Button size="small" icon={<PlusOutlined />} onClick={onAddHoliday} data-testid="calendar-add-holiday">Holiday</Button>
          <Button size="small" icon={<EditOutlined />} onClick={onRename} data-testid="calendar-rename">Rename</Button>
          {isDefault ? null : (
            <Popconfirm
              title={`Remove ${calendar.name}?`}
              description={followers.length > 0 ? 'Engineers follow it: move them to another calendar first.' : 'Its holidays go with it.'}
              okText="Remove"
              okButtonProps={{ danger: true }}
              onConfirm={onRemove}
            >
              <Button size="small" danger icon={<DeleteOutlined />} loading={busyId === calendar._id} data-testid="calendar-remove">Remove</Button>
            </Popconfirm>
          )}
        </span>
      ) : null}
    >
      {holidays.length === 0 ? (
        <EmptyState icon={<CalendarOutlined />} title="No holidays in this calendar" hint={canEdit ? 'Add the days its followers are off.' : undefined} />
      ) : (
        <div data-testid="calendar-holidays">
          {holidays.map((h) => (
            <div key={h._id} style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '6px 0', borderBottom: `1px solid ${borderColors.faint}` }} data-testid="calendar-holiday">
              <span className="tabular" style={{ width: 130, color: textColors.label }}>{weekdayDate(h.date)}</span>
              <Typography.Text style={{ flex: 1, minWidth: 0 }} ellipsis>{h.name}</Typography.Text>
              {canEdit ? (
                <Popconfirm title={`Remove ${h.name}?`} okText="Remove" okButtonProps={{ danger: true }} onConfirm={() => onRemoveHoliday(h)}>
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${h.name}`} loading={busyId === h._id} data-testid="calendar-holiday-remove" />
                </Popconfirm>
              ) : null}
            </div>
          ))}
        </div>
      )}
      {/* Who follows it, after its holidays: the default calendar of a large organisation has thousands. */}
      <div style={{ marginTop: 16 }} data-testid="calendar-followers">
        <div style={{ display: 'flex', gap: 6, alignItems: 'center', marginBottom: 8, color: textColors.label }}>
          <TeamOutlined style={{ color: textColors.quiet }} />
          {followers.length === 0 ? (
            <Typography.Text type="secondary">Nobody follows this calendar</Typography.Text>
          ) : (
            <span data-testid="calendar-followers-count">Followed by {counted(followers.length, 'engineer')}</span>
          )}
        </div>
        {followers.length > 0 ? (
          <CappedList
            items={followers}
            itemKey={(e) => e._id}
            renderItem={(e) => (
              <Tag style={{ width: 'fit-content', marginInlineEnd: 0 }} data-testid="calendar-follower">
                {e.name}
              </Tag>
            )}
            order="by name"
            limit={FOLLOWERS_SHOWN}
            itemHeight={28}
            height={320}
            wrap
            testId="calendar-followers-list"
          />
        ) : null}
      </div>
    </SectionCard>
  );
}

type FormProps<V extends Record<string, unknown>> = {
  open: boolean;
  saving: boolean;
  context: EditFormContext<V>;
  send: (event: EditFormEvent<V>) => void;
};

const fieldStatus = (error: string | undefined) => ({ validateStatus: error ? ('error' as const) : undefined, help: error });

/**
 * A region is found by its English name or its own ("Bav" finds "Bavaria · Bayern"): the search
 * matches the label, which says both.
 */
export const regionOptions = (regions: CountryOption['regions']) =>
  regions.map((r) => ({ value: r.code, label: `${r.localName ? `${r.name} · ${r.localName}` : r.name} (${r.code})` }));

/** A new calendar: a name, and a country (with a region and year) to fill it with public holidays. */
function NewCalendarDialog({ open, saving, context, send }: FormProps<NewCalendarValues>) {
  const { form, errors } = context;
  const [countries, setCountries] = useState<CountryOption[] | null>(null);
  const [countriesError, setCountriesError] = useState<string | null>(null);
  useEffect(() => {
    if (!open || countries) return;
    holidayCalendarsApi.countries().then(setCountries, (error: unknown) => setCountriesError(errorMessage(error)));
  }, [open, countries]);
  const regions = countries?.find((c) => c.code === form.country)?.regions ?? [];
  return (
    <Modal
      open={open}
      title={<DialogTitle title="New holiday calendar" subtitle="With a country, it holds that country's (or region's) public holidays for every year; the year says which to show now. Edit them afterwards." />}
      onCancel={() => send({ type: 'CANCEL' })}
      onOk={() => send({ type: 'SUBMIT' })}
      okText="Create"
      okButtonProps={{ loading: saving, ...({ 'data-testid': 'calendar-create-submit' } as Record<string, string>) }}
      destroyOnHidden
      data-testid="calendar-create-dialog"
    >
      <FormAlerts notice={context.notice} submitError={context.submitError ?? countriesError} />
      <Form layout="vertical" disabled={saving} onFinish={() => send({ type: 'SUBMIT' })}>
        <Form.Item label="Name" required {...fieldStatus(errors.name)}>
          <Input value={form.name} onChange={(e) => send({ type: 'CHANGE', field: 'name', value: e.target.value })} maxLength={100} placeholder="e.g. Germany" data-testid="calendar-name-input" />
        </Form.Item>
        <Form.Item label="Country" {...fieldStatus(errors.country)} extra="Leave empty for an empty calendar.">
          <Select
            showSearch
            allowClear
            loading={!countries && !countriesError}
            value={form.country || undefined}
            onChange={(value: string | undefined) => {
              send({ type: 'CHANGE', field: 'country', value: value ?? '' });
              send({ type: 'CHANGE', field: 'region', value: '' });
            }}
            optionFilterProp="label"
            options={(countries ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
            placeholder="No country"
            data-testid="calendar-country"
          />
        </Form.Item>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item label="Region" {...fieldStatus(errors.region)} style={{ flex: 1 }}>
            <Select
              showSearch
              allowClear
              disabled={regions.length === 0}
              value={form.region || undefined}
              onChange={(value: string | undefined) => send({ type: 'CHANGE', field: 'region', value: value ?? '' })}
              optionFilterProp="label"
              options={regionOptions(regions)}
              // A country has at most a few dozen regions: all of them are in the page, none drawn on demand.
              virtual={false}
              placeholder="The whole country"
              data-testid="calendar-region"
            />
          </Form.Item>
          <Form.Item label="Year" {...fieldStatus(errors.year)} style={{ width: 120 }}>
            <InputNumber
              value={form.year}
              min={1970}
              max={2200}
              disabled={!form.country}
              onChange={(value) => send({ type: 'CHANGE', field: 'year', value: typeof value === 'number' ? value : null })}
              style={{ width: '100%' }}
              data-testid="calendar-year"
            />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

function NameDialog({ open, saving, context, send }: FormProps<RenameCalendarValues>) {
  const { form, errors } = context;
  return (
    <Modal
      open={open}
      title={<DialogTitle title="Rename calendar" subtitle="Names tell calendars apart here and in a CSV file's calendar column." />}
      onCancel={() => send({ type: 'CANCEL' })}
      onOk={() => send({ type: 'SUBMIT' })}
      okText="Rename"
      okButtonProps={{ loading: saving, ...({ 'data-testid': 'calendar-rename-submit' } as Record<string, string>) }}
      destroyOnHidden
      data-testid="calendar-rename-dialog"
    >
      <FormAlerts notice={context.notice} submitError={context.submitError} />
      <Form layout="vertical" disabled={saving} onFinish={() => send({ type: 'SUBMIT' })}>
        <Form.Item label="Name" required {...fieldStatus(errors.name)}>
          <Input value={form.name} onChange={(e) => send({ type: 'CHANGE', field: 'name', value: e.target.value })} maxLength={100} data-testid="calendar-rename-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function HolidayDialog({ open, saving, context, send, calendarName }: FormProps<CalendarHolidayValues> & { calendarName: string }) {
  const { form, errors } = context;
  return (
    <Modal
      open={open}
      title={<DialogTitle title={`Add a holiday to ${calendarName}`} subtitle="One holiday per date in a calendar." />}
      onCancel={() => send({ type: 'CANCEL' })}
      onOk={() => send({ type: 'SUBMIT' })}
      okText="Add"
      okButtonProps={{ loading: saving, ...({ 'data-testid': 'calendar-holiday-submit' } as Record<string, string>) }}
      destroyOnHidden
      data-testid="calendar-holiday-dialog"
    >
      <FormAlerts notice={context.notice} submitError={context.submitError} />
      <Form layout="vertical" disabled={saving} onFinish={() => send({ type: 'SUBMIT' })}>
        <Form.Item label="Date" required {...fieldStatus(errors.date)}>
          <DatePicker
            style={{ width: '100%' }}
            format="MMM DD, YYYY"
            value={form.date ? dayjs(form.date) : null}
            onChange={(day) => send({ type: 'CHANGE', field: 'date', value: day ? day.format('YYYY-MM-DD') : '' })}
            data-testid="calendar-holiday-date"
          />
        </Form.Item>
        <Form.Item label="Name" required {...fieldStatus(errors.name)}>
          <Input value={form.name} onChange={(e) => send({ type: 'CHANGE', field: 'name', value: e.target.value })} maxLength={100} data-testid="calendar-holiday-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, Progress, Segmented, Select, Space, Tag, Typography, Upload } from 'antd';
import { fromPromise } from 'xstate';
import { importColumns, importKinds, naturalKeys, type ColumnMapping, type ImportKind } from '../../../domain/import/index.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { importApi } from './importApi.ts';
import { canImport, followJob, importFlowMachine, rowsToWrite } from './importFlow.machine.ts';
import { percentDone, kindLabels } from './previewRows.ts';
import { PreviewTable } from './PreviewTable.tsx';

const machine = importFlowMachine.provide({
  actors: {
    preview: fromPromise(({ input }) => importApi.preview(input.kind, input.text, input.mapping)),
    start: fromPromise(async ({ input }) => (await importApi.start(input.kind, input.text, input.mapping)).job),
    follow: followJob(importApi.job),
  },
});

function Columns({ kind }: { kind: ImportKind }) {
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
      Columns: {importColumns[kind].map((c) => (
        <Tag key={c.name} title={c.description} style={{ marginBottom: 4 }}>{c.name}{c.required ? '' : ' (optional)'}</Tag>
      ))}
      <br />
      Rows are matched by {naturalKeys[kind]}: importing the same file twice changes nothing the second time.
    </Typography.Paragraph>
  );
}

const NOT_IMPORTED = '';

/**
 * How each column of the file is read: one of the kind's columns (guessed from its header, as last time
 * for this kind, or as chosen here), or not imported. Choosing one previews the file again.
 */
function ColumnMapper({ kind, mapping, disabled, onMap }: { kind: ImportKind; mapping: ColumnMapping; disabled: boolean; onMap: (column: string, field: string | null) => void }) {
  const options = [
    { value: NOT_IMPORTED, label: 'Not imported' },
    ...importColumns[kind].map((c) => ({ value: c.name, label: c.name, title: c.description })),
  ];
  return (
    <div data-testid="import-mapping">
      <Typography.Text strong>The file's columns, read as</Typography.Text>
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) minmax(180px, 260px)', gap: '6px 12px', alignItems: 'center', marginTop: 8 }}>
        {Object.entries(mapping).map(([column, field]) => (
          <div key={column} style={{ display: 'contents' }}>
            <label htmlFor={`map-${column}`}>{column}</label>
            <Select
              id={`map-${column}`}
              aria-label={`Read ${column} as`}
              data-testid={`import-map-${column}`}
              value={field ?? NOT_IMPORTED}
              disabled={disabled}
              // A short list, drawn whole: a virtual one opened at the chosen column would leave the others unrendered.
              virtual={false}
              options={options}
              onChange={(value: string) => onMap(column, value === NOT_IMPORTED ? null : value)}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Choose a kind and a file, see what each row would do, import, follow the progress, read the result. */
export function ImportCard() {
  const [state, send] = useMachine(machine);
  const { kind, file, preview, job, error } = state.context;
  const busy = state.matches('starting') || state.matches('importing');
  const errors = preview ? preview.counts.error + preview.fileErrors.length : 0;

  return (
    <SectionCard title="Import" subtitle="One CSV file per list: first a preview of every row, then the import" icon={<UploadOutlined />} testId="import-card">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Segmented<ImportKind>
          value={kind}
          disabled={busy}
          options={importKinds.map((k) => ({ value: k, label: kindLabels[k] }))}
          onChange={(value) => send({ type: 'KIND', kind: value })}
          data-testid="import-kind"
        />
        <Columns kind={kind} />
        <Upload.Dragger
          accept=".csv,text/csv"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(chosen) => {
            void chosen.text().then((text) => send({ type: 'CHOOSE', file: { name: chosen.name, text } }));
            return false;
          }}
        >
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p className="ant-upload-text">{file ? file.name : 'Click or drop a CSV file here'}</p>
        </Upload.Dragger>

        {state.matches('previewing') && <Alert type="info" showIcon message="Reading the file..." />}
        {preview && Object.keys(preview.mapping).length > 0 && (
          <ColumnMapper kind={kind} mapping={preview.mapping} disabled={busy} onMap={(column, field) => send({ type: 'MAP', column, field })} />
        )}
        {preview && (
          <div data-testid="import-summary" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
            <Tag color="green">{preview.counts.create} to create</Tag>
            <Tag color="blue">{preview.counts.update} to update</Tag>
            <Tag>{preview.counts.unchanged} unchanged</Tag>
            <Tag color={errors > 0 ? 'red' : 'default'}>{preview.counts.error} with errors</Tag>
          </div>
        )}
        {preview && preview.fileWarnings.length > 0 && (
          <Alert
            type="warning"
            showIcon
            data-testid="import-warnings"
            message={preview.fileWarnings.length === 1 ? 'One column of the file is left out' : `${preview.fileWarnings.length} columns of the file are left out`}
            description={preview.fileWarnings.map((w) => <div key={`${w.column}-${w.message}`}>Line {w.line}: {w.message}</div>)}
          />
        )}
        {preview && preview.fileErrors.length > 0 && (
          <Alert type="error" showIcon message="The file cannot be read as this list" description={preview.fileErrors.map((e) => <div key={e.message}>Line {e.line}: {e.message}</div>)} />
        )}
        {preview && preview.counts.error > 0 && (
          <Alert type="warning" showIcon message={`Nothing is imported while any row has an error: fix the ${preview.counts.error} row${preview.counts.error === 1 ? '' : 's'} below and choose the file again.`} />
        )}
        {preview && preview.fileErrors.length === 0 && errors === 0 && rowsToWrite(preview) === 0 && (
          <Alert type="success" showIcon message="Everything in this file is already there: nothing to import." />
        )}
        {preview && preview.rows.length > 0 && <PreviewTable preview={preview} />}

        {state.matches('previewed') && (
          <Button type="primary" disabled={!canImport(preview)} onClick={() => send({ type: 'IMPORT' })} data-testid="import-run">
            Import {rowsToWrite(preview)} row{rowsToWrite(preview) === 1 ? '' : 's'}
          </Button>
        )}
        {busy && (
          <div data-testid="import-progress">
            <Progress percent={job ? percentDone(job.done, job.total) : 0} status="active" aria-label="Rows written" />
            <Typography.Text type="secondary">{job ? `${job.done.toLocaleString('en-US')} of ${job.total.toLocaleString('en-US')} rows written` : 'Starting...'}</Typography.Text>
          </div>
        )}
        {state.matches('done') && job && (
          <Alert
            data-testid="import-result"
            type="success"
            showIcon
            message={`Imported: ${job.created} created, ${job.updated} updated, ${job.unchanged} unchanged`}
            action={<Button size="small" onClick={() => send({ type: 'RESET' })}>Import another file</Button>}
          />
        )}
        {state.matches('failed') && error && <Alert data-testid="import-error" type="error" showIcon message={error} />}
      </Space>
    </SectionCard>
  );
}

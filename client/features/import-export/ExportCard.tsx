import { DownloadOutlined } from '@ant-design/icons';
import { Button, message as messageApi, Space } from 'antd';
import { importKinds } from '../../../domain/import/index.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { errorMessage } from '../../lib/api.ts';
import { downloadExport } from './importApi.ts';
import { kindLabels } from './previewRows.ts';

/** One button per list: the CSV in the import's columns, so an edited export imports straight back. */
export function ExportCard() {
  const [message, messageHolder] = messageApi.useMessage({ maxCount: 3 });
  return (
    <SectionCard title="Export" subtitle="Each list as CSV, in the columns the import reads" icon={<DownloadOutlined />} testId="export-card">
      {messageHolder}
      <Space wrap>
        {importKinds.map((kind) => (
          <Button key={kind} icon={<DownloadOutlined />} onClick={() => downloadExport(kind).catch((error: unknown) => message.error(errorMessage(error)))}>
            {kindLabels[kind]} (.csv)
          </Button>
        ))}
      </Space>
    </SectionCard>
  );
}

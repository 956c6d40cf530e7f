import { PageHeader } from '../../components/PageHeader.tsx';
import { useCanPlan } from '../../stores/permissions.ts';
import { ExportCard } from './ExportCard.tsx';
import { ImportCard } from './ImportCard.tsx';

/** Bring teams, engineers, projects, assignments, open roles, time off, holidays and actuals in from CSV (managers), and take every list out. */
export default function ImportExportPage() {
  const canImport = useCanPlan();
  return (
    <div>
      <PageHeader title="Import / Export" subtitle="Teams, engineers, projects, assignments, open roles, time off, holidays and actuals as CSV files" />
      <div style={{ display: 'grid', gap: 16 }}>
        {canImport && <ImportCard />}
        <ExportCard />
      </div>
    </div>
  );
}

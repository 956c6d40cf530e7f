import { PageHeader } from '../../components/PageHeader.tsx';
import { useCanPlan } from '../../stores/permissions.ts';
import { ExportCard } from './ExportCard.tsx';
import { ImportCard } from './ImportCard.tsx';

/** Bring engineers, projects, assignments, time off and holidays in from CSV (managers), and take every list out. */
export default function ImportExportPage() {
  const canImport = useCanPlan();
  return (
    <div>
      <PageHeader title="Import / Export" subtitle="Engineers, projects, assignments, time off and holidays as CSV files" />
      <div style={{ display: 'grid', gap: 16 }}>
        {canImport && <ImportCard />}
        <ExportCard />
      </div>
    </div>
  );
}

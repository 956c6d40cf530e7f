import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { downloadHistoryCsv, type HistoryActor, historyApi } from './historyApi.ts';
import { csvFilename, type HistoryFilters } from './query.ts';

/** The people who made changes (for the actor filter and the export's file name); empty until loaded or when loading fails. */
export function useHistoryActors(): HistoryActor[] {
  const [actors, setActors] = useState<HistoryActor[]>([]);
  useEffect(() => {
    let live = true;
    historyApi.actors().then((list) => live && setActors(list), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return actors;
}

/** The CSV export of the filtered log; `exporting` while the download runs, `onError` says why it failed. */
export function useCsvExport(filters: HistoryFilters, actors: readonly HistoryActor[], onError: (message: string) => void) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const actorName = actors.find((a) => a.id === filters.actorId)?.name;
      await downloadHistoryCsv(filters, csvFilename(filters, new Date(), actorName));
    } catch (e) {
      onError(`The export failed: ${errorMessage(e)}`);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}

/** CSV files the screens export, and saving a file through the browser's download. */

export { csvCell, csvText, type CsvCell } from '../../domain/csv.ts';

/** Saves `blob` as a file named `filename` through the browser's download. */
export function downloadBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves `text` as a file named `filename`. */
export const downloadText = (filename: string, text: string, type = 'text/csv;charset=utf-8') => downloadBlob(filename, new Blob([text], { type }));

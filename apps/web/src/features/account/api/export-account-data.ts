import { useMutation } from '@tanstack/react-query';
import { requestRaw } from '@/lib/api-client';
import { formatIsoDate } from '@/lib/format';

export type AccountExport = { blob: Blob; filename: string };

/** The export is a file, not data for the screen: fetched raw and handed over as a Blob. */
export async function exportAccountData(): Promise<AccountExport> {
  const response = await requestRaw('/api/account/export');
  const blob = await response.blob();
  return { blob, filename: `speedway-export-${formatIsoDate(new Date())}.json` };
}

/** Saves a Blob through a temporary link, the one way that works in every browser. */
export function saveBlob({ blob, filename }: AccountExport): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportAccountData() {
  return useMutation({ mutationFn: exportAccountData, onSuccess: saveBlob });
}

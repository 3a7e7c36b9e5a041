import { useMutation } from '@tanstack/react-query';
import { requestRaw } from '@/lib/api-client';
import { formatIsoDate } from '@/lib/format';
import { saveBlob, type SavedFile } from '@/lib/save-blob';

export type AccountExport = SavedFile;

/** The export is a file, not data for the screen: fetched raw and handed over as a Blob. */
export async function exportAccountData(): Promise<AccountExport> {
  const response = await requestRaw('/api/account/export');
  const blob = await response.blob();
  return { blob, filename: `speedway-export-${formatIsoDate(new Date())}.json` };
}

export function useExportAccountData() {
  return useMutation({ mutationFn: exportAccountData, onSuccess: saveBlob });
}

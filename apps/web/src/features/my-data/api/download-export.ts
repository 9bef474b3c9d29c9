/**
 * `GET /api/my/export/`: everything kept for this tab's identity (the account, or else its
 * private key), saved as the JSON file the server names.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const FALLBACK_NAME = 'dating-advice-data.json';

export async function downloadExport(): Promise<void> {
  const response = await api.request<unknown>('GET', '/api/my/export/');
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? FALLBACK_NAME;
  const blob = new Blob([`${JSON.stringify(response.data, null, 2)}\n`], {
    type: 'application/json',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}

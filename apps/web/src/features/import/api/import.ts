/** Import an archive: the latest import (polled while it runs) and the upload that starts one. */
import type { ImportDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, apiBase, request, toApiError } from '@/lib/api-client.ts';
import { accountKeys } from '@/lib/query-keys.ts';

export function useArchiveImport() {
  return useQuery({
    queryKey: accountKeys.archiveImport,
    queryFn: async () => (await request(api.import.$get())).import,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1500 : false),
  });
}

/**
 * Sends the archive as the request body (the server streams it to disk), reporting how much has
 * gone out: a large archive takes minutes. fetch cannot report upload progress, hence XHR.
 */
function sendArchive(file: File, onProgress: (fraction: number) => void): Promise<ImportDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase}${api.import.$path()}`);
    xhr.setRequestHeader('content-type', 'application/zip');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 202) resolve((xhr.response as { import: ImportDto }).import);
      else reject(toApiError(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network', messages.common.networkError));
    xhr.send(file);
  });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const start = async (file: File) => {
    setError(null);
    setSent(0);
    try {
      const dto = await sendArchive(file, setSent);
      queryClient.setQueryData(accountKeys.archiveImport, dto);
    } catch (failure) {
      setError(failure);
    } finally {
      setSent(null);
    }
  };
  return { start, sending: sent !== null, sent: sent ?? 0, error };
}

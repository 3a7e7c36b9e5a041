import { useRef } from 'react';
import { toast } from 'sonner';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { loadContracts } from './load-on-use';

type Contracts = Awaited<ReturnType<typeof loadContracts>>;

/**
 * A form's submit handler that hands `submit` the shared schemas, loading them first when the form
 * was sent before they arrived (load-on-use.ts). A second submit while they load is ignored, as a
 * pending mutation ignores one; if they cannot be loaded, a toast titled `failureTitle` says so.
 */
export function useSubmitWithContracts(
  submit: (contracts: Contracts) => void,
  failureTitle: string,
) {
  const loading = useRef(false);
  return async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading.current) return;
    loading.current = true;
    let contracts: Contracts;
    try {
      contracts = await loadContracts();
    } catch {
      toast.error(failureTitle, { description: NETWORK_ERROR_MESSAGE });
      return;
    } finally {
      loading.current = false;
    }
    submit(contracts);
  };
}

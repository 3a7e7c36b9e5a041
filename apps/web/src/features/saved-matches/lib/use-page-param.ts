import { useSearchParams } from 'react-router';

/**
 * The list page lives in the address (?sida=2), so coming back from a match lands on the same
 * page. Page 1 is the bare address.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Number.parseInt(params.get('sida') ?? '1', 10);
  const setPage = (next: number) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete('sida');
        else updated.set('sida', String(next));
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [Number.isFinite(page) && page > 0 ? page : 1, setPage];
}

import { ClipboardPen } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/api-client';
import { protocolIdOf, useStartProtocol } from '../api/start-protocol';

export const START_FAILED = 'Kunde inte starta matchen';
export const OPEN_FAILED = 'Protokollet skapades men kunde inte öppnas automatiskt.';

/** 'Starta protokoll': creates (or reopens) the user's protocol and goes to it. */
export function StartProtocolButton({
  officialId,
  disabled = false,
}: {
  officialId: string;
  disabled?: boolean;
}) {
  const start = useStartProtocol();
  const navigate = useNavigate();
  const onClick = () => {
    if (start.isPending) return;
    start.mutate(officialId, {
      onSuccess: (reply) => {
        const id = protocolIdOf(reply);
        if (id) navigate(`/match/${encodeURIComponent(id)}`);
        else toast.error(OPEN_FAILED);
      },
      onError: (error) =>
        toast.error(START_FAILED, { description: serverMessageOr(error, '') || undefined }),
    });
  };
  return (
    <Button size="lg" onClick={onClick} disabled={disabled || start.isPending}>
      {start.isPending ? <Spinner /> : <ClipboardPen aria-hidden="true" />}
      Starta protokoll
    </Button>
  );
}
